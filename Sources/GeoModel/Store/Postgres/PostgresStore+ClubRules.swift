import Foundation

/// Schema version 6 (issue 36): the club's rules, enforced by the server itself, so a
/// member using `psql` meets them as the program does.
///
/// - Every cache has an owner (`owner`: the role that added it, a column default the
///   server fills in; NULL for the club's), and who changed it last and when
///   (`changed_by`, `changed_at`, written by the server).
/// - Row-level security, forced on the tables' owner too, checks every new version of a
///   cache: a member stores a cache as their own or the club's, never another member's
///   (`geocache_add`, `geocache_change`).
/// - A trigger (`geocache_guard`) checks every change and delete of a stored cache
///   against the version it replaces: a member changes and deletes their own caches,
///   and refreshes club-owned ones in an import (`geocache.import` set for its
///   transaction); anything else is refused with SQLSTATE 42501 and a sentence naming
///   the owner. A policy cannot do this part: a row a policy's `USING` leaves out is
///   skipped without a word, and the program would read "0 rows" as "deleted elsewhere".
/// - The count is kept by a security-definer function: members read it, never write it.
/// - The write ledger, like the drafts, is each role's own.
///
/// Everything here binds nobody until the club's group roles exist
/// (``setUpClubRules(on:)``, `geocache-tui club init`): `geocache_keeps()` answers true
/// for every role while `geocache_club` names no keeper role, and for the tables' owner
/// and superusers always.
extension PostgresStore {
    /// The statements of schema version 6, run in the migration's transaction by the
    /// tables' owner (no role is created here).
    static let clubMigration: [String] = [
        "ALTER TABLE geocache ADD COLUMN owner name, ADD COLUMN changed_by name, ADD COLUMN changed_at timestamptz",
        "ALTER TABLE geocache ALTER COLUMN owner SET DEFAULT current_user",
        "ALTER TABLE geocache ALTER COLUMN changed_by SET DEFAULT current_user",
        "ALTER TABLE geocache ALTER COLUMN changed_at SET DEFAULT now()",
        """
        CREATE TABLE geocache_club (
            only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
            member_role name,
            keeper_role name,
            told name[] NOT NULL DEFAULT '{}'
        )
        """,
        "INSERT INTO geocache_club DEFAULT VALUES",
        """
        CREATE FUNCTION geocache_keeps() RETURNS boolean LANGUAGE sql STABLE AS $$
            SELECT c.keeper_role IS NULL
                OR NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = c.keeper_role)
                OR pg_has_role(current_user, c.keeper_role, 'MEMBER')
                OR pg_has_role(current_user, (SELECT relowner FROM pg_class WHERE oid = 'geocache'::regclass), 'MEMBER')
            FROM geocache_club c
        $$
        """,
        """
        CREATE FUNCTION geocache_guard() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            IF TG_OP = 'UPDATE' THEN
                NEW.changed_by := current_user;
                NEW.changed_at := now();
            END IF;
            IF geocache_keeps() THEN
                RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
            END IF;
            IF TG_OP = 'UPDATE' AND NEW.owner IS DISTINCT FROM OLD.owner THEN
                RAISE EXCEPTION 'only a keeper can hand cache % to another member or to the club', OLD.code
                    USING ERRCODE = '42501';
            END IF;
            IF OLD.owner = current_user THEN
                RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
            END IF;
            IF TG_OP = 'UPDATE' AND OLD.owner IS NULL AND current_setting('geocache.import', true) = 'on' THEN
                RETURN NEW;
            END IF;
            IF OLD.owner IS NULL THEN
                RAISE EXCEPTION 'only a keeper can change cache %: it is the club''s', OLD.code USING ERRCODE = '42501';
            END IF;
            RAISE EXCEPTION 'only % or a keeper can change cache %', OLD.owner, OLD.code USING ERRCODE = '42501';
        END $$
        """,
        """
        CREATE TRIGGER geocache_guarded BEFORE UPDATE OR DELETE ON geocache
            FOR EACH ROW EXECUTE FUNCTION geocache_guard()
        """,
        "ALTER TABLE geocache ENABLE ROW LEVEL SECURITY",
        "ALTER TABLE geocache FORCE ROW LEVEL SECURITY",
        "CREATE POLICY geocache_read ON geocache FOR SELECT USING (true)",
        """
        CREATE POLICY geocache_add ON geocache FOR INSERT
            WITH CHECK ((owner IS NULL OR owner = current_user OR geocache_keeps())
                        AND changed_by = current_user AND changed_at = now())
        """,
        """
        CREATE POLICY geocache_change ON geocache FOR UPDATE USING (true)
            WITH CHECK (owner IS NULL OR owner = current_user OR geocache_keeps())
        """,
        "CREATE POLICY geocache_remove ON geocache FOR DELETE USING (true)",
        "ALTER FUNCTION geocache_count_rows() SECURITY DEFINER",
        "ALTER TABLE geocache_write ADD COLUMN role name NOT NULL DEFAULT current_user",
        "ALTER TABLE geocache_write ENABLE ROW LEVEL SECURITY",
        "ALTER TABLE geocache_write FORCE ROW LEVEL SECURITY",
        """
        CREATE POLICY geocache_write_own ON geocache_write
            USING (role = current_user) WITH CHECK (role = current_user)
        """,
        // A function the rules run resolves names in the club's schema, then pg_temp:
        // a member's temporary table named like one of the club's cannot stand in.
        """
        DO $$
        BEGIN
            EXECUTE format('ALTER FUNCTION geocache_keeps() SET search_path = %I, pg_temp', current_schema());
            EXECUTE format('ALTER FUNCTION geocache_guard() SET search_path = %I, pg_temp', current_schema());
            EXECUTE format('ALTER FUNCTION geocache_count_rows() SET search_path = %I, pg_temp', current_schema());
        END $$
        """,
    ]

