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
public final class StoreOpening: @unchecked Sendable {
    /// Where the store is being opened.
    public let location: StoreLocation
    private let done = DispatchSemaphore(value: 0)
    /// A store just opened, with what a list starts from.
    struct Opened {
        let store: any CacheStore
        /// The count, the first cache and a draft taken for the form (none when it could
        /// not be taken: a draft is a convenience, never a reason not to start).
        let contents: StoreContents
    }

    /// Written by the thread before it signals `done`; taken by ``take()``.
    private var result: Result<Opened, StoreError>?
    private var waited = false
    /// The thread, joined by ``finish()``; nil when none could be started (the store
    /// was then opened by the initializer) and once joined.
    private var thread: pthread_t?

    /// Starts opening the store at `location`.
    public init(_ location: StoreLocation) {
        self.location = location
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
        result = Result { () throws(StoreError) -> Opened in
            let store = try location.open()
            do {
                return Opened(store: store, contents: try store.openingContents())
            } catch {
                throw StoreError(wrapping: error, path: store.name)
            }
        }
        done.signal()
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
        defer { result = nil }
        return try result!.get()
    }

    /// Waits for the thread to end (it has, or is about to once ``wait()`` returned: it
    /// ends right after handing the store over) and frees what it held. Called when the
    /// caller is done with the store, so the join is never on the way to the first paint.
    public func finish() {
        guard let thread else { return }
        pthread_join(thread, nil)
        self.thread = nil
    }
}
