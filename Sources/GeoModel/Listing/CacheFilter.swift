/// Which caches a finder wants to see: by status, type, container, difficulty and
/// terrain ranges, and distance from a place. Every condition that is set must hold; a
/// filter with none keeps every cache.
///
/// ```swift
/// var filter = CacheFilter()
/// filter.statuses = [.available]
/// filter.difficulty = try RatingRange(parsing: "1-2.5")
/// filter.within = CacheFilter.Radius(center: here, metres: try CacheFilter.metres(parsing: "5km"))
/// filter.keeps(cache)   // false for an archived cache, a D3, or one 6 km away
/// ```
public struct CacheFilter: Equatable, Hashable, Sendable {
    /// The statuses kept; nil keeps any.
    public var statuses: Set<CacheStatus>?
    /// The cache types kept, compared without regard to case ("multi-cache" keeps
    /// "Multi-cache"); nil keeps any. A cache whose type is not known is not kept.
    public var types: [String]?
    /// The containers kept, compared without regard to case; nil keeps any.
    public var containers: [String]?
    /// The difficulties kept; nil keeps any. A cache without one is not kept.
    public var difficulty: RatingRange?
    /// The terrains kept; nil keeps any. A cache without one is not kept.
    public var terrain: RatingRange?
    /// How far from a place a cache may be; nil keeps any. A cache without a place is
    /// not kept.
    public var within: Radius?
    /// Found caches only (true), caches not found only (false); nil keeps either.
    public var found: Bool?

    /// A filter that keeps every cache.
    public init() {}

    /// A circle on the Earth: caches whose great-circle distance from ``center`` is at
    /// most ``metres`` are in it.
    public struct Radius: Equatable, Hashable, Sendable {
        public var center: Coordinate
        public var metres: Double

        public init(center: Coordinate, metres: Double) {
            self.center = center
            self.metres = metres
        }
    }

    /// True when the filter sets no condition.
    public var keepsEverything: Bool { self == CacheFilter() }

    /// Whether `cache`, with the person's `own` data on it, meets every condition set:
    /// the distance is measured to its corrected place where there is one.
    public func keeps(_ cache: GeoCache, own: OwnData = OwnData()) -> Bool {
        keeps(cache, found: own.isFound, place: { own.place(of: cache) })
    }

    /// Whether `cache` meets every condition set, as the list knows the person's data
    /// on every cache (``OwnData/Facts``).
    public func keeps(_ cache: GeoCache, facts: OwnData.Facts) -> Bool {
        keeps(cache, found: facts.isFound(cache), place: { facts.place(of: cache) })
    }

    /// Whether `cache`, `found` or not by the person and at `place` for them, meets
    /// every condition set.
    private func keeps(_ cache: GeoCache, found isFound: Bool, place: () -> Coordinate?) -> Bool {
        if let found, isFound != found { return false }
        let listing = cache.listing
        if let statuses, !statuses.contains(listing.status) { return false }
        if let types, !Self.matches(listing.type, types) { return false }
        if let containers, !Self.matches(listing.container, containers) { return false }
        if let difficulty, !(listing.difficulty.map(difficulty.contains) ?? false) { return false }
        if let terrain, !(listing.terrain.map(terrain.contains) ?? false) { return false }
        if let within {
            guard let place = place(), within.center.distance(to: place) <= within.metres else { return false }
        }
        return true
    }

    private static func matches(_ value: String?, _ wanted: [String]) -> Bool {
        guard let value = value?.trimmingWhitespace().lowercased() else { return false }
        return wanted.contains { $0.trimmingWhitespace().lowercased() == value }
    }

