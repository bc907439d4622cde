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
        migrator.registerMigration("v4") { db in
            // A cache has a code, a place and a listing (issue 25). The place is two
            // whole numbers of microdegrees, as `Coordinate` keeps it (both NULL when
            // the cache has none); the listing is `ListingEncoding`'s bytes (NULL when
            // empty). Nearest-first reading narrows its candidates with an R*Tree of
            // 32-bit integers (exact for microdegrees), one point per placed cache,
            // which the triggers keep in step with the table whoever writes it.
            // Existing rows, and rows other SQL inserts later without a code, get one
            // in the pass that completes their digest (`completePendingRows`): adding
            // the columns is O(1) and the migration does not draw a million codes.
            try db.execute(sql: """
                ALTER TABLE cache ADD COLUMN code TEXT;
                ALTER TABLE cache ADD COLUMN latitude INTEGER;
                ALTER TABLE cache ADD COLUMN longitude INTEGER;
                ALTER TABLE cache ADD COLUMN listing BLOB;
                -- A code names one cache: `cache(withCode:)` and the import's identity.
                CREATE UNIQUE INDEX cache_by_code ON cache (code);
                -- The rows still to be given a code, found without scanning the table.
                CREATE INDEX cache_code_pending ON cache (id) WHERE code IS NULL;
                -- The caches without a place, in stored order: last in nearest-first order.
                CREATE INDEX cache_unplaced ON cache (id) WHERE latitude IS NULL OR longitude IS NULL;

                CREATE VIRTUAL TABLE cache_place USING rtree_i32 (
                    id, min_latitude, max_latitude, min_longitude, max_longitude
                );
                CREATE TRIGGER cache_placed_on_insert AFTER INSERT ON cache
                WHEN new.latitude IS NOT NULL AND new.longitude IS NOT NULL BEGIN
                    INSERT INTO cache_place VALUES (new.id, new.latitude, new.latitude, new.longitude, new.longitude);
                END;
                CREATE TRIGGER cache_placed_on_update AFTER UPDATE OF latitude, longitude ON cache BEGIN
                    DELETE FROM cache_place WHERE id = old.id;
                    INSERT INTO cache_place
                        SELECT new.id, new.latitude, new.latitude, new.longitude, new.longitude
                        WHERE new.latitude IS NOT NULL AND new.longitude IS NOT NULL;
                END;
                CREATE TRIGGER cache_placed_on_delete AFTER DELETE ON cache
                WHEN old.latitude IS NOT NULL AND old.longitude IS NOT NULL BEGIN
                    DELETE FROM cache_place WHERE id = old.id;
                END;
                """)
        }
        migrator.registerMigration("v5") { db in
            // Drafts (issue 26): one row per form that quit with text, where the one
            // draft of a store took one row per field and the next form's draft replaced
            // it. A row holds `FormDraft`'s encoded form (the text, and for an edit the
            // version of the cache it edits) and the session holding it (`DraftHolder`),
            // NULL when none. The one draft of an older store becomes the first row.
            try db.execute(sql: """
                CREATE TABLE form_draft (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    holder TEXT,
                    content BLOB NOT NULL
                );
                """)
            var fields: [GeoCache.Field: String] = [:]
            let rows = try Row.fetchCursor(db, sql: "SELECT field, CAST(value AS BLOB) FROM draft")
            while let row = try rows.next() {
                let data = (try? row.decode(Data?.self, atIndex: 1)) ?? Data()
                if let name = try? row.decode(String.self, atIndex: 0), let field = GeoCache.Field(rawValue: name) {
                    fields[field] = String(decoding: data, as: UTF8.self)
                }
            }
            let draft = FormDraft(fields: fields)
            if !draft.isEmpty {
                try db.execute(sql: "INSERT INTO form_draft (content) VALUES (?)", arguments: [Data(draft.encoded())])
            }
            try db.execute(sql: "DROP TABLE draft")
        }
        migrator.registerMigration("v6") { db in
            // The finder's loop (issue 38): the person's own data on a cache, by code,
            // apart from the listing (no import touches it), and their visits. The place
            // index holds a cache's corrected place where there is one, so nearest first
            // measures to it; the triggers keep it so from both tables.
            try db.execute(sql: """
                CREATE TABLE own_data (
                    code TEXT PRIMARY KEY NOT NULL,
                    found TEXT,
                    note TEXT NOT NULL DEFAULT '',
                    corrected_latitude INTEGER,
                    corrected_longitude INTEGER,
                    CHECK ((corrected_latitude IS NULL) = (corrected_longitude IS NULL))
                ) WITHOUT ROWID;
                CREATE TABLE visit (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    identity BLOB NOT NULL UNIQUE,
                    code TEXT NOT NULL,
                    time TEXT NOT NULL,
                    type TEXT NOT NULL,
                    text TEXT NOT NULL,
                    exported INTEGER NOT NULL DEFAULT 0
                );
                DROP TRIGGER cache_placed_on_insert;
                DROP TRIGGER cache_placed_on_update;
                DROP TRIGGER cache_placed_on_delete;
                CREATE TRIGGER cache_placed_on_insert AFTER INSERT ON cache BEGIN
                    \(placeOf("new.id", code: "new.code", latitude: "new.latitude", longitude: "new.longitude"))
                END;
                CREATE TRIGGER cache_placed_on_update AFTER UPDATE OF latitude, longitude, code ON cache BEGIN
                    DELETE FROM cache_place WHERE id = old.id;
                    \(placeOf("new.id", code: "new.code", latitude: "new.latitude", longitude: "new.longitude"))
                END;
                CREATE TRIGGER cache_placed_on_delete AFTER DELETE ON cache BEGIN
                    DELETE FROM cache_place WHERE id = old.id;
                END;
                CREATE TRIGGER own_data_placed_on_insert AFTER INSERT ON own_data BEGIN
                    \(replacePlace(code: "new.code"))
                END;
                CREATE TRIGGER own_data_placed_on_update AFTER UPDATE ON own_data BEGIN
                    \(replacePlace(code: "old.code"))
                    \(replacePlace(code: "new.code"))
                END;
                CREATE TRIGGER own_data_placed_on_delete AFTER DELETE ON own_data BEGIN
                    \(replacePlace(code: "old.code"))
                END;
                """)
        }
        migrator.registerMigration("v7") { db in
            // The form's first frame reads the shown cache's own data and visits by its
            // code (``CacheStore/ownData(includingVisits:onlyCode:)``): a look-up, not a scan.
            try db.execute(sql: "CREATE INDEX visit_by_code ON visit (code)")
        }
        migrator.registerMigration("v8") { db in
            // A visit is kept already when one of its code, type and text is kept within
            // its minute (``SQLiteStore/insertVisit(_:in:)``): found by code and minute,
            // not by reading every visit of the code (field notes of 10,000 visits to one
            // cache took 12 seconds to import, 100,000 to as many caches 8).
            try db.execute(sql: "CREATE INDEX visit_by_minute ON visit (code, substr(time, 1, 16))")
        }
        return migrator
    }()

    /// The statement that stores a new cache with its digest, search patch, code, place
    /// and listing; its arguments come from ``insertArguments(_:code:)``. Every insert in
    /// the app goes through it, or through ``insertIdentifiedCacheSQL``, which is the same
    /// with the identifier given.
    static let insertCacheSQL = """
        INSERT INTO cache (title, details, creator, reward, content_hash, fold_patch, code, latitude, longitude, listing)
        VALUES (\(cacheValuePlaceholders), ?, ?, ?, ?, ?, ?)
        """

    /// ``insertCacheSQL`` with the row's identifier given as its first argument (then
    /// those of ``insertArguments(_:code:)``): a club store's copy keeps each cache under
    /// the identifier the club store gave it (``replaceCaches(keepingIdentifiers:)``).
    /// The triggers keep the count and the place index as for any insert, and
    /// AUTOINCREMENT's counter moves up to the greatest identifier given.
    static let insertIdentifiedCacheSQL = insertCacheSQL
        .replacingOccurrences(of: "INSERT INTO cache (", with: "INSERT INTO cache (id, ")
        .replacingOccurrences(of: "VALUES (", with: "VALUES (?, ")

    /// The arguments of ``insertCacheSQL`` for `cache`, stored under `code`
    /// (``storeUnderCode(_:path:_:)`` decides which).
    static func insertArguments(_ cache: GeoCache, code: String) -> StatementArguments {
        return cacheArguments(cache) + derivedArguments(cache) + [code] + placeArguments(cache)
    }

    /// The place and listing of `cache` as statement arguments: latitude and longitude
    /// in microdegrees (NULL without a place), and ``ListingEncoding``'s bytes (NULL
    /// for an empty listing).
    static func placeArguments(_ cache: GeoCache) -> StatementArguments {
        [cache.coordinate.map { Int64($0.latitudeMicrodegrees) },
         cache.coordinate.map { Int64($0.longitudeMicrodegrees) },
         ListingEncoding.encode(cache.listing).map { Data($0) }]
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

    /// The columns that make a ``StoredCache``: the identifier, the four fields, the
    /// code, the place and the listing. The fields are cast to BLOB for the readers of a
    /// copied GRDB `Row` (``storedCache(from:)``), because GRDB copies TEXT up to the
    /// first NUL, and a field may hold one.
    static let cacheColumns = """
        id, CAST(title AS BLOB), CAST(details AS BLOB), CAST(creator AS BLOB), CAST(reward AS BLOB), \
        code, latitude, longitude, listing
        """

    /// ``cacheColumns`` uncast, and the identifier and the four fields alone
    /// (``CacheFieldBytes``), for the readers that take each value from SQLite's copy of
    /// it (`sqlite3_column_blob`, which keeps a NUL whatever the value's type): `list`
    /// and `export` walking every row. The casts cost 58 of the 863 million
    /// instructions of `list --json`'s reading thread (callgrind, 200,000 caches).
    static let uncastCacheColumns = "id, title, details, creator, reward, code, latitude, longitude, listing"
    static let fieldColumns = "id, title, details, creator, reward"

    /// The row holds exactly the stored version given as the next arguments
    /// (``versionArguments(_:)``): the four fields, the code, the place and the listing,
    /// each compared with `IS`, so NULL matches NULL. Compare-and-write uses it.
    static let sameVersionCondition = """
        \(sameContentCondition) AND code IS ? AND latitude IS ? AND longitude IS ? AND listing IS ?
        """

    /// The arguments of ``sameVersionCondition`` for `cache` as it was read.
    static func versionArguments(_ cache: GeoCache) -> StatementArguments {
        cacheArguments(cache) + [cache.code] + placeArguments(cache)
    }

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
    /// `export` read every row this way. A listing whose bytes do not decode reads as
    /// an empty one, and a place out of range as none; a code or a place of another
    /// type than a store writes (a file edited by hand, a damaged copy) reads as none,
    /// through GRDB's throwing API, never a trap.
    static func storedCache(from row: Row) -> StoredCache {
        func text(_ index: Int) -> String {
            (try? row.withUnsafeData(atIndex: index) { data in
                data.map { $0.withUnsafeBytes { String(decoding: $0, as: UTF8.self) } } ?? ""
            }) ?? ""
        }
        let listing = (try? row.withUnsafeData(atIndex: 8) { data in
            data.map { $0.withUnsafeBytes { ListingEncoding.decode($0) } } ?? .empty
        }) ?? nil
        return StoredCache(
            id: CacheID(rawValue: (try? row.decode(Int64.self, atIndex: 0)) ?? 0),
            cache: GeoCache(title: text(1), details: text(2), creator: text(3), reward: text(4),
                            code: try? row.decode(String?.self, atIndex: 5),
                            coordinate: coordinate(latitude: try? row.decode(Int64?.self, atIndex: 6),
                                                   longitude: try? row.decode(Int64?.self, atIndex: 7)),
                            listing: listing ?? .empty))
    }

    /// The place two stored columns hold: nil when either is NULL or out of range.
    static func coordinate(latitude: Int64?, longitude: Int64?) -> Coordinate? {
        guard let latitude, let longitude,
              let latitude = Int32(exactly: latitude), let longitude = Int32(exactly: longitude) else { return nil }
        return Coordinate(latitudeMicrodegrees: latitude, longitudeMicrodegrees: longitude)
    }

    /// The statement that puts the cache `id` (code `code`) into the place index at its
    /// corrected place when the person keeps one, else at `latitude`/`longitude`; none
    /// without either.
    static func placeOf(_ id: String, code: String, latitude: String, longitude: String) -> String {
        """
        INSERT INTO cache_place SELECT \(id), la, la, lo, lo FROM (
            SELECT coalesce(o.corrected_latitude, \(latitude)) AS la, coalesce(o.corrected_longitude, \(longitude)) AS lo
            FROM (SELECT 1) LEFT JOIN own_data o ON o.code = \(code) AND o.corrected_latitude IS NOT NULL
        ) WHERE la IS NOT NULL AND lo IS NOT NULL;
        """
    }

    /// The statements that put the cache with `code` into the place index again (its
    /// own data changed).
    static func replacePlace(code: String) -> String {
        """
        DELETE FROM cache_place WHERE id = (SELECT id FROM cache WHERE code = \(code));
        \(placesOf(where: "c.code = \(code)"))
        """
    }

    /// The statement that puts into the place index the caches (`c`) `condition` picks,
    /// each at its place for the person (a final over the listed place); `replacing`,
    /// over the entry a cache has there already.
    static func placesOf(where condition: String, replacing: Bool = false) -> String {
        """
        INSERT\(replacing ? " OR REPLACE" : "") INTO cache_place SELECT c.id, la, la, lo, lo FROM (
            SELECT c.id, coalesce(o.corrected_latitude, c.latitude) AS la, coalesce(o.corrected_longitude, c.longitude) AS lo
            FROM cache c LEFT JOIN own_data o ON o.code = c.code AND o.corrected_latitude IS NOT NULL
            WHERE \(condition)
        ) c WHERE la IS NOT NULL AND lo IS NOT NULL;
        """
    }

    /// The condition that a `cache` row has no place for the person: neither a listed
    /// one nor a corrected one (the last of nearest-first order).
    static let unplacedCondition = """
        (latitude IS NULL OR longitude IS NULL) AND NOT EXISTS (
            SELECT 1 FROM own_data o WHERE o.code = cache.code AND o.corrected_latitude IS NOT NULL)
        """
}