    /// Schema version 10: the rules hold for a member acting as another role with `SET
    /// ROLE` (a member may act as the club's member role, whose name every member
    /// shares). A cache is a member's own only while they act as themselves
    /// (`current_user = session_user`), and `changed_by` names the role that logged in,
    /// so no change is recorded as the group's. `PUBLIC` loses `CREATE` on the club's
    /// schema (``schemaCreateRevoked``).
    static let actingRoleMigration: [String] = [
        "ALTER TABLE geocache ALTER COLUMN changed_by SET DEFAULT session_user",
        """
        CREATE OR REPLACE FUNCTION geocache_guard() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            IF TG_OP = 'UPDATE' THEN
                NEW.changed_by := session_user;
                NEW.changed_at := now();
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
            EXECUTE format('ALTER FUNCTION geocache_guard() SET search_path = %I, pg_temp', current_schema());
        END $$
        """,
        "DROP POLICY geocache_add ON geocache",
        """
        CREATE POLICY geocache_add ON geocache FOR INSERT
            WITH CHECK ((owner IS NULL OR (owner = current_user AND current_user = session_user) OR geocache_keeps())
                        AND changed_by = session_user AND changed_at = now())
        """,
        "DROP POLICY geocache_change ON geocache",
        """
        CREATE POLICY geocache_change ON geocache FOR UPDATE USING (true)
            WITH CHECK (owner IS NULL OR (owner = current_user AND current_user = session_user) OR geocache_keeps())
        """,
        schemaCreateRevoked,
    ]

    /// Takes `CREATE` on the club's schema from `PUBLIC` (PostgreSQL 14's default, and a
    /// dump's of it): a member who may create there can plant a function that a
    /// keeper's or the admin's session calls in place of the system's. Only the schema's
    /// owner may; for another role the server warns and nothing changes.
    static let schemaCreateRevoked = """
        DO $$
        BEGIN
            EXECUTE format('REVOKE CREATE ON SCHEMA %I FROM PUBLIC', current_schema());
        END $$
        """

    /// What a session reads of its standing in the club, in a segment of its own after
    /// the schema check (it fails, harmlessly, on an older schema): see ``ClubStanding``.
    static let standingRead = PostgresStatement("""
        SELECT current_user, c.member_role, c.keeper_role, geocache_keeps(),
               r.rolsuper OR r.rolbypassrls OR pg_has_role(current_user, t.relowner, 'MEMBER'),
               r.rolsuper OR r.rolcreaterole, current_user = ANY (c.told), pg_get_userbyid(t.relowner),
               c.club_id::text
        FROM geocache_club c, pg_roles r, pg_class t
        WHERE r.rolname = current_user AND t.oid = 'geocache'::regclass
        """)

