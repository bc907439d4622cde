import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The store files this process has open through SQLite, by device and inode.
///
/// SQLite's locks are POSIX record locks, which belong to the process: when the
/// process closes *any* descriptor of a file, every lock it holds on that file goes,
/// including those of SQLite connections that are still open. In WAL mode each
/// connection keeps a shared lock on the database file for as long as it is open, and
/// a connection closing in another process deletes the write-ahead log when it can
/// take an exclusive lock, believing itself the last. So a store file this process
/// already has open must never be opened and closed outside SQLite: opening a second
/// ``CacheStore`` on it skips the header check, which the first one already made.
enum OpenStoreFiles {
    private struct Key: Hashable {
        let device: UInt64
        let inode: UInt64

        init(_ info: stat) {
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
        }
    }

    private final class Registry: @unchecked Sendable {
        let lock = NSLock()
        var counts: [Key: Int] = [:]
    }

    private static let registry = Registry()

    /// True when a store of this process has the file with `info`'s device and
    /// inode open.
    static func contains(_ info: stat) -> Bool {
        registry.lock.withLock { registry.counts[Key(info)] != nil }
    }

    /// Notes that a store opened the file at `path`; returns what to pass to
    /// ``release(_:)`` when it closes, nil when the file cannot be found.
    static func retain(_ path: String) -> stat? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        registry.lock.withLock { registry.counts[Key(info), default: 0] += 1 }
        return info
    }

    /// Notes that a store opened on `info`'s file closed.
    static func release(_ info: stat) {
        registry.lock.withLock {
            let key = Key(info)
            let count = (registry.counts[key] ?? 1) - 1
            registry.counts[key] = count > 0 ? count : nil
        }
    }
}
