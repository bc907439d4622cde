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
/// bytes (``writeElement(for:club:own:isFirst:layout:to:)``). Import reads the array back with
/// its own streaming parser (``JSONArrayParser``), so every problem has an exact line,
/// column and byte and every bad element its index.
public enum JSONInterchange {
    /// How the objects of the array are laid out.
    public struct Layout: Sendable {
        /// The keys in the order they are written.
        let fields: [GeoCache.Field]
        /// What is written before each field's value: indentation, the quoted key, the
        /// separator and the value's opening quote (`    "title": "`).
        let fieldOpenings: [[UInt8]]
        /// How the control characters without a short escape are written.
        let quoting: TextEscaping
        /// Every key a cache may have, in the order they are written.
        let keys: [Key]
        /// What is written between a key and its value: `": "` or `" : "`.
        let separator: String
        /// Whether keys are written in alphabetical order (`list --json`).
        let sortsKeys: Bool

        /// `export`: keys in form order, `"key": value`, `\u001B` in upper case.
        public static let export = Layout(fields: GeoCache.Field.allCases, separator: ": ", hexDigits: "0123456789ABCDEF")
        /// `list --json`: keys in alphabetical order, `"key" : value`, `\u001b` in lower case.
        public static let listing = Layout(fields: GeoCache.Field.allCases.sorted { $0.key < $1.key },
                                           separator: " : ", hexDigits: "0123456789abcdef")

        private init(fields: [GeoCache.Field], separator: String, hexDigits: String) {
            self.fields = fields
            self.separator = separator
            let all = fields.map(Key.field) + GeoCache.ListingKey.allCases.map(Key.listing)
            let sorted = fields.map(\.key) == fields.map(\.key).sorted()
            sortsKeys = sorted
            keys = sorted ? all.sorted { $0.name < $1.name } : all
            fieldOpenings = fields.map { Array("    \"\($0.key)\"\(separator)\"".utf8) }
            let digits = Array(hexDigits)
            quoting = TextEscaping(
                mayNeedEscaping: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") },
                replacement: { scalar in
                    switch scalar {
                    case "\"": "\\\""
                    case "\\": "\\\\"
                    case "\n": "\\n"
                    case "\r": "\\r"
                    case "\t": "\\t"
                    case "\u{08}": "\\b"
                    case "\u{0C}": "\\f"
                    default: "\\u00" + String([digits[Int(scalar.value >> 4)], digits[Int(scalar.value & 0xF)]])
                    }
                })
        }
    }

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

    /// Appends ``element(for:isFirst:layout:)`` to `output`, escaping straight into its buffer.
    public static func writeElement(for cache: GeoCache, club: ClubRecord? = nil, own: OwnData? = nil, isFirst: Bool,
                                    layout: Layout = .export, to output: inout BufferedWriter) {
        output.append(isFirst ? "[\n  {\n" : ",\n  {\n")
        let own = own?.isEmpty == false ? own : nil
        guard cache.hasOnlyLabFields, club == nil, own == nil else {
            writeMembers(of: cache, layout: layout, to: &output)
            if let club { writeMembers(of: club, layout: layout, to: &output) }
            if let own { writeMembers(of: own, layout: layout, to: &output) }
            output.append("\n  }")
            return
        }
        let last = layout.fields.count - 1
        for number in 0...last {
            output.append(bytes: layout.fieldOpenings[number])
            output.appendEscaped(cache[layout.fields[number]], layout.quoting)
            output.append(number == last ? "\"\n  }" : "\",\n")
        }
    }

