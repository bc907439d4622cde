import CSystem
import Foundation

/// A store being opened on a thread of its own, while the caller does other work (the
/// form opens its terminal and paints its first frame meanwhile); ``wait()`` hands the
/// store over.
///
/// The thread opens the store and reads what a ``CacheList`` starts from (the count, the
/// first cache and takes a kept draft: ``CacheList/finishOpening()`` takes them); the store
/// is used from the caller's thread alone afterwards, the semaphore ordering the
/// thread's work before the caller's (a store is used from one thread at a time).
///
/// ```swift
/// let opening = StoreOpening(location)
/// defer { opening.finish() }
/// // ... open the terminal ...
/// let store = try opening.wait()
/// ```
///
/// A caller with a run loop need not wait: ``readyDescriptor`` becomes readable when
/// the thread is done, and ``isReady`` says so without blocking, so the form answers
/// ^Q, resizes and signals while a store with a huge first cache is still being read.
///
/// A club store (a server's URL) opened with its ``fieldFiles`` that cannot be reached
/// opens this machine's copy of it instead (``ClubCopy``), or an empty store that can only
/// be read when there is no copy; ``ClubAway`` then says which (field mode, issue 28).
/// One that answers first moves to its drafts the text forms on the copy kept on this
/// machine (``LocalDrafts``), so the draft taken for the form is the most recent of it.
public final class StoreOpening: @unchecked Sendable {
    /// Where the store is being opened.
    public let location: StoreLocation
    /// The club store's files on this machine, when the copy stands in for a server
    /// that cannot be reached; nil for a file store, and for an opening that fails instead.
    public let fieldFiles: FieldFiles?
    private let done = DispatchSemaphore(value: 0)
    /// A store just opened, with what a list starts from.
    struct Opened {
        let store: any CacheStore
        /// The count, the first cache and a draft taken for the form (none when it could
        /// not be taken: a draft is a convenience, never a reason not to start).
        let contents: StoreContents
        /// Why the store is not the club's own, when the server could not be reached.
        var away: ClubAway? = nil
        /// What the server's opening met, when it could not be reached.
        var unreachable: StoreError? = nil
        /// The copy, found damaged and set aside while the server could not be reached.
        var setAside: FieldFileSetAside? = nil
    }

    /// What the thread met: the store opened, or why not. An enum of its own, not a
    /// `Result<Opened, StoreError>`: the runtime builds that type's metadata from its
    /// mangled name on both threads, checking `StoreError: Error` by a search of all
    /// the program's conformance records (a quarter of a million instructions).
    private enum Outcome {
        case opened(Opened)
        case failed(StoreError)
    }

    /// Written by the thread before it signals `done`; taken by ``take()``.
    private var outcome: Outcome?

    /// Guards ``lockMet``, which the opening's thread writes and the form reads.
    private let lockMetLock = NSLock()
    /// The lock another session held the last time the opening met it.
    private var lockMet: StoreError?
    /// How long the opening waits before it tries again after meeting a lock.
    static let lockRetryDelay: useconds_t = 500_000

    /// While the opening waits out another session's lock (an admin's `LOCK TABLE`, a
    /// `VACUUM FULL`, a migration), that lock (``StoreError/locked(path:holder:)``):
    /// opening only reads, so it tries again until the lock goes, rather than fail.
    public var waitsForLock: StoreError? { lockMetLock.withLock { lockMet } }
    private var waited = false
    /// The thread, joined by ``finish()``; nil when none could be started (the store
    /// was then opened by the initializer) and once joined.
    private var thread: pthread_t?
    /// A pipe the thread writes one byte into when it is done: its read end is
    /// ``readyDescriptor``. Both ends are -1 when no pipe could be made (``isReady``
    /// then asks the semaphore).
    private var readyPipe: (read: Int32, write: Int32) = (-1, -1)

