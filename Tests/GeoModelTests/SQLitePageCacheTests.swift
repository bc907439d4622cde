import CSystem
import Foundation
import GRDB
import Testing
@testable import GeoModel
import GeoTestSupport

/// The store's page cache stays small however far the form steps (issue 39): SQLite's
/// default of 2,000 KiB filled up as the form stepped through a big store and stayed
/// allocated.
@Suite struct SQLitePageCacheTests {
    /// The bytes the connection's page cache holds (`SQLITE_DBSTATUS_CACHE_USED`).
    private func pageCacheBytes(_ store: SQLiteStore) -> Int {
        store.queue.inDatabase { db in
            var current: Int32 = 0
            var highest: Int32 = 0
            _ = sqlite3_db_status(db.sqliteConnection, SQLITE_DBSTATUS_CACHE_USED, &current, &highest, 0)
            return Int(current)
        }
    }

    @Test func steppingThroughEveryCacheOfABigStoreKeepsAtMostTheBoundOfPagesInMemory() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try SQLiteStore(url: directory.file())
        // 2,000 caches of 2 KB details: 4 MB of pages, twice SQLite's default cache.
        let details = String(repeating: "Under the third stone. ", count: 90)
        try store.saveCaches((0..<2_000).map { GeoCache(title: "Cache \($0)", details: details,
                                                           creator: "ana", reward: "Coin") },
                             as: WriteID())
        var current = try store.first()
        var stepped = 0
        while let shown = current {
            current = try store.cache(after: shown.id)
            stepped += 1
        }
        #expect(stepped == 2_000)
        // The bound, the cache's own bookkeeping (a page header per page) and the pager's.
        #expect(pageCacheBytes(store) <= (SQLiteStore.pageCacheKiB + 32) * 1024)
    }
}
