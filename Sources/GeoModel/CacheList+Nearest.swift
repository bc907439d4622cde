/// The order Next and Previous follow through a ``CacheList``.
public enum BrowsingOrder: Equatable, Sendable {
    /// By identifier, oldest first: the order caches were stored in.
    case stored
    /// Nearest first from `origin` (``NearestKey``): by distance, caches without a place
    /// last, in stored order.
    case nearest(from: Coordinate)
}

/// Nearest-first browsing: Next and Previous go from the nearest cache outwards from a
/// position, through the store's nearest-first reads (``CacheStore/nearestCache(to:after:)``).
extension CacheList {
    /// True while Next and Previous go nearest first.
    public var isNearestFirst: Bool {
        if case .nearest = order { true } else { false }
    }

    /// The position nearest-first order is measured from, nil in stored order.
    public var nearestOrigin: Coordinate? {
        if case .nearest(let origin) = order { origin } else { nil }
    }

    /// Switches to nearest-first order from `origin` and shows the nearest cache
    /// (rank 1; with a filter, the nearest it keeps). Ends a search first, keeping its
    /// cache, as the moves then leave it.
    ///
    /// Broadcasts ``CacheListChange/orderChanged(_:current:)``; a store error leaves the
    /// order as it was and is broadcast as ``CacheListChange/failed(_:)``.
    public func browseNearestFirst(from origin: Coordinate) {
        if search != nil { endSearch(keepCurrent: true) }
        do {
            let nearest = try firstKeptNearest(after: nil, from: origin, forward: true)?.cache
            order = .nearest(from: origin)
            current = nearest
            position = nil
            nearestRank = nearest == nil ? nil : 1
            broadcast(.orderChanged(order, current: current))
        } catch {
            broadcast(.failed(StoreError(wrapping: error, path: store.name)))
        }
    }

    /// After a write of this list moved a cache (its listed place, or the final the
    /// person keeps): nearest first, any cache may now be nearer or farther than the
    /// shown one, so its rank is not known, rather than wrong; with a filter, the count
    /// that follows the write counts it again (``recountKept()``).
    func forgetNearestRank() {
        if isNearestFirst { nearestRank = nil }
    }

    /// Switches back to stored order, staying on the shown cache (its stored position is
    /// read again). Broadcasts ``CacheListChange/orderChanged(_:current:)``; nothing when
    /// already in stored order.
    public func browseInStoredOrder() {
        guard isNearestFirst else { return }
        do {
            let newPosition = try current.map { try store.position(of: $0.id) }
            order = .stored
            nearestRank = nil
            position = newPosition
            broadcast(.orderChanged(order, current: current))
        } catch {
            broadcast(.failed(StoreError(wrapping: error, path: store.name)))
        }
    }

    /// Moves nearest first: `destination` reads the new current cache from the store
    /// with the origin, and gives its rank. Broadcasts like ``move(to:)``.
    func moveNearest(_ destination: (Coordinate) throws -> (StoredCache?, rank: Int?)) {
        guard let origin = nearestOrigin else { return }
        do {
            try completeOwnData()
            let (next, rank) = try destination(origin)
            guard next != current || rank != nearestRank else { return }
            current = next
            nearestRank = next == nil ? nil : rank
            position = nil
            if next == nil { count = 0 }
            broadcast(.currentMoved(next, position: nil))
        } catch {
            broadcast(.failed(StoreError(wrapping: error, path: store.name)))
        }
    }

    /// What follows `shown`, a cache deleted meanwhile, in the order shown: the next
    /// farther one nearest first (the nearest after the farthest), else the next stored.
    func successor(ofGone shown: StoredCache) throws -> StoredCache? {
        guard let origin = nearestOrigin else { return try store.cache(after: shown.id) }
        return try nearestAfter(shown, from: origin).0
    }

    /// The next cache nearest first after `shown`, wrapping to the nearest.
    func nearestAfter(_ shown: StoredCache, from origin: Coordinate) throws -> (StoredCache?, rank: Int?) {
        if let following = try store.nearestCache(to: origin, after: NearestKey(of: shown, facts: ownFacts, from: origin)) {
            return (following, nearestRank.map { $0 + 1 })
        }
        return (try store.nearestCache(to: origin, after: nil), 1)
    }

    /// The cache nearest first before `shown`, wrapping to the farthest.
    func nearestBefore(_ shown: StoredCache, from origin: Coordinate) throws -> (StoredCache?, rank: Int?) {
        if let preceding = try store.nearestCache(to: origin, before: NearestKey(of: shown, facts: ownFacts, from: origin)) {
            return (preceding, nearestRank.map { max(1, $0 - 1) })
        }
        return try farthest(from: origin)
    }

    /// The last cache nearest first, and its rank, the count, which is re-read.
    func farthest(from origin: Coordinate) throws -> (StoredCache?, rank: Int?) {
        guard let last = try store.nearestCache(to: origin, before: nil) else { return (nil, nil) }
        count = try store.count()
        return (last, count)
    }

    /// ``firstKept(after:forward:inStoredOrder:)`` nearest first from `origin`: one walk of the store's
    /// nearest-first search from `start` until a cache is kept, and when none is before
    /// the end, one more from the nearest (or the farthest) up to `start`.
    func firstKeptNearest(after start: StoredCache?, from origin: Coordinate, forward: Bool) throws -> Walked? {
        let startKey = start.map { NearestKey(of: $0, facts: ownFacts, from: origin) }
        var steps = 0
        var found: StoredCache?
        try store.walkNearest(to: origin, from: startKey, forward: forward) { stored, _ in
            steps += 1
            if keeps(stored) { found = stored }
            return found == nil
        }
        if let found { return Walked(cache: found, steps: steps, wrapped: false) }
        guard let start, let startKey else { return nil }
        steps = 0
        try store.walkNearest(to: origin, from: nil, forward: forward) { stored, key in
            steps += 1
            if forward ? key >= startKey : key <= startKey {
                if stored.id == start.id, keeps(stored) { found = stored }
                return false
            }
            if keeps(stored) { found = stored }
            return found == nil
        }
        return found.map { Walked(cache: $0, steps: steps, wrapped: true) }
    }
}
