/// Filtering: with a ``CacheFilter`` set (``setFilter(_:)``), Next, Previous, First, Last
/// and Random, in stored order and nearest first, show only the caches it keeps, and a
/// search matches only those.
///
/// The list holds no more than without one: the moves walk the store a cache at a time
/// from the shown one until one is kept (at most once round), and how many are kept
/// (``keptCount``) is counted by one walk of the store when the filter is set, and again
/// after each write of this list and each change another session makes. Positions stay
/// those of stored order (``position``: what `edit --position` names); nearest first, the
/// rank counts the kept caches.
///
/// ```swift
/// try list.setFilter(CacheFilter(parsing: "not found, available, D1-2.5"))
/// list.positionSummary     // "Cache 3 of 340 · 12 of 340 shown"
/// list.showNext()          // the next cache the filter keeps, wrapping
/// try list.setFilter(nil)  // every cache again
/// ```
extension CacheList {
    /// The active filter and how many stored caches it keeps.
    struct Filtering: Equatable {
        let filter: CacheFilter
        var kept: Int
        /// The cache this list just added or edited, shown though the filter leaves it
        /// out, until the person moves on (another session's change leaves it shown).
        var shownAnyway: CacheID?
        /// Nearest first, with a shown cache the filter leaves out (a find of it under a
        /// `not found` filter): how many kept caches are nearer than it, so that the kept
        /// cache Next or Previous comes to has its rank.
        var keptNearer: KeptNearer?
    }

    /// How many kept caches are nearer than the shown cache `id` from `origin`.
    struct KeptNearer: Equatable {
        let id: CacheID
        let origin: Coordinate
        let count: Int
    }

    /// The active filter; nil while every cache is shown.
    public var filter: CacheFilter? { filtering?.filter }

    /// How many stored caches the active filter keeps; nil without one.
    public var keptCount: Int? { filtering?.kept }

    /// How many caches the filter keeps of all those stored: "12 of 340 shown"; nil
    /// without a filter.
    public var keptText: String? { filtering.map { "\($0.kept) of \(count) shown" } }

    /// Whether the active filter keeps `stored`, with the person's own data on it
    /// (``ownFacts``); true without a filter.
    public func keeps(_ stored: StoredCache) -> Bool {
        filtering?.filter.keeps(stored.cache, facts: ownFacts) ?? true
    }

    /// Shows only the caches `filter` keeps from now on; nil, or a filter that keeps
    /// everything, shows every cache again. The kept caches are counted (one walk of the
    /// store); the shown cache stays when kept, else the next kept one is shown (in the
    /// order followed, wrapping), or none when none is kept. During a search the matches
    /// are found again, among the kept caches only. Nearest first, the rank among the kept
    /// caches is counted in the same walk (without a filter, it is known again from the
    /// nearest, ``showFirst()``).
    ///
    /// Broadcasts ``CacheListChange/filterChanged(_:kept:current:)``.
    /// - Throws: the ``StoreError`` a read met; the list is then as it was.
    public func setFilter(_ filter: CacheFilter?) throws {
        let wanted = filter.flatMap { $0.keepsEverything ? nil : $0 }
        guard wanted != nil || filtering != nil else { return }
        try completeOwnData()
        let before = (filtering, current, position, nearestRank)
        do {
            let counted = try wanted.map { ($0, try countKept(by: $0)) }
            filtering = counted.map { Filtering(filter: $0.0, kept: $0.1.kept) }
            nearestRank = counted?.1.before.map { $0 + 1 }
            if search != nil {
                try refresh()
            } else if wanted == nil, current == nil {
                try showFirstOfAll()  // the filter kept none: every cache is shown again, from the first
            } else {
                try moveToKept()
            }
        } catch {
            (filtering, current, position, nearestRank) = before
            throw StoreError(wrapping: error, path: store.name)
        }
        broadcast(.filterChanged(wanted, kept: keptCount, current: current))
    }

