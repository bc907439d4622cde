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
/// ``SQLiteStore`` on it skips the header check, which the first one already made.
enum OpenStoreFiles {
    private final class Registry: @unchecked Sendable {
        let lock = NSLock()
        var counts: [StoreFile.Identity: Int] = [:]
    }

    private static let registry = Registry()

    /// True when a store of this process has the file `identity` open.
    static func contains(_ identity: StoreFile.Identity) -> Bool {
        registry.lock.withLock { registry.counts[identity] != nil }
    }

    /// Notes that a store opened the file `identity`.
    static func retain(_ identity: StoreFile.Identity) {
        registry.lock.withLock { registry.counts[identity, default: 0] += 1 }
    }

    /// Notes that a store opened on the file `identity` closed.
    static func release(_ identity: StoreFile.Identity) {
        registry.lock.withLock {
            let count = (registry.counts[identity] ?? 1) - 1
            registry.counts[identity] = count > 0 ? count : nil
        }
    }
}
