import GRDB

/// Another connection holding a store file's write lock (`BEGIN IMMEDIATE`), as a
/// transaction left open in `sqlite3` does, until ``release()``.
package final class FileWriteLock {
    private let queue: DatabaseQueue

    /// Takes the write lock of the SQLite file at `path`.
    package init(path: String) throws {
        var configuration = Configuration()
        configuration.allowsUnsafeTransactions = true  // the transaction stays open between calls
        queue = try DatabaseQueue(path: path, configuration: configuration)
        try queue.inDatabase { db in try db.execute(sql: "BEGIN IMMEDIATE") }
    }

    /// Ends the transaction: writers may go on.
    package func release() throws {
        try queue.inDatabase { db in try db.execute(sql: "ROLLBACK") }
    }

    deinit { try? queue.close() }
}
