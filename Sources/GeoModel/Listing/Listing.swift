/// What a geocaching listing says about a cache beyond the lab's four fields: the facts
/// GPX and LOC files carry and a GPS shows.
///
/// Every member is optional (a cache typed into the form has none of them); `logs` is
/// empty when the file carried none. Text is kept exactly as the file had it: the long
/// description stays HTML when ``longDescriptionIsHTML`` says so, and a view turns it
/// into text when it shows it.
public struct Listing: Equatable, Hashable, Sendable {
    /// The cache type as geocaching.com names it: "Traditional Cache", "Multi-cache",
    /// "Unknown Cache", "Lab Cache", ...
    public var type: String?
    /// The container size: "Micro", "Small", "Regular", "Large", "Other", "Virtual",
    /// "Not chosen".
    public var container: String?
    /// How hard the cache is to find, 1 to 5 in halves.
    public var difficulty: Rating?
    /// How hard the terrain is, 1 to 5 in halves.
    public var terrain: Rating?
    /// The hint, kept as the file had it (decoded; geocaching.com encodes it with ROT13
    /// only on its web pages).
    public var hint: String?
    /// The long description, as the file had it.
    public var longDescription: String?
    /// True when ``longDescription`` is HTML (`<groundspeak:long_description html="True">`).
    public var longDescriptionIsHTML: Bool
    /// The listing's web page.
    public var url: String?
    /// When the cache was placed, as an ISO 8601 date or date and time
    /// (`2004-08-07` or `2004-08-07T07:00:00Z`), as the file gave it.
    public var placed: String?
    /// The logs the file carried, in the file's order (newest first, as
    /// geocaching.com writes them), and those later imports added (``logsNewestFirst``
    /// reads them newest first whatever their order).
    public var logs: [CacheLog]
    /// The travel bugs in the cache, each with its own id, reference and name, as the
    /// file listed them (the reward names them: ``GeoCache/reward``).
    public var travelBugs: [TravelBug]
    /// The waypoint's symbol when it is not the plain `Geocache` every export writes
    /// for a cache without one: `Geocache Found` in the pocket query of a finder.
    public var symbol: String?
    /// `available` and `archived` as the file said them (`<groundspeak:cache
    /// available="False" archived="True">`), each nil where the file said nothing or
    /// the cache is simply available (`available="True" archived="False"`, what every
    /// export writes for a cache that says nothing): see ``status``.
    public var available: Bool?
    public var archived: Bool?
    /// The short description as the file had it (`groundspeak:short_description`), HTML
    /// when ``shortDescriptionIsHTML`` says so; the details field keeps usage's mapping.
    public var shortDescription: String?
    public var shortDescriptionIsHTML: Bool
    /// The country and state the listing names.
    public var country: String?
    public var state: String?
    /// The listing's own id at its service (`<groundspeak:cache id="…">`), as written.
    public var cacheID: String?
    /// The owner as the listing names them (`groundspeak:owner`) when that is not the
    /// creator (`placed_by`), and the owner's id at the service.
    public var ownerName: String?
    public var ownerID: String?
    /// The attributes, in the file's order.
    public var attributes: [CacheAttribute]
    /// The cache's additional waypoints (parking, stages, final, ...), in the order they came.
    public var waypoints: [AdditionalWaypoint]
    /// When what the listing says was last known to be so, in ``UTCTime``'s spelling: the
    /// time of the file it came from, else the date of its newest log; nil when unknown
    /// (LOC, JSON, a cache typed in). An import uses it to let a newer file win over an
    /// older one (``GeoCache/updated(byImporting:coverage:)``). It is not a fact of the
    /// cache: two listings that say the same are equal whatever their ages.
    public var asOf: String? {
        get { age.value }
        set { age.value = newValue }
    }
    private var age = ListingAge()

    /// A listing; by default one that says nothing.
    public init(type: String? = nil, container: String? = nil, difficulty: Rating? = nil,
                terrain: Rating? = nil, hint: String? = nil, longDescription: String? = nil,
                longDescriptionIsHTML: Bool = false, url: String? = nil, placed: String? = nil,
                logs: [CacheLog] = [], travelBugs: [TravelBug] = [], symbol: String? = nil, available: Bool? = nil, archived: Bool? = nil,
                shortDescription: String? = nil, shortDescriptionIsHTML: Bool = false, country: String? = nil,
                state: String? = nil, cacheID: String? = nil, ownerName: String? = nil, ownerID: String? = nil,
                attributes: [CacheAttribute] = [], waypoints: [AdditionalWaypoint] = []) {
        self.type = type
        self.container = container
        self.difficulty = difficulty
        self.terrain = terrain
        self.hint = hint
        self.longDescription = longDescription
        self.longDescriptionIsHTML = longDescriptionIsHTML
        self.url = url
        self.placed = placed
        self.logs = logs
        self.travelBugs = travelBugs
        self.symbol = Self.keptSymbol(symbol)
        (self.available, self.archived) = Self.keptStatus(available: available, archived: archived)
        self.shortDescription = shortDescription
        self.shortDescriptionIsHTML = shortDescriptionIsHTML
        self.country = country
        self.state = state
        self.cacheID = cacheID
        self.ownerName = ownerName
        self.ownerID = ownerID
        self.attributes = attributes
        self.waypoints = waypoints
    }

