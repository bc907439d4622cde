/// Schema version 4 (issue 27): the cache fields become `text`, so `psql` and reporting
/// tools read "Old Oak" where they read `\x4f6c64204f616b`, and a draft's content
/// becomes `jsonb`.
///
/// The listing stays `bytea`: it is ``ListingEncoding``'s compact binary form, the one
/// both stores read for every cache a view shows, not text. The code already was `text`.
///
/// PostgreSQL's `text` holds UTF-8 without NUL. A row an older version or another
/// program wrote with bytes that are not UTF-8, or with NUL, loses nothing: the
/// original bytes of each such column go to `geocache_unconverted` (the table, row and
/// column they came from), and the row keeps the text with U+FFFD in place of each
/// byte sequence that is not UTF-8 and of each NUL, as the store showed it already
/// (Swift reads such bytes as U+FFFD). The same for a draft whose content is not
/// JSON in UTF-8: its bytes are kept there and the row holds `{}`, which no form takes.
extension PostgresStore {
    /// The statements of schema version 4, run in the migration's transaction.
    ///
    /// The conversion of the caches is one `ALTER TABLE` (one rewrite of the table),
    /// tried first inside a subtransaction of its own: on a store whose bytes are all
    /// UTF-8 without NUL it succeeds and nothing row by row runs. When it fails on such
    /// bytes (SQLSTATE 22021), the rows are checked one by one, the bad columns' bytes
    /// kept and repaired, and the conversion runs again.
    static let textMigration: [String] = [
        """
        DO $$
        BEGIN
            IF current_setting('server_encoding') <> 'UTF8' THEN
                RAISE EXCEPTION 'the database''s encoding is %, and geocache-tui stores text in UTF8', current_setting('server_encoding')
                    USING HINT = 'Create the database with createdb -E UTF8 -T template0 and import the caches there.';
            END IF;
        END $$
        """,
        """
        CREATE TABLE geocache_unconverted (
            id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            source_table text NOT NULL,
            source_id bigint NOT NULL,
            source_column text NOT NULL,
            original bytea NOT NULL,
            converted_at timestamptz NOT NULL DEFAULT now()
        )
        """,
        // convert_to is only stable (a conversion could in principle be redefined), and a
        // generated column takes immutable functions alone; the database's encoding is
        // fixed at its creation, so the UTF-8 bytes of a text never change.
        """
        CREATE FUNCTION geocache_utf8_bytes(value text) RETURNS bytea
            LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE RETURN convert_to(value, 'UTF8')
        """,
        """
        CREATE FUNCTION geocache_is_utf8(value bytea) RETURNS boolean LANGUAGE plpgsql IMMUTABLE STRICT AS $$
        BEGIN
            PERFORM convert_from(value, 'UTF8');
            RETURN true;
        EXCEPTION WHEN character_not_in_repertoire THEN
            RETURN false;
        END $$
        """,
        repairedUTF8Function,
        """
        CREATE FUNCTION geocache_draft_json(value bytea) RETURNS jsonb LANGUAGE plpgsql IMMUTABLE STRICT AS $$
        BEGIN
            RETURN convert_from(value, 'UTF8')::jsonb;
        EXCEPTION WHEN data_exception THEN
            RETURN NULL;
        END $$
        """,
        """
        DO $$
        BEGIN
            BEGIN
                \(fieldConversion);
            EXCEPTION WHEN character_not_in_repertoire THEN
                INSERT INTO geocache_unconverted (source_table, source_id, source_column, original)
                SELECT 'geocache', g.id, v.name, v.value
                FROM geocache g CROSS JOIN LATERAL (VALUES ('title', g.title), ('details', g.details),
                    ('creator', g.creator), ('reward', g.reward), ('search_text', g.search_text)) AS v(name, value)
                WHERE NOT geocache_is_utf8(v.value)
                ORDER BY g.id;
                UPDATE geocache SET \(repairs)
                WHERE id IN (SELECT source_id FROM geocache_unconverted WHERE source_table = 'geocache');
                \(fieldConversion);
            END;
        END $$
        """,
        "CREATE INDEX geocache_content ON geocache (content_hash)",
        // The owner passes the row-level security policy only when it is not forced: every
        // role's unreadable drafts are kept, not only the migrating role's.
        "ALTER TABLE geocache_form_draft NO FORCE ROW LEVEL SECURITY",
        """
        INSERT INTO geocache_unconverted (source_table, source_id, source_column, original)
        SELECT 'geocache_form_draft', id, 'content', content FROM geocache_form_draft
        WHERE geocache_draft_json(content) IS NULL ORDER BY id
        """,
        """
        ALTER TABLE geocache_form_draft
            ALTER COLUMN content TYPE jsonb USING coalesce(geocache_draft_json(content), '{}'::jsonb)
        """,
        "ALTER TABLE geocache_form_draft FORCE ROW LEVEL SECURITY",
        "DROP FUNCTION geocache_is_utf8(bytea), geocache_repaired_utf8(bytea), geocache_draft_json(bytea)",
    ]

