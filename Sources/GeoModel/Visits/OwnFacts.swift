extension OwnData {
    /// What a list needs to know of the person's data on every cache, to filter and to
    /// order nearest first: whether it was found, and its corrected place. No text: the
    /// note, the time found and the visits of a cache are read when it is shown
    /// (``CacheList/ownData(of:)``), so a form holds a few dozen bytes for each found
    /// or corrected cache, not a whole ``Book`` (about 600 bytes a find with its visit).
    ///
    /// ```swift
    /// var facts = OwnData.Facts(book)
    /// facts.isFound(cache)                   // what "not found" filters on
    /// facts.place(of: cache)                 // the corrected place, else the listing's
    /// ```
    public struct Facts: Equatable, Sendable {
        /// The codes (``CacheCode/normalized(_:)``) of the caches found: 16 bytes each.
        private var found: Set<String>
        /// The corrected places by code: a note alone changes neither a filter nor the order.
        private var corrected: [String: Coordinate]

        /// None: nothing found, nothing corrected.
        public init() {
            found = []
            corrected = [:]
        }

        /// The facts of every cache `book` holds data on.
        public init(_ book: Book) {
            self.init()
            for (code, data) in book.byCode { set(data, forCode: code) }
        }

        /// Room for `count` found caches, when about as many are to be set.
        public mutating func reserveCapacity(_ count: Int) { found.reserveCapacity(count) }

        /// How many caches are found or corrected.
        public var count: Int { found.union(corrected.keys).count }

        /// Sets the facts of the cache `code` from the person's `data` on it.
        public mutating func set(_ data: OwnData, forCode code: String) {
            set(found: data.isFound, corrected: data.corrected, forCode: code)
        }

        /// Sets the facts of the cache `code`: whether found, and the corrected place.
        public mutating func set(found isFound: Bool, corrected place: Coordinate?, forCode code: String) {
            if isFound { found.insert(code) } else { found.remove(code) }
            corrected[code] = place
        }

        /// Whether `other` holds other corrected places: nearest first then orders
        /// differently.
        func correctsOtherPlaces(than other: Facts) -> Bool { corrected != other.corrected }

        /// Marks the cache `code` found, keeping its corrected place.
        public mutating func markFound(code: String) { found.insert(code) }

        /// Whether the person found `cache` (never, when it has no code).
        public func isFound(_ cache: GeoCache) -> Bool {
            guard let code = cache.code else { return false }
            return found.contains(code)
        }

        /// Where `cache` is for the person: the corrected place, else the listing's.
        public func place(of cache: GeoCache) -> Coordinate? {
            guard let code = cache.code, let place = corrected[code] else { return cache.coordinate }
            return place
        }
    }
}
