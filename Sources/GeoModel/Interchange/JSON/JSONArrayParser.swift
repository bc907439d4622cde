/// A strict RFC 8259 pull parser for the one shape import needs: an array of objects
/// whose four known keys hold strings, and which may hold what ``JSONInterchange``
/// writes beyond them (``GeoCache/ListingKey``: strings, numbers read exactly, a
/// boolean, and the `logs` array).
///
/// It reads the input through ``JSONByteInput``, one chunk at a time, and hands each
/// element to the caller as soon as it is complete, so memory does not grow with the
/// input: only the values of the element being read are kept (unknown
/// keys and their values are checked and dropped), every string is limited to
/// ``JSONByteInput/maximumStringLength`` bytes and nesting to ``maximumDepth``.
/// Malformed input is refused at its first bad byte.
struct JSONArrayParser {
    static let maximumDepth = 256

    private var input: JSONByteInput
    /// The decoded bytes of the string read last (reused).
    private var text: [UInt8] = []
    private let source: String

    /// What an element holds for one of the four keys.
    private enum Member {
        case missing
        case string(String)
        /// Not a string: "a number", "an object", ...
        case other(String)

        var isMissing: Bool {
            if case .missing = self { true } else { false }
        }
    }

    init(_ reader: ChunkReader) {
        input = JSONByteInput(reader)
        source = reader.name
    }

    /// Reads the whole array, handing each element's record to `emit` in order.
    mutating func readArray(_ emit: (ImportRecord) throws -> Void) throws {
        try input.start()
        try input.skipWhitespace()
        if try input.peek() == UInt8(ascii: "{") {
            throw input.failure("expected an array of caches ('['), found a single object")
        }
        try expect(UInt8(ascii: "["), "'[' (an array of caches)")
        try input.skipWhitespace()
        if try input.peek() == UInt8(ascii: "]") {
            input.advance()
        } else {
            var index = 0
            while true {
                try input.skipWhitespace()
                let location = RecordLocation(source: source, index: index, position: input.position(at: input.offset))
                try emit(try readElement(location))
                index += 1
                try input.skipWhitespace()
                let byte = try input.peek()
                if byte == UInt8(ascii: ",") { input.advance(); continue }
                if byte == UInt8(ascii: "]") { input.advance(); break }
                throw input.failure("expected ',' or ']' after element \(index - 1), found \(JSONByteInput.describe(byte))")
            }
        }
        try input.skipWhitespace()
        if let byte = try input.peek() {
            throw input.failure("unexpected \(JSONByteInput.describe(byte)) after the end of the array")
        }
    }

    private mutating func expect(_ expected: UInt8, _ what: String) throws(ImportError) {
        let byte = try input.peek()
        guard byte == expected else { throw input.failure("expected \(what), found \(JSONByteInput.describe(byte))") }
        input.advance()
    }

    // MARK: - Elements

