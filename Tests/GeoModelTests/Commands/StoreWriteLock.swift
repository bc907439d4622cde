import Foundation
import GRDB

/// True while another connection holds the write lock of the SQLite store at `url`: an
/// import's transaction, which takes the lock only once it has read its whole input.
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

/// True while `process` is inside an import's reading: it has the import's spool file
/// open (`geocache-tui-import.XXXXXX`, unlinked at once), which it makes before it
/// reads its first byte and keeps until the import ends.
func isReadingAnImport(_ process: Process) -> Bool {
    let descriptors = "/proc/\(process.processIdentifier)/fd"
    for entry in (try? FileManager.default.contentsOfDirectory(atPath: descriptors)) ?? [] {
        if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "\(descriptors)/\(entry)"),
           target.contains("/geocache-tui-import.") { return true }
    }
    return false
}