    /// Reads the session's standing again (F5 in the form: a role made a keeper since, or
    /// no longer one, which nothing announces), once its schema is checked.
    public func readClubStandingAgain() throws {
        guard schemaChecked else { return }
        let read = try rows(Self.standingRead.sql).first
        if let read { standing = Self.standing(from: read) }
        try noteClubIdentity(read?.string(8))
    }

    /// The standing a row of ``standingRead`` gives.
    static func standing(from row: PostgresRow?) -> ClubStanding? {
        guard let row, let role = row.string(0), let owner = row.string(7) else { return nil }
        let rules = row.string(1).flatMap { member in row.string(2).map { ClubRoles(member: member, keeper: $0) } }
        return ClubStanding(role: role, rules: rules, isKeeper: row.bool(3) ?? false, passesRules: row.bool(4) ?? false,
                            mayCreateRoles: row.bool(5) ?? false, wasTold: row.bool(6) ?? false, tablesOwner: owner)
    }

    /// `"name"`: `name` as an SQL identifier, a double quote doubled.
    static func quotedIdentifier(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}

/// What setting up the club's rules did (``PostgresStore/setUpClub()``).
public struct ClubSetUp: Equatable, Sendable {
    /// The club's group roles.
    public let roles: ClubRoles
    /// Whether the member role was made now (false when it existed already).
    public let madeMemberRole: Bool
    /// Whether the keeper role was made now (false when it existed already).
    public let madeKeeperRole: Bool
    /// The role that owned the club's tables before, when the set-up took them over.
    public let previousOwner: String?
    /// The role that owns them now: the rules do not bind it.
    public let owner: String
    /// How many caches belong to the club (every cache of a store older than the rules).
    public let clubCaches: Int
    /// How many of them this set-up made the club's: the first one makes every cache
    /// stored before the rules the club's (their owner was the role that added them,
    /// the members' shared one); never a later one.
    public let madeClubs: Int

    /// The schema the club's tables are in, when `PUBLIC` may still create objects
    /// there after the set-up took that away (only the schema's owner may): a member
    /// could plant a function that a keeper's or the admin's session runs.
    public let openSchema: ClubSchemaOpening?

    /// Whether either group role was made now.
    public var madeRoles: Bool { madeMemberRole || madeKeeperRole }
}

/// A schema `PUBLIC` may create objects in, and the role that owns it (the one that
/// may take that away).
public struct ClubSchemaOpening: Equatable, Sendable {
    public let schema: String
    public let owner: String
}

extension PostgresStore {
    /// The tables a member reads and writes (their rows are checked by the rules, or
    /// are the member's own by row-level security).
    static let memberWrittenTables = [
        "geocache", "geocache_form_draft", "geocache_write", "geocache_own", "geocache_visit",
    ]
    /// The tables a member only reads: bookkeeping the server's functions keep.
    static let memberReadTables = ["geocache_count", "geocache_schema", "geocache_unconverted", "geocache_club"]
    /// The tables members write whose rows the server numbers (an identity `id`).
    static let memberIdentityTables = ["geocache", "geocache_visit", "geocache_form_draft"]

    /// Gives the club's members `INSERT` and `UPDATE` on every column of
    /// ``memberIdentityTables`` but the identity (and the generated ones) in place of the
    /// whole table's, once the member role is named: `OVERRIDING SYSTEM VALUE` then
    /// needs the id column, so no member can take the id the identity gives next and
    /// make every other member's next add, visit or draft collide with it. Run by the
    /// set-up and by schema version 9; changes nothing before the rules are set up.
    static let memberColumnGrants = """
        DO $$
        DECLARE
            members name := (SELECT c.member_role FROM geocache_club c);
            tab text;
            columns text;
        BEGIN
            IF members IS NULL THEN
                RETURN;
            END IF;
            FOREACH tab IN ARRAY ARRAY['\(memberIdentityTables.joined(separator: "', '"))'] LOOP
                SELECT string_agg(quote_ident(a.attname), ', ' ORDER BY a.attnum) INTO columns
                FROM pg_attribute a
                WHERE a.attrelid = format('%I.%I', current_schema(), tab)::regclass AND a.attnum > 0
                  AND NOT a.attisdropped AND a.attidentity = '' AND a.attgenerated = '';
                EXECUTE format('REVOKE INSERT, UPDATE ON %I FROM %I', tab, members);
                EXECUTE format('GRANT INSERT (%s), UPDATE (%s) ON %I TO %I', columns, columns, tab, members);
            END LOOP;
        END $$
        """

