/// The caches the user browses: the model object the controller owns.
///
/// It follows the four parts of a model:
/// - **Fundamental data** lives in the ``store``; the list holds only what is shown:
///   the ``current`` cache, the ``count`` and the ``position``, plus, during a
///   search, the identifiers of its matches. It never loads every cache, so it
///   starts as fast with a million caches as with ten.
/// - **Derived data**: ``currentDescription``, ``positionText``, ``positionSummary``,
///   ``isEmpty``, ``isSearching``, ``searchMatchCount``, ``searchPosition``, whether a
///   draft differs from the one kept (``keepDraft(_:finishing:waitingForLock:)``); the validity rule is
///   ``GeoCache/missingFields``, and ``GeoCache/fields(differingFrom:)`` says what two
///   versions of a cache disagree on. Views ask here, never compute.
/// - **Notifications**: every change is broadcast once, as a ``CacheListChange``, to
///   every observer registered with ``observe(_:)``.
/// - **Self-initialisation**: ``init(store:)`` reads the count and the first cache.
///   ``init(opening:)`` starts while the store is still being opened on a thread of
///   its own: the list is empty and ``isOpening`` until ``finishOpening()`` takes the
///   store over with the same read there, and broadcasts
///   ``CacheListChange/opened(count:draft:)``, so the views can be built and drawn
///   meanwhile.
///
/// ```swift
/// let list = try CacheList(store: SQLiteStore(url: url))
/// let token = list.observe { change in statusView.update(for: change) }
/// try list.add(GeoCache(title: "Old Oak", details: "Behind the tree",
///                       creator: "ana", reward: "Travel bug"))   // .added(..., position: 1, count: 1)
/// list.showNext()                                                // nothing: one cache, no move
/// ```
///
/// Moving lives in `CacheList+Moving.swift`, editing and deleting in
/// `CacheList+Editing.swift`, searching in `CacheList+Search.swift`, nearest-first
/// order (``order``, ``browseNearestFirst(from:)``) in `CacheList+Nearest.swift`, the
/// drafts (``takeDraft()``, ``takeNextDraft(puttingBack:)``) in `CacheList+Drafts.swift`.
///
/// Not thread-safe: use it from the main thread only.
public final class CacheList {
    /// Where the caches are kept (a new store after ``reopen()``). Not to be asked while
    /// ``isOpening``: nothing reaches the store before ``finishOpening()``.
    public var store: any CacheStore {
        guard let store = session?.store else { preconditionFailure("the store is asked for before finishOpening()") }
        return store
    }
    /// The store once open, nil while it opens.
    var openedStore: (any CacheStore)? { session?.store }

    /// The write session every write of the list goes through (``WriteSession``): it
    /// owns the store, and for a club store the outbox, and decides whether a write is
    /// sent or kept on this machine. Nil while the store opens.
    public private(set) var session: WriteSession?

    /// The session, for a write: writes are refused while the store opens.
    var writeSession: WriteSession {
        guard let session else { preconditionFailure("a write before finishOpening()") }
        return session
    }

    /// The store being opened, from ``init(opening:)`` until ``finishOpening()``.
    private(set) var opening: StoreOpening?
    /// What ``finishOpening()`` met, thrown again by a later call.
    private var openingFailure: Error?
    /// The damage the store's late integrity check found (`CacheList+Integrity.swift`):
    /// the list is then only read. Nil while the check runs, and for a sound store.
    public internal(set) var storeDamage: StoreError?

    /// True from ``init(opening:)`` until ``finishOpening()`` has taken the store over:
    /// the list is empty meanwhile, and only its derived data may be asked for.
    public var isOpening: Bool { openedStore == nil }

    /// While opening, the lock of another session the opening waits out
    /// (``StoreOpening/waitsForLock``); nil otherwise.
    public var openingWaitsForLock: StoreError? { opening?.waitsForLock }

    /// The cache being shown, or nil when the list is empty.
    public internal(set) var current: StoredCache?
    /// How many caches are stored.
    public internal(set) var count = 0
    /// The 1-based position of ``current`` in stored order, nil when empty and
    /// during a search (working it out costs a walk of the table; see
    /// ``searchPosition``).
    public internal(set) var position: Int?

    /// The active search, nil when browsing every cache.
    var search: Search?

