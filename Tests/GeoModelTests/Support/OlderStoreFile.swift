import Foundation
import GRDB
@testable import GeoModel

/// Store files as earlier versions of geocache-tui left them, written with raw SQL, for
/// the tests that open them and check what the migrations keep.
enum OlderStoreFile {
    /// Writes a store of schema `version` (1: the four fields and an index over them;
    /// 2: also the folded `search_text` and its pending index) at `url`, then lets
    /// `fill` insert its rows.
    static func write(_ url: URL, version: Int, _ fill: (Database) throws -> Void) throws {
        let queue = try DatabaseQueue(path: url.path)
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA application_id = \(StoreFile.applicationID)")
            try db.execute(sql: """
                CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
                INSERT INTO grdb_migrations VALUES \(version >= 2 ? "('v1'), ('v2')" : "('v1')");
                CREATE TABLE cache (id INTEGER PRIMARY KEY AUTOINCREMENT, title TEXT NOT NULL,
                    details TEXT NOT NULL, creator TEXT NOT NULL, reward TEXT NOT NULL\(version >= 2 ? ", search_text TEXT" : ""));
                CREATE INDEX cache_by_content ON cache (title, details, creator, reward);
                \(version >= 2 ? "CREATE INDEX cache_search_text_pending ON cache (id) WHERE search_text IS NULL;" : "")
                CREATE TABLE cache_count (singleton INTEGER PRIMARY KEY CHECK (singleton = 1), value INTEGER NOT NULL);
                INSERT INTO cache_count VALUES (1, 0);
                CREATE TRIGGER cache_counted_on_insert AFTER INSERT ON cache BEGIN
                    UPDATE cache_count SET value = value + 1 WHERE singleton = 1; END;
                CREATE TRIGGER cache_counted_on_delete AFTER DELETE ON cache BEGIN
                    UPDATE cache_count SET value = value - 1 WHERE singleton = 1; END;
                CREATE TABLE draft (field TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL) WITHOUT ROWID;
                """)
            try fill(db)
        }
        try queue.close()
    }
}
