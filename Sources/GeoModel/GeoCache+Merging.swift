extension GeoCache {
    /// A part of a cache that a three-way merge takes whole from one version or the
    /// other: one of the four fields, the place, or the listing (type, container,
    /// ratings, hint, descriptions, URL, placed date and logs, kept together as a file
    /// gave them).
    ///
    /// The code is no part: a change and the version it is merged with are of one cache.
    public enum Part: Hashable, Sendable {
        /// One of the four fields.
        case field(Field)
        /// The coordinate (``GeoCache/coordinate``), none included.
        case place
        /// The listing (``GeoCache/listing``).
        case listing

        /// Every part, in the order people are shown them: the four fields as the form
        /// shows them, the place, then the listing.
        public static let all: [Part] = Field.allCases.map { .field($0) } + [.place, .listing]

        /// The part's name for people: a field's label, "Place", "Listing".
        public var label: String {
            switch self {
            case .field(let field): field.label
            case .place: "Place"
            case .listing: "Listing"
            }
        }
    }

    /// The parts whose values differ from `other`'s, in ``Part/all``'s order.
    public func parts(differingFrom other: GeoCache) -> [Part] {
        Part.all.filter { !hasSame($0, as: other) }
    }

    /// True when `part` holds the same value here and in `other`.
    public func hasSame(_ part: Part, as other: GeoCache) -> Bool {
        switch part {
        case .field(let field): self[field] == other[field]
        case .place: coordinate == other.coordinate
        case .listing: listing == other.listing
        }
    }

    /// This version, a change made from `base`, applied to `theirs`, the version stored
    /// meanwhile: the three-way merge every save over another version follows.
    ///
    /// A part this version changed (it differs from `base`'s) takes this version's
    /// value, whatever `theirs` did to it; every other part keeps `theirs`' value, so
    /// what was changed elsewhere and not here is never written back. The code is
    /// `theirs`'. When nothing was changed elsewhere (`theirs == base`) the result is
    /// this version; when nothing was changed here, it is `theirs`.
    ///
    /// ```swift
    /// let base = GeoCache(title: "Old Oak", details: "Behind the tree", creator: "ana", reward: "Coin")
    /// var mine = base;   mine.reward = "Travel bug"
    /// var theirs = base; theirs.details = "Under the bench"
    /// mine.merging(theirs: theirs, base: base)
    /// // Old Oak, Under the bench, ana, Travel bug
    /// ```
    public func merging(theirs: GeoCache, base: GeoCache) -> GeoCache {
        var merged = theirs
        for part in parts(differingFrom: base) { merged.take(part, from: self) }
        return merged
    }

    /// The parts `mine` or `theirs` changed from `base`, in ``Part/all``'s order: what a
    /// conflict between them is shown by (a part neither changed is not).
    public static func parts(changedBy mine: GeoCache, or theirs: GeoCache, from base: GeoCache) -> [Part] {
        Part.all.filter { !mine.hasSame($0, as: base) || !theirs.hasSame($0, as: base) }
    }

    /// Sets `part` to `other`'s value.
    private mutating func take(_ part: Part, from other: GeoCache) {
        switch part {
        case .field(let field): self[field] = other[field]
        case .place: coordinate = other.coordinate
        case .listing: listing = other.listing
        }
    }
}
