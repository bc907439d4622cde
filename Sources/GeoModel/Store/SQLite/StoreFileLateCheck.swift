import CSystem
import Foundation
import GRDB

/// The integrity check of a store file geocache-tui has not seen as it is
/// (``StoreFile/CheckRecord``), run after the form shows the store instead of before
/// (issue 39): SQLite's `quick_check` reads every page, 30 ms for 100,000 caches and
/// half a second for a million, which the first frame no longer waits for.
///
/// The check runs on a thread of its own with a read-only connection of its own, so
/// the store's connection stays the caller's alone (a store is used from one thread
/// at a time) and answers reads meanwhile. ``descriptor`` becomes readable when the
/// verdict is in, for a run loop to wait on; ``wait()`` blocks for it (a write
/// does: nothing is written into a file before it is known to be sound); ``stop()``
/// ends it early, for a program that quits.
final class StoreFileLateCheck: @unchecked Sendable {
    let path: String
    let identity: StoreFile.Identity
    /// Guards ``connection`` and ``stopped``, which ``stop()`` reads from the caller's thread.
    private let lock = NSLock()
    private var connection: DatabaseQueue?
    private var stopped = false
    /// Written by the thread before it writes into the pipe; read once it is joined.
    private var found: StoreError?
    private var thread: pthread_t?
    private var started = false
    private var joined = false
    /// Set by ``stop()``: the check gives no verdict.
    private(set) var wasStopped = false
    /// The thread writes one byte into it when the verdict is in; both ends -1 when
    /// no pipe could be made (the check then runs when ``wait()`` is called).
    private var pipe: (read: Int32, write: Int32) = (-1, -1)

    /// Whether the check is SQLite's `integrity_check` rather than `quick_check`: the
    /// store's log held commits not in the file when it opened
    /// (``SQLiteStore/logHoldsMoreThanTheFile(_:)``).
    let thorough: Bool

    /// The mark in the file's header when the store opened it
    /// (``SQLiteStore/checkMark(_:path:)``), nil when it could not be compared: another
    /// mark there when the verdict is in says a file was copied over the store meanwhile.
    let mark: Int32?

    init(path: String, identity: StoreFile.Identity, thorough: Bool = false, mark: Int32? = nil) {
        self.path = path
        self.identity = identity
        self.thorough = thorough
        self.mark = mark
        var ends: [Int32] = [-1, -1]
        if sys_make_pipe(&ends, 1) == 0 { pipe = (ends[0], ends[1]) }
    }

    deinit {
        stop()
        if pipe.read >= 0 { close(pipe.read) }
        if pipe.write >= 0 { close(pipe.write) }
    }

    /// Starts the check on its thread; does nothing when it started already. Without a
    /// pipe or a thread, the check waits for ``wait()``, which runs it.
    func start() {
        guard !started, pipe.read >= 0 else { return }
        started = true
        var created = pthread_t()
        let context = Unmanaged.passRetained(self).toOpaque()
        let status = pthread_create(&created, nil, { context in
            Unmanaged<StoreFileLateCheck>.fromOpaque(context!).takeRetainedValue().run()
            return nil
        }, context)
        if status == 0 {
            thread = created
        } else {
            Unmanaged<StoreFileLateCheck>.fromOpaque(context).release()
            started = false
        }
    }

    /// Readable once the verdict is in; -1 when there is no pipe (ask ``isDone``).
    var descriptor: Int32 { pipe.read }

    /// Whether ``wait()`` would return at once. Never blocks.
    var isDone: Bool {
        if joined { return true }
        guard thread != nil, pipe.read >= 0 else { return false }
        var ready = pollfd(fd: pipe.read, events: Int16(POLLIN), revents: 0)
        return poll(&ready, 1, 0) == 1
    }

    /// The damage the check found, nil for a sound file, once it is done: runs it on
    /// this thread when it was never started, else waits for its thread.
    func wait() -> StoreError? {
        if !joined {
            if let thread {
                pthread_join(thread, nil)
                self.thread = nil
            } else {
                found = check()
            }
            joined = true
        }
        return found
    }

    /// Ends a check still running (SQLite's interrupt), waiting for its thread at most
    /// a tenth of a second, then leaving it to end with the process; the file is not
    /// recorded, and there is no verdict (``wasStopped``). For a program that quits, and
    /// a store released while its file is checked.
    func stop() {
        guard let thread, !joined else { return }
        self.thread = nil
        joined = true
        // The thread's own last reference may be the one that ends this object.
        if pthread_equal(thread, pthread_self()) != 0 { pthread_detach(thread); return }
        var done = pollfd(fd: pipe.read, events: Int16(POLLIN), revents: 0)
        if poll(&done, 1, 0) == 1 {
            // Done already: its verdict stands.
            pthread_join(thread, nil)
            return
        }
        wasStopped = true
        lock.withLock {
            stopped = true
            connection?.interrupt()
        }
        var ready = pollfd(fd: pipe.read, events: Int16(POLLIN), revents: 0)
        if poll(&ready, 1, 100) == 1 {
            pthread_join(thread, nil)
        } else {
            // The thread holds this object, and so its pipe, until it is done.
            pthread_detach(thread)
        }
    }

    private func run() {
        found = check()
        if pipe.write >= 0 {
            var byte: UInt8 = 1
            _ = write(pipe.write, &byte, 1)
        }
    }

    /// Opens a read-only connection of its own and checks the file
    /// (``SQLiteStore/quickCheck(_:path:thorough:)``), recording it when sound.
    private func check() -> StoreError? {
        do {
            var configuration = Configuration()
            configuration.readonly = true
            configuration.label = "geocache-tui late check"
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            let goOn = lock.withLock { () -> Bool in
                if !stopped { connection = queue }
                return !stopped
            }
            defer { lock.withLock { connection = nil } }
            guard goOn else { return nil }
            try SQLiteStore.quickCheck(queue, path: path, thorough: thorough)
            // A file copied over the store meanwhile is not the file checked: not recorded.
            if !SQLiteStore.fileWasCopiedOver(queue, since: mark, path: path) { StoreFile.CheckRecord.record(path, identity) }
            return nil
        } catch let error as StoreError {
            return error
        } catch let error as DatabaseError {
            // Interrupted (quitting), or the file could not be opened again: no damage
            // found, and the file is not recorded, so the next opening checks it.
            return SQLiteStore.unreadable(error, path: path)
        } catch {
            return nil
        }
    }
}
