/// Schema version 11: the server lets an import and a keeper do no more than the
/// program does, for a member or keeper using `psql` alike.
///
/// - An import's refresh of a club-owned cache keeps its code. `geocache.import` is any
///   session's to set, so the exception it opens in `geocache_guard` must not reach
///   past what an import writes: the listing and the four fields, never the code that
///   logs, visits and own data hang on.
/// - A cache is handed over, or added for another role, only to one of the club's
///   members (`geocache_member(name)`): a role in the member role that is neither one of
///   the group roles (every member could change its caches) nor one the rules do not
///   bind (a superuser is in every role), as `edit --owner` checks; no role of that
///   name at all is no member either. Before the rules are set up, any existing role.
extension PostgresStore {
    static let ownerRuleMigration: [String] = [
        """
        CREATE OR REPLACE FUNCTION geocache_member(candidate name) RETURNS boolean LANGUAGE sql STABLE AS $$
            SELECT EXISTS (SELECT 1 FROM pg_roles r, geocache_club c
                           WHERE r.rolname = candidate
                             AND (c.member_role IS NULL
                                  OR (NOT r.rolsuper AND NOT r.rolbypassrls
                                      AND r.rolname NOT IN (c.member_role, c.keeper_role)
                                      AND pg_has_role(r.oid, c.member_role, 'MEMBER'))))
        $$
        """,
        """
        CREATE OR REPLACE FUNCTION geocache_guard() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            IF TG_OP = 'UPDATE' THEN
                NEW.changed_by := session_user;
                NEW.changed_at := now();
                IF NEW.owner IS DISTINCT FROM OLD.owner AND NEW.owner IS NOT NULL AND NOT geocache_member(NEW.owner) THEN
                    RAISE EXCEPTION '% is not one of the club''s members: a keeper hands caches to members or to the club',
                        NEW.owner USING ERRCODE = '42501';
                END IF;
            END IF;
            IF geocache_keeps() THEN
                RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
            END IF;
            IF TG_OP = 'UPDATE' AND NEW.owner IS DISTINCT FROM OLD.owner THEN
                RAISE EXCEPTION 'only a keeper can hand cache % to another member or to the club', OLD.code
                    USING ERRCODE = '42501';
            END IF;
            IF OLD.owner = current_user AND current_user = session_user THEN
                RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
            END IF;
            IF TG_OP = 'UPDATE' AND OLD.owner IS NULL AND current_setting('geocache.import', true) = 'on' THEN
                IF NEW.code IS DISTINCT FROM OLD.code THEN
                    RAISE EXCEPTION 'only a keeper can change the code of cache %: an import keeps it', OLD.code
                        USING ERRCODE = '42501';
                END IF;
                RETURN NEW;
            END IF;
            IF OLD.owner IS NULL THEN
                RAISE EXCEPTION 'only a keeper can change cache %: it is the club''s', OLD.code USING ERRCODE = '42501';
            END IF;
            RAISE EXCEPTION 'only % or a keeper can change cache %', OLD.owner, OLD.code USING ERRCODE = '42501';
        END $$
        """,
        """
        DO $$
        BEGIN
            EXECUTE format('ALTER FUNCTION geocache_member(name) SET search_path = %I, pg_temp', current_schema());
            EXECUTE format('ALTER FUNCTION geocache_guard() SET search_path = %I, pg_temp', current_schema());
        END $$
        """,
        "DROP POLICY IF EXISTS geocache_add ON geocache",
        """
        CREATE POLICY geocache_add ON geocache FOR INSERT
            WITH CHECK ((owner IS NULL OR (owner = current_user AND current_user = session_user)
                         OR (geocache_keeps() AND geocache_member(owner)))
                        AND changed_by = session_user AND changed_at = now())
        """,
    ]

    /// Schema version 15: a member is a role that can log in. A role that cannot (a group
    /// of roles made for the purpose, `NOLOGIN`) is never the session's user, so a cache
    /// it owned could be changed by no member, its own roles included (the rules ask that
    /// the owner be the role that logged in), only by keepers.
    static let loginMemberMigration: [String] = [
        """
        CREATE OR REPLACE FUNCTION geocache_member(candidate name) RETURNS boolean LANGUAGE sql STABLE AS $$
            SELECT EXISTS (SELECT 1 FROM pg_roles r, geocache_club c
                           WHERE r.rolname = candidate
                             AND (c.member_role IS NULL
                                  OR (NOT r.rolsuper AND NOT r.rolbypassrls AND r.rolcanlogin
                                      AND r.rolname NOT IN (c.member_role, c.keeper_role)
                                      AND pg_has_role(r.oid, c.member_role, 'MEMBER'))))
        $$
        """,
        """
        DO $$
        BEGIN
            EXECUTE format('ALTER FUNCTION geocache_member(name) SET search_path = %I, pg_temp', current_schema());
        END $$
        """,
    ]
}