    // MARK: - Moving through the kept caches

    /// A move of ``showNext()``, ``showPrevious()``, ``showFirst()``, ``showLast()``.
    enum KeptMove {
        case next, previous, first, last
    }

    /// Moves to the next, previous, first or last kept cache in the order followed,
    /// broadcasting as the move does without a filter; nothing when the shown cache is
    /// the only one kept, or none is.
    func showKept(_ way: KeptMove) {
        guard let shown = current else { return }
        let forward = way == .next || way == .first
        let start = way == .next || way == .previous ? shown : nil
        if isNearestFirst {
            return moveNearest { _ in
                guard let walked = try firstKept(after: start, forward: forward) else { return (shown, nearestRank) }
                return (walked.cache, rank(of: walked, from: start, forward: forward))
            }
        }
        move {
            guard let walked = try firstKept(after: start, forward: forward) else { return (shown, position) }
            return (walked.cache, try storedPosition(of: walked, from: start, forward: forward))
        }
    }

    /// ``showRandom(using:)`` with a filter: a kept cache picked with `generator` among
    /// all but the shown one, each as likely as another: identities between the first
    /// cache's and the last's are drawn until one names a kept cache (at most
    /// ``randomKeptDraws``; one that names none, a cache deleted, counts as a draw); a
    /// filter that keeps so few that none is drawn gets the first kept cache after the
    /// last cache drawn, in stored order whatever the order followed (nearest first, the
    /// kept caches of a `within` filter all lie before a cache drawn far away). A draw
    /// reads one cache by its identity, not the rows before a position.
    func showRandomKept(using generator: inout some RandomNumberGenerator) {
        guard let shown = current, count >= 2 else { return }
        move {
            guard let low = try store.first()?.id.rawValue, let high = try store.last()?.id.rawValue, low < high else {
                return (shown, position)
            }
            var landed: StoredCache? = nil
            var last: StoredCache? = nil
            for _ in 0..<Self.randomKeptDraws where landed == nil {
                guard let drawn = try store.cache(CacheID(rawValue: Int64.random(in: low...high, using: &generator))) else { continue }
                last = drawn
                if drawn.id != shown.id, keeps(drawn) { landed = drawn }
            }
            if landed == nil, let last { landed = try firstKept(after: last, forward: true, inStoredOrder: true)?.cache }
            if landed == nil || landed?.id == shown.id { landed = try firstKept(after: shown, forward: true)?.cache }
            guard let landed, landed.id != shown.id else { return (shown, position) }
            return (landed, isNearestFirst ? nil : try store.position(of: landed.id))
        }
    }

    /// How many identities a random move with a filter draws before it walks to a kept
    /// cache: a filter that keeps a tenth of the caches (of a store without deletions)
    /// draws a kept one within 32 draws but once in 29.
    static let randomKeptDraws = 32

    /// The identifiers of the caches matching `query` that the filter keeps, in stored
    /// order (every match without a filter).
    func keptMatchIDs(_ query: String) throws -> [CacheID] {
        guard filtering != nil else { return try store.matchIDs(query) }
        var kept: [CacheID] = []
        try store.forEachMatch(of: query, limit: nil) { if keeps($0) { kept.append($0.id) } }
        return kept
    }

    // MARK: - Keeping the count

    /// Counts the kept caches again (nothing without a filter); nearest first, the shown
    /// cache's rank among them too, in the same walk, when it is kept (a write of this
    /// list or another session's change may have changed which are), else the rank is
    /// not known.
    func recountKept() throws {
        guard let filter = filtering?.filter else { return }
        let counted = try countKept(by: filter)
        filtering?.kept = counted.kept
        filtering?.keptNearer = nil
        guard isNearestFirst else { return }
        let isKept = current.map(keeps) == true
        nearestRank = isKept ? counted.before.map { $0 + 1 } : nil
        if !isKept, let shown = current, let origin = nearestOrigin, let before = counted.before {
            filtering?.keptNearer = KeptNearer(id: shown.id, origin: origin, count: before)
        }
    }

