/// The caches the user browses: the model object the controller owns.
///
/// It follows the four parts of a model:
/// - **Fundamental data** lives in the ``store``; the list holds only what is shown:
///   the ``current`` cache, the ``count`` and the ``position``. It never loads every
///   cache, so it starts as fast with a million caches as with ten.
/// - **Derived data**: ``currentDescription``, ``positionText``, ``isEmpty``; the
///   validity rule is ``GeoCache/missingFields``. Views ask here, never compute.
/// - **Notifications**: every change is broadcast once, as a ``CacheListChange``, to
///   every observer registered with ``observe(_:)``.
/// - **Self-initialisation**: ``init(store:)`` reads the count and the first cache.
///
/// ```swift
/// let list = try CacheList(store: CacheStore(url: url))
/// let token = list.observe { change in print(change) }
/// try list.add(GeoCache(title: "Old Oak", details: "Behind the tree",
///                       creator: "ana", reward: "Travel bug"))   // .added(..., position: 1, count: 1)
/// list.showNext()                                                // nothing: one cache, no move
/// ```
///
/// Not thread-safe: use it from the main thread only.
public final class CacheList {
    /// Where the caches are kept.
    public let store: CacheStore

    /// The cache being shown, or nil when the list is empty.
    public private(set) var current: StoredCache?
    /// How many caches are stored.
    public private(set) var count: Int
    /// The 1-based position of ``current`` in stored order, nil when empty.
    public private(set) var position: Int?

    private var observers: [Int: (CacheListChange) -> Void] = [:]
    private var nextObserverKey = 0

    /// Starts from the store's state: its count, and its first cache as current.
    public init(store: CacheStore) throws {
        self.store = store
        count = try store.count()
        current = try store.first()
        position = current == nil ? nil : 1
    }

    // MARK: - Derived data

    /// The current cache's multi-line description, nil when the list is empty.
    public var currentDescription: String? { current?.cache.description }

    /// Where the current cache sits, "3 of 12"; "0 of 0" when the list is empty.
    public var positionText: String { "\(position ?? 0) of \(count)" }

    /// True when no cache is stored.
    public var isEmpty: Bool { count == 0 }

    // MARK: - Operations

    /// Validates and stores `cache`; it becomes the current cache.
    ///
    /// Broadcasts ``CacheListChange/added(_:position:count:)`` on success.
    /// - Throws: ``GeoCacheValidationError`` naming the empty fields (nothing is
    ///   stored, nothing broadcast), or ``StoreError`` when the write fails.
    @discardableResult
    public func add(_ cache: GeoCache) throws -> StoredCache {
        let (stored, newCount) = try store.append(cache)
        current = stored
        count = newCount
        position = newCount
        broadcast(.added(stored, position: newCount, count: newCount))
        return stored
    }

    /// Moves to the next cache in stored order, wrapping from the last to the first.
    ///
    /// Broadcasts ``CacheListChange/currentMoved(_:position:)``. Does nothing, and
    /// broadcasts nothing, when the list is empty or holds a single cache. A store
    /// error leaves the state as it was and is broadcast as
    /// ``CacheListChange/failed(_:)``, so the key handler that calls this need not
    /// handle errors.
    public func showNext() {
        guard let shown = current else { return }
        do {
            let next: StoredCache?
            let nextPosition: Int?
            if let following = try store.cache(after: shown.id) {
                next = following
                nextPosition = (position ?? 0) + 1
            } else {
                next = try store.first()
                nextPosition = next == nil ? nil : 1
            }
            guard next != current || nextPosition != position else { return }
            current = next
            position = nextPosition
            if next == nil { count = 0 }
            broadcast(.currentMoved(next, position: nextPosition))
        } catch {
            broadcast(.failed(StoreError(wrapping: error, path: store.url.path)))
        }
    }

    /// Re-reads the count, the current cache (kept when it still exists, else the
    /// next one) and its position from the store, and broadcasts
    /// ``CacheListChange/reloaded(count:)``.
    public func reload() throws {
        try refresh()
        broadcast(.reloaded(count: count))
    }

    /// Asks the store whether another process committed since the last check; if so
    /// re-reads the state like ``reload()`` and broadcasts
    /// ``CacheListChange/storeChangedExternally(count:)``.
    ///
    /// A commit that changes nothing the list shows (another process's draft, for
    /// one) broadcasts nothing. One `PRAGMA` when nothing changed: cheap enough to
    /// call once a second.
    public func checkForExternalChanges() throws {
        guard try store.hasChangedExternally() else { return }
        let before = (current, count, position)
        try refresh()
        guard before != (current, count, position) else { return }
        broadcast(.storeChangedExternally(count: count))
    }

    /// Every stored cache in stored order (the lab's `loadCachesFromDefaults()`).
    public func loadCaches() throws -> [GeoCache] {
        try store.loadCaches()
    }

    /// Replaces every stored cache with `caches` in one transaction (the lab's
    /// `saveCachesToDefaults(_:)`); the first becomes current. Broadcasts
    /// ``CacheListChange/reloaded(count:)``.
    public func saveCaches(_ caches: [GeoCache]) throws {
        try store.saveCaches(caches)
        current = try store.first()
        count = try store.count()
        position = current == nil ? nil : 1
        broadcast(.reloaded(count: count))
    }

    /// The form's unsaved text kept from the previous run.
    public func loadDraft() throws -> [GeoCache.Field: String] {
        try store.loadDraft()
    }

    /// Keeps the form's unsaved text for the next run; all-empty clears it.
    /// Drafts are not list changes: nothing is broadcast.
    public func saveDraft(_ fields: [GeoCache.Field: String]) throws {
        try store.saveDraft(fields)
    }

    // MARK: - Notifications

    /// Registers `observer` to receive every later change, in registration order
    /// among observers, until the returned token is cancelled or released.
    public func observe(_ observer: @escaping (CacheListChange) -> Void) -> ObservationToken {
        let key = nextObserverKey
        nextObserverKey += 1
        observers[key] = observer
        return ObservationToken { [weak self] in
            self?.observers[key] = nil
        }
    }

    private func broadcast(_ change: CacheListChange) {
        for key in observers.keys.sorted() {
            // An observer may cancel another one while being told.
            observers[key]?(change)
        }
    }

    /// Re-reads count, current (the same cache if it still exists, else the one
    /// after it, else the first) and position.
    private func refresh() throws {
        let newCount = try store.count()
        var newCurrent: StoredCache? = nil
        if let shown = current {
            newCurrent = try store.cache(shown.id) ?? store.cache(after: shown.id)
        }
        if newCurrent == nil { newCurrent = try store.first() }
        let newPosition = try newCurrent.map { try store.position(of: $0.id) }
        current = newCurrent
        count = newCount
        position = newPosition
    }
}
