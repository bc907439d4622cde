import Foundation
import GRDB

/// Ways to damage an SQLite file of field mode on this machine (the copy, the outbox),
/// as a failing disk, a stray tool or a person might: a value the program never writes,
/// pages of garbage, text in place of the database, a file cut short.
package enum FileDamage: CustomStringConvertible, Sendable {
    /// Runs `sql` on the file, its mode made writable for it and restored.
    case sql(String)
    /// Garbage over every page after the first.
    case garbagePages
    /// Text in place of the database.
    case notSQLite
    /// The file cut to `bytes` bytes.
    case truncated(to: Int)

    /// How test output names it.
    package var description: String {
        switch self {
        case .sql(let sql): sql
        case .garbagePages: "garbage pages"
        case .notSQLite: "not an SQLite file"
        case .truncated(let bytes): "truncated to \(bytes) bytes"
        }
    }

    /// Damages the file at `path`.
    package func apply(to path: String) throws {
        var info = stat()
        guard stat(path, &info) == 0 else { throw CocoaError(.fileNoSuchFile) }
        chmod(path, 0o600)
        defer { chmod(path, info.st_mode & 0o777) }
        switch self {
        case .sql(let sql):
            let queue = try DatabaseQueue(path: path)
            try queue.writeWithoutTransaction { db in try db.execute(sql: sql) }
            try queue.close()
        case .garbagePages:
            let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
            defer { try? handle.close() }
            let size = try handle.seekToEnd()
            guard size > 4096 else { return }
            try handle.seek(toOffset: 4096)
            var generator = SeededGenerator(state: 35)
            handle.write(Data((4096..<size).map { _ in UInt8.random(in: 0...255, using: &generator) }))
        case .notSQLite:
            try Data("These are not the caches you are looking for.\n".utf8).write(to: URL(fileURLWithPath: path))
        case .truncated(let bytes):
            guard truncate(path, off_t(bytes)) == 0 else { throw CocoaError(.fileWriteUnknown) }
        }
    }
}