    /// The conditions for people, in a fixed order: "not found, available, Multi-cache,
    /// Small, D1-2.5, T3-5, within 5.00 km"; empty for a filter that keeps everything.
    /// Types and containers other than geocaching.com's follow `type` or `container`, and
    /// a distance is written exactly when rounding would change it, so that
    /// ``init(parsing:origin:)`` reads the summary back to the same filter.
    public var summary: String {
        var parts: [String] = []
        if let found { parts.append(found ? "found" : "not found") }
        if let statuses { parts.append(CacheStatus.allCases.filter(statuses.contains).map(\.rawValue).joined(separator: " or ")) }
        if let types { parts.append(Self.namesText(types, among: Self.knownTypes, keyword: "type")) }
        if let containers { parts.append(Self.namesText(containers, among: Self.knownContainers, keyword: "container")) }
        if let difficulty { parts.append("D" + difficulty.text) }
        if let terrain { parts.append("T" + terrain.text) }
        if let within { parts.append("within " + Self.distanceWords(within.metres)) }
        return parts.joined(separator: ", ")
    }

    /// A distance as people write it (``Coordinate/metres(parsing:)``), refused as a
    /// filter's condition.
    public static func metres(parsing text: String) throws(FilterParseError) -> Double {
        do { return try Coordinate.metres(parsing: text) } catch { throw .distance(text) }
    }
}

/// A range of difficulty or terrain ratings, both ends included: `1-2.5`, `3`, `4-5`.
public struct RatingRange: Equatable, Hashable, Sendable {
    public var lowest: Rating
    public var highest: Rating

    public init(lowest: Rating, highest: Rating) {
        self.lowest = min(lowest, highest)
        self.highest = max(lowest, highest)
    }

    /// Reads `1-2.5` (two ratings and a dash) or `3` (one rating alone).
    public init(parsing text: String) throws(FilterParseError) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let low = Rating(text: String(parts[0])),
              let high = parts.count == 2 ? Rating(text: String(parts[1])) : low else { throw .ratings(text) }
        self.init(lowest: low, highest: high)
    }

    public func contains(_ rating: Rating) -> Bool { (lowest...highest).contains(rating) }

    /// "1-2.5", or "3" for a range of one rating.
    public var text: String { lowest == highest ? lowest.text : "\(lowest.text)-\(highest.text)" }
}

/// What is wrong with a filter's value as written.
public enum FilterParseError: Error, Equatable, Sendable, CustomStringConvertible {
    case ratings(String)
    case distance(String)
    /// A written filter's status that is not one.
    case status(String)
    /// A written filter's condition that is none it knows.
    case unknown(String)
    /// Values of different kinds joined by `or` in one condition.
    case mixed(String)
    /// A condition written without its value (`type`, `Micro or`).
    case noValue(String)
    /// A condition that may be given once, given again.
    case repeated(String)
    /// `within` with no place to measure from.
    case noCentre(String)
    /// A difficulty or terrain given alternatives with `or` (`T1 or T5`): it takes one range.
    case ratingAlternatives(String)
    /// Found and not found joined with `or` (`found or not found`): one of them, or neither.
    case foundAlternatives(String)

    public var description: String {
        switch self {
        case .ratings(let text): "\"\(text)\" is not a rating from 1 to 5 in halves, or two joined by a dash (1-2.5)"
        case .distance(let text): "\"\(text)\" is not a distance such as 5km, 500m or 3mi (more than 0, at most half the Earth)"
        case .status(let text): "\"\(text)\" is not a status; give available, disabled or archived"
        case .unknown(let text):
            "\"\(text)\" is not a condition: give found or not found, a status, a cache type or container "
                + "(type … or container … for other names), D1-2.5, T3-5 or within 5km"
        case .mixed(let text): "\"\(text)\" joins different kinds of condition with or; put a comma between them"
        case .noValue(let text): "\"\(text)\" lacks a value"
        case .repeated(let text): "\"\(text)\" gives a condition a second time"
        case .noCentre(let text): "\"\(text)\" needs a place to measure from, and none is known"
        case .ratingAlternatives(let text):
            "\"\(text)\": a difficulty or terrain takes one range, such as T1-2.5; or joins statuses, types and sizes"
        case .foundAlternatives(let text):
            "\"\(text)\": found and not found cannot be joined with or; give one of them, or neither to keep "
                + "found and not found caches alike"
        }
    }
}
