import CSystem
import Glibc

/// An inotify watch that tells when another process may have changed a store file.
///
/// It watches the file's directory, which reports the events of the files in it: a
/// commit in WAL mode writes the `-wal` file (`IN_MODIFY`), a checkpoint writes the
/// store, and a deletion, a rename or a file moved over the store shows as its own
/// event. ``descriptor`` becomes readable on any of them, so a run loop can wait on it
/// in `poll()` beside the terminal instead of waking every second; the store then
/// confirms with `PRAGMA data_version` whether another connection really committed.
final class StoreFileWatch {
    /// The inotify descriptor (non-blocking, closed on exec).
    let descriptor: Int32
    /// The names in the directory whose events matter: the store and its side files.
    private let names: Set<String>

    /// A watch on `path`'s directory, or nil when the system gives none (no inotify,
    /// or the per-user watch limit reached): the caller then polls.
    init?(path: String) {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { return nil }
        let mask = IN_MODIFY | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_ATTRIB
            | IN_DELETE_SELF | IN_MOVE_SELF
        let watch = inotify_add_watch(descriptor, directory, UInt32(mask))
        guard watch >= 0 else {
            close(descriptor)
            return nil
        }
        self.descriptor = descriptor
        names = [name, name + "-wal", name + "-journal"]
    }

    /// True once ``handOverAtExit()`` gave the descriptor's last close to a child.
    private var handedOver = false

    deinit {
        guard !handedOver else { return }
        close(descriptor)
    }

    /// For a process about to exit: the descriptor's last close, and the wait that comes
    /// with it, is left to a short-lived child process.
    ///
    /// Closing the last descriptor of an inotify instance makes the kernel wait until
    /// the instance's marks are freed, which takes an SRCU grace period: short on a
    /// quiet system, much longer once files in the watched directory have changed
    /// (SQLite deletes its log and index when the store closes), and the same
    /// wait happens at exit if the process leaves the descriptor open. Removing the
    /// watch first does not help: the close then waits for that removal.
    ///
    /// The child inherits the descriptor and a pipe's read end; the parent closes its
    /// own descriptor at once (not the last one, so no wait) and keeps the pipe's write
    /// end until it exits. The child blocks reading the pipe, and when the parent has
    /// exited it exits too, closing the last descriptor and waiting in the parent's
    /// place; being orphaned, it is reaped by init. It keeps only the descriptor and the
    /// read end (`sys_close_all_but`). Between `fork` and `_exit` it calls only
    /// `close_range`, `close`, `read` and `_exit`, which are safe in the child of a
    /// process with threads. When there is no pipe or no child, the descriptor is closed here.
    func handOverAtExit() {
        guard !handedOver else { return }
        handedOver = true
        var ends: [Int32] = [-1, -1]
        guard sys_make_pipe(&ends, 0) == 0 else {
            close(descriptor)
            return
        }
        let (readEnd, writeEnd) = (ends[0], ends[1])
        let child = fork()
        if child == 0 {
            // Everything else closed: a child holding another child's write end (two
            // forks from two threads) would wait for it, and it for this one, forever.
            sys_close_all_but(readEnd, descriptor)
            var byte: UInt8 = 0
            while read(readEnd, &byte, 1) < 0, errno == EINTR {}
            _exit(0)
        }
        close(readEnd)
        if child < 0 { close(writeEnd) }  // no child: the write end is not needed
        close(descriptor)
    }

    /// The most reads one ``drain()`` makes (4 KiB each, a hundred events or more).
    static let readsPerDrain = 16

    /// Reads the pending events without waiting, at most ``readsPerDrain`` buffers of
    /// them; true when one was a write to the store or its log (or events were lost),
    /// which may be a commit not yet visible.
    ///
    /// Events left over keep ``descriptor`` readable, so the run loop comes back for them
    /// after answering its keys and signals: a directory whose files change without end
    /// (a log written at every event this program reads) cannot hold it here.
    @discardableResult
    func drain() -> Bool {
        var concerned = false
        let headerSize = MemoryLayout<inotify_event>.size
        var buffer = [UInt8](repeating: 0, count: 4096)
        var reads = 0
        while reads < Self.readsPerDrain {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return concerned }
            reads += 1
            var offset = 0
            while offset + headerSize <= count {
                let (mask, length) = buffer.withUnsafeBytes { bytes in
                    let event = bytes.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    return (event.mask, Int(event.len))
                }
                let nameBytes = buffer[(offset + headerSize)..<min(count, offset + headerSize + length)]
                let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
                // Only a write can be a commit not yet published; other events (SQLite,
                // run as root, gives its side files the store's owner on every open)
                // wake the caller once, for the identity check, and need no second look.
                let wrote = mask & UInt32(IN_MODIFY) != 0 && names.contains(name)
                if wrote || mask & UInt32(IN_Q_OVERFLOW) != 0 { concerned = true }
                offset += headerSize + length
            }
        }
        return concerned
    }
}