    /// What the listing keeps of a file's `available` and `archived`: nothing when they
    /// say the cache is simply available (true and false, or unsaid), else both, the one
    /// left unsaid as a plain cache has it (available, not archived): so every export,
    /// which writes both, reads back the same.
    public static func keptStatus(available: Bool?, archived: Bool?) -> (available: Bool?, archived: Bool?) {
        if available ?? true, !(archived ?? false) { return (nil, nil) }
        return (available ?? true, archived ?? false)
    }

    /// The plain symbol, which a listing does not keep (``symbol``).
    public static let plainSymbol = "Geocache"
    /// The symbol of a cache the person found, as geocaching.com and GSAK write it.
    public static let foundSymbol = "Geocache Found"

    /// What the listing keeps of a waypoint's symbol: nothing for a blank or plain one.
    public static func keptSymbol(_ symbol: String?) -> String? {
        guard let trimmed = symbol?.trimmingWhitespace(), !trimmed.isEmpty, trimmed != plainSymbol else { return nil }
        return trimmed
    }

    /// Whether the cache can be found: archived (gone for good), disabled (for a while),
    /// or available (also when the file said nothing).
    public var status: CacheStatus {
        if archived == true { return .archived }
        return available == false ? .disabled : .available
    }

    /// The most logs, attributes and travel bugs together that a file may give one
    /// cache (in JSON, the most of each): a file with more is refused, saying so,
    /// rather than filling memory with parts that cost their bookkeeping even empty.
    public static let maximumParts = 100_000

    /// The listing that says nothing: what a cache typed into the form has.
    public static let empty = Listing()

    /// True when the listing says nothing.
    public var isEmpty: Bool { self == .empty }

    /// The day the cache was placed as the file wrote it, `2004-08-07` (a time of day
    /// after it left out); the file's text when it starts with no such date; nil when
    /// the file gave none.
    public var placedDay: String? {
        guard let text = placed?.trimmingWhitespace(), !text.isEmpty else { return nil }
        let bytes = Array(text.utf8.prefix(11))
        let isDay = bytes.count >= 10 && bytes[4] == UInt8(ascii: "-") && bytes[7] == UInt8(ascii: "-")
            && [0, 1, 2, 3, 5, 6, 8, 9].allSatisfy { bytes[$0].isASCIIDigit }
            && (bytes.count == 10 || bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: " "))
        return isDay ? String(decoding: bytes[0..<10], as: UTF8.self) : text
    }

    /// The logs newest first, as a cache's logs are read (``CacheLog/newestFirst(_:)``):
    /// a file that lists them oldest first, or logs of several imports, read the same.
    public var logsNewestFirst: [CacheLog] { CacheLog.newestFirst(logs) }

    /// "D2/T1.5", or nil when neither rating is known; a missing one shows as "?".
    public var ratingsText: String? {
        guard difficulty != nil || terrain != nil else { return nil }
        return "D\(difficulty?.text ?? "?")/T\(terrain?.text ?? "?")"
    }
}

/// Whether a cache can be found, as its listing says.
public enum CacheStatus: String, Sendable, CaseIterable {
    /// Listed and there to find.
    case available
    /// Temporarily disabled by its owner or a reviewer.
    case disabled
    /// Archived: gone for good.
    case archived
}

/// A difficulty or terrain rating: 1 to 5 in steps of a half.
public struct Rating: Equatable, Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The rating in halves: 2 (1 star) to 10 (5 stars).
    public let halves: Int

    /// A rating from its number of halves, or nil outside 2...10.
    public init?(halves: Int) {
        guard (2...10).contains(halves) else { return nil }
        self.halves = halves
    }

    /// A rating from a number of stars such as 1.5, or nil when it is not 1 to 5 in halves
    /// (checked before it is made a whole number: a file may hold any number).
    public init?(stars: Double) {
        let doubled = stars * 2
        guard (2...10).contains(doubled), doubled == doubled.rounded() else { return nil }
        self.init(halves: Int(doubled))
    }

    /// A rating as files write it: "1", "1.5", "2.0", " 3 "; nil for anything else
    /// (`2e0`, `0x4`).
    public init?(text: String) {
        guard let stars = Double.plainDecimal(text.trimmingWhitespace()) else { return nil }
        self.init(stars: stars)
    }

    /// The number of stars: 1, 1.5, ... 5.
    public var stars: Double { Double(halves) / 2 }

    /// "1", "1.5", "5": the shortest text that gives the rating back.
    public var text: String { halves % 2 == 0 ? String(halves / 2) : "\(halves / 2).5" }

    public var description: String { text }

    public static func < (lhs: Rating, rhs: Rating) -> Bool { lhs.halves < rhs.halves }
}

extension Rating: Codable {
    /// Decodes a rating from its number of stars.
    public init(from decoder: any Decoder) throws {
        let stars = try decoder.singleValueContainer().decode(Double.self)
        guard let rating = Rating(stars: stars) else {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: decoder.codingPath, debugDescription: "\(stars) is not a rating of 1 to 5 in halves"))
        }
        self = rating
    }

    /// Encodes the number of stars.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(stars)
    }
}

