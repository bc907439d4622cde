/// Moving through the list: next, previous, first, last and random, in stored order
/// or nearest first (`order`; `CacheList+Nearest.swift`), through the matches during
/// a search (`CacheList+Search.swift`), through the caches a filter keeps
/// (`CacheList+Filter.swift`).
extension CacheList {
    /// Moves to the next cache in stored order, wrapping from the last to the first
    /// (nearest first: the next farther one, wrapping to the nearest).
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
        if filtering != nil { return showKept(.next) }
        if isNearestFirst { return moveNearest { try nearestAfter(shown, from: $0) } }
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
        if filtering != nil { return showKept(.previous) }
        if isNearestFirst { return moveNearest { try nearestBefore(shown, from: $0) } }
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
        if filtering != nil { return showKept(.first) }
        if isNearestFirst { return moveNearest { try (store.nearestCache(to: $0, after: nil), 1) } }
        move { try store.first().map { ($0, 1) } ?? (nil, nil) }
    }

    /// Moves to the last cache in stored order (the last match during a search).
    /// Broadcasts like ``showNext()``; no-op when already there or empty.
    public func showLast() {
        if let search { return moveToMatch(search.matches.count - 1) }
        guard current != nil else { return }
        if filtering != nil { return showKept(.last) }
        if isNearestFirst { return moveNearest { try farthest(from: $0) } }
        move { try lastWithPosition() }
    }

    /// Moves to a cache picked at random, never the current one; see
    /// ``showRandom(using:)``.
    /// Whether ``showRandom()`` has another cache to move to: another match during a
    /// search, another cache the filter keeps, else another cache.
    public var hasAnotherToShowAtRandom: Bool {
        if let search { return search.index != nil && search.matches.count >= 2 }
        if let kept = keptCount { return current != nil && kept >= 2 }
        return current != nil && count >= 2
    }

    public func showRandom() {
        var generator = SystemRandomNumberGenerator()
        showRandom(using: &generator)
    }

    /// Moves to a cache picked with `generator` among all but the current one (among
    /// the other matches during a search). Broadcasts like ``showNext()``; no-op
    /// with fewer than two caches (matches).
    ///
    /// Reaching a random position skips the rows before it, so it costs more in a
    /// large store (figures: docs/performance.md).
    public func showRandom(using generator: inout some RandomNumberGenerator) {
        if let search {
            guard let index = search.index, search.matches.count >= 2 else { return }
            let pick = Int.random(in: 0..<search.matches.count - 1, using: &generator)
            return moveToMatch(pick >= index ? pick + 1 : pick)
        }
        if filtering != nil { return showRandomKept(using: &generator) }
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

    /// Shows the stored cache `id` at its stored-order position (a restored edit's
    /// cache, which the form edits); nothing changes when it is gone, or during a search.
    public func show(_ id: CacheID) {
        guard !isSearching, current?.id != id else { return }
        move {
            guard let found = try store.cache(id) else { return (current, position) }
            return (found, try store.position(of: id))
        }
    }

    /// Applies a move outside a search: `destination` gives the new current cache
    /// and its position. Broadcasts ``CacheListChange/currentMoved(_:position:)`` if
    /// anything changed, ``CacheListChange/failed(_:)`` on a store error.
    func move(to destination: () throws -> (StoredCache?, Int?)) {
        do {
            try completeOwnData()
            let (next, nextPosition) = try destination()
            guard next != current || nextPosition != position else { return }
            current = next
            position = isNearestFirst ? nil : nextPosition
            if isNearestFirst { nearestRank = nil }
            if next == nil { count = 0 }
            broadcast(.currentMoved(next, position: nextPosition))
        } catch {
            broadcast(.failed(StoreError(wrapping: error, path: store.name)))
        }
    }

    /// The last cache and its position, the count, which is re-read.
    private func lastWithPosition() throws -> (StoredCache?, Int?) {
        guard let last = try store.last() else { return (nil, nil) }
        count = try store.count()
        return (last, count)
    }
}
