/// The club's admin taking over a store that another role's tables made (the members'
/// shared role, before the rules): `PostgresStore+ClubRules.swift` sets the rules up.
extension PostgresStore {
    /// Before an older schema is migrated, or the rules set up, by a role that does not
    /// own its tables but may create roles (the club's admin upgrading a store that the
    /// members' shared role owned): takes the tables over, migrates them and, when the
    /// club has no roles yet, sets the rules up, all in one transaction, so that a
    /// refusal on the way leaves the store as it was (its tables the shared role's).
    /// Returns the role that owned them and what the set-up did; nil when nothing was
    /// taken over.
    static func takeOverIfAdmin(on connection: PostgresConnection, server: String) throws -> TakeOver? {
        let facts = try connection.query("""
            SELECT pg_get_userbyid(t.relowner), r.rolsuper, r.rolsuper OR r.rolcreaterole,
                   pg_has_role(current_user, t.relowner, 'MEMBER')
            FROM pg_class t, pg_roles r WHERE t.oid = 'geocache'::regclass AND r.rolname = current_user
            """).rows.first
        // A superuser, or a member of the owning role, migrates as it is; the set-up
        // that follows takes the tables over.
        guard let facts, let owner = facts.string(0), facts.bool(2) == true, facts.bool(1) != true,
              facts.bool(3) != true else { return nil }
        let setUp = try connection.transaction(timeout: bulkStatementTimeout) { () throws -> ClubSetUp? in
            try connection.query(waitingOutLocks)
            try connection.query(takingLock(migrationLock), timeout: bulkStatementTimeout)
            try connection.query("GRANT \(quotedIdentifier(owner)) TO CURRENT_USER")
            try connection.query(takingOver)
            try applyMigrations(on: connection)
            let due = try connection.query("SELECT member_role IS NULL FROM geocache_club").rows.first?.bool(0) == true
            return due ? try setUpClubRules(on: connection, server: server, tookOverFrom: owner) : nil
        }
        return TakeOver(owner: owner, setUp: setUp)
    }

    /// What ``takeOverIfAdmin(on:server:)`` did: whose the tables were, and the set-up.
    struct TakeOver {
        let owner: String
        let setUp: ClubSetUp?
    }

    /// Makes this role the owner of every table and function of the club (their
    /// sequences follow their tables).
    static let takingOver = """
        DO $$
        DECLARE
            object record;
        BEGIN
            FOR object IN SELECT c.relname FROM pg_class c
                          WHERE c.relnamespace = (SELECT oid FROM pg_namespace WHERE nspname = current_schema()) AND c.relkind = 'r'
                            AND c.relname LIKE 'geocache%' LOOP
                EXECUTE format('ALTER TABLE %I OWNER TO %I', object.relname, current_user);
            END LOOP;
            FOR object IN SELECT p.oid::regprocedure AS signature FROM pg_proc p
                          WHERE p.pronamespace = (SELECT oid FROM pg_namespace WHERE nspname = current_schema()) AND p.proname LIKE 'geocache%' LOOP
                EXECUTE format('ALTER FUNCTION %s OWNER TO %I', object.signature, current_user);
            END LOOP;
        END $$
        """
}
