import Foundation
import GRDB

/// True while another connection holds the write lock of the SQLite store at `url`: an
/// import's transaction, which takes the lock before it reads anything (and after the
/// command has set up its progress line).
func writeLockIsHeld(_ url: URL) -> Bool {
    var configuration = Configuration()
    configuration.busyMode = .immediateError
    guard let queue = try? DatabaseQueue(path: url.path, configuration: configuration) else { return false }
    defer { try? queue.close() }
    do {
        try queue.inDatabase { db in
            try db.execute(sql: "BEGIN IMMEDIATE")
            try db.execute(sql: "ROLLBACK")
        }
        return false
    } catch {
        return true
    }
}