    /// Starts opening the store at `location`; a club store (a server's URL) that cannot
    /// be reached falls back to this machine's copy, whose files `environment` places
    /// (``FieldFiles/init(serverURL:environment:connectionEnvironment:)``; the process's own variables when
    /// nil, read only for a club store: a file store's form builds no dictionary of
    /// them on its way to the first frame).
    public convenience init(_ location: StoreLocation, environment: [String: String]? = nil) {
        if case .server(let url) = location {
            let environment = environment ?? StoreLocation.processEnvironment()
            self.init(location, fieldFiles: FieldFiles(serverURL: url, environment: environment))
        } else {
            self.init(location, fieldFiles: nil)
        }
    }

    /// Starts opening the store at `location`; when `fieldFiles` is given and the server
    /// cannot be reached, the copy those files hold opens instead.
    public init(_ location: StoreLocation, fieldFiles: FieldFiles?) {
        self.location = location
        self.fieldFiles = fieldFiles
        var ends: [Int32] = [-1, -1]
        if sys_make_pipe(&ends, 1) == 0 { readyPipe = (ends[0], ends[1]) }
        var started = pthread_t()
        let context = Unmanaged.passRetained(self).toOpaque()
        let status = pthread_create(&started, nil, { context in
            Unmanaged<StoreOpening>.fromOpaque(context!).takeRetainedValue().open()
            return nil
        }, context)
        if status == 0 {
            thread = started
        } else {
            Unmanaged<StoreOpening>.fromOpaque(context).release()
            open()
        }
    }

    private func open() {
        do {
            outcome = .opened(try openStore())
        } catch {
            outcome = .failed(error)
        }
        done.signal()
        if readyPipe.write >= 0 {
            var byte: UInt8 = 1
            _ = write(readyPipe.write, &byte, 1)
        }
    }

    /// The store at ``location`` with what a list starts from; for a club store whose
    /// server cannot be reached, this machine's copy of it (``openCopy(of:name:)``).
    private func openStore() throws(StoreError) -> Opened {
        do {
            let (store, contents) = try openWaitingOutLocks()
            if let fieldFiles, let another = Self.anotherClub(store, contents: contents, files: fieldFiles) {
                var copy = try Self.openCopy(of: fieldFiles, name: location.shortName)
                copy.unreachable = another
                return copy
            }
            // Drafts kept on this machine while the copy was shown move first (issue 34).
            let moved = fieldFiles.map { LocalDrafts(files: $0).moveBeforeTaking(to: store, contents: contents) }
            return Opened(store: store, contents: moved ?? contents)
        } catch {
            let failure = StoreError(wrapping: error, path: location.description)
            guard let fieldFiles, failure.meansTheServerCannotBeReached else { throw failure }
            var copy = try Self.openCopy(of: fieldFiles, name: location.shortName)
            copy.unreachable = failure
            return copy
        }
    }

    /// Why `store`, just opened, is not to be shown in place of this machine's copy: it
    /// is another club database than the one `files` came from
    /// (``StoreError/anotherClub(server:kept:)``); the draft its opening took is given
    /// back, and nothing else was written there. Nil when it is the club's.
    private static func anotherClub(_ store: any CacheStore, contents: StoreContents, files: FieldFiles) -> StoreError? {
        do {
            try files.checkClub(of: store)
            return nil
        } catch let error as StoreError {
            guard case .anotherClub = error else { return nil }
            if let draft = contents.draft { try? store.releaseDraft(draft.id) }
            return error
        } catch {
            return nil
        }
    }

    /// The store at ``location`` and what a list starts from, tried again every
    /// ``lockRetryDelay`` while another session's lock keeps it from being read
    /// (``waitsForLock`` says which); the thread ends with the process if the form
    /// quits meanwhile.
    private func openWaitingOutLocks() throws -> (any CacheStore, StoreContents) {
        while true {
            do {
                let opened = try location.openWithContents()
                lockMetLock.withLock { lockMet = nil }
                return opened
            } catch {
                let failure = StoreError(wrapping: error, path: location.description)
                guard case .locked = failure else { throw error }
                lockMetLock.withLock { lockMet = failure }
                usleep(Self.lockRetryDelay)
            }
        }
    }