    private mutating func readElement(_ location: RecordLocation) throws(ImportError) -> ImportRecord {
        guard try input.peek() == UInt8(ascii: "{") else {
            let kind = try skipValue(depth: 1)
            return .rejected(RejectedRecord(location: location, reason: "is \(kind), not an object"))
        }
        input.advance()
        var members: [Member] = [.missing, .missing, .missing, .missing]
        var repeated: [Int] = []
        var extras = Extras()
        try input.skipWhitespace()
        if try input.peek() == UInt8(ascii: "}") {
            input.advance()
        } else {
            while true {
                try input.skipWhitespace()
                let byte = try input.peek()
                guard byte == UInt8(ascii: "\"") else {
                    throw input.failure("expected a key in quotes, found \(JSONByteInput.describe(byte))")
                }
                // The longest key has 21 bytes: keeping 22 tells every longer key apart.
                try input.readString(keeping: 22, into: &text)
                let field = Self.fieldIndex(text)
                try input.skipWhitespace()
                try expect(UInt8(ascii: ":"), "':' after the key")
                try input.skipWhitespace()
                if field == nil, let key = Self.listingKey(text) {
                    try readListingValue(key, into: &extras)
                    try input.skipWhitespace()
                    let next = try input.peek()
                    if next == UInt8(ascii: ",") { input.advance(); continue }
                    if next == UInt8(ascii: "}") { input.advance(); break }
                    throw input.failure("expected ',' or '}' in an object, found \(JSONByteInput.describe(next))")
                }
                let value: Member
                if try input.peek() == UInt8(ascii: "\"") {
                    try input.readString(keeping: field == nil ? 0 : Int.max, into: &text)
                    value = field == nil ? .missing : .string(String(decoding: text, as: UTF8.self))
                } else {
                    value = .other(try skipValue(depth: 2))
                }
                if let field {
                    if !members[field].isMissing { repeated.append(field) }
                    members[field] = value
                }
                try input.skipWhitespace()
                let next = try input.peek()
                if next == UInt8(ascii: ",") { input.advance(); continue }
                if next == UInt8(ascii: "}") { input.advance(); break }
                throw input.failure("expected ',' or '}' in an object, found \(JSONByteInput.describe(next))")
            }
        }
        var record = Self.record(members, repeated: repeated, location: location)
        if !extras.isEmpty { record = extras.applied(to: record, location: location) }
        return record
    }

    /// Which of the keys beyond the four a key names, if any.
    private static func listingKey(_ key: [UInt8]) -> GeoCache.ListingKey? {
        listingKeys.firstIndex(of: key).map { GeoCache.ListingKey.allCases[$0] }
    }

    /// The UTF-8 of the keys beyond the four, in ``GeoCache/ListingKey`` order.
    private static let listingKeys: [[UInt8]] = GeoCache.ListingKey.allCases.map { Array($0.rawValue.utf8) }

