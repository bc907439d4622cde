import Foundation
import GRDB

extension SQLiteStore {
    /// The schema's migrations, oldest first. Never edit a registered migration:
    /// append a new one (`"v2"`, ...) and it runs once on every older store.
    static let migrator: DatabaseMigrator = {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            // AUTOINCREMENT: a deleted cache's rowid is never handed out again, so a
            // CacheID stays meaningful and rowid order is the order caches were added.
            try db.execute(sql: """
                CREATE TABLE cache (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    title TEXT NOT NULL,
                    details TEXT NOT NULL,
                    creator TEXT NOT NULL,
                    reward TEXT NOT NULL
                );
                -- Finds a cache identical in all four fields in O(log n): duplicate detection.
                CREATE INDEX cache_by_content ON cache (title, details, creator, reward);

                -- The number of caches, kept by triggers so counting is O(1).
                CREATE TABLE cache_count (
                    singleton INTEGER PRIMARY KEY CHECK (singleton = 1),
                    value INTEGER NOT NULL
                );
                INSERT INTO cache_count (singleton, value) VALUES (1, 0);
                CREATE TRIGGER cache_counted_on_insert AFTER INSERT ON cache BEGIN
                    UPDATE cache_count SET value = value + 1 WHERE singleton = 1;
                END;
                CREATE TRIGGER cache_counted_on_delete AFTER DELETE ON cache BEGIN
                    UPDATE cache_count SET value = value - 1 WHERE singleton = 1;
                END;

                -- The form's unsaved text, one row per non-empty field.
                CREATE TABLE draft (
                    field TEXT PRIMARY KEY NOT NULL,
                    value TEXT NOT NULL
                ) WITHOUT ROWID;
                """)
        }
        migrator.registerMigration("v2") { db in
            // The text searches look in: the four fields folded by `SearchFolding.searchText(for:)`.
            // SQL cannot fold like Foundation, so the column is filled from Swift; a
            // row inserted by other SQL (an older import, a script, the benchmark's
            // generator) keeps NULL and is folded before the next search
            // (`foldPendingSearchText`). Adding a nullable column and a partial index
            // is O(1) and one scan: the migration does not fold a million rows.
            try db.execute(sql: """
                ALTER TABLE cache ADD COLUMN search_text TEXT;
                -- The rows still to fold, found without scanning the table.
                CREATE INDEX cache_search_text_pending ON cache (id) WHERE search_text IS NULL;
                """)
        }
        migrator.registerMigration("v3") { db in
            // A store at most about the size of its text (issue 11): the index over the
            // four fields and the folded copy of them each kept every cache's text once
            // more. The duplicate check now looks up a 64-bit digest of the fields
            // (`ContentDigest`, then the fields are compared), and a search rebuilds the
            // folded text from the fields and the few bytes folding changes
            // (`SearchFoldPatch`). The rows keep their fields; their digests and patches
            // are worked out before the next duplicate check or search
            // (`completePendingRows`), as for any row stored by other SQL: a NULL digest
            // marks them. Dropping the column rewrites the table once.
            try db.execute(sql: """
                DROP INDEX cache_by_content;
                DROP INDEX cache_search_text_pending;
                ALTER TABLE cache DROP COLUMN search_text;
                ALTER TABLE cache ADD COLUMN content_hash INTEGER;
                ALTER TABLE cache ADD COLUMN fold_patch BLOB;
                CREATE INDEX cache_by_content_hash ON cache (content_hash);
                -- The rows whose digest and patch are still to be worked out.
                CREATE INDEX cache_pending ON cache (id) WHERE content_hash IS NULL;
                """)
        }
        return migrator
    }()

    /// The statement that stores a new cache with its digest and search patch; its
    /// arguments come from ``insertArguments(_:)``. Every insert in the app goes through it.
    static let insertCacheSQL = """
        INSERT INTO cache (title, details, creator, reward, content_hash, fold_patch)
        VALUES (\(cacheValuePlaceholders), ?, ?)
        """

    /// The arguments of ``insertCacheSQL`` for `cache`.
    static func insertArguments(_ cache: GeoCache) -> StatementArguments {
        cacheArguments(cache) + derivedArguments(cache)
    }

    /// What is stored beside a cache's fields: its ``ContentDigest`` and its
    /// ``SearchFoldPatch`` (NULL when it needs none).
    static func derivedArguments(_ cache: GeoCache) -> StatementArguments {
        var builder = SearchFoldPatch.Builder()
        return derivedArguments(cache, patches: &builder)
    }

    /// ``derivedArguments(_:)`` with a builder that remembers its words across caches.
    static func derivedArguments(_ cache: GeoCache, patches builder: inout SearchFoldPatch.Builder) -> StatementArguments {
        [ContentDigest.of(cache), builder.patch(for: cache).map { Data($0) }]
    }

    /// The columns that make a ``StoredCache``. Text is read back as its raw UTF-8
    /// bytes because GRDB reads TEXT up to the first NUL, and a field may hold one.
    static let cacheColumns = """
        id, CAST(title AS BLOB), CAST(details AS BLOB), CAST(creator AS BLOB), CAST(reward AS BLOB)
        """

    /// Placeholders matching ``textArgument(_:)``: four TEXT values.
    static let cacheValuePlaceholders = "CAST(? AS TEXT), CAST(? AS TEXT), CAST(? AS TEXT), CAST(? AS TEXT)"

    /// A string as a statement argument that keeps every byte: GRDB binds a Swift
    /// String as a C string, so one holding NUL goes in as UTF-8 bytes that the SQL
    /// casts back to TEXT.
    static func textArgument(_ string: String) -> any DatabaseValueConvertible {
        string.utf8.contains(0) ? Data(string.utf8) : string
    }

    /// The four fields of a cache as arguments for ``cacheValuePlaceholders``.
    static func cacheArguments(_ cache: GeoCache) -> StatementArguments {
        StatementArguments(GeoCache.Field.allCases.map { textArgument(cache[$0]) })
    }

    /// Decodes a row selected with ``cacheColumns``: each field is decoded straight
    /// from SQLite's copy of the bytes (one copy, into the String), as `list` and
    /// `export` read every row this way.
    static func storedCache(from row: Row) -> StoredCache {
        func text(_ index: Int) -> String {
            (try? row.withUnsafeData(atIndex: index) { data in
                data.map { $0.withUnsafeBytes { String(decoding: $0, as: UTF8.self) } } ?? ""
            }) ?? ""
        }
        return StoredCache(
            id: CacheID(rawValue: row[0]),
            cache: GeoCache(title: text(1), details: text(2), creator: text(3), reward: text(4)))
    }
}
