/// The caches the user browses: the model object the controller owns.
///
/// It follows the four parts of a model:
/// - **Fundamental data** lives in the ``store``; the list holds only what is shown:
///   the ``current`` cache, the ``count`` and the ``position``, plus, during a
///   search, the identifiers of its matches. It never loads every cache, so it
///   starts as fast with a million caches as with ten.
/// - **Derived data**: ``currentDescription``, ``positionText``, ``isEmpty``,
///   ``isSearching``, ``searchMatchCount``, ``searchPosition``; the validity rule is
///   ``GeoCache/missingFields``. Views ask here, never compute.
/// - **Notifications**: every change is broadcast once, as a ``CacheListChange``, to
///   every observer registered with ``observe(_:)``.
/// - **Self-initialisation**: ``init(store:)`` reads the count and the first cache.
///
/// ```swift
/// let list = try CacheList(store: CacheStore(url: url))
/// let token = list.observe { change in statusView.update(for: change) }
/// try list.add(GeoCache(title: "Old Oak", details: "Behind the tree",
///                       creator: "ana", reward: "Travel bug"))   // .added(..., position: 1, count: 1)
/// list.showNext()                                                // nothing: one cache, no move
/// ```
///
/// Not thread-safe: use it from the main thread only.
public final class CacheList {
    /// Where the caches are kept (a new store after ``reopen()``).
    public private(set) var store: CacheStore

    /// The cache being shown, or nil when the list is empty.
    public private(set) var current: StoredCache?
    /// How many caches are stored.
    public private(set) var count: Int
    /// The 1-based position of ``current`` in stored order, nil when empty and
    /// during a search (working it out costs a walk of the table; see
    /// ``searchPosition``).
    public private(set) var position: Int?

    /// The active search, nil when browsing every cache.
    private var search: Search?

    /// A search's query, its matches (a snapshot of identifiers in stored order) and
    /// where the current cache is among them.
    private struct Search {
        let query: String
        var matches: [CacheID]
        /// Index of ``CacheList/current`` in `matches`, nil when nothing matches.
        var index: Int?
        /// The cache shown before the search began, for `endSearch(keepCurrent: false)`.
        let shownBefore: StoredCache?
    }

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

    /// Where the current cache sits: "3 of 12", "0 of 0" when the list is empty;
    /// during a search "Match 2 of 7", or "No matches".
    public var positionText: String {
        guard let search else { return "\(position ?? 0) of \(count)" }
        guard let index = search.index else { return "No matches" }
        return "Match \(index + 1) of \(search.matches.count)"
    }

    /// True when no cache is stored.
    public var isEmpty: Bool { count == 0 }

    /// True between ``beginSearch(_:)`` and ``endSearch(keepCurrent:)``: the moves
    /// then go through the matches only.
    public var isSearching: Bool { search != nil }

    /// The text of the active search as typed, nil when not searching.
    public var searchQuery: String? { search?.query }

    /// How many caches the active search matched (0 when not searching).
    public var searchMatchCount: Int { search?.matches.count ?? 0 }

    /// The 1-based position of ``current`` among the matches, nil when not searching
    /// or when nothing matches.
    public var searchPosition: Int? { search?.index.map { $0 + 1 } }

    // MARK: - Operations

