/// What the person keeps on a cache, apart from its listing: whether and when they
/// found it, a note of their own, and corrected coordinates (a solved puzzle's final).
///
/// It belongs to the person (the SQLite file's user, the PostgreSQL role on a club
/// store), is keyed by the cache's code, and is never changed by an import of a
/// listing: a newer pocket query leaves it as it is.
///
/// ```swift
/// var own = OwnData()
/// own.corrected = try Coordinate(parsing: "N 47° 38.120 W 122° 20.400")
/// own.place(of: cache)        // the corrected place: distance, bearing and nearest first use it
/// own.afterVisit(found)       // found, on the visit's day, unless found before
/// ```
public struct OwnData: Equatable, Hashable, Sendable {
    /// When the person found the cache, in UTC (``UTCTime``'s spelling); nil while not found.
    public var found: String?
    /// The person's note; may be empty.
    public var note: String
    /// Where the cache really is, by the person's reckoning; nil to use the listing's.
    public var corrected: Coordinate?

    /// Nothing kept: not found, no note, no correction.
    public init(found: String? = nil, note: String = "", corrected: Coordinate? = nil) {
        self.found = found
        self.note = note
        self.corrected = corrected
    }

    /// True when nothing is kept (the store then keeps no row for the cache).
    public var isEmpty: Bool { found == nil && note.isEmpty && corrected == nil }

    /// True when the person found the cache.
    public var isFound: Bool { found != nil }

    /// `current` with the fields this data changed from `base` set as this data has them:
    /// a change of the note made from an older read leaves the found date and the
    /// correction as `current` has them.
    public func changes(from base: OwnData, appliedTo current: OwnData) -> OwnData {
        OwnData(found: found == base.found ? current.found : found,
                note: note == base.note ? current.note : note,
                corrected: corrected == base.corrected ? current.corrected : corrected)
    }

    /// The longest note kept, in bytes of UTF-8.
    public static let maximumNoteBytes = 10_000

    /// Where `cache` is for this person: the corrected place, else the listing's.
    public func place(of cache: GeoCache) -> Coordinate? { corrected ?? cache.coordinate }

    /// The data after `visit`: a visit that finds the cache (Found it, Attended, Webcam
    /// Photo Taken) marks it found at the visit's time unless it was found earlier.
    public func afterVisit(_ visit: Visit) -> OwnData {
        guard visit.type.findsTheCache else { return self }
        if let found, UTCTime.isEarlier(visit.time, than: found) != true { return self }
        var after = self
        after.found = visit.time
        return after
    }
}

extension OwnData {
    /// The person's data on every cache, by code, with the rule for a cache that has
    /// none, and the person's visits.
    public struct Book: Equatable, Sendable {
        /// The data by code (``CacheCode/normalized(_:)``); caches without any are absent.
        public var byCode: [String: OwnData]
        /// The person's visits by code, each cache's in the order they were recorded
        /// (a Didn't find it or a note too, which leave ``byCode`` as it is); caches
        /// never visited are absent.
        public var visitsByCode: [String: [Visit]]

        public init(_ byCode: [String: OwnData] = [:], visitsByCode: [String: [Visit]] = [:]) {
            self.byCode = byCode
            self.visitsByCode = visitsByCode
        }

        /// Adds `visit` (``Visit/normalized``) after the visits of its cache, unless they
        /// hold it already.
        public mutating func addVisit(_ visit: Visit) {
            let visit = visit.normalized
            guard visitsByCode[visit.code]?.contains(visit) != true else { return }
            visitsByCode[visit.code, default: []].append(visit)
        }

        /// The person's visits to `cache`, newest first (``UTCTime/orderKey(_:)``;
        /// of visits at the same time, the one recorded last first); none when it has
        /// no code.
        public func visits(to cache: GeoCache) -> [Visit] { visits(toCode: cache.code) }

        /// The person's visits to the cache with `code` (normalized), newest first, as
        /// ``visits(to:)`` orders them; none when there is no code.
        public func visits(toCode code: String?) -> [Visit] {
            guard let code, let visits = visitsByCode[code] else { return [] }
            return UTCTime.newestFirst(visits, by: \.time, sameTimeLatestFirst: true)
        }

        /// The data on `cache` (empty when none is kept or it has no code).
        public func of(_ cache: GeoCache) -> OwnData { of(code: cache.code) }

        /// The data on the cache with `code` (empty when none is kept or there is no code).
        public func of(code: String?) -> OwnData {
            guard let code else { return OwnData() }
            return byCode[code] ?? OwnData()
        }

        /// Where `cache` is for the person: its correction, else the listing's place.
        public func place(of cache: GeoCache) -> Coordinate? { of(cache).place(of: cache) }
    }
}

extension VisitType {
    /// True for the visits that find the cache: Found it, Attended, Webcam Photo Taken.
    public var findsTheCache: Bool {
        switch self {
        case .foundIt, .attended, .webcamPhotoTaken: true
        default: false
        }
    }
}
