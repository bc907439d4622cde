/// A place in an input file: 1-based line and column (the column counts characters).
public struct TextPosition: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The 1-based line number.
    public let line: Int
    /// The 1-based column, in Unicode scalars from the start of the line.
    public let column: Int

    /// Creates a position from a line and a column, both counted from 1.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// "LINE:COLUMN", the form compilers use.
    public var description: String { "\(line):\(column)" }
}

/// Why a whole input could not be imported: nothing from it was stored.
///
/// The message names the input (a path, or `<stdin>`) and, when the problem sits at
/// one place in the file, its line and column, as `caches.gpx:12:5: malformed XML: ...`.
public struct ImportError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The kinds of input geocache-tui refuses as a whole.
    public enum Kind: Equatable, Sendable {
        /// The file could not be opened or read.
        case unreadable
        /// The file holds nothing, or only whitespace.
        case empty
        /// The file is a zip archive, not a GPX or JSON document.
        case zipArchive
        /// The content starts with something that is neither JSON nor XML.
        case unknownFormat
        /// A byte sequence that is not UTF-8.
        case invalidUTF8
        /// JSON that does not parse, or is not an array.
        case malformedJSON
        /// XML that does not parse.
        case malformedXML
        /// Well-formed XML that is not a GPX document.
        case notGPX
        /// XML with entity declarations (billion laughs, external entities): refused unread.
        case hostileXML
        /// Some elements or waypoints were invalid and `--skip-invalid` was not given.
        case invalidRecords
        /// The store refused the import; nothing was written.
        case store
        /// The import was interrupted (``ImportInterruption``) before its commit; nothing was written.
        case interrupted
        /// A library the format needs (libxml2 for GPX and LOC) is not installed.
        case libraryMissing
    }

    /// What went wrong.
    public let kind: Kind
    /// The input's name as the user gave it: a path, or `<stdin>`.
    public let source: String
    /// Where in the input the problem is, when it is at one place.
    public let position: TextPosition?
    /// The same place as a byte number, counted from 1 over every byte of the input
    /// (a byte order mark included), where it is known (JSON and UTF-8 problems in JSON).
    public let byteOffset: Int?
    /// What is wrong, in a sentence without the file name or position.
    public let reason: String
    /// For ``Kind/invalidRecords``: every record that was rejected, in input order.
    public let rejections: [RejectedRecord]

    /// Creates an error about one input.
    public init(_ kind: Kind, source: String, position: TextPosition? = nil, byteOffset: Int? = nil,
                reason: String, rejections: [RejectedRecord] = []) {
        self.kind = kind
        self.source = source
        self.position = position
        self.byteOffset = byteOffset
        self.reason = reason
        self.rejections = rejections
    }

    /// `SOURCE[:LINE:COLUMN]: REASON`, then one line per rejected record.
    public var description: String {
        var text = position.map { "\(source):\($0): \(reason)" } ?? "\(source): \(reason)"
        for rejection in rejections { text += "\n  " + rejection.description }
        return text
    }

    /// What the command line prints: ``description`` with ` (byte N of the input)`
    /// after the reason when the byte is known, so that a problem in a document
    /// on one long line can be found with `head -c` or `dd`.
    public var message: String {
        guard let byteOffset else { return description }
        var text = position.map { "\(source):\($0): \(reason)" } ?? "\(source): \(reason)"
        text += " (byte \(byteOffset) of the input)"
        for rejection in rejections { text += "\n  " + rejection.description }
        return text
    }
}

/// Where one record came from: its input and its place there.
public struct RecordLocation: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The input's name: a path, or `<stdin>`.
    public let source: String
    /// For JSON, the 0-based index of the element in the array.
    public let index: Int?
    /// For GPX, the code of the waypoint (its `<name>`), when it has one.
    public let code: String?
    /// Where the record starts in the input.
    public let position: TextPosition?

    /// Creates a location; give whichever parts are known.
    public init(source: String, index: Int? = nil, code: String? = nil, position: TextPosition? = nil) {
        self.source = source
        self.index = index
        self.code = code
        self.position = position
    }

    /// `caches.json: element 3 (line 20)` or `caches.gpx:40:3: waypoint GC12AB`.
    public var description: String {
        var text = source
        if let position { text += ":\(position)" }
        if let index { text += ": element \(index)" }
        if let code, !code.isEmpty { text += ": waypoint \(code)" }
        else if index == nil { text += ": waypoint" }
        return text
    }
}