    /// Validates and stores `cache`; it becomes the current cache.
    ///
    /// Broadcasts ``CacheListChange/added(_:position:count:)`` on success.
    /// - Throws: ``GeoCacheValidationError`` naming the empty fields (nothing is
    ///   stored, nothing broadcast), or ``StoreError`` when the write fails.
    ///
    /// During a search, a valid cache first ends it (``endSearch(keepCurrent:)``,
    /// broadcasting ``CacheListChange/searchEnded(_:position:)``): the new cache is
    /// shown in the whole list.
    @discardableResult
    public func add(_ cache: GeoCache) throws -> StoredCache {
        if search != nil, cache.isValid { endSearch() }
        let (stored, newCount) = try store.append(cache)
        search = nil
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
    ///
    /// During a search it moves to the next match instead (wrapping), broadcasting
    /// ``CacheListChange/matchMoved(_:matchPosition:matchCount:)``.
    public func showNext() {
        if let search {
            guard let index = search.index else { return }
            return moveToMatch((index + 1) % search.matches.count)
        }
        guard let shown = current else { return }
        move {
            if let following = try store.cache(after: shown.id) {
                return (following, (position ?? 0) + 1)
            }
            let first = try store.first()
            return (first, first == nil ? nil : 1)
        }
    }

    /// Moves to the previous cache in stored order, wrapping from the first to the
    /// last. Broadcasts like ``showNext()``; no-op when empty or with one cache.
    /// During a search it moves to the previous match.
    public func showPrevious() {
        if let search {
            guard let index = search.index else { return }
            return moveToMatch((index - 1 + search.matches.count) % search.matches.count)
        }
        guard let shown = current else { return }
        move {
            if let preceding = try store.cache(before: shown.id) {
                return (preceding, max(1, (position ?? 2) - 1))
            }
            return try lastWithPosition()
        }
    }

    /// Moves to the first cache in stored order (the first match during a search).
    /// Broadcasts like ``showNext()``; no-op when already there or empty.
    public func showFirst() {
        if search != nil { return moveToMatch(0) }
        guard current != nil else { return }
        move { try store.first().map { ($0, 1) } ?? (nil, nil) }
    }

    /// Moves to the last cache in stored order (the last match during a search).
    /// Broadcasts like ``showNext()``; no-op when already there or empty.
    public func showLast() {
        if let search { return moveToMatch(search.matches.count - 1) }
        guard current != nil else { return }
        move { try lastWithPosition() }
    }

    /// Moves to a cache picked at random, never the current one; see
    /// ``showRandom(using:)``.
    public func showRandom() {
        var generator = SystemRandomNumberGenerator()
        showRandom(using: &generator)
    }

    /// Moves to a cache picked with `generator` among all but the current one (among
    /// the other matches during a search). Broadcasts like ``showNext()``; no-op
    /// with fewer than two caches (matches).
    ///
    /// Reaching a random position skips the rows before it: about 75 ms in the
    /// middle of a million caches.
    public func showRandom(using generator: inout some RandomNumberGenerator) {
        if let search {
            guard let index = search.index, search.matches.count >= 2 else { return }
            let pick = Int.random(in: 0..<search.matches.count - 1, using: &generator)
            return moveToMatch(pick >= index ? pick + 1 : pick)
        }
        guard let shown = current, count >= 2 else { return }
        let pick = Int.random(in: 1...count - 1, using: &generator)
        let target = pick >= (position ?? 1) ? pick + 1 : pick
        move {
            // Positions can be stale after another process's delete: never land on
            // the shown cache, nor past the end.
            if let found = try store.cache(atPosition: target), found.id != shown.id {
                return (found, target)
            }
            if let following = try store.cache(after: shown.id) {
                return (following, try store.position(of: following.id))
            }
            return try store.first().map { ($0, 1) } ?? (nil, nil)
        }
    }

    /// Applies a move outside a search: `destination` gives the new current cache
    /// and its position. Broadcasts ``CacheListChange/currentMoved(_:position:)`` if
    /// anything changed, ``CacheListChange/failed(_:)`` on a store error.
    private func move(to destination: () throws -> (StoredCache?, Int?)) {
        do {
            let (next, nextPosition) = try destination()
            guard next != current || nextPosition != position else { return }
            current = next
            position = nextPosition
            if next == nil { count = 0 }
            broadcast(.currentMoved(next, position: nextPosition))
        } catch {
            broadcast(.failed(StoreError(wrapping: error, path: store.url.path)))
        }
    }

    /// The last cache and its position, the count, which is re-read.
    private func lastWithPosition() throws -> (StoredCache?, Int?) {
        guard let last = try store.last() else { return (nil, nil) }
        count = try store.count()
        return (last, count)
    }

    /// Shows the match at `index` of the active search. Broadcasts
    /// ``CacheListChange/matchMoved(_:matchPosition:matchCount:)``; when that cache
    /// has been deleted meanwhile, re-runs the search and broadcasts
    /// ``CacheListChange/storeChangedExternally(count:)`` instead.
    private func moveToMatch(_ index: Int) {
        guard let search, index >= 0, index < search.matches.count, index != search.index else { return }
        do {
            guard let found = try store.cache(search.matches[index]) else {
                try refresh()
                broadcast(.storeChangedExternally(count: count))
                return
            }
            current = found
            self.search?.index = index
            broadcast(.matchMoved(found, matchPosition: index + 1, matchCount: search.matches.count))
        } catch {
            broadcast(.failed(StoreError(wrapping: error, path: store.url.path)))
        }
    }

    // MARK: - Editing

    /// Validates `cache` and stores it in place of `base`, the version of a cache
    /// the caller read (an editor keeps the version it started from): the cache keeps
    /// its identity and position. Broadcasts ``CacheListChange/updated(_:)``; a cache
    /// equal to `base` writes and broadcasts nothing.
    ///
    /// The write only happens if the store still holds exactly `base`: the
    /// comparison is with what the editor started from, not with what the list shows
    /// now (which follows other processes' changes). When another process changed or
    /// deleted the cache meanwhile, nothing is written: the list re-reads its state,
    /// broadcasts ``CacheListChange/storeChangedExternally(count:deletedShown:)``,
    /// then throws. Writing over the newer version on purpose is a second call with
    /// the `newer` version the error carries as `base`.
    ///
    /// - Throws: ``GeoCacheValidationError`` naming the empty fields (nothing
    ///   written or broadcast), ``CacheEditError`` (`.changedElsewhere`,
    ///   `.deletedElsewhere`), ``StoreError``.
    @discardableResult
    public func update(_ base: StoredCache, to cache: GeoCache) throws -> StoredCache {
        let valid = try cache.validated()
        guard valid != base.cache else { return base }
        let updated: StoredCache
        do {
            updated = try store.update(base, to: valid)
        } catch let conflict as CacheEditError {
            try refreshAfterConflict()
            throw conflict
        }
        if current?.id == updated.id { current = updated }
        broadcast(.updated(updated))
        return updated
    }

    /// ``update(_:to:)`` of the current cache as the list holds it now.
    ///
    /// During a search the edited cache stays among the matches until the search
    /// runs again, even if it no longer matches.
    /// - Throws: ``CacheEditError/noCurrentCache`` when nothing is shown, else as
    ///   ``update(_:to:)``.
    @discardableResult
    public func updateCurrent(_ cache: GeoCache) throws -> StoredCache {
        guard let shown = current else { throw CacheEditError.noCurrentCache }
        return try update(shown, to: cache)
    }

    /// The version of the cache with `id` the store holds now, nil when it was
    /// deleted: for a view that keeps showing a cache the list has moved away from
    /// (the one being edited, the one a question names).
    public func storedVersion(of id: CacheID) throws -> StoredCache? {
        try store.cache(id)
    }

    /// Deletes `target`, the version of a cache the caller named (a confirmation
    /// names the cache it asked about), provided the store still holds exactly that
    /// version. When `target` is the current cache, the next one becomes current (the
    /// next match during a search), else the previous one, else none; otherwise the
    /// current cache stays. Broadcasts
    /// ``CacheListChange/deleted(_:newCurrent:position:count:)``.
    ///
    /// When another process changed or deleted `target` since it was read, nothing is
    /// deleted (no other cache ever is), the list re-reads its state, broadcasts
    /// ``CacheListChange/storeChangedExternally(count:deletedShown:)`` and throws.
    ///
    /// - Throws: ``CacheEditError`` (`.changedElsewhere`, `.deletedElsewhere`),
    ///   ``StoreError``.
    public func delete(_ target: StoredCache) throws {
        let newCount: Int
        do {
            newCount = try store.delete(target)
        } catch let conflict as CacheEditError {
            try refreshAfterConflict()
            throw conflict
        }
        count = newCount
        if target.id != current?.id {
            try refresh()
        } else if var search, let index = search.index {
            search.matches.remove(at: index)
            search.index = search.matches.isEmpty ? nil : min(index, search.matches.count - 1)
            self.search = search
            current = try search.index.flatMap { try store.cache(search.matches[$0]) }
            if current == nil, search.index != nil {
                // The match to show was deleted elsewhere meanwhile: run the search again.
                try refresh()
            }
            position = nil
        } else if let following = try store.cache(after: target.id) {
            current = following
            position = min(position ?? 1, newCount)
        } else {
            current = try store.cache(before: target.id)
            position = current == nil ? nil : newCount
        }
        broadcast(.deleted(target.id, newCurrent: current, position: position, count: count))
    }

    /// ``delete(_:)`` of the current cache as the list holds it now.
    /// - Throws: ``CacheEditError/noCurrentCache`` when nothing is shown, else as
    ///   ``delete(_:)``.
    public func deleteCurrent() throws {
        guard let shown = current else { throw CacheEditError.noCurrentCache }
        try delete(shown)
    }

    /// After a refused edit: re-read and tell observers, so the screen moves on or
    /// shows the newer version.
    /// (The thrown ``CacheEditError`` says what happened to the cache, so the change
    /// carries no `deletedShown`.)
    private func refreshAfterConflict() throws {
        try refresh()
        broadcast(.storeChangedExternally(count: count))
    }

    /// `shown` when it was the current cache before a refresh and has been deleted
    /// since (the refresh then moved on), else nil.
    private func deletedSinceShown(_ shown: StoredCache?) throws -> StoredCache? {
        guard let shown, current?.id != shown.id else { return nil }
        return try store.cache(shown.id) == nil ? shown : nil
    }

    // MARK: - Searching

    /// Starts a search for `text` (see ``CacheStore/find(_:limit:)`` for the rule:
    /// any field contains it, ignoring case and diacritics). The current cache
    /// becomes the first match, or nil when nothing matches; the moves then go
    /// through the matches and ``positionText`` reads "Match 1 of 7". A search begun
    /// during another replaces it (``endSearch(keepCurrent:)`` with `false` still
    /// returns to the cache shown before the first).
    ///
    /// Holds the matches' identifiers only (8 bytes each). Broadcasts
    /// ``CacheListChange/searchBegan(query:matchCount:)``.
    /// - Returns: The number of matches.
    @discardableResult
    public func beginSearch(_ text: String) throws -> Int {
        let shownBefore = search?.shownBefore ?? current
        var matches = try store.matchIDs(text)
        var first: StoredCache? = nil
        while !matches.isEmpty {
            if let found = try store.cache(matches[0]) {
                first = found
                break
            }
            matches.removeFirst()   // deleted since the scan
        }
        search = Search(query: text, matches: matches, index: first == nil ? nil : 0, shownBefore: shownBefore)
        current = first
        position = nil
        broadcast(.searchBegan(query: text, matchCount: matches.count))
        return matches.count
    }

    /// Ends the search: the whole list is browsed again from the cache the search was
    /// on (`keepCurrent`, the default) or from the one shown before it began. When
    /// that cache is gone (or nothing matched) the one after it, else the first, is
    /// shown. Broadcasts ``CacheListChange/searchEnded(_:position:)``; no-op when not
    /// searching. A store error keeps the search and broadcasts
    /// ``CacheListChange/failed(_:)``.
    ///
    /// Working out the stored-order position walks the table up to the cache:
    /// about 130 ms at position 700,000 of a million.
    public func endSearch(keepCurrent: Bool = true) {
        guard let search else { return }
        do {
            let anchor = (keepCurrent ? current ?? search.shownBefore : search.shownBefore)
            var shown: StoredCache? = nil
            if let anchor {
                shown = try store.cache(anchor.id) ?? store.cache(after: anchor.id)
            }
            if shown == nil { shown = try store.first() }
            let newPosition = try shown.map { try store.position(of: $0.id) }
            let newCount = try store.count()
            self.search = nil
            current = shown
            position = newPosition
            count = newCount
            broadcast(.searchEnded(shown, position: newPosition))
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

    /// Opens the store's file again, as it is now: the file that replaced it, or a
    /// new empty store when it was deleted (see ``CacheStore/reopened()``). Any search
    /// ends and the first cache is shown. Broadcasts ``CacheListChange/reloaded(count:)``.
    ///
    /// For a store whose file was deleted or replaced while open, which refuses
    /// everything with ``StoreError/fileDeleted(path:)`` or
    /// ``StoreError/fileReplaced(path:)`` until then.
    public func reopen() throws {
        let reopened = try store.reopened()
        store = reopened
        search = nil
        count = try reopened.count()
        current = try reopened.first()
        position = current == nil ? nil : 1
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
        let before = (current, count, position, searchMatchCount, searchPosition)
        try refresh()
        guard before != (current, count, position, searchMatchCount, searchPosition) else { return }
        broadcast(.storeChangedExternally(count: count, deletedShown: try deletedSinceShown(before.0)))
    }

    /// Every stored cache in stored order (the lab's `loadCachesFromDefaults()`).
    public func loadCaches() throws -> [GeoCache] {
        try store.loadCaches()
    }

    /// Replaces every stored cache with `caches` in one transaction (the lab's
    /// `saveCachesToDefaults(_:)`); the first becomes current. Broadcasts
    /// ``CacheListChange/reloaded(count:)``.
    ///
    /// It ends any search without broadcasting ``CacheListChange/searchEnded(_:position:)``:
    /// the reload tells observers to redraw everything.
    public func saveCaches(_ caches: [GeoCache]) throws {
        try store.saveCaches(caches)
        search = nil
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
    /// after it, else the first) and position; during a search, runs the query again
    /// and keeps the current cache if it still matches, else shows the next match,
    /// else the last one.
    private func refresh() throws {
        if let search {
            let matches = try store.matchIDs(search.query)
            let newCount = try store.count()
            var index: Int? = nil
            if !matches.isEmpty {
                let next = matches.firstIndex(atOrAfter: current?.id ?? matches[0])
                index = next < matches.count ? next : matches.count - 1
            }
            let newCurrent = try index.flatMap { try store.cache(matches[$0]) }
            self.search?.matches = matches
            self.search?.index = newCurrent == nil ? nil : index
            current = newCurrent
            count = newCount
            position = nil
            return
        }
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

extension Array where Element == CacheID {
    /// The index of the first identifier not less than `id` in this sorted array
    /// (`count` when there is none): a binary search.
    fileprivate func firstIndex(atOrAfter id: CacheID) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if self[middle] < id { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
