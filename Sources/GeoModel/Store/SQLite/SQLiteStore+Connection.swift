import CSystem
import GRDB

/// How a store's connections are set up.
extension SQLiteStore {
    /// The most page cache a connection keeps, in KiB (`PRAGMA cache_size`, negative
    /// for KiB). With SQLite's default, 2,000 KiB, the cache filled a page at a time as
    /// the form stepped through a big store, and what it held stayed allocated: the
    /// resident memory grew by 1.6 MB from the 1,000th Next to the 10,000th (issue 39).
    /// Stepping reads the same few interior pages of a b-tree every time and a leaf page
    /// once per few dozen caches, and the other reads go through their rows once, so a
    /// small cache reads no more from the file. An import's connection sets a larger
    /// cache of its own.
    static let pageCacheKiB = 128

    /// How long, in seconds, a write waits for another process's write lock before it
    /// throws ``StoreError/locked(path:holder:)``: the busy timeout of this store's
    /// connection, ``busyTimeout`` unless its owner sets less (the form waits 0.2 s, then
    /// says so and tries again while it answers keys).
    public var lockWait: Double {
        get { writeLockWait }
        set {
            writeLockWait = newValue
            try? queue.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA busy_timeout = \(Int(newValue * 1000))")
            }
        }
    }

    /// How every connection to a store is set up: wait for other writers up to the busy
    /// timeout, make each commit durable (`synchronous = FULL`, also in WAL mode), and
    /// copy it into the store file before the commit returns (`wal_autocheckpoint = 1`,
    /// a passive checkpoint; also for an import's own connection), so no acknowledged
    /// commit lives only in the `-wal` file (docs/usage.md, "The side files"). Each
    /// connection keeps at most `pageCacheKiB` of pages.
    static func connectionConfiguration(label: String) -> Configuration {
        _ = processSettings
        var configuration = Configuration()
        // The schema has no foreign keys: GRDB's `PRAGMA foreign_keys = ON` would be
        // one more statement at every open.
        configuration.foreignKeysEnabled = false
        configuration.busyMode = .timeout(busyTimeout)
        configuration.label = label
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = FULL; PRAGMA wal_autocheckpoint = 1; "
                + "PRAGMA cache_size = -\(pageCacheKiB)")
            try SearchFunction.register(on: db)
            try NearestQueryFunction.register(on: db)
        }
        return configuration
    }

    /// SQLite's process-wide settings, made once, before the first connection opens:
    /// no memory statistics, which took a process-wide mutex on every allocation and
    /// free (a sizeable share of an import's storing thread), and no initial block of
    /// 20 page slots per connection, which touched 20 pages of memory before opening
    /// read its few. Too late (a connection was opened elsewhere first, as tests do)
    /// they change nothing, and nothing depends on them.
    private static let processSettings: Void = {
        _ = geocache_sqlite_skip_memory_statistics()
        _ = geocache_sqlite_skip_initial_page_bulk()
    }()
}
