/// The lab's JSON form: an array of ``GeoCache/dictionary``-like objects.
///
/// One writer serves both JSON outputs, in two layouts (``Layout``): `export` writes
/// the four keys in form order (`title`, `details`, `creator`, `reward`) as `"key": value`;
/// `list --json` writes them in alphabetical order as `"key" : value`, the layout of
/// Foundation's pretty-printing `JSONEncoder` it was first written with. A cache with
/// more than the four fields gets more keys, present only when the cache has the fact:
/// `code`, `latitude` and `longitude` (numbers with 6 decimals), `type`, `container`,
/// `difficulty` and `terrain` (numbers: 1 to 5 in halves), `hint`, `longDescription`,
/// `longDescriptionIsHTML` (a boolean), `url`, `placed`, `available` and `archived`
/// (booleans, only for a cache that is not simply available), `travelBugs` (an array of
/// objects with `id`, `ref` and `name`), `logs` (an array of
/// objects with `date`, `type`, `finder` and `text`, and `id` and `finderID` when the
/// log has them), `shortDescription`, `shortDescriptionIsHTML`, `country`, `state`,
/// `cacheID`, `ownerName`, `ownerID`, `attributes` (objects with `source`, `id`, `on` (a
/// boolean) and `name`) and `waypoints` (objects with `code`, `kind`, `name`, `comment`,
/// and when known `latitude`, `longitude`, `symbol`, `time`, `url`, `urlName`); `export` writes them after the
/// four in that order, `list --json` sorts them in with the four. A cache with nothing
/// more is written exactly as the lab's four keys. Both are two-space indented UTF-8
/// that escapes only what JSON requires, written straight into a ``BufferedWriter``'s
/// bytes (``writeElement(for:club:own:isFirst:layout:to:)-(CacheRowBytes,_,_,_,_,_)``). Import reads the array back with
/// its own streaming parser (``JSONArrayParser``), so every problem has an exact line,
/// column and byte and every bad element its index.
public enum JSONInterchange {
    /// How the objects of the array are laid out.
    public struct Layout: Sendable {
        /// How the control characters without a short escape are written.
        let quoting: TextEscaping
        /// Every key a cache may have, in the order they are written.
        let keys: [Key]
        /// What is written before each key's value (by its place in ``keys``): the
        /// comma and line end after the member before, the indentation, the quoted key
        /// and the separator (`,\n    "title": `), and the same with the opening quote of
        /// a string value; the first member starts 2 bytes in.
        let openings: Openings
        /// What is written between a key and its value: `": "` or `" : "`.
        let separator: String
        /// Whether keys are written in alphabetical order (`list --json`).
        let sortsKeys: Bool
        /// The order in which the members of a list's objects are written, as places
        /// in ``listMembers``.
        let memberOrders: [GeoCache.ListingKey: [Int]]

        /// `export`: keys in form order, `"key": value`, `\u001B` in upper case.
        public static let export = Layout(fields: GeoCache.Field.allCases, separator: ": ", hexDigits: "0123456789ABCDEF")
        /// `list --json`: keys in alphabetical order, `"key" : value`, `\u001b` in lower case.
        public static let listing = Layout(fields: GeoCache.Field.allCases.sorted { $0.key < $1.key },
                                           separator: " : ", hexDigits: "0123456789abcdef")

