/// Schema version 12: the rules fail closed, and the count stays the server's.
///
/// - `geocache_keeps()` answers false when the keeper role `geocache_club` names no
///   longer exists (an admin renamed or dropped it): nobody but the tables' owner keeps
///   then, where every member did before. Until the rules are set up (no keeper role
///   named yet) it answers true for every role, as it always did.
/// - `geocache_count_rows()` runs as the tables' owner (a security-definer function,
///   so that members, who may not write the count, still keep it with their adds and
///   deletes). A member could hang it on a temporary table of their own and write any
///   count; so `PUBLIC` loses `EXECUTE` on it (a trigger runs its function without
///   that check, but making a trigger needs it), and the function refuses to count for
///   any table but the caches'.
extension PostgresStore {
    static let failClosedMigration: [String] = [
        """
        CREATE OR REPLACE FUNCTION geocache_keeps() RETURNS boolean LANGUAGE sql STABLE AS $$
            SELECT CASE
                WHEN pg_has_role(current_user, (SELECT relowner FROM pg_class WHERE oid = 'geocache'::regclass),
                                 'MEMBER') THEN true
                WHEN c.keeper_role IS NULL THEN true
                WHEN NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = c.keeper_role) THEN false
                ELSE pg_has_role(current_user, c.keeper_role, 'MEMBER')
            END
            FROM geocache_club c
        $$
        """,
        """
        CREATE OR REPLACE FUNCTION geocache_count_rows() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER AS $$
        BEGIN
            IF TG_RELID <> 'geocache'::regclass THEN
                RAISE EXCEPTION 'geocache_count_rows() keeps the count of the caches'' table alone'
                    USING ERRCODE = '42501';
            END IF;
            IF TG_OP = 'INSERT' THEN
                UPDATE geocache_count SET value = value + (SELECT count(*) FROM changed_rows);
            ELSIF TG_OP = 'DELETE' THEN
                UPDATE geocache_count SET value = value - (SELECT count(*) FROM changed_rows);
            ELSE
                UPDATE geocache_count SET value = 0;
            END IF;
            RETURN NULL;
        END $$
        """,
        "REVOKE EXECUTE ON FUNCTION geocache_count_rows() FROM PUBLIC",
        // A replaced function loses its settings: its names resolve in the club's schema again.
        """
        DO $$
        BEGIN
            EXECUTE format('ALTER FUNCTION geocache_keeps() SET search_path = %I, pg_temp', current_schema());
            EXECUTE format('ALTER FUNCTION geocache_count_rows() SET search_path = %I, pg_temp', current_schema());
        END $$
        """,
    ]
}

/// Schema version 13: a member's own data, visits and ledger rows are theirs only while
/// they act as themselves (`current_user = session_user`), as their caches are since
/// version 10. Under `SET ROLE` to the club's member role, whose name every member
/// shares, a member read and wrote rows as that role: one space shared by all members.
extension PostgresStore {
    static let actingRoleOwnMigration: [String] = [
        ("geocache_own", "geocache_own_member", "member"),
        ("geocache_visit", "geocache_visit_member", "member"),
        ("geocache_write", "geocache_write_own", "role"),
    ].flatMap { table, policy, column in
        let own = "\(column) = current_user AND current_user = session_user"
        return ["DROP POLICY \(policy) ON \(table)", "CREATE POLICY \(policy) ON \(table) USING (\(own)) WITH CHECK (\(own))"]
    }
}
