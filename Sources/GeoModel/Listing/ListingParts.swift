/// A travel bug (a trackable) in a cache: `<groundspeak:travelbug id="…" ref="TB…">`.
public struct TravelBug: Equatable, Hashable, Codable, Sendable {
    /// The id geocaching.com gave it, as the file wrote it (empty when none).
    public var id: String
    /// Its reference, `TB` and letters (empty when none).
    public var ref: String
    /// Its name.
    public var name: String

    public init(id: String, ref: String, name: String) {
        self.id = id
        self.ref = ref
        self.name = name
    }
}

/// One log of a cache as a file carries it.
public struct CacheLog: Equatable, Hashable, Codable, Sendable {
    /// When it was logged, in ``UTCTime``'s one spelling per instant
    /// (`2024-05-01T19:00:00Z`; a date alone is its midnight), or text that is no date as
    /// the file gave it.
    public var date: String
    /// The log type: "Found it", "Didn't find it", "Write note", ...
    public var type: String
    /// Who logged it.
    public var finder: String
    /// What they wrote.
    public var text: String
    /// The log's own id as the file wrote it (`<groundspeak:log id="…">`); empty when
    /// the file gave none.
    public var id: String
    /// The finder's id as the file wrote it (`<groundspeak:finder id="…">`); empty when none.
    public var finderID: String
    /// Whether the finder asked for the text to be hidden as a spoiler is, as a hint is
    /// (`<groundspeak:text encoded="True">`): the text itself is kept as written.
    public var isEncoded: Bool

    public init(date: String, type: String, finder: String, text: String, id: String = "", finderID: String = "",
                isEncoded: Bool = false) {
        self.date = date
        self.type = type
        self.finder = finder
        self.text = text
        self.id = id
        self.finderID = finderID
        self.isEncoded = isEncoded
    }

    /// The day it was logged, `2024-05-01`: the date in UTC of ``date`` when that is a
    /// time; nil when the file's date was no date (``date`` then holds its text).
    public var day: String? {
        let time = UTCTime.canonical(date.trimmingWhitespace())
        return UTCTime.isCanonicalTime(time) ? String(time.prefix(10)) : nil
    }

    private enum CodingKeys: String, CodingKey {
        case date, type, finder, text, id, finderID
        case isEncoded = "encoded"
    }

    /// Decodes a log; `id` and `finderID` are empty when absent, `encoded` false.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(date: try container.decode(String.self, forKey: .date),
                  type: try container.decode(String.self, forKey: .type),
                  finder: try container.decode(String.self, forKey: .finder),
                  text: try container.decode(String.self, forKey: .text),
                  id: try container.decodeIfPresent(String.self, forKey: .id) ?? "",
                  finderID: try container.decodeIfPresent(String.self, forKey: .finderID) ?? "",
                  isEncoded: try container.decodeIfPresent(Bool.self, forKey: .isEncoded) ?? false)
    }

    /// Encodes the four texts, the ids when the log has them, and `encoded` when set.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(date, forKey: .date)
        try container.encode(type, forKey: .type)
        try container.encode(finder, forKey: .finder)
        try container.encode(text, forKey: .text)
        if !id.isEmpty { try container.encode(id, forKey: .id) }
        if !finderID.isEmpty { try container.encode(finderID, forKey: .finderID) }
        if isEncoded { try container.encode(true, forKey: .isEncoded) }
    }
}

/// One attribute of a cache: a numbered fact that is on or off ("Dogs allowed: yes",
/// "Available at all times: no"), as the listing service numbers it.
public struct CacheAttribute: Equatable, Hashable, Codable, Sendable {
    /// Whose numbering ``id`` follows: Groundspeak's and Opencaching's ids differ.
    public var source: String
    /// The number the service gave the attribute, as the file wrote it.
    public var id: String
    /// True when the attribute holds ("yes"), false when it is stated not to ("no").
    public var isOn: Bool
    /// Its name, as the file wrote it.
    public var name: String

    /// Groundspeak's numbering (`<groundspeak:attribute id="…" inc="1">`), which GSAK,
    /// GeoToad and geocaching.com write.
    public static let groundspeak = "groundspeak"
    /// Opencaching's own numbering (`<oc:attribute id="…">`).
    public static let openCaching = "opencaching"

    public init(source: String, id: String, isOn: Bool, name: String) {
        self.source = source
        self.id = id
        self.isOn = isOn
        self.name = name
    }

    /// "Dogs" or "no Dogs", as the pane lists it.
    public var text: String { isOn ? name : "no " + name }
}

/// A waypoint that belongs to a cache without being it: the parking, a stage, the final,
/// a reference point, a trailhead. Pocket queries carry them in the cache's file or a
/// separate `-wpts.gpx`; Opencaching in the cache's file.
public struct AdditionalWaypoint: Equatable, Hashable, Codable, Sendable {
    /// Its own code: the prefix and the cache code's suffix (`PK12345` for `GC12345`), or
    /// what the file named it.
    public var code: String
    /// What it is, as the file's `<type>` says after `Waypoint|`: "Parking Area",
    /// "Stages of a Multicache", "Final Location", "Reference Point", "Trailhead",
    /// "Question to Answer", "Virtual Stage".
    public var kind: String
    /// Its name (`<desc>`, such as "Parking").
    public var name: String
    /// Where it is; nil for a waypoint whose place is hidden.
    public var coordinate: Coordinate?
    /// The comment (`<cmt>`): directions, a question.
    public var comment: String
    /// The symbol when it is not the kind (`<sym>`).
    public var symbol: String?
    /// When it was written, in ``UTCTime``'s spelling; its web page and that page's name.
    public var time: String?
    public var url: String?
    public var urlName: String?

    public init(code: String, kind: String, name: String, coordinate: Coordinate?, comment: String = "",
                symbol: String? = nil, time: String? = nil, url: String? = nil, urlName: String? = nil) {
        self.code = code
        self.kind = kind
        self.name = name
        self.coordinate = coordinate
        self.comment = comment
        self.symbol = symbol == kind ? nil : symbol
        self.time = time
        self.url = url
        self.urlName = urlName
    }

    /// The symbol a GPS shows it with: ``symbol``, else the kind.
    public var shownSymbol: String { symbol ?? kind }

    /// The suffix of a code after its two-letter prefix: `12345` of `GC12345` and of
    /// `PK12345`; nil for a code too short to have one.
    public static func suffix(of code: String) -> Substring? {
        let trimmed = code.trimmingWhitespace()
        guard trimmed.count > 2 else { return nil }
        return trimmed.uppercased().dropFirst(2)
    }
}

/// ``Listing/asOf`` as the listing holds it: a value every comparison leaves out, so that
/// a listing's equality and hash are those of what it says, not of when it was said.
struct ListingAge: Hashable, Sendable {
    var value: String?

    static func == (_: ListingAge, _: ListingAge) -> Bool { true }

    func hash(into _: inout Hasher) {}
}
