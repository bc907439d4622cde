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
///
/// The files are a short list, not a dictionary: a process has one or two stores open,
/// and a dictionary keyed by a type of its own costs the Swift runtime a scan of every
/// protocol conformance in the program at its first use (docs/performance.md, issue 11).
enum OpenStoreFiles {
    private final class Registry: @unchecked Sendable {
        let lock = NSLock()
        var counts: [(identity: StoreFile.Identity, count: Int)] = []
    }

    private static let registry = Registry()

    /// True when a store of this process has the file `identity` open.
    static func contains(_ identity: StoreFile.Identity) -> Bool {
        registry.lock.withLock { registry.counts.contains { $0.identity == identity } }
    }

    /// Notes that a store opened the file `identity`.
    static func retain(_ identity: StoreFile.Identity) {
        registry.lock.withLock {
            if let index = registry.counts.firstIndex(where: { $0.identity == identity }) {
                registry.counts[index].count += 1
            } else {
                registry.counts.append((identity, 1))
            }
        }
    }

    /// Notes that a store opened on the file `identity` closed.
    static func release(_ identity: StoreFile.Identity) {
        registry.lock.withLock {
            guard let index = registry.counts.firstIndex(where: { $0.identity == identity }) else { return }
            registry.counts[index].count -= 1
            if registry.counts[index].count <= 0 { registry.counts.remove(at: index) }
        }
    }
}