/// A record that was read but cannot become a cache, and why.
public struct RejectedRecord: Equatable, Sendable, CustomStringConvertible {
    /// Where the record is.
    public let location: RecordLocation
    /// Why it was rejected: a missing key, a wrong type, or the fields that are empty.
    public let reason: String

    /// Pairs a location with a reason.
    public init(location: RecordLocation, reason: String) {
        self.location = location
        self.reason = reason
    }

    /// `LOCATION: REASON`.
    public var description: String { "\(location): \(reason)" }
}

/// What one record of an input turned out to be.
public enum ImportRecord: Equatable, Sendable {
    /// A valid cache, ready to store.
    case cache(GeoCache, RecordLocation)
    /// A record that cannot become a cache.
    case rejected(RejectedRecord)
    /// A GPX waypoint that is not a geocache (a parking spot, a trail head).
    case notAGeocache(RecordLocation)
}

/// The outcome of an import: how many caches were added, skipped or rejected.
public struct ImportReport: Equatable, Sendable, CustomStringConvertible {
    /// Caches stored by this import.
    public var added = 0
    /// Caches identical in all four fields to one already stored or read earlier.
    public var duplicates = 0
    /// Records that could not become caches (listed in ``rejections``).
    public var rejected: Int { rejections.count }
    /// GPX waypoints skipped because they are not geocaches.
    public var notGeocaches = 0
    /// Every rejected record, in input order.
    public var rejections: [RejectedRecord] = []
    /// Caches read without an owner whose creator became "unknown".
    public var unknownCreators = 0
    /// Caches read without an owner whose creator became the file's author.
    public var authorCreators = 0

    /// An empty report.
    public init() {}

    /// The summary line: "Added 3 caches, skipped 1 as duplicate, rejected 0."
    public var description: String {
        var text = "Added \(Self.count(added, "cache", "caches")), skipped \(duplicates) as "
            + (duplicates == 1 ? "duplicate" : "duplicates") + ", rejected \(rejected)."
        if notGeocaches > 0 {
            let waypoints = Self.count(notGeocaches, "waypoint that is not a geocache",
                                       "waypoints that are not geocaches")
            text += " Skipped \(waypoints)."
        }
        let filledIn = unknownCreators + authorCreators
        if filledIn > 0 {
            text += " \(Self.count(filledIn, "cache", "caches")) named no owner: creator "
            switch (unknownCreators, authorCreators) {
            case (_, 0): text += "\"unknown\"."
            case (0, _): text += "taken from the file's author."
            default: text += "\"unknown\" for \(unknownCreators), the file's author for \(authorCreators)."
            }
        }
        return text
    }

    /// Takes the counts of what the import filled in from `tally`.
    public mutating func include(_ tally: ImportTally) {
        unknownCreators = tally.unknownCreators
        authorCreators = tally.authorCreators
    }

    private static func count(_ n: Int, _ one: String, _ many: String) -> String {
        "\(n) \(n == 1 ? one : many)"
    }
}

extension ImportError {
    /// The refusal of an import that met invalid records without `--skip-invalid`:
    /// it names the sources they came from and lists them.
    static func invalidRecords(_ rejections: [RejectedRecord], sources: [ImportSource]) -> ImportError {
        let names = sources.map(\.name).filter { name in rejections.contains { $0.location.source == name } }
        let count = rejections.count
        return ImportError(
            .invalidRecords, source: names.joined(separator: ", "),
            reason: "\(count) \(count == 1 ? "record is" : "records are") invalid, so nothing was imported "
                + "(--skip-invalid imports the valid ones):",
            rejections: rejections)
    }
}