    /// How many kept caches are nearer than `shown`, a cache the filter leaves out, when
    /// counted from the origin followed now (``recountKept()``); nil when not known.
    private func keptNearer(than shown: StoredCache?) -> Int? {
        guard let counted = filtering?.keptNearer, counted.id == shown?.id, counted.origin == nearestOrigin else { return nil }
        return counted.count
    }

    /// Before observers hear `change`: with a filter, the kept caches are counted again
    /// after a write of this list (its own data too) or a reload, and the shown cache moves on to the next
    /// kept one where the change moved it (a delete, a reload, another session's change,
    /// the end of a search); a cache this list just added or edited stays shown. Another
    /// session's change is counted by ``checkForExternalChanges()`` before it compares.
    /// - Returns: the store error met, to broadcast after `change`.
    func refilter(before change: inout CacheListChange) -> StoreError? {
        guard filtering != nil else { return nil }
        let recount: Bool, relocate: Bool
        switch change {
        case .added, .updated: filtering?.shownAnyway = current?.id
        case .currentMoved, .matchMoved, .searchBegan, .searchEnded, .orderChanged, .reloaded, .opened:
            filtering?.shownAnyway = nil
        default: break
        }
        switch change {
        case .added, .updated, .ownDataChanged: (recount, relocate) = (true, false)
        case .deleted, .reloaded, .opened, .clubStoreBack, .clubStoreAway, .outboxDelivered:
            (recount, relocate) = (true, true)
        case .storeChangedExternally, .searchEnded: (recount, relocate) = (false, true)
        case .currentMoved, .matchMoved, .searchBegan, .orderChanged, .nearestRankChanged, .filterChanged, .writeSettled, .failed,
             .queued, .fileSetAside, .integrityChecked, .clubStoreRefused:
            (recount, relocate) = (false, false)
        }
        do {
            if recount { try recountKept() }
            if relocate, search == nil { try moveToKept() }
        } catch {
            return StoreError(wrapping: error, path: store.name)
        }
        switch change {
        case .deleted(let id, _, _, let count): change = .deleted(id, newCurrent: current, position: position, count: count)
        case .searchEnded: change = .searchEnded(current, position: position)
        default: break
        }
        return nil
    }

    /// After another session's change: the shown cache, still there, that the person's
    /// own data changed there (a find under a `not found` filter) took out of the filter,
    /// stays shown, as after a find logged through this list; returns it. `facts` are the
    /// own data's facts before the change.
    func keepShownLeftOutByOwnData(shownBefore: StoredCache?, facts: OwnData.Facts) -> StoredCache? {
        guard let filter = filtering?.filter, let shown = current, shown.id == shownBefore?.id, !keeps(shown),
              filter.keeps(shown.cache, facts: facts) else { return nil }
        filtering?.shownAnyway = shown.id
        return shown
    }

    // MARK: - Walking the store

    /// Where a walk stopped: the kept cache, the caches read to reach it (counted again
    /// from the first after wrapping) and whether it wrapped.
    struct Walked {
        let cache: StoredCache
        let steps: Int
        let wrapped: Bool
    }

    /// The first kept cache after `start` in the order followed (before it when not
    /// `forward`), wrapping once at the end and stopping where it started (`start`
    /// itself when it is the only one kept); from the beginning without wrapping when
    /// `start` is nil. Nil when none is kept. `inStoredOrder` walks in stored order
    /// while the list follows nearest first.
    func firstKept(after start: StoredCache?, forward: Bool, inStoredOrder: Bool = false) throws -> Walked? {
        if !inStoredOrder, let origin = nearestOrigin {
            return try firstKeptNearest(after: start, from: origin, forward: forward)
        }
        // To the end in one walk of the store, then, wrapping, from the other end to `start`.
        var steps = 0
        var found: Walked?
        try store.walkStoredOrder(from: start?.id, forward: forward) { here in
            steps += 1
            if keeps(here) { found = Walked(cache: here, steps: steps, wrapped: false) }
            return found == nil
        }
        guard found == nil, let start else { return found }
        steps = 0
        try store.walkStoredOrder(from: nil, forward: forward) { here in
            steps += 1
            if forward ? here.id >= start.id : here.id <= start.id {
                // Round to where it started: `start` itself, when it is the only one kept.
                if here.id == start.id, keeps(here) { found = Walked(cache: here, steps: steps, wrapped: true) }
                return false
            }
            if keeps(here) { found = Walked(cache: here, steps: steps, wrapped: true) }
            return found == nil
        }
        return found
    }

