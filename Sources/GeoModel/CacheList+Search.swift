/// Searching: the matches of a query, in stored order, and the moves through them.
extension CacheList {
    /// A search's query, its matches (a snapshot of identifiers in stored order) and
    /// where the current cache is among them.
    struct Search {
        let query: String
        var matches: [CacheID]
        /// Index of ``CacheList/current`` in `matches`, nil when nothing matches.
        var index: Int?
        /// The cache shown before the search began, for `endSearch(keepCurrent: false)`.
        let shownBefore: StoredCache?
        /// The cache shown when this query was searched for (a match of the one before
        /// it, or ``shownBefore``): where `endSearch(keepCurrent: true)` stays when
        /// nothing matches this one.
        let shownLast: StoredCache?
    }

    /// Starts a search for `text` (see ``CacheStore/forEachMatch(of:limit:_:)`` for the rule:
    /// any field contains it, ignoring case and diacritics; with a filter, only among the
    /// caches it keeps: `CacheList+Filter.swift`). The current cache
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
        let shownLast = current ?? search?.shownLast ?? shownBefore
        var matches = try keptMatchIDs(text)
        var first: StoredCache? = nil
        while !matches.isEmpty {
            if let found = try store.cache(matches[0]) {
                first = found
                break
            }
            matches.removeFirst()   // deleted since the scan
        }
        search = Search(query: text, matches: matches, index: first == nil ? nil : 0, shownBefore: shownBefore,
                        shownLast: shownLast)
        current = first
        position = nil
        broadcast(.searchBegan(query: text, matchCount: matches.count))
        return matches.count
    }

    /// Ends the search: the whole list is browsed again from the cache the search was
    /// on (`keepCurrent`, the default; when the last query matched nothing, the cache
    /// shown when it was searched for) or from the one shown before it began. When
    /// that cache is gone (or nothing matched) the one after it, else the first, is
    /// shown. Broadcasts ``CacheListChange/searchEnded(_:position:)``; no-op when not
    /// searching. A store error keeps the search and broadcasts
    /// ``CacheListChange/failed(_:)``.
    ///
    /// Working out the stored-order position walks the table up to the cache, so it
    /// costs more the further the cache is (figures: docs/performance.md).
    public func endSearch(keepCurrent: Bool = true) {
        guard let search else { return }
        do {
            let anchor = (keepCurrent ? current ?? search.shownLast : search.shownBefore)
            var shown: StoredCache? = nil
            if let anchor {
                shown = try store.cache(anchor.id) ?? store.cache(after: anchor.id)
            }
            if shown == nil { shown = try store.first() }
            let newPosition = try shown.map { try store.position(of: $0.id) }
            let newCount = try store.count()
            self.search = nil
            // Nearest first, a search's cache has no rank known (the matches go in stored order).
            if shown?.id != search.shownBefore?.id { nearestRank = nil }
            current = shown
            position = newPosition
            count = newCount
            broadcast(.searchEnded(shown, position: newPosition))
        } catch {
            broadcast(.failed(StoreError(wrapping: error, path: store.name)))
        }
    }

    /// Shows the match at `index` of the active search. Broadcasts
    /// ``CacheListChange/matchMoved(_:matchPosition:matchCount:)``; when that cache
    /// has been deleted meanwhile, re-runs the search and broadcasts
    /// ``CacheListChange/storeChangedExternally(count:deletedShown:leftOutShown:)`` instead.
    func moveToMatch(_ index: Int) {
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
            broadcast(.failed(StoreError(wrapping: error, path: store.name)))
        }
    }
}

extension Array where Element == CacheID {
    /// The index of the first identifier not less than `id` in this sorted array
    /// (`count` when there is none): a binary search.
    func firstIndex(atOrAfter id: CacheID) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if self[middle] < id { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
