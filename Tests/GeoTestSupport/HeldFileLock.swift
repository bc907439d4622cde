import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// An exclusive `flock` on a lock file (`copy.lock`, `outbox.lock`) held as another
/// process holds it (the lock belongs to the open file, so this process's own openings
/// wait for it too), until ``release()``.
package final class HeldFileLock: @unchecked Sendable {
    package struct Failure: Error, CustomStringConvertible {
        package let description: String
    }

    private let descriptor: Int32
    private let inode: UInt64
    private let lock = NSLock()
    private var held = true

    /// Takes the lock of the file at `path` (made when missing), without waiting.
    package init(path: String) throws {
        descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw Failure(description: "\(path) cannot be opened: \(String(cString: strerror(errno)))") }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            throw Failure(description: "\(path) is locked already")
        }
        var info = stat()
        fstat(descriptor, &info)
        inode = UInt64(info.st_ino)
    }

    /// Lets the waiting writers go on.
    package func release() {
        lock.withLock {
            guard held else { return }
            held = false
            close(descriptor)
        }
    }

    /// Releases the lock `delay` from now, on a thread of its own: for a test whose main
    /// thread waits meanwhile in the call under test.
    package func release(after delay: Duration) {
        let seconds = Double(delay.components.seconds) + Double(delay.components.attoseconds) / 1e18
        let thread = Thread { [self] in
            Thread.sleep(forTimeInterval: seconds)
            release()
        }
        thread.start()
    }

    /// Whether a `flock` of this process waits for the lock (a blocked request, listed
    /// with `->` in `/proc/locks`).
    package var hasWaiterOfThisProcess: Bool {
        guard let table = try? String(contentsOfFile: "/proc/locks", encoding: .utf8) else { return false }
        return table.split(separator: "\n").contains { line in
            let fields = line.split(separator: " ")
            return fields.contains("->") && fields.contains("FLOCK") && fields.contains(Substring(String(getpid())))
                && fields.contains { $0.hasSuffix(":\(inode)") }
        }
    }

    deinit { release() }
}
