/// One change of a ``CacheList``, as broadcast to its observers.
///
/// Each change is broadcast exactly once, after the list's properties already hold
/// the new state; a call that changes nothing broadcasts nothing.
public enum CacheListChange: Equatable, Sendable {
    /// A cache was added through this list and became the current one.
    case added(StoredCache, position: Int, count: Int)
    /// The current cache changed (``CacheList/showNext()``); nil when the list is empty.
    case currentMoved(StoredCache?, position: Int?)
    /// Everything was re-read from the store or replaced (``CacheList/reload()``,
    /// ``CacheList/saveCaches(_:)``): observers should redraw all they show.
    case reloaded(count: Int)
    /// Another process (or another store on the same file) changed the store; the
    /// count, the current cache and its position have been re-read.
    case storeChangedExternally(count: Int)
    /// An operation that cannot throw (``CacheList/showNext()``) failed to reach
    /// the store; the list's state is unchanged.
    case failed(StoreError)
}