    /// This machine's copy of the club store whose server could not be reached, or an
    /// empty store that can only be read when there is none, or when the copy was
    /// damaged (it is set aside, and ``Opened/setAside`` says so): an Add needs no copy.
    /// Its drafts are not taken: they are the club's, kept on the server.
    private static func openCopy(of files: FieldFiles, name: String) throws(StoreError) -> Opened {
        let copy = ClubCopy(files: files)
        var setAside: FieldFileSetAside?
        do {
            if let refreshedAt = try copy.refreshedAt() {
                let store = try copy.open()
                let contents = StoreContents(count: try store.count(), first: try store.first(), draft: nil)
                return Opened(store: store, contents: contents, away: .copy(refreshedAt: refreshedAt))
            }
        } catch let damaged as FieldFileSetAside {
            setAside = damaged
        } catch StoreError.noCopy {
            // Set aside by another process meanwhile.
        } catch {
            throw StoreError(wrapping: error, path: files.copyPath)
        }
        let empty = CacheList.NoCopyStore(name: name)
        return Opened(store: empty, contents: StoreContents(count: 0, first: nil, draft: nil), away: .noCopy,
                      setAside: setAside)
    }

    /// A descriptor that becomes readable once the store is open (or failed to open),
    /// for a run loop to wait on beside the terminal; -1 when there is none, and then
    /// ``isReady`` must be asked from time to time.
    public var readyDescriptor: Int32 { readyPipe.read }

    /// Whether ``wait()`` would return at once: the thread is done. Never blocks.
    public var isReady: Bool {
        guard !waited else { return true }
        if readyPipe.read >= 0 {
            var ready = pollfd(fd: readyPipe.read, events: Int16(POLLIN), revents: 0)
            return poll(&ready, 1, 0) == 1
        }
        guard done.wait(timeout: .now()) == .success else { return false }
        done.signal()
        return true
    }

    /// The opened store, once the thread has opened it; the error it met otherwise.
    /// Called once (or ``take()`` once): the store is then the caller's alone.
    public func wait() throws(StoreError) -> any CacheStore {
        try take().store
    }

    /// The opened store and what a list starts from; called once.
    func take() throws(StoreError) -> Opened {
        precondition(!waited, "a store opening hands its store over once")
        waited = true
        done.wait()
        defer { outcome = nil }
        switch outcome! {
        case .opened(let opened): return opened
        case .failed(let error): throw error
        }
    }

    /// True when `location` names a store file that is not there yet, which an opening
    /// would make (with the directories on the way to it): one `stat`. A form opens the
    /// terminal before it starts such an opening, so that a form that cannot start makes
    /// nothing. Taking a new file away again could not be done safely: another process
    /// may have opened it meanwhile and stored a cache in it.
    public static func wouldMakeAFile(_ location: StoreLocation) -> Bool {
        guard case .file(let path, _) = location else { return false }
        var status = stat()
        return stat(path, &status) != 0 && errno == ENOENT
    }

    /// Waits for the thread to end (it has, or is about to once ``wait()`` returned: it
    /// ends right after handing the store over) and frees what it held. Called when the
    /// caller is done with the store, so the join is never on the way to the first paint.
    ///
    /// A thread still opening (the user quit before the store was read) is not waited
    /// for: it is detached and ends with the process, which is about to exit. What it
    /// was doing needs no finishing: a read, or a draft's claim, which a store that is
    /// left without its commit rolls back, and which a claim by a process that has
    /// ended does not hold.
    public func finish() {
        if let thread {
            self.thread = nil
            guard waited || isReady else {
                // The pipe stays open: the thread still writes into it when it is done.
                pthread_detach(thread)
                return
            }
            pthread_join(thread, nil)
        }
        if readyPipe.read >= 0 { close(readyPipe.read) }
        if readyPipe.write >= 0 { close(readyPipe.write) }
        readyPipe = (-1, -1)
    }
}