    /// Reads the value of `key` into `extras`; a value of the wrong kind is noted as a
    /// problem of the element (`null` counts as absent).
    private mutating func readListingValue(_ key: GeoCache.ListingKey, into extras: inout Extras) throws(ImportError) {
        if extras.seen.contains(key) { extras.problems.append("key \"\(key.rawValue)\" appears more than once") }
        extras.seen.insert(key)
        let byte = try input.peek()
        if byte == UInt8(ascii: "n") {
            try literal("null")
            return
        }
        switch key {
        case .latitude, .longitude, .difficulty, .terrain:
            guard byte == UInt8(ascii: "-") || (byte.map { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") } ?? false)
            else {
                extras.problems.append("\"\(key.rawValue)\" is \(try skipValue(depth: 2)), not a number")
                return
            }
            // The parser's buffer, taken out of it while the number is read into it.
            var kept: [UInt8]? = text
            text = []
            kept!.removeAll(keepingCapacity: true)
            try skipNumber(keeping: &kept)
            let number = kept ?? []
            text = number
            let value = number.withUnsafeBufferPointer { DecimalDegrees.millionths($0) }
            let written = String(decoding: number, as: UTF8.self)
            switch key {
            case .latitude:
                if let value, abs(value) <= Int64(Coordinate.maximumLatitudeMicrodegrees) {
                    extras.latitude = Int32(value)
                } else {
                    extras.problems.append("latitude \(written) is not from -90 to 90")
                }
            case .longitude:
                if let value, abs(value) <= Int64(Coordinate.maximumLongitudeMicrodegrees) {
                    extras.longitude = Int32(value)
                } else {
                    extras.problems.append("longitude \(written) is not from -180 to 180")
                }
            default:
                let rating = value.flatMap { $0 % 500_000 == 0 ? Rating(halves: Int($0 / 500_000)) : nil }
                if let rating {
                    if key == .difficulty { extras.listing.difficulty = rating } else { extras.listing.terrain = rating }
                } else {
                    extras.problems.append("\"\(key.rawValue)\" \(written) is not 1 to 5 in halves")
                }
            }
        case .longDescriptionIsHTML:
            if byte == UInt8(ascii: "t") {
                try literal("true")
                extras.listing.longDescriptionIsHTML = true
            } else if byte == UInt8(ascii: "f") {
                try literal("false")
            } else {
                extras.problems.append("\"\(key.rawValue)\" is \(try skipValue(depth: 2)), not a boolean")
            }
        case .logs:
            guard byte == UInt8(ascii: "[") else {
                extras.problems.append("\"logs\" is \(try skipValue(depth: 2)), not an array")
                return
            }
            try readLogs(into: &extras)
        case .code, .type, .container, .hint, .longDescription, .url, .placed:
            guard byte == UInt8(ascii: "\"") else {
                extras.problems.append("\"\(key.rawValue)\" is \(try skipValue(depth: 2)), not a string")
                return
            }
            try input.readString(keeping: Int.max, into: &text)
            let value = String(decoding: text, as: UTF8.self)
            switch key {
            case .code: extras.code = value
            case .type: extras.listing.type = value
            case .container: extras.listing.container = value
            case .hint: extras.listing.hint = value
            case .longDescription: extras.listing.longDescription = value
            case .url: extras.listing.url = value
            default: extras.listing.placed = value
            }
        }
    }

    /// The UTF-8 of a log's four keys, in ``CacheLog`` order.
    private static let logKeys: [[UInt8]] = ["date", "type", "finder", "text"].map { Array($0.utf8) }

    /// Reads the `logs` array: objects whose `date`, `type`, `finder` and `text` are
    /// strings (a missing one is empty; other keys are dropped).
    private mutating func readLogs(into extras: inout Extras) throws(ImportError) {
        input.advance()
        try input.skipWhitespace()
        if try input.peek() == UInt8(ascii: "]") {
            input.advance()
            return
        }
        var number = 0
        while true {
            try input.skipWhitespace()
            guard try input.peek() == UInt8(ascii: "{") else {
                extras.problems.append("log \(number) is \(try skipValue(depth: 3)), not an object")
                if try finishedList(UInt8(ascii: "]")) { return }
                number += 1
                continue
            }
            input.advance()
            var fields = ["", "", "", ""]
            try input.skipWhitespace()
            if try input.peek() == UInt8(ascii: "}") {
                input.advance()
            } else {
                while true {
                    try input.skipWhitespace()
                    let byte = try input.peek()
                    guard byte == UInt8(ascii: "\"") else {
                        throw input.failure("expected a key in quotes, found \(JSONByteInput.describe(byte))")
                    }
                    try input.readString(keeping: 7, into: &text)
                    let field = Self.logKeys.firstIndex(of: text)
                    try input.skipWhitespace()
                    try expect(UInt8(ascii: ":"), "':' after the key")
                    try input.skipWhitespace()
                    if let field, try input.peek() == UInt8(ascii: "\"") {
                        try input.readString(keeping: Int.max, into: &text)
                        fields[field] = String(decoding: text, as: UTF8.self)
                    } else {
                        let kind = try skipValue(depth: 4)
                        if let field { extras.problems.append("log \(number)'s \"\(["date", "type", "finder", "text"][field])\" is \(kind), not a string") }
                    }
                    if try finishedList(UInt8(ascii: "}")) { break }
                }
            }
            extras.listing.logs.append(CacheLog(date: fields[0], type: fields[1], finder: fields[2], text: fields[3]))
            number += 1
            if try finishedList(UInt8(ascii: "]")) { return }
        }
    }

    /// After an item of an array or object: true at its `close`, false after a comma;
    /// anything else is refused.
    private mutating func finishedList(_ close: UInt8) throws(ImportError) -> Bool {
        try input.skipWhitespace()
        let next = try input.peek()
        if next == UInt8(ascii: ",") { input.advance(); return false }
        if next == close { input.advance(); return true }
        throw input.failure("expected ',' or '\(Character(Unicode.Scalar(close)))', found \(JSONByteInput.describe(next))")
    }

    /// What an element holds beyond the four fields.
    private struct Extras {
        var seen: Set<GeoCache.ListingKey> = []
        var code: String?
        var latitude: Int32?
        var longitude: Int32?
        var listing = Listing()
        var problems: [String] = []

        var isEmpty: Bool { seen.isEmpty }

        /// `record` with the code, place and listing, or rejected naming what is wrong
        /// with them (after what is wrong with the four fields).
        func applied(to record: ImportRecord, location: RecordLocation) -> ImportRecord {
            var problems = problems
            if (latitude == nil) != (longitude == nil), problems.isEmpty {
                problems.append(latitude == nil ? "longitude without latitude" : "latitude without longitude")
            }
            switch record {
            case .cache(var cache, let location, let coverage):
                guard problems.isEmpty else {
                    return .rejected(RejectedRecord(location: location, reason: problems.joined(separator: "; ")))
                }
                cache.code = code
                if let latitude, let longitude {
                    cache.coordinate = Coordinate(latitudeMicrodegrees: latitude, longitudeMicrodegrees: longitude)
                }
                cache.listing = listing
                return .cache(cache, location, coverage: coverage)
            case .rejected(let rejection):
                guard !problems.isEmpty else { return record }
                return .rejected(RejectedRecord(location: rejection.location,
                                                reason: ([rejection.reason] + problems).joined(separator: "; ")))
            case .notAGeocache:
                return record
            }
        }
    }

    /// The UTF-8 of the four keys, in field order.
    private static let fieldKeys: [[UInt8]] = GeoCache.Field.allCases.map { Array($0.key.utf8) }

    /// Which of the four fields a key names, if any.
    private static func fieldIndex(_ key: [UInt8]) -> Int? {
        fieldKeys.firstIndex(of: key)
    }

    /// The record an element stands for: a valid cache, or a rejection naming every
    /// missing key, non-string value, repeated key, or else the empty fields.
    private static func record(_ members: [Member], repeated: [Int], location: RecordLocation) -> ImportRecord {
        // Nearly every element: four strings, each key once.
        if repeated.isEmpty, case .string(let title) = members[0], case .string(let details) = members[1],
           case .string(let creator) = members[2], case .string(let reward) = members[3] {
            return validated(GeoCache(title: title, details: details, creator: creator, reward: reward), location)
        }
        let keys = GeoCache.Field.allCases.map(\.key)
        var problems: [String] = []
        let missing = keys.indices.filter { members[$0].isMissing }.map { "\"\(keys[$0])\"" }
        if !missing.isEmpty {
            problems.append(missing.count == 1 ? "missing key \(missing[0])"
                            : "missing keys " + missing.dropLast().joined(separator: ", ") + " and " + missing.last!)
        }
        for (index, member) in members.enumerated() {
            if case .other(let kind) = member { problems.append("\"\(keys[index])\" is \(kind), not a string") }
        }
        for index in repeated { problems.append("key \"\(keys[index])\" appears more than once") }
        var strings: [String] = []
        for member in members { if case .string(let value) = member { strings.append(value) } }
        guard problems.isEmpty, strings.count == 4 else {
            return .rejected(RejectedRecord(location: location, reason: problems.joined(separator: "; ")))
        }
        return validated(GeoCache(title: strings[0], details: strings[1], creator: strings[2], reward: strings[3]), location)
    }

    /// `cache` when it is valid, else its rejection naming the empty fields.
    private static func validated(_ cache: GeoCache, _ location: RecordLocation) -> ImportRecord {
        do {
            return .cache(try cache.validated(), location)
        } catch {
            return .rejected(RejectedRecord(location: location, reason: error.description))
        }
    }

    // MARK: - Other values

    /// Skips any JSON value and names its kind ("a number", "an array", ...).
    private mutating func skipValue(depth: Int) throws(ImportError) -> String {
        guard depth <= Self.maximumDepth else {
            throw input.failure("values nested more than \(Self.maximumDepth) deep")
        }
        try input.skipWhitespace()
        guard let byte = try input.peek() else { throw input.failure("expected a value, found the end of the input") }
        switch byte {
        case UInt8(ascii: "\""):
            try input.readString(keeping: 0, into: &text)
            return "a string"
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            let isObject = byte == UInt8(ascii: "{")
            let close = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
            input.advance()
            try input.skipWhitespace()
            if try input.peek() == close {
                input.advance()
                return isObject ? "an object" : "an array"
            }
            while true {
                try input.skipWhitespace()
                if isObject {
                    let next = try input.peek()
                    guard next == UInt8(ascii: "\"") else {
                        throw input.failure("expected a key in quotes, found \(JSONByteInput.describe(next))")
                    }
                    try input.readString(keeping: 0, into: &text)
                    try input.skipWhitespace()
                    try expect(UInt8(ascii: ":"), "':' after the key")
                }
                _ = try skipValue(depth: depth + 1)
                try input.skipWhitespace()
                let next = try input.peek()
                if next == UInt8(ascii: ",") { input.advance(); continue }
                if next == close { input.advance(); break }
                throw input.failure("expected ',' or '\(Character(Unicode.Scalar(close)))', "
                                    + "found \(JSONByteInput.describe(next))")
            }
            return isObject ? "an object" : "an array"
        case UInt8(ascii: "t"): try literal("true"); return "a boolean"
        case UInt8(ascii: "f"): try literal("false"); return "a boolean"
        case UInt8(ascii: "n"): try literal("null"); return "null"
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            try skipNumber()
            return "a number"
        default:
            throw input.failure("expected a value, found \(JSONByteInput.describe(byte))")
        }
    }

    /// Reads `true`, `false` or `null`; anything else is refused at its first byte.
    private mutating func literal(_ word: StaticString) throws(ImportError) {
        input.markToken()
        let first = try input.peek()
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        for byte in expected {
            guard try input.peek() == byte else {
                throw input.failure("expected a value, found \(JSONByteInput.describe(first))", at: input.token)
            }
            input.advance()
        }
    }

    private mutating func skipNumber() throws(ImportError) {
        var unused: [UInt8]?
        try skipNumber(keeping: &unused)
    }

    /// Reads a number, appending its bytes to `kept` unless it is nil.
    private mutating func skipNumber(keeping kept: inout [UInt8]?) throws(ImportError) {
        input.markToken()
        // Called after peek() returned the byte, so it is in the chunk.
        func take() {
            if kept != nil { kept!.append(input.chunk[input.index]) }
            input.advance()
        }
        if try input.peek() == UInt8(ascii: "-") { take() }
        if try input.peek() == UInt8(ascii: "0") {
            take()
        } else if try digits(keeping: &kept) == 0 {
            throw input.failure("invalid number", at: input.token)
        }
        if try input.peek() == UInt8(ascii: ".") {
            take()
            guard try digits(keeping: &kept) > 0 else { throw input.failure("invalid number", at: input.token) }
        }
        let exponent = try input.peek()
        if exponent == UInt8(ascii: "e") || exponent == UInt8(ascii: "E") {
            take()
            let sign = try input.peek()
            if sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { take() }
            guard try digits(keeping: &kept) > 0 else { throw input.failure("invalid number", at: input.token) }
        }
    }

    private mutating func digits(keeping kept: inout [UInt8]?) throws(ImportError) -> Int {
        var count = 0
        while let byte = try input.peek(), byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
            if kept != nil { kept!.append(byte) }
            input.advance()
            count += 1
        }
        return count
    }
}