    /// The columns of the caches that hold text, in the order of ``insertColumns``.
    static let textColumns = ["title", "details", "creator", "reward", "search_text"]

    /// The `ALTER TABLE` that makes the fields `text` and computes the content hash again
    /// over their UTF-8 bytes: the same bytes as before for every row that was UTF-8, so
    /// the same hash. The hash's column goes first (with its index): PostgreSQL cannot
    /// change the type of a column a generated column reads.
    private static let fieldConversion = "ALTER TABLE geocache DROP COLUMN content_hash, "
        + textColumns.map { "ALTER COLUMN \($0) TYPE text USING convert_from(\($0), 'UTF8')" }.joined(separator: ", ")
        + ", ADD COLUMN content_hash bytea GENERATED ALWAYS AS (\(contentHash("title", "details", "creator", "reward"))) STORED"

    /// `title = …, details = …`: each text column's bytes as they are when they are
    /// UTF-8, repaired otherwise (still `bytea`, converted by ``fieldConversion`` next).
    private static let repairs = textColumns.map { column in
        "\(column) = CASE WHEN geocache_is_utf8(\(column)) THEN \(column) "
            + "ELSE convert_to(geocache_repaired_utf8(\(column)), 'UTF8') END"
    }.joined(separator: ", ")

    /// The SHA-256 the duplicate check compares, of four text expressions: each one's
    /// length in bytes and its UTF-8 bytes, in turn (the lengths keep `("ab", "c")` and
    /// `("a", "bc")` apart). The content hash column holds it, and every statement that
    /// looks a cache up by its fields computes it the same way; changing it needs a migration.
    static func contentHash(_ title: String, _ details: String, _ creator: String, _ reward: String) -> String {
        "sha256(" + [title, details, creator, reward].map { "int4send(octet_length(\($0))) || geocache_utf8_bytes(\($0))" }
            .joined(separator: " || ") + ")"
    }

    /// `geocache_repaired_utf8(bytea)`: the text of bytes that are not all UTF-8, each
    /// NUL and each maximal part of a sequence that is not UTF-8 (a lone lead byte and
    /// the continuation bytes that may follow it, or a stray continuation byte) becoming
    /// one U+FFFD, as Unicode recommends and Swift's `String(decoding:as:)` does. Runs
    /// only for the columns the migration found not to be UTF-8.
    private static let repairedUTF8Function = """
        CREATE FUNCTION geocache_repaired_utf8(value bytea) RETURNS text LANGUAGE plpgsql IMMUTABLE STRICT AS $$
        DECLARE
            total integer := length(value);
            at integer := 0;
            kept integer := 0;
            lead integer;
            needed integer;
            low integer;
            high integer;
            found integer;
            following integer;
            repaired bytea := ''::bytea;
        BEGIN
            WHILE at < total LOOP
                lead := get_byte(value, at);
                IF lead BETWEEN 1 AND 127 THEN
                    at := at + 1;
                    CONTINUE;
                END IF;
                needed := CASE WHEN lead BETWEEN 194 AND 223 THEN 1 WHEN lead BETWEEN 224 AND 239 THEN 2
                               WHEN lead BETWEEN 240 AND 244 THEN 3 ELSE 0 END;
                low := CASE lead WHEN 224 THEN 160 WHEN 240 THEN 144 ELSE 128 END;
                high := CASE lead WHEN 237 THEN 159 WHEN 244 THEN 143 ELSE 191 END;
                found := 0;
                WHILE found < needed AND at + 1 + found < total LOOP
                    following := get_byte(value, at + 1 + found);
                    EXIT WHEN following < CASE WHEN found = 0 THEN low ELSE 128 END
                           OR following > CASE WHEN found = 0 THEN high ELSE 191 END;
                    found := found + 1;
                END LOOP;
                IF needed > 0 AND found = needed THEN
                    at := at + 1 + needed;
                ELSE
                    repaired := repaired || substring(value FROM kept + 1 FOR at - kept) || '\\xefbfbd'::bytea;
                    at := at + 1 + found;
                    kept := at;
                END IF;
            END LOOP;
            RETURN convert_from(repaired || substring(value FROM kept + 1), 'UTF8');
        END $$
        """
}
