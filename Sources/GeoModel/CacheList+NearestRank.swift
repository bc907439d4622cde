/// Nearest first as where you stand moves: the order is measured from each new origin,
/// and the shown cache's rank is counted again from there, by a walk of the store's
/// nearest-first search that a move too small to change the order does without.
extension CacheList {
    /// How many caches a count of the rank reads at most: a shown cache farther down the
    /// order has no rank known ("Nearest first, 12 caches") until a count reaches it.
    static let rankRecountLimit = 100

    /// What the last count of the rank from a moved origin read.
    struct RankCount {
        /// The cache ranked.
        let id: CacheID
        /// Where it was ranked from.
        let origin: Coordinate
        /// The least difference between its distance from `origin` and another cache's
        /// that the walk read (the farthest read when it did not come to it): a cache's
        /// distance changes by no more than the origin moved, so a move of less than half
        /// of this brings no cache nearer or farther than the ranked one, and its rank stands.
        let margin: Double
    }

    /// Measures nearest-first order from `origin` from now on (where you stand moved),
    /// the shown cache staying; its rank is counted again from there
    /// (`recountRank(from:)`), and ``CacheListChange/nearestRankChanged(_:)`` is
    /// broadcast when it changed (or became known, or unknown). Nothing in stored order,
    /// nor when `origin` is where the order is measured from already.
    public func moveOrigin(to origin: Coordinate) {
        guard isNearestFirst, origin != nearestOrigin else { return }
        order = .nearest(from: origin)
        let before = nearestRank
        recountRank(from: origin)
        if nearestRank != before { broadcast(.nearestRankChanged(nearestRank)) }
    }

    /// Counts the rank of the shown cache (during a search, of the one shown before it,
    /// which the rank is kept for) from `origin`, among the kept caches with a filter
    /// (for a shown cache the filter leaves out, how many kept caches are nearer).
    ///
    /// Cost, for a fix every second: a cache without a place keeps its rank (how many
    /// have one does not depend on where you stand), and nothing is read while `origin`
    /// is within half the last count's ``RankCount/margin`` of where it counted (a fix
    /// that wanders a few metres, a walk between caches hundreds of metres apart); else
    /// one walk from the nearest reads at most ``rankRecountLimit`` + 1 caches, an index
    /// step and a read of each (on a club store, a few round trips, batched), whatever
    /// the number of caches stored. A store error leaves the rank unknown; the next move
    /// says what the store met.
    private func recountRank(from origin: Coordinate) {
        guard let ranked = search == nil ? current : search?.shownBefore else { return }
        let key = NearestKey(of: ranked, facts: ownFacts, from: origin)
        guard !key.isUnplaced else { return }
        if let counted = rankCount, counted.id == ranked.id,
           origin.distance(to: counted.origin) * 2 < counted.margin - 0.001 { return }
        rankCount = nil
        do {
            try completeOwnData()
            var read = 0, keptNearer = 0, reached = false
            var nearer: Double?, farther: Double?
            try store.walkNearest(to: origin, from: nil, forward: true) { stored, storedKey in
                read += 1
                if reached {
                    farther = storedKey.distance
                    return false
                }
                if stored.id == ranked.id {
                    reached = true
                    return true
                }
                if keeps(stored) { keptNearer += 1 }
                nearer = storedKey.distance
                return read < Self.rankRecountLimit
            }
            let kept = keeps(ranked)
            nearestRank = reached && kept ? keptNearer + 1 : nil
            if filtering != nil {
                filtering?.keptNearer = reached && !kept ? KeptNearer(id: ranked.id, origin: origin, count: keptNearer) : nil
            }
            // Not reached, and the walk ended before the limit: the cache is gone, nothing to keep.
            guard reached || read >= Self.rankRecountLimit else { return }
            let margin = min(key.distance - (nearer ?? -.infinity), (farther ?? .infinity) - key.distance)
            rankCount = RankCount(id: ranked.id, origin: origin, margin: reached ? margin : key.distance - (nearer ?? 0))
        } catch {
            nearestRank = nil
            if filtering != nil { filtering?.keptNearer = nil }
        }
    }
}