    /// The order Next and Previous follow: stored order, or nearest first from a
    /// position (``browseNearestFirst(from:)``).
    public internal(set) var order = BrowsingOrder.stored
    /// In nearest-first order, the 1-based rank of ``current`` counted by the moves
    /// from the nearest (``showFirst()`` is 1); nil in stored order, and after anything
    /// that loses count (a random move, an add, another session's change).
    public internal(set) var nearestRank: Int?
    /// The last count of the rank from a moved origin (`CacheList+NearestRank.swift`); any change forgets it.
    var rankCount: RankCount?

    /// The person's own data (found, note, corrected place) and visits, read when the
    /// store opens and after every change to it (`CacheList+Own.swift`): on every cache
    /// for a club store on its server; else on the cache shown (``ownCode``) alone.
    public internal(set) var own = OwnData.Book()
    /// The cache whose data ``own`` holds when it does not hold all (nil: none, or all).
    var ownCode: String?
    /// Whether the person found each cache and where they corrected it: what filters and
    /// nearest-first order read, of every cache.
    public internal(set) var ownFacts = OwnData.Facts()
    /// True from the opening of a store file (or a club store's copy) until
    /// ``completeOwnData()``: ``ownFacts`` are not read yet, and ``own`` holds the first
    /// cache's, all its first frame needs. A club store's opening reads the whole.
    public internal(set) var ownIsPartial = false
    /// The active filter and its count (`CacheList+Filter.swift`); nil shows every cache.
    var filtering: Filtering?

    /// The draft this list's session holds and its text as kept (`CacheList+Drafts.swift`).
    var draftState = DraftState()
    /// The writes whose outcome the store could not tell yet (``PendingWrite``), kept
    /// by the session.
    public var unsettledWrites: [PendingWrite] { session?.unsettledWrites ?? [] }
    /// A club store's field mode (`CacheList+Field.swift`); nil for a file store.
    var field: FieldState?
    /// How long after showing the club store its copy is first refreshed, and how often
    /// then (set before ``finishOpening()`` to change them).
    public var copyRefreshDelays: (first: Duration, every: Duration) = (.seconds(60), .seconds(600))
    private var observers = ObserverList<CacheListChange>()

    /// Starts from the store's state: its count, and its first cache as current.
    public init(store: any CacheStore) throws {
        session = WriteSession(store: store, location: .file(store.name, createsDirectories: false), files: nil)
        let first = try store.first()
        try startOwn(on: store, first: first, factsLater: false)
        start(count: try store.count(), first: first)
    }

    deinit {
        // What was stored and not written into the copy yet is, before the thread ends.
        finishCopyWrites()
    }

    /// Starts empty, while `opening` opens the store: ``isOpening`` until
    /// ``finishOpening()``.
    /// A club store opened with its ``StoreOpening/fieldFiles`` keeps writes on this
    /// machine while its server is away (`CacheList+Field.swift`).
    public init(opening: StoreOpening) {
        self.opening = opening
        if case .server(let url) = opening.location, let files = opening.fieldFiles {
            field = FieldState(files: files, url: url)
        }
    }

    /// Waits for the store being opened, then starts from its state as ``init(store:)``
    /// does (the opening's thread has read it) and broadcasts
    /// ``CacheListChange/opened(count:draft:)``, then, for a club store, one
    /// ``CacheListChange/fileSetAside(_:)`` for a copy or an outbox on this machine found
    /// damaged (and each found later by its session). Does nothing once open.
    /// - Throws: the ``StoreError`` that opening or reading the store met; the list then
    ///   stays empty and opening, and a later call throws it again.
    public func finishOpening() throws {
        if let openingFailure { throw openingFailure }
        guard let opening else { return }
        let opened: StoreOpening.Opened
        do {
            opened = try opening.take()
        } catch {
            openingFailure = error
            throw error
        }
        self.opening = nil
        let session = WriteSession(store: opened.store, location: opening.location, files: field?.files,
                                   unreachable: opened.away == nil ? nil : opened.unreachable)
        session.deliveredBeforeWrite = { [weak self] summary in
            let report = summary.report
            if report.deliveredCount > 0 || !report.conflicts.isEmpty || report.refusedCount > 0 { try? self?.show(summary) }
        }
        self.session = session
        field?.away = opened.away
        let draft = opened.away == nil ? opened.contents.draft : takeLocalDraft()   // A draft file set aside: said below.
        hold(draft)
        session.setAsideNotice = { [weak self] file in self?.broadcast(.fileSetAside(file)) }
        // The store's (or the copy's) alone: the outbox is opened after `.opened`, so that
        // one found damaged is said then. From a file, only the first cache's: a finder's
        // thousands of rows took longer than the rest of the first frame; the facts of
        // the others follow it. From a server, all in this round trip: a second would
        // keep a key waiting.
        if (try? startOwn(on: opened.store, first: opened.contents.first, factsLater: true)) == nil {
            (own, ownCode, ownFacts, ownIsPartial) = (OwnData.Book(), nil, OwnData.Facts(), opened.store.readsLocally)
        }
        start(count: opened.contents.count, first: opened.contents.first)
        broadcast(.opened(count: count, draft: draft))
        // A file not seen as it is gets its check now, after the first frame (`+Integrity.swift`).
        opened.store.beginIntegrityCheck()
        for setAside in [opened.setAside].compactMap({ $0 }) + session.setAsideFiles { broadcast(.fileSetAside(setAside)) }
        // The outbox is checked now, so that one found damaged is said as the form opens.
        if field != nil, session.hasOutbox {
            _ = try? session.outbox()
            if (try? reloadOwnData()) == true { broadcast(.ownDataChanged(code: nil)) }
        }
        deliverAfterOpening()
    }