    /// The members of a cache with more than the four fields, each key it has in the
    /// layout's order, without the closing line.
    private static func writeMembers(of cache: GeoCache, layout: Layout, to output: inout BufferedWriter) {
        var isFirst = true
        func open(_ key: String) {
            output.append(isFirst ? "    \"" : ",\n    \"")
            isFirst = false
            output.append(text: key)
            output.append("\"")
            output.append(text: layout.separator)
        }
        func string(_ key: String, _ value: String?) {
            guard let value else { return }
            open(key)
            output.append("\"")
            output.appendEscaped(value, layout.quoting)
            output.append("\"")
        }
        func number(_ key: String, _ value: String?) {
            guard let value else { return }
            open(key)
            output.append(text: value)
        }
        /// An array of objects, each with the `keys` it has in order (sorted for `list
        /// --json`); a value is a string, or one of `literals` written as it is.
        func objects(_ elements: [[String: String]], keys: [String], literals: Set<String> = []) {
            let ordered = layout.sortsKeys ? keys.sorted() : keys
            output.append("[\n")
            for (index, element) in elements.enumerated() {
                output.append(index == 0 ? "      {\n" : ",\n      {\n")
                var isFirstKey = true
                for key in ordered {
                    guard let value = element[key] else { continue }
                    output.append(isFirstKey ? "        \"" : ",\n        \"")
                    isFirstKey = false
                    output.append(text: key)
                    output.append("\"")
                    output.append(text: layout.separator)
                    if literals.contains(key) {
                        output.append(text: value)
                    } else {
                        output.append("\"")
                        output.appendEscaped(value, layout.quoting)
                        output.append("\"")
                    }
                }
                output.append("\n      }")
            }
            output.append("\n    ]")
        }
        let listing = cache.listing
        for key in layout.keys {
            switch key {
            case .field(let field): string(field.key, cache[field])
            case .listing(let name):
                switch name {
                case .code: string(name.rawValue, cache.code)
                case .latitude: number(name.rawValue, cache.coordinate?.latitudeText)
                case .longitude: number(name.rawValue, cache.coordinate?.longitudeText)
                case .type: string(name.rawValue, listing.type)
                case .container: string(name.rawValue, listing.container)
                case .difficulty: number(name.rawValue, listing.difficulty?.text)
                case .terrain: number(name.rawValue, listing.terrain?.text)
                case .hint: string(name.rawValue, listing.hint)
                case .longDescription: string(name.rawValue, listing.longDescription)
                case .longDescriptionIsHTML: number(name.rawValue, listing.longDescriptionIsHTML ? "true" : nil)
                case .url: string(name.rawValue, listing.url)
                case .placed: string(name.rawValue, listing.placed)
                case .symbol: string(name.rawValue, listing.symbol)
                case .available: number(name.rawValue, listing.available.map { $0 ? "true" : "false" })
                case .archived: number(name.rawValue, listing.archived.map { $0 ? "true" : "false" })
                case .travelBugs:
                    guard !listing.travelBugs.isEmpty else { continue }
                    open(name.rawValue)
                    objects(listing.travelBugs.map { ["id": $0.id, "ref": $0.ref, "name": $0.name] },
                            keys: ["id", "ref", "name"])
                case .logs:
                    guard !listing.logs.isEmpty else { continue }
                    open(name.rawValue)
                    objects(listing.logs.map { log in
                        var object = ["date": log.date, "type": log.type, "finder": log.finder, "text": log.text]
                        if !log.id.isEmpty { object["id"] = log.id }
                        if !log.finderID.isEmpty { object["finderID"] = log.finderID }
                        return object
                    }, keys: ["date", "type", "finder", "text", "id", "finderID"])
                case .shortDescription: string(name.rawValue, listing.shortDescription)
                case .shortDescriptionIsHTML: number(name.rawValue, listing.shortDescriptionIsHTML ? "true" : nil)
                case .country: string(name.rawValue, listing.country)
                case .state: string(name.rawValue, listing.state)
                case .cacheID: string(name.rawValue, listing.cacheID)
                case .ownerName: string(name.rawValue, listing.ownerName)
                case .ownerID: string(name.rawValue, listing.ownerID)
                case .attributes:
                    guard !listing.attributes.isEmpty else { continue }
                    open(name.rawValue)
                    objects(listing.attributes.map {
                        ["source": $0.source, "id": $0.id, "on": $0.isOn ? "true" : "false", "name": $0.name]
                    }, keys: ["source", "id", "on", "name"], literals: ["on"])
                case .waypoints:
                    guard !listing.waypoints.isEmpty else { continue }
                    open(name.rawValue)
                    objects(listing.waypoints.map { waypoint in
                        var object = ["code": waypoint.code, "kind": waypoint.kind, "name": waypoint.name,
                                      "comment": waypoint.comment]
                        object["latitude"] = waypoint.coordinate?.latitudeText
                        object["longitude"] = waypoint.coordinate?.longitudeText
                        object["symbol"] = waypoint.symbol
                        object["time"] = waypoint.time
                        object["url"] = waypoint.url
                        object["urlName"] = waypoint.urlName
                        return object
                    }, keys: ["code", "kind", "name", "comment", "latitude", "longitude", "symbol", "time", "url", "urlName"],
                       literals: ["latitude", "longitude"])
                }
            }
        }
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
