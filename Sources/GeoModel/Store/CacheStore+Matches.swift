extension CacheStore {
    /// The caches ``forEachMatch(of:limit:_:)`` gives, as an array.
    public func find(_ text: String, limit: Int? = nil) throws -> [StoredCache] {
        var found: [StoredCache] = []
        try forEachMatch(of: text, limit: limit) { found.append($0) }
        return found
    }

    /// ``forEachMatch(of:limit:_:)`` without a limit.
    public func forEachMatch(of text: String, _ body: (StoredCache) throws -> Void) throws {
        try forEachMatch(of: text, limit: nil, body)
    }

    /// Calls `body` with every cache ``forEachMatch(of:limit:_:)`` gives, in stored
    /// order, and its position among all the stored caches (1-based, as
    /// ``cache(atPosition:)`` counts): the number `edit` and `delete` take as a position.
    ///
    /// The matches' identifiers are read first (``matchIDs(_:)``), then every cache is
    /// walked in stored order to count the positions up to each match: the time grows
    /// with the store, not with the matches. A match deleted between the two reads is
    /// passed over.
    public func forEachNumberedMatch(of text: String,
                                     _ body: (_ position: Int, _ stored: StoredCache) throws -> Void) throws {
        let matches = try matchIDs(text)
        var next = matches.startIndex
        var position = 0
        try forEachCache { stored in
            position += 1
            while next < matches.endIndex, matches[next] < stored.id { next += 1 }
            guard next < matches.endIndex, stored.id == matches[next] else { return }
            next += 1
            try body(position, stored)
        }
    }
}