    /// A descriptor that becomes readable when the store being opened is ready for
    /// ``finishOpeningIfReady()``; nil once open (or when opening failed).
    public var openingDescriptor: Int32? {
        guard openingFailure == nil, let opening, opening.readyDescriptor >= 0 else { return nil }
        return opening.readyDescriptor
    }

    /// ``finishOpening()`` when the store's opening is done, without waiting for it:
    /// true once the list is open, false while the store is still being opened.
    /// - Throws: what ``finishOpening()`` throws.
    public func finishOpeningIfReady() throws -> Bool {
        if let openingFailure { throw openingFailure }
        guard let opening else { return true }
        guard opening.isReady else { return false }
        try finishOpening()
        return true
    }

    /// Shows `first` as the current cache of `count` (none when the store is empty), in
    /// stored order.
    func start(count: Int, first: StoredCache?) {
        self.count = count
        current = first
        position = first == nil ? nil : 1
        order = .stored
        nearestRank = nil
    }

    // MARK: - Derived data

    /// The current cache's multi-line description, nil when the list is empty.
    public var currentDescription: String? { current?.cache.description }

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
    public func add(_ cache: GeoCache) throws -> WriteResult<StoredCache> {
        if search != nil, cache.isValid { endSearch() }
        let result = try writeSession.add(cache)
        switch result {
        case .stored(let added):
            search = nil
            current = added.stored
            count = added.count
            position = isNearestFirst ? nil : added.count
            nearestRank = nil
            broadcast(.added(added.stored, position: added.count, count: added.count))
        case .kept(let change, let waiting):
            broadcast(.queued(change, waiting: waiting))
        case .lockHeld, .outcomeUnknown, .refused:
            break
        }
        return result.map(\.stored)
    }

    /// Re-reads the count, the current cache (kept when it still exists, else the
    /// next one) and its position from the store, and on a club store the role's
    /// standing under the club's rules, and broadcasts ``CacheListChange/reloaded(count:)``;
    /// then delivers what waits on this machine (``deliverOutbox()``).
    public func reload() throws {
        // The role's standing too (made a keeper, or no longer one), which nothing announces.
        try session?.readClubStandingAgain()
        try refresh()
        broadcast(.reloaded(count: count))
        // What waits here, its delivery stopped by a refusal the admin may have lifted (said when it stops again),
        // after the reload, so that what it met (a conflict's versions) is what the form shows last.
        if field?.away == nil, (try? session?.waitingCount()) ?? 0 > 0 { try deliverOutbox() }
    }