        private init(fields: [GeoCache.Field], separator: String, hexDigits: String) {
            self.separator = separator
            let all = fields.map(Key.field) + GeoCache.ListingKey.allCases.map(Key.listing)
            let sorted = fields.map(\.key) == fields.map(\.key).sorted()
            sortsKeys = sorted
            keys = sorted ? all.sorted { $0.name < $1.name } : all
            openings = Openings(keys.map { Array(",\n    \"\($0.name)\"\(separator)".utf8) })
            memberOrders = JSONInterchange.listMembers.mapValues { names in
                sorted ? names.indices.sorted { names[$0] < names[$1] } : Array(names.indices)
            }
            let digits = Array(hexDigits)
            // Besides what JSON requires, the bidirectional controls (U+061C, lead byte
            // 0xD8; U+200E to U+2069, 0xE2) are written as `\u` escapes, as `list` writes
            // them: lossless, and a terminal shown the output never reorders the text.
            quoting = TextEscaping(
                mayNeedEscaping: { byte in
                    byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0xD8 || byte == 0xE2
                },
                replacement: { scalar in
                    switch scalar {
                    case "\"": "\\\""
                    case "\\": "\\\\"
                    case "\n": "\\n"
                    case "\r": "\\r"
                    case "\t": "\\t"
                    case "\u{08}": "\\b"
                    case "\u{0C}": "\\f"
                    default:
                        switch scalar.value {
                        case 0x00..<0x20, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
                            "\\u" + String([12, 8, 4, 0].map { digits[Int(scalar.value >> $0) & 0xF] })
                        default: nil
                        }
                    }
                })
        }
    }

    /// Each key's two openings (``Layout/openings``) in one piece of memory made once
    /// per layout and kept for the program's life (the two layouts are static): read
    /// per member without reference counting, where an array of arrays was retained
    /// and released at each look-up (callgrind, `list --json`).
    struct Openings: @unchecked Sendable {
        private let bytes: UnsafeMutablePointer<UInt8>
        /// Where each opening starts in ``bytes``, and after the last, where it ends.
        private let starts: UnsafeMutablePointer<Int>

        /// The openings of `keyOpenings`: each as it is, then with a quote after it.
        init(_ keyOpenings: [[UInt8]]) {
            let pieces = keyOpenings.flatMap { [$0, $0 + [UInt8(ascii: "\"")]] }
            bytes = .allocate(capacity: pieces.reduce(0) { $0 + $1.count })
            starts = .allocate(capacity: pieces.count + 1)
            var offset = 0
            for (index, piece) in pieces.enumerated() {
                starts[index] = offset
                (bytes + offset).initialize(from: piece, count: piece.count)
                offset += piece.count
            }
            starts[pieces.count] = offset
        }

        /// The opening of the key at `index` (with the quote of a string when
        /// `isString`), without its first two bytes when `isFirst`.
        @inline(__always)
        func opening(_ index: Int, isString: Bool, isFirst: Bool) -> UnsafeRawBufferPointer {
            let piece = 2 * index + (isString ? 1 : 0)
            let start = starts[piece] + (isFirst ? 2 : 0)
            return UnsafeRawBufferPointer(start: bytes + start, count: starts[piece + 1] - start)
        }
    }

    /// The members of the objects of each list a listing may have, in the order of
    /// their parts (as `writeList` reads them); `list --json` sorts them.
    static let listMembers: [GeoCache.ListingKey: [String]] = [
        .travelBugs: ["id", "ref", "name"],
        .logs: ["date", "type", "finder", "text", "id", "finderID", "encoded"],
        .attributes: ["source", "id", "on", "name"],
        .waypoints: ["code", "kind", "name", "comment", "latitude", "longitude", "symbol", "time", "url", "urlName"],
    ]

    /// A key of a cache's object: one of the four fields, or one of what the cache has
    /// beyond them.
    enum Key {
        case field(GeoCache.Field)
        case listing(GeoCache.ListingKey)

        var name: String {
            switch self {
            case .field(let field): field.key
            case .listing(let key): key.rawValue
            }
        }
    }

    /// The whole document for `caches`, in the given order, ending in a newline.
    public static func document(for caches: some Sequence<GeoCache>, layout: Layout = .export) -> String {
        var text = ""
        write(caches, layout: layout) { text += $0 }
        return text
    }

    /// Writes the document piece by piece (one element per piece) to `output`.
    public static func write(_ caches: some Sequence<GeoCache>, layout: Layout = .export,
                             to output: (String) throws -> Void) rethrows {
        var isFirst = true
        for cache in caches {
            try output(element(for: cache, isFirst: isFirst, layout: layout))
            isFirst = false
        }
        try output(closing(isEmpty: isFirst))
    }