    /// Sets up the club's rules (`geocache-tui club init`): the schema made current,
    /// the group roles made (``ClubRoles``), the club's tables taken over by this role
    /// when another owned them (an upgrade: that role was the members' shared one),
    /// the grants, and this role told. Run again, it changes nothing that is set up.
    /// Throws ``StoreError/notPermitted(server:reason:)`` for a role that may not create
    /// roles, changing nothing.
    public func setUpClub() throws -> ClubSetUp {
        if !schemaChecked { try refuseUnlessMayCreateRoles() }
        return try run { connection in
            guard let standing else { throw StoreError.serverError(server: name, message: "the club's standing was not read") }
            guard standing.mayCreateRoles else {
                throw StoreError.notPermitted(server: name, reason: "\(standing.role) may not create roles")
            }
            if let done = clubSetUpJustNow {
                clubSetUpJustNow = nil
                return done
            }
            let setUp = try connection.transaction(timeout: Self.bulkStatementTimeout) {
                try connection.query(Self.waitingOutLocks)
                try connection.query(Self.takingLock(Self.migrationLock), timeout: Self.bulkStatementTimeout)
                return try Self.setUpClubRules(on: connection, server: name, tookOverFrom: tablesTakenFrom)
            }
            self.standing = try Self.readStanding(on: connection)
            return setUp
        }
    }

    /// Refuses the set-up before the first exchange, which would make the tables of an
    /// empty database (or migrate an older store), when the role may not create roles:
    /// ``setUpClub()`` would refuse it after that, and it would have changed the database.
    private func refuseUnlessMayCreateRoles() throws {
        let row = try run(keepingReadAhead: true) { connection in
            try connection.query("SELECT current_user, rolsuper OR rolcreaterole FROM pg_roles WHERE rolname = current_user")
        }.rows.first
        guard let role = row?.string(0), row?.bool(1) != true else { return }
        throw StoreError.notPermitted(server: name, reason: "\(role) may not create roles")
    }

    /// Sets the club's rules up when the session's role may and they are not
    /// (``ClubStanding/setUpDue``): the first connection of a role that may create roles.
    /// A set-up the server refuses (the role may create roles but not take the tables
    /// over) leaves the store as it was, for `club init` to say why.
    func setUpClubIfDue(on connection: PostgresConnection) throws {
        guard standing?.setUpDue == true else { return }
        do {
            clubSetUpJustNow = try connection.transaction(timeout: Self.bulkStatementTimeout) {
                try connection.query(Self.waitingOutLocks)
                try connection.query(Self.takingLock(Self.migrationLock), timeout: Self.bulkStatementTimeout)
                return try Self.setUpClubRules(on: connection, server: name, tookOverFrom: tablesTakenFrom)
            }
        } catch let error as PostgresError where error.kind == .queryFailed {
            clubSetUpJustNow = nil
        } catch let error as StoreError {
            if case .connectionLost = error { throw error }
        }
        standing = try Self.readStanding(on: connection)
    }

    /// The standing of the session on `connection`, read in a round trip of its own.
    static func readStanding(on connection: PostgresConnection) throws -> ClubStanding? {
        standing(from: try connection.query(standingRead.sql).rows.first)
    }

