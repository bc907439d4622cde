import GRDB

extension SQLiteStore {
    /// SQLite's own check of the whole file: "ok", or the problems it found, one per
    /// line. It reads every page, so it costs about as much as reading the store.
    public func integrityCheck() throws -> String {
        try read { db in
            try String.fetchAll(db, sql: "PRAGMA integrity_check").joined(separator: "\n")
        }
    }
}
