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
        /// A zip archive (a pocket query's zip, a GGZ) that cannot be imported: damaged,
        /// encrypted, beyond a limit, or holding no GPX file.
        case zipArchive
        /// The content starts with something that is neither JSON nor XML.
        case unknownFormat
        /// A byte sequence that is not UTF-8.
        case invalidUTF8
        /// A byte the encoding the XML declaration names does not have (a UTF-8 `é` in
        /// a file declared US-ASCII).
        case wrongEncoding
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
        /// The caches read could not be kept in a temporary file until the writing (no
        /// writable temporary directory, or no room left in it); nothing was written.
        case staging
        /// A library the format needs (libxml2 for GPX and LOC, libarchive for zip
        /// archives) is not installed.
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

extension ImportError {
    /// The refusal of an import that met invalid records without `--skip-invalid`:
    /// it names the sources they came from and lists them.
    static func invalidRecords(_ rejections: [RejectedRecord], sources: [ImportSource]) -> ImportError {
        let names = sources.map(\.name).filter { name in
            rejections.contains { ArchiveMember.belongs($0.location.source, to: name) }
        }
        let count = rejections.count
        return ImportError(
            .invalidRecords, source: names.joined(separator: ", "),
            reason: "\(count) \(count == 1 ? "record is" : "records are") invalid, so nothing was imported "
                + "(--skip-invalid imports the valid ones):",
            rejections: rejections)
    }
}