    /// The statements of ``setUpClub()`` inside its transaction.
    static func setUpClubRules(on connection: PostgresConnection, server: String,
                               tookOverFrom: String? = nil) throws -> ClubSetUp {
        let facts = try connection.query("""
            SELECT current_database(), current_user, pg_get_userbyid(t.relowner), current_schema(), r.rolsuper,
                   (SELECT count(*) FROM geocache WHERE owner IS NULL), (SELECT c.member_role IS NULL FROM geocache_club c)
            FROM pg_class t, pg_roles r WHERE t.oid = 'geocache'::regclass AND r.rolname = current_user
            """).rows.first
        guard let facts, let database = facts.string(0), let role = facts.string(1), let owner = facts.string(2),
              let schema = facts.string(3) else {
            throw StoreError.serverError(server: server, message: "the club's tables were not found")
        }
        guard let roles = ClubRoles(database: database) else {
            throw StoreError.serverError(server: server, message: "the database's name is too long for its roles' "
                                         + "names (\(ClubRoles.longestName - 7) bytes at most)")
        }
        let (member, keeper) = (quotedIdentifier(roles.member), quotedIdentifier(roles.keeper))
        var made: [Bool] = []
        for name in [roles.member, roles.keeper] {
            let exists = try connection.query("SELECT count(*) FROM pg_roles WHERE rolname = $1", [.text(name)])
            if exists.rows.first?.int(0) == 0 {
                try connection.query("CREATE ROLE \(quotedIdentifier(name)) NOLOGIN")
            }
            made.append(exists.rows.first?.int(0) == 0)
        }
        try connection.query("GRANT \(member) TO \(keeper)")
        var previousOwner = tookOverFrom
        if owner != role {
            if facts.bool(4) != true { try connection.query("GRANT \(quotedIdentifier(owner)) TO \(quotedIdentifier(role))") }
            try connection.query(takingOver)
            previousOwner = owner
        }
        let written = memberWrittenTables.joined(separator: ", "), read = memberReadTables.joined(separator: ", ")
        for statement in [
            "REVOKE ALL ON \(written), \(read) FROM PUBLIC",
            schemaCreateRevoked,
            "GRANT USAGE ON SCHEMA \(quotedIdentifier(schema)) TO \(member)",
            "GRANT SELECT, INSERT, UPDATE, DELETE ON \(written) TO \(member)",
            "GRANT SELECT ON \(read) TO \(member)",
        ] {
            try connection.query(statement)
        }
        // The first set-up (the club has no roles yet): every cache stored before the
        // rules was owned by the role that added it, the members' shared one. A later
        // set-up never takes a cache from its member.
        var madeClubs = 0
        if facts.bool(6) == true {
            madeClubs = try connection.query("""
                WITH made AS (UPDATE geocache SET owner = NULL WHERE owner IS NOT NULL RETURNING 1)
                SELECT count(*) FROM made
                """).rows.first?.int(0) ?? 0
        }
        try connection.query("""
            UPDATE geocache_club SET member_role = $1, keeper_role = $2,
                told = CASE WHEN current_user = ANY (told) THEN told ELSE array_append(told, current_user) END
            """, [.text(roles.member), .text(roles.keeper)])
        try connection.query(memberColumnGrants)
        // The server only warns when the schema's owner is another role, and takes nothing away.
        let open = try connection.query("""
            SELECT n.nspname, pg_get_userbyid(n.nspowner) FROM pg_namespace n
            WHERE n.nspname = current_schema() AND has_schema_privilege('public', n.oid, 'CREATE')
            """).rows.first
        return ClubSetUp(roles: roles, madeMemberRole: made[0], madeKeeperRole: made[1], previousOwner: previousOwner,
                         owner: role, clubCaches: (facts.int(5) ?? 0) + madeClubs, madeClubs: madeClubs,
                         openSchema: open.flatMap { row in
                             row.string(0).flatMap { schema in row.string(1).map { ClubSchemaOpening(schema: schema, owner: $0) } }
                         })
    }

    /// The set-up this session's first exchange did, else, once per role, that the
    /// rules do not bind it (``ClubStanding/noteDue``: recorded as told in the same
    /// round trip).
    public func takeClubNote() throws -> ClubNote? {
        if let done = clubSetUpJustNow {
            clubSetUpJustNow = nil
            return .setUp(done)
        }
        guard let standing, standing.noteDue, let roles = standing.rules else { return nil }
        _ = try run { connection in
            try connection.query("UPDATE geocache_club SET told = array_append(told, current_user) WHERE NOT current_user = ANY (told)")
        }
        self.standing = ClubStanding(role: standing.role, rules: roles, isKeeper: standing.isKeeper,
                                     passesRules: true, mayCreateRoles: standing.mayCreateRoles, wasTold: true,
                                     tablesOwner: standing.tablesOwner)
        return .rulesDoNotBind(role: standing.role, roles: roles)
    }
}
