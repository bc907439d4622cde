/// The PostgreSQL store's schema: versioned migrations, as for SQLite, recorded in
/// `geocache_schema`. Every table's name starts with `geocache` so that a database
/// shared with nothing else is the expected case, and a database holding other
/// tables is refused untouched.
extension PostgresStore {
    /// The migrations, oldest first, each a list of statements (libpq's extended
    /// protocol runs one at a time); the version is the index plus one. Never edit a
    /// migration that has shipped: add the next one. One that adds a column to a table
    /// in ``memberIdentityTables`` ends with ``memberColumnGrants``.
    static let migrations: [[String]] = [
        [
            """
            CREATE TABLE geocache_schema (
                version integer PRIMARY KEY,
                applied_at timestamptz NOT NULL DEFAULT now()
            )
            """,
            """
            CREATE TABLE geocache (
                id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                title bytea NOT NULL,
                details bytea NOT NULL,
                creator bytea NOT NULL,
                reward bytea NOT NULL,
                search_text bytea NOT NULL,
                content_hash bytea GENERATED ALWAYS AS (sha256(
                    int4send(length(title)) || title || int4send(length(details)) || details
                    || int4send(length(creator)) || creator || int4send(length(reward)) || reward)) STORED
            )
            """,
            "CREATE INDEX geocache_content ON geocache (content_hash)",
            """
            CREATE TABLE geocache_count (
                only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
                value bigint NOT NULL
            )
            """,
            "INSERT INTO geocache_count (value) VALUES (0)",
            """
            CREATE FUNCTION geocache_count_rows() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
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
            """
            CREATE TRIGGER geocache_counted_insert AFTER INSERT ON geocache
                REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION geocache_count_rows()
            """,
            """
            CREATE TRIGGER geocache_counted_delete AFTER DELETE ON geocache
                REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION geocache_count_rows()
            """,
            """
            CREATE TRIGGER geocache_counted_truncate AFTER TRUNCATE ON geocache
                FOR EACH STATEMENT EXECUTE FUNCTION geocache_count_rows()
            """,
            """
            CREATE FUNCTION geocache_announce() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                PERFORM pg_notify('\(channel)', '');
                RETURN NULL;
            END $$
            """,
            """
            CREATE TRIGGER geocache_announced AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON geocache
                FOR EACH STATEMENT EXECUTE FUNCTION geocache_announce()
            """,
            """
            CREATE TABLE geocache_draft (
                role name NOT NULL DEFAULT current_user,
                member text NOT NULL,
                field text NOT NULL,
                value bytea NOT NULL,
                PRIMARY KEY (role, member, field)
            )
            """,
        ],
        // Version 2: a cache has a code, a place and a listing (issue 25). Every cache
        // stored so far gets a code of its own as the column is added (one rewrite of
        // the table, the default drawn for each row); the rare code drawn twice is
        // drawn again for all but its first holder until every code is unique.
        [
            """
            ALTER TABLE geocache
                ADD COLUMN code text NOT NULL DEFAULT \(drawnCode),
                ADD COLUMN latitude integer,
                ADD COLUMN longitude integer,
                ADD COLUMN listing bytea,
                ADD CONSTRAINT geocache_place_whole CHECK ((latitude IS NULL) = (longitude IS NULL)),
                ADD CONSTRAINT geocache_place_range CHECK (latitude BETWEEN -90000000 AND 90000000
                                                          AND longitude BETWEEN -180000000 AND 180000000)
            """,
            "ALTER TABLE geocache ALTER COLUMN code DROP DEFAULT",
            redrawingRepeatedCodes,
            "CREATE UNIQUE INDEX geocache_code ON geocache (code)",
            // Nearest first reads the caches inside a box around the origin, growing it:
            // PostgreSQL's own GiST index over points, no extension needed.
            "CREATE INDEX geocache_place ON geocache USING gist (\(placePoint))",
        ],
        // Version 3: drafts (issue 26). One row per form that quit with text, where a
        // role and a "login@host" string had one draft, one row per field, that the
        // next form's replaced. A row belongs to the role that logged in and is held
        // by the session that took it (its backend's pid and start time; NULL when
        // none); its content is `FormDraft`'s encoded form. Each role's and login's
        // one draft of an older store becomes a row (texts as base64, as Swift writes
        // them). Row-level security, forced on the owner too, keeps each role to its own.
        [
            """
            CREATE TABLE geocache_form_draft (
                id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                role name NOT NULL DEFAULT session_user,
                holder_pid integer,
                holder_start timestamptz,
                content bytea NOT NULL
            )
            """,
            """
            INSERT INTO geocache_form_draft (role, content)
            SELECT role, convert_to(json_build_object('fields',
                       json_object_agg(field, replace(encode(value, 'base64'), E'\\n', ''))
                   )::text, 'UTF8')
            FROM geocache_draft WHERE length(value) > 0 GROUP BY role, member
            """,
            "DROP TABLE geocache_draft",
            "ALTER TABLE geocache_form_draft ENABLE ROW LEVEL SECURITY",
            "ALTER TABLE geocache_form_draft FORCE ROW LEVEL SECURITY",
            """
            CREATE POLICY geocache_form_draft_own ON geocache_form_draft
                USING (role = session_user) WITH CHECK (role = session_user)
            """,
        ],
        // Version 4: text SQL can read (issue 27). The fields become `text` and a
        // draft's content `jsonb`; bytes that are not UTF-8, or NUL, are kept in
        // `geocache_unconverted` (PostgresStore+TextMigration.swift).
        textMigration,
        // Version 5: the write ledger (issue 27, ``PostgresStore/ledgerTable``). Each
        // write records the identifier its client made, in its own transaction, so a
        // write whose reply was lost can be looked up; the unique key makes a settled
        // "not stored" final (a late arrival of the write fails on it).
        [
            """
            CREATE TABLE geocache_write (
                write_id uuid PRIMARY KEY,
                written_at timestamptz NOT NULL DEFAULT now(),
                kind text NOT NULL,
                stored boolean NOT NULL DEFAULT false,
                cache_id bigint,
                count_after bigint,
                detail text
            )
            """,
            "CREATE INDEX geocache_write_age ON geocache_write (written_at)",
        ],
        // Version 6: the club's rules (issue 36, PostgresStore+ClubRules.swift): owners,
        // who changed a cache last, the server's checks, each role's own ledger.
        clubMigration,
        // Version 7: the finder's loop (issue 38, PostgresStore+Own.swift): each
        // member's own data on a cache and their visits, kept to the member by row-level
        // security.
        ownMigration,
        // Version 8: a member's visits are announced as their own data is, so that each
        // of their forms shows a visit logged elsewhere (a Didn't find it changes no
        // own row), and found by code, as the form's first frame reads those of the
        // cache it shows.
        [
            """
            CREATE TRIGGER geocache_visit_announced AFTER INSERT OR DELETE ON geocache_visit
                FOR EACH STATEMENT EXECUTE FUNCTION geocache_announce()
            """,
            "CREATE INDEX geocache_visit_by_code ON geocache_visit (member, code)",
        ],
        // Version 9: a member writes every column of a cache, a visit or a draft but
        // its id, which the server alone gives (PostgresStore+ClubRules.swift).
        [memberColumnGrants],
        // Version 10: the rules hold under SET ROLE, and PUBLIC may not create in the
        // club's schema (PostgresStore+ClubRules.swift).
        actingRoleMigration,
        // Version 11: an import keeps a club cache's code, and a keeper hands caches
        // only to the club's members (PostgresStore+OwnerRules.swift).
        ownerRuleMigration,
        // Version 12: a keeper role renamed or dropped makes nobody a keeper, and no
        // member can run the count's function on a table of their own
        // (PostgresStore+FailClosed.swift).
        failClosedMigration,
        // Version 13: a member's own data, visits and ledger are theirs only while they act
        // as themselves (PostgresStore+FailClosed.swift).
        actingRoleOwnMigration,
        // Version 14: a visit kept already (one of its code, type and text within its
        // minute, PostgresStore+Own.swift) is found by code and minute, not among every
        // visit of the member to the code. Made again harmlessly, as the migrations
        // since version 9 are.
        ["CREATE INDEX IF NOT EXISTS geocache_visit_by_minute ON geocache_visit (member, code, left(time, 16))"],
        // Version 15: a member is a role that can log in (PostgresStore+OwnerRules.swift).
        loginMemberMigration,
        // Version 16: the club's identity, a random UUID in the club's one row
        // (PostgresStore+ClubIdentity.swift).
        clubIdentityMigration,
    ]

    /// A new code drawn by the server as ``CacheCode/generate()`` draws one: the prefix
    /// and a random character of the alphabet for each place, for the migration that
    /// gives the caches of an older store their codes.
    static let drawnCode: String = {
        let alphabet = String(CacheCode.alphabet)
        let character = "substr('\(alphabet)', 1 + floor(random() * \(alphabet.count))::integer, 1)"
        return "('\(CacheCode.prefix)' || " + Array(repeating: character, count: CacheCode.generatedLength).joined(separator: " || ") + ")"
    }()

    /// Draws a new code (``drawnCode``) for every cache whose code an older cache has
    /// too, until no code is held twice.
    static let redrawingRepeatedCodes = """
        DO $$
        BEGIN
            LOOP
                UPDATE geocache SET code = \(drawnCode) WHERE id IN (
                    SELECT id FROM (SELECT id, row_number() OVER (PARTITION BY code ORDER BY id) AS n FROM geocache) d
                    WHERE n > 1);
                EXIT WHEN NOT FOUND;
            END LOOP;
        END $$
        """

    /// The place of a row as a point in microdegrees (longitude, latitude): what the
    /// place index holds and every box query compares, written the same in both.
    static let placePoint = "point(longitude, latitude)"

    /// The advisory lock appends take for their transaction: their identities then
    /// commit in order.
    static let appendLock = 0x6765_6F63
    /// The advisory lock a migration takes, so two sessions never set up one database
    /// at once. Not the append lock: opening must not wait for an import to finish.
    static let migrationLock = 0x6765_6F6D

    /// The statement that takes the advisory lock `key` for the transaction: the
    /// system's function by its schema, with the argument's exact type, so that no
    /// function of a closer match in a schema on the search path stands in for it.
    static func takingLock(_ key: Int) -> String {
        "SELECT pg_catalog.pg_advisory_xact_lock(\(key)::bigint)"
    }

    /// Sets up an empty database, migrates an older store, and refuses a database of
    /// another application or of a newer geocache-tui, changing nothing there. A
    /// current store is only read. `knownVersion` is the version an exchange read
    /// already (``exchange(_:)``); without it the version is read in one round trip.
    static func prepareSchema(on connection: PostgresConnection, knownVersion: Int? = nil) throws {
        let version: Int
        if let knownVersion {
            version = knownVersion
        } else {
            let check = try connection.pipeline(schemaCheck)
            version = try schemaVersion(tables: check[0][0], version: check[1][0], server: connection.server)
        }
        if version > migrations.count { throw StoreError.newerServerSchema(server: connection.server) }
        guard version < migrations.count else { return }
        // A migration rewrites every cache (version 2 draws their codes): its statements,
        // and a session waiting for another's, get the deadline of an import. Only the
        // tables' owner may change them: a member's session is refused (42501) and
        // says that the admin upgrades the store.
        do {
            try migrate(on: connection)
        } catch let error as PostgresError where error.kind == .queryFailed && error.sqlState == "42501" {
            // An empty database was never set up: nothing older to upgrade.
            guard version > 0 else {
                throw StoreError.notPermitted(server: connection.server, reason: "setting up this empty database "
                    + "makes the store's tables, which this role may not create there (only the database's owner, "
                    + "or a role given CREATE on its schema, may)")
            }
            throw StoreError.olderServerSchema(server: connection.server)
        }
    }

    /// Runs the migrations the store lacks, in one transaction under the migration lock.
    /// Run first in the transaction of a migration or of the club's set-up: it waits for
    /// other sessions' locks as long as its deadline allows, not a read's wait, which
    /// the session starts with (``sessionSettings(for:)``).
    static let waitingOutLocks = "SET LOCAL lock_timeout = 0"

    private static func migrate(on connection: PostgresConnection) throws {
        try connection.transaction(timeout: bulkStatementTimeout) {
            try connection.query(waitingOutLocks)
            try connection.query(takingLock(migrationLock), timeout: bulkStatementTimeout)
            try applyMigrations(on: connection)
        }
    }

    /// The migrations the store lacks, in the caller's transaction, under the migration
    /// lock. Throws ``StoreError/newerServerSchema(server:)`` for a newer store.
    static func applyMigrations(on connection: PostgresConnection) throws {
        // Another session may have migrated while this one waited for the lock.
        let version = try schemaVersion(on: connection)
        if version > migrations.count { throw StoreError.newerServerSchema(server: connection.server) }
        for (index, migration) in migrations.enumerated() where index >= version {
            for statement in migration { try connection.query(statement, timeout: bulkStatementTimeout) }
            try connection.query("INSERT INTO geocache_schema (version) VALUES ($1)", [.int(index + 1)])
        }
    }

    /// Whether `geocache_schema` exists and how many tables there are, read in one
    /// statement, from `pg_class` itself: two statements could fall on either side
    /// of another session's setup committing (no schema table yet, then its tables),
    /// and `to_regclass` answers from the session's catalog cache, which taking the
    /// migration's advisory lock does not refresh. Either made a database that another
    /// session was setting up look like another application's.
    static let schemaTables = """
        SELECT count(*) FILTER (WHERE c.relname = 'geocache_schema' AND c.relkind = 'r'
                                  AND n.nspname = current_schema()),
               count(*)
        FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relkind IN ('r', 'p', 'v', 'm', 'f')
          AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg_toast%'
        """

    /// The store's schema version from the outcomes of ``schemaCheck``: 0 for an empty
    /// database; throws ``StoreError/foreignDatabase(server:)`` for a database with other
    /// tables. The version's statement is read only where the schema table exists.
    static func schemaVersion(tables: PostgresOutcome, version: PostgresOutcome, server: String) throws -> Int {
        let counts = try result(of: tables, server: server).rows.first
        if counts?.string(0) != "0" {
            return Int(try result(of: version, server: server).rows.first?.string(0) ?? "") ?? 0
        }
        guard counts?.string(1) == "0" else { throw StoreError.foreignDatabase(server: server) }
        return 0
    }

    /// The store's schema version read inside the migration's transaction, one
    /// statement at a time (a failed statement there would abort the transaction): 0
    /// for an empty database; throws ``StoreError/foreignDatabase(server:)`` for a
    /// database with other tables.
    static func schemaVersion(on connection: PostgresConnection) throws -> Int {
        let tables = try connection.query(schemaTables)
        if tables.rows.first?.string(0) != "0" {
            let version = try connection.query("SELECT coalesce(max(version), 0) FROM geocache_schema")
            return Int(version.rows.first?.string(0) ?? "") ?? 0
        }
        guard tables.rows.first?.string(1) == "0" else { throw StoreError.foreignDatabase(server: connection.server) }
        return 0
    }
}