    /// The stored position a walk in stored order came to from `start` (nil: from an end).
    private func storedPosition(of walked: Walked, from start: StoredCache?, forward: Bool) throws -> Int {
        let fromAnEnd = walked.wrapped || start == nil
        if forward { return fromAnEnd ? walked.steps : (position ?? 0) + walked.steps }
        guard fromAnEnd else { return max(1, (position ?? 1) - walked.steps) }
        count = try store.count()
        return max(1, count - walked.steps + 1)
    }

    /// The rank among the kept caches a walk nearest first came to from `start`.
    /// From a cache the filter leaves out, the kept ones nearer than it give the rank.
    private func rank(of walked: Walked, from start: StoredCache?, forward: Bool) -> Int? {
        if keptCount == 1 { return 1 }
        let fromAnEnd = walked.wrapped || start == nil
        if forward { return fromAnEnd ? 1 : (nearestRank ?? keptNearer(than: start)).map { $0 + 1 } }
        return fromAnEnd ? keptCount : (nearestRank.map { $0 - 1 } ?? keptNearer(than: start)).map { max(1, $0) }
    }

    /// Shows a kept cache: the shown one when kept, else the first kept after it in the
    /// order followed (wrapping), else none. Nearest first, a wrap makes it the nearest.
    private func moveToKept() throws {
        guard filtering != nil, current.map(keeps) != true else { return }
        if let shown = filtering?.shownAnyway, shown == current?.id { return }
        let start = current
        let walked = try firstKept(after: start, forward: true)
        if isNearestFirst {
            // The rank counted with the kept caches holds for the next kept one, unless
            // the walk wrapped to the nearest.
            if walked == nil || walked?.wrapped == true || start == nil {
                nearestRank = walked == nil ? nil : 1
            } else if nearestRank == nil, let before = keptNearer(than: start) {
                nearestRank = before + 1
            }
            position = nil
        } else {
            position = try walked.map { try storedPosition(of: $0, from: start, forward: true) }
        }
        current = walked?.cache
    }

    /// Shows the first cache in the order followed (nearest first, the nearest), none
    /// in an empty store.
    private func showFirstOfAll() throws {
        if let origin = nearestOrigin {
            current = try store.nearestCache(to: origin, after: nil)
            (position, nearestRank) = (nil, current == nil ? nil : 1)
        } else {
            current = try store.first()
            position = current == nil ? nil : 1
        }
    }

    /// How many stored caches `filter` keeps: one walk of the store.
    private func countKept(by filter: CacheFilter) throws -> (kept: Int, before: Int?) {
        // Nearest first, the kept caches nearer than the shown one are counted in the
        // same walk: the shown cache, or the next kept one, is one farther.
        let origin = nearestOrigin
        let shownKey = current.flatMap { shown in origin.map { NearestKey(of: shown, facts: ownFacts, from: $0) } }
        var kept = 0
        var before = 0
        try store.forEachCache { stored in
            guard filter.keeps(stored.cache, facts: ownFacts) else { return }
            kept += 1
            if let shownKey, let origin, NearestKey(of: stored, facts: ownFacts, from: origin) < shownKey { before += 1 }
        }
        return (kept, shownKey == nil ? nil : before)
    }
}