    /// One element of the array, with the opening bracket (first) or a comma before it.
    public static func element(for cache: GeoCache, isFirst: Bool, layout: Layout = .export) -> String {
        var output = BufferedWriter()
        writeElement(for: cache, isFirst: isFirst, layout: layout, to: &output)
        return output.text
    }

    /// Appends ``element(for:isFirst:layout:)`` to `output`, escaping straight into its
    /// buffer: the cache lent as its stored bytes (``GeoCache/withRowBytes(id:club:_:)``) to
    /// the one writer of both.
    public static func writeElement(for cache: GeoCache, club: ClubRecord? = nil, own: OwnData? = nil, isFirst: Bool,
                                    layout: Layout = .export, to output: inout BufferedWriter) {
        cache.withRowBytes(id: CacheID(rawValue: 0)) { row in
            writeElement(for: row, club: club, own: own, isFirst: isFirst, layout: layout, to: &output)
        }
    }

    /// Appends the element of a cache lent as its stored bytes, escaping them straight
    /// into `output`'s buffer: no String of a field, no ``Listing`` (the same bytes as
    /// for the cache read as Strings).
    public static func writeElement(for row: CacheRowBytes, club: ClubRecord? = nil, own: OwnData? = nil, isFirst: Bool,
                                    layout: Layout = .export, to output: inout BufferedWriter) {
        output.append(isFirst ? "[\n  {\n" : ",\n  {\n")
        ListingEncoding.withFacts(of: row.listing, found: row.foundFacts) { facts in
            writeMembers(of: row, facts: facts, layout: layout, to: &output)
        }
        if let club { writeMembers(of: club, layout: layout, to: &output) }
        if let own, !own.isEmpty { writeMembers(of: own, layout: layout, to: &output) }
        output.append("\n  }")
    }

    /// The club store's record of a cache, after its other members (`list --json`
    /// only: who owns a cache in the club is the club's record, not the listing's):
    /// `"owner"` (a role, or `"club"`), `"changedBy"` and `"changedAt"` (ISO 8601, UTC)
    /// where known. An import drops them, as any key it does not know.
    private static func writeMembers(of club: ClubRecord, layout: Layout, to output: inout BufferedWriter) {
        func member(_ key: String, _ value: String?) {
            guard let value else { return }
            output.append(",\n    \"")
            output.append(text: key)
            output.append("\"")
            output.append(text: layout.separator)
            output.append("\"")
            output.appendEscaped(value, layout.quoting)
            output.append("\"")
        }
        member("owner", club.owner.role ?? CacheOwner.clubWord)
        member("changedBy", club.changedBy)
        member("changedAt", club.changedAt?.formatted(.iso8601))
    }

    /// The person's own data on a cache, after its other members (`list --json` only:
    /// it is the person's, not the listing's): `"found"` (when, UTC), `"note"`,
    /// `"correctedLatitude"` and `"correctedLongitude"`, where there are some. An import
    /// drops them, as any key it does not know.
    private static func writeMembers(of own: OwnData, layout: Layout, to output: inout BufferedWriter) {
        func member(_ key: String, _ value: String?, quoted: Bool = true) {
            guard let value else { return }
            output.append(",\n    \"")
            output.append(text: key)
            output.append("\"")
            output.append(text: layout.separator)
            if quoted {
                output.append("\"")
                output.appendEscaped(value, layout.quoting)
                output.append("\"")
            } else {
                output.append(text: value)
            }
        }
        member("found", own.found)
        member("note", own.note.isEmpty ? nil : own.note)
        member("correctedLatitude", own.corrected?.latitudeText, quoted: false)
        member("correctedLongitude", own.corrected?.longitudeText, quoted: false)
    }

    /// The end of the document: `[]` when no element was written, else the closing bracket.
    public static func closing(isEmpty: Bool) -> String {
        isEmpty ? "[]\n" : "\n]\n"
    }
}
