import Foundation
import GRDB

/// The form's unsaved text in the SQLite store: one `draft` table, one row per field.
extension SQLiteStore {
    /// The form's unsaved text kept from a previous run: only non-empty fields.
    public func loadDraft() throws -> [GeoCache.Field: String] {
        try read(Self.draft(in:))
    }

    /// The draft as ``loadDraft()`` reads it, inside a read of the caller's.
    static func draft(in db: Database) throws -> [GeoCache.Field: String] {
        var draft: [GeoCache.Field: String] = [:]
        let rows = try Row.fetchCursor(db, sql: "SELECT field, CAST(value AS BLOB) FROM draft")
        while let row = try rows.next() {
            let name: String = row[0]
            let data: Data = row[1] ?? Data()
            if let field = GeoCache.Field(rawValue: name) {
                draft[field] = String(decoding: data, as: UTF8.self)
            }
        }
        return draft
    }

    /// Keeps the form's unsaved text for the next run, replacing the previous
    /// draft; when every field is empty the draft is cleared.
    ///
    /// Unlike the store's other writes, the draft's transaction commits with
    /// `synchronous = NORMAL` (set before it, as SQLite requires, and `FULL` again once
    /// it has committed): the commit is in the write-ahead log in the page cache when
    /// this returns, without waiting for the disk, so quitting does not wait for
    /// `fdatasync`. A kill or a hang-up of the process after that cannot lose it (the
    /// kernel writes the page cache out whatever happens to the process), and WAL mode
    /// stays consistent; only a power cut or a crash of the system before the next
    /// checkpoint's sync can take the draft back to the previous one (docs/decisions.md).
    public func saveDraft(_ fields: [GeoCache.Field: String]) throws {
        try withoutWaitingForTheDisk {
            try write { db in
                try db.execute(sql: "DELETE FROM draft")
                for (field, value) in fields where !value.isEmpty {
                    try db.execute(sql: "INSERT INTO draft (field, value) VALUES (?, CAST(? AS TEXT))",
                                   arguments: [field.rawValue, Self.textArgument(value)])
                }
            }
        }
    }

    /// Runs `body`, whose writes go through ``write(_:)``, with `synchronous = NORMAL`
    /// on the store's connection (set before, as SQLite requires outside a
    /// transaction, and `FULL` again after): its commits do not wait for the disk.
    /// Only for what may be lost to a power cut without losing anything of the user's
    /// caches: the draft, and the digests and patches worked out from stored fields.
    func withoutWaitingForTheDisk<T>(_ body: () throws -> T) throws -> T {
        try ensureAttached()
        do {
            try queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA synchronous = NORMAL") }
        } catch {
            throw StoreError(wrapping: error, path: path)
        }
        defer {
            // The pragma writes nothing; a store detached meanwhile has no connection
            // left to restore.
            try? queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA synchronous = FULL") }
        }
        return try body()
    }
}