    /// Asks the store whether another process committed since the last check; if so
    /// re-reads the state like ``reload()`` and broadcasts
    /// ``CacheListChange/storeChangedExternally(count:deletedShown:leftOutShown:)``.
    ///
    /// A commit that changes nothing the list shows (another process's draft, for
    /// one) broadcasts nothing. One `PRAGMA` when nothing changed: cheap enough to
    /// call once a second.
    ///
    /// While a write's outcome is unknown (``StoreError/outcomeUnknown(server:reason:)``),
    /// each check the store answers settles it first (``settleWrites()``).
    ///
    /// A club store shown from this machine's copy tries its server instead
    /// (`CacheList+Field.swift`); one whose server answers delivers what waits and
    /// refreshes the copy when due.
    ///
    /// A store file found damaged is not thrown (``externalCheckFailed(_:)``).
    public func checkForExternalChanges() throws {
        if clubAway != nil { return try retryClubStore() }
        let changed: Bool
        do {
            changed = try store.hasChangedExternally()
        } catch {
            return try externalCheckFailed(error)
        }
        try clubStoreAnswered()
        if hasUnsettledWrites { try settleWrites() }
        guard changed else { return }
        let before = (current, count, position, searchMatchCount, searchPosition, keptCount)
        let clubBefore = current?.club   // a hand-over changes only the record, which == leaves out
        let factsBefore = ownFacts
        let ownChanged = try reloadOwnData()
        try refresh()
        try recountKept()
        let leftOut = keepShownLeftOutByOwnData(shownBefore: before.0, facts: factsBefore)
        guard before != (current, count, position, searchMatchCount, searchPosition, keptCount)
                || current?.club != clubBefore else {
            if ownChanged { broadcast(.ownDataChanged(code: nil)) }
            return
        }
        broadcast(.storeChangedExternally(count: count, deletedShown: try deletedSinceShown(before.0), leftOutShown: leftOut))
    }

    /// A descriptor that becomes readable when another session may have changed the
    /// store: wait on it, then call ``checkForExternalChanges()``. Nil when the store
    /// has none right now; then call ``checkForExternalChanges()`` about once a second.
    public var changeDescriptor: Int32? { clubAway != nil ? nil : openedStore?.changeDescriptor }

    /// How soon to call ``checkForExternalChanges()`` even when ``changeDescriptor``
    /// stays quiet, or nil for not until it wakes.
    public var recheckDelay: Duration? { clubRetryDelay ?? openedStore?.recheckDelay }

    /// The store's name for the status line: the file's name, or the database and its
    /// server (``CacheStore/shortName``); while opening, as the location names it.
    public var storeName: String {
        openedStore?.shortName ?? opening?.location.shortName ?? ""
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
        try writeSession.replaceAll(with: caches)
        search = nil
        let first = try store.first()
        start(count: try store.count(), first: first)
        broadcast(.reloaded(count: count))
    }

    // MARK: - Notifications

    /// Registers `observer` to receive every later change, in registration order
    /// among observers, until the returned token is cancelled or released.
    public func observe(_ observer: @escaping (CacheListChange) -> Void) -> ObservationToken {
        let key = observers.add(observer)
        return ObservationToken { [weak self] in
            self?.observers.remove(key)
        }
    }

    func broadcast(_ change: CacheListChange) {
        // A read that found the file damaged gives the late check's verdict, once.
        if case .failed(let error) = change, error.meansTheFileIsDamaged { return foundDamaged(error) }
        // A read that found the server away makes the session keep writes here.
        if case .failed(let error) = change { session?.noteStoreError(error) }
        if change != .nearestRankChanged(nearestRank) { rankCount = nil }
        var change = change
        // A read the club store refused a role it refuses even the count (one taken out of
        // the club's members) is said as that, as a write is: not as a change refused.
        if case .failed(let error) = change, let refusal = error.roleRefusal(on: store) { change = .failed(refusal) }
        let filterFailure = refilter(before: &change)
        for key in observers.keys {
            // An observer may cancel another one while being told.
            observers.observer(key)?(change)
        }
        if let filterFailure { broadcast(.failed(filterFailure)) }
    }

    /// `shown` when it was the current cache before a refresh and has been deleted
    /// since (the refresh then moved on), else nil.
    private func deletedSinceShown(_ shown: StoredCache?) throws -> StoredCache? {
        guard let shown, current?.id != shown.id else { return nil }
        return try store.cache(shown.id) == nil ? shown : nil
    }

    /// Re-reads count, current (the same cache if it still exists, else the one
    /// after it in the order shown, else the first) and position; during a search, runs the query again
    /// and keeps the current cache if it still matches, else shows the next match,
    /// else the last one.
    func refresh() throws {
        if let search {
            let matches = try keptMatchIDs(search.query)
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
            newCurrent = try store.cache(shown.id) ?? successor(ofGone: shown)
        }
        if newCurrent == nil { newCurrent = try store.first() }
        if isNearestFirst {
            // Any cache may have been added, deleted or moved nearer or farther: the
            // rank is not known until the walk starts again from the nearest.
            nearestRank = nil
            current = newCurrent
            count = newCount
            position = nil
            return
        }
        let newPosition = try newCurrent.map { try store.position(of: $0.id) }
        current = newCurrent
        count = newCount
        position = newPosition
    }
}
