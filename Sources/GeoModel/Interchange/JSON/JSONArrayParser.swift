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

    var input: JSONByteInput
    /// The decoded bytes of the string read last (reused).
    var text: [UInt8] = []
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

    mutating func expect(_ expected: UInt8, _ what: String) throws(ImportError) {
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
                // The longest key has 21 bytes: keeping 22 tells every longer key apart.
                try readKey(keeping: 22)
                let field = Self.fieldIndex(text)
                if field == nil, let key = Self.listingKey(text) {
                    try readListingValue(key, into: &extras)
                    if try finishedMember() { break }
                    continue
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
                if try finishedMember() { break }
            }
        }
        // Nearly every element: four strings, each key once, and what else it holds
        // without a fault: one cache, made once.
        if repeated.isEmpty, !extras.isEmpty, case .string(let title) = members[0], case .string(let details) = members[1],
           case .string(let creator) = members[2], case .string(let reward) = members[3],
           let cache = extras.cache(title: title, details: details, creator: creator, reward: reward) {
            return Self.validated(cache, location)
        }
        var record = Self.record(members, repeated: repeated, location: location)
        if !extras.isEmpty { record = extras.applied(to: record, location: location) }
        return record
    }

    /// Reads an object's key, then the colon and the whitespace around it: the key's
    /// decoded bytes (the first `keeping` of them) are left in ``text``.
    mutating func readKey(keeping: Int) throws(ImportError) {
        try input.skipWhitespace()
        let byte = try input.peek()
        guard byte == UInt8(ascii: "\"") else {
            throw input.failure("expected a key in quotes, found \(JSONByteInput.describe(byte))")
        }
        try input.readString(keeping: keeping, into: &text)
        try input.skipWhitespace()
        try expect(UInt8(ascii: ":"), "':' after the key")
        try input.skipWhitespace()
    }

    /// After a member of an element: true at its closing brace, false after a comma.
    private mutating func finishedMember() throws(ImportError) -> Bool {
        try input.skipWhitespace()
        let next = try input.peek()
        if next == UInt8(ascii: ",") { input.advance(); return false }
        if next == UInt8(ascii: "}") { input.advance(); return true }
        throw input.failure("expected ',' or '}' in an object, found \(JSONByteInput.describe(next))")
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
    mutating func skipValue(depth: Int) throws(ImportError) -> String {
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
    mutating func literal(_ word: StaticString) throws(ImportError) {
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
    mutating func skipNumber(keeping kept: inout [UInt8]?) throws(ImportError) {
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
