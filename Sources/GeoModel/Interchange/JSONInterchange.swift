/// The lab's JSON form: an array of ``GeoCache/dictionary`` objects.
///
/// Export writes the four keys in form order (`title`, `details`, `creator`, `reward`),
/// two-space indented, UTF-8, escaping only what JSON requires. Import reads that
/// array back with its own parser, so every problem has an exact line and column
/// and every bad element its index.
public enum JSONInterchange {
    /// The whole export document for `caches`, in the given order, ending in a newline.
    public static func document(for caches: some Sequence<GeoCache>) -> String {
        var text = ""
        write(caches) { text += $0 }
        return text
    }

    /// Writes the export document piece by piece (one element per piece) to `output`.
    public static func write(_ caches: some Sequence<GeoCache>, to output: (String) throws -> Void) rethrows {
        var isFirst = true
        for cache in caches {
            try output(element(for: cache, isFirst: isFirst))
            isFirst = false
        }
        try output(closing(isEmpty: isFirst))
    }

    /// One element of the array, with the opening bracket (first) or a comma before it.
    public static func element(for cache: GeoCache, isFirst: Bool) -> String {
        var object = isFirst ? "[\n  {\n" : ",\n  {\n"
        let dictionary = cache.dictionary
        for (number, field) in GeoCache.Field.allCases.enumerated() {
            object += "    " + quoted(field.key) + ": " + quoted(dictionary[field.key] ?? "")
            object += number == GeoCache.Field.allCases.count - 1 ? "\n  }" : ",\n"
        }
        return object
    }

    /// The end of the document: `[]` when no element was written, else the closing bracket.
    public static func closing(isEmpty: Bool) -> String {
        isEmpty ? "[]\n" : "\n]\n"
    }

    /// `text` as a JSON string literal: quotes, backslashes and control characters escaped.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{08}": result += "\\b"
            case "\u{0C}": result += "\\f"
            case "\u{00}"..."\u{1F}":
                result += "\\u00" + UTF8Tracker.hex(UInt8(scalar.value))
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// Reads the array in `bytes` (already checked to be UTF-8), one record per element.
    static func read(_ bytes: [UInt8], source: String,
                     _ emit: (ImportRecord) throws -> Void) throws {
        var parser = JSONArrayParser(bytes: bytes, source: source)
        try parser.readArray(emit)
    }
}

/// A strict RFC 8259 parser for the one shape import needs: an array of objects.
struct JSONArrayParser {
    let bytes: [UInt8]
    let source: String
    var offset = 0
    static let maximumDepth = 256
    private var tracker = UTF8Tracker()
    private var trackedOffset = 0

    private enum Member {
        case string(String)
        case other(String)
    }

    init(bytes: [UInt8], source: String) {
        self.bytes = bytes
        self.source = source
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { offset = 3 }
    }

    private func failure(_ reason: String, at position: Int? = nil) -> ImportError {
        ImportError(.malformedJSON, source: source,
                    position: UTF8Tracker.position(of: position ?? offset, in: bytes),
                    reason: "malformed JSON: " + reason)
    }

    /// The position of byte `target`, advancing a running count (element starts only grow).
    private mutating func position(at target: Int) -> TextPosition {
        if target < trackedOffset {
            tracker = UTF8Tracker()
            trackedOffset = 0
        }
        let from = trackedOffset
        _ = bytes.withUnsafeBufferPointer { tracker.feed(UnsafeBufferPointer(rebasing: $0[from..<target])) }
        trackedOffset = target
        return tracker.nextPosition
    }

    private var current: UInt8? { offset < bytes.count ? bytes[offset] : nil }

    private func describeCurrent() -> String {
        guard let byte = current else { return "the end of the input" }
        if byte >= 0x20, byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x\(UTF8Tracker.hex(byte))"
    }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
            offset += 1
        }
    }

    private mutating func expect(_ byte: UInt8, _ what: String) throws(ImportError) {
        guard current == byte else { throw failure("expected \(what), found \(describeCurrent())") }
        offset += 1
    }

    mutating func readArray(_ emit: (ImportRecord) throws -> Void) throws {
        skipWhitespace()
        if current == UInt8(ascii: "{") {
            throw failure("expected an array of caches ('['), found a single object")
        }
        try expect(UInt8(ascii: "["), "'[' (an array of caches)")
        skipWhitespace()
        var index = 0
        if current == UInt8(ascii: "]") {
            offset += 1
        } else {
            while true {
                skipWhitespace()
                let start = offset
                let location = RecordLocation(source: source, index: index, position: position(at: start))
                try emit(try readElement(location))
                index += 1
                skipWhitespace()
                if current == UInt8(ascii: ",") { offset += 1; continue }
                if current == UInt8(ascii: "]") { offset += 1; break }
                throw failure("expected ',' or ']' after element \(index - 1), found \(describeCurrent())")
            }
        }
        skipWhitespace()
        if current != nil {
            throw failure("unexpected \(describeCurrent()) after the end of the array")
        }
    }

    private mutating func readElement(_ location: RecordLocation) throws(ImportError) -> ImportRecord {
        guard current == UInt8(ascii: "{") else {
            let kind = try skipValue(depth: 1)
            return .rejected(RejectedRecord(location: location, reason: "is \(kind), not an object"))
        }
        offset += 1
        var members: [String: Member] = [:]
        var repeated: [String] = []
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            offset += 1
        } else {
            while true {
                skipWhitespace()
                guard current == UInt8(ascii: "\"") else {
                    throw failure("expected a key in quotes, found \(describeCurrent())")
                }
                let key = try readString()
                skipWhitespace()
                try expect(UInt8(ascii: ":"), "':' after the key")
                skipWhitespace()
                let value: Member
                if current == UInt8(ascii: "\"") {
                    value = .string(try readString())
                } else {
                    value = .other(try skipValue(depth: 2))
                }
                if members.updateValue(value, forKey: key) != nil { repeated.append(key) }
                skipWhitespace()
                if current == UInt8(ascii: ",") { offset += 1; continue }
                if current == UInt8(ascii: "}") { offset += 1; break }
                throw failure("expected ',' or '}' in an object, found \(describeCurrent())")
            }
        }
        return Self.record(members: members, repeated: repeated, location: location)
    }

    private static func record(members: [String: Member], repeated: [String],
                               location: RecordLocation) -> ImportRecord {
        let keys = GeoCache.Field.allCases.map(\.key)
        var problems: [String] = []
        let missing = keys.filter { members[$0] == nil }
        if !missing.isEmpty {
            let names = missing.map { "\"\($0)\"" }
            problems.append(names.count == 1 ? "missing key \(names[0])"
                            : "missing keys " + names.dropLast().joined(separator: ", ") + " and " + names.last!)
        }
        for key in keys {
            if case .other(let kind) = members[key] { problems.append("\"\(key)\" is \(kind), not a string") }
        }
        for key in repeated where keys.contains(key) { problems.append("key \"\(key)\" appears more than once") }
        var strings: [String: String] = [:]
        for (key, member) in members { if case .string(let text) = member { strings[key] = text } }
        guard problems.isEmpty, let cache = GeoCache(fromDictionary: strings) else {
            return .rejected(RejectedRecord(location: location, reason: problems.joined(separator: "; ")))
        }
        do {
            return .cache(try cache.validated(), location)
        } catch {
            return .rejected(RejectedRecord(location: location, reason: error.description))
        }
    }

    /// Reads a string literal starting at the opening quote.
    private mutating func readString() throws(ImportError) -> String {
        let start = offset
        offset += 1
        var utf8: [UInt8] = []
        while true {
            guard let byte = current else { throw failure("unterminated string", at: start) }
            switch byte {
            case UInt8(ascii: "\""):
                offset += 1
                return String(decoding: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                offset += 1
                guard let escape = current else { throw failure("unterminated string", at: start) }
                offset += 1
                switch escape {
                case UInt8(ascii: "\""): utf8.append(0x22)
                case UInt8(ascii: "\\"): utf8.append(0x5C)
                case UInt8(ascii: "/"): utf8.append(0x2F)
                case UInt8(ascii: "b"): utf8.append(0x08)
                case UInt8(ascii: "f"): utf8.append(0x0C)
                case UInt8(ascii: "n"): utf8.append(0x0A)
                case UInt8(ascii: "r"): utf8.append(0x0D)
                case UInt8(ascii: "t"): utf8.append(0x09)
                case UInt8(ascii: "u"):
                    let scalar = try readUnicodeEscape()
                    utf8.append(contentsOf: Array(String(Character(scalar)).utf8))
                default:
                    offset -= 2
                    throw failure("invalid escape '\\\(Character(Unicode.Scalar(escape)))' in a string")
                }
            case 0x00..<0x20:
                throw failure("control character 0x\(UTF8Tracker.hex(byte)) must be escaped in a string")
            default:
                utf8.append(byte)
                offset += 1
            }
        }
    }

    /// Reads the four hex digits after `\u` (and a second escape for a surrogate pair).
    private mutating func readUnicodeEscape() throws(ImportError) -> Unicode.Scalar {
        let escapeStart = offset - 2
        let first = try readHex4()
        if (0xD800...0xDBFF).contains(first) {
            guard current == UInt8(ascii: "\\"), offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "u")
            else { throw failure("\\u escape is half of a surrogate pair", at: escapeStart) }
            offset += 2
            let second = try readHex4()
            guard (0xDC00...0xDFFF).contains(second) else {
                throw failure("\\u escape is half of a surrogate pair", at: escapeStart)
            }
            return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))!
        }
        guard let scalar = Unicode.Scalar(first) else {
            throw failure("\\u escape is half of a surrogate pair", at: escapeStart)
        }
        return scalar
    }

    private mutating func readHex4() throws(ImportError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current, let digit = Self.hexValue(byte) else {
                throw failure("expected four hex digits after \\u, found \(describeCurrent())")
            }
            value = value << 4 | digit
            offset += 1
        }
        return value
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// Skips any JSON value and names its kind ("a number", "an array", ...).
    private mutating func skipValue(depth: Int) throws(ImportError) -> String {
        guard depth <= Self.maximumDepth else { throw failure("values nested more than \(Self.maximumDepth) deep") }
        skipWhitespace()
        guard let byte = current else { throw failure("expected a value, found the end of the input") }
        switch byte {
        case UInt8(ascii: "\""):
            _ = try readString()
            return "a string"
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            let close = byte == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
            let isObject = byte == UInt8(ascii: "{")
            offset += 1
            skipWhitespace()
            if current == close { offset += 1; return isObject ? "an object" : "an array" }
            while true {
                skipWhitespace()
                if isObject {
                    guard current == UInt8(ascii: "\"") else {
                        throw failure("expected a key in quotes, found \(describeCurrent())")
                    }
                    _ = try readString()
                    skipWhitespace()
                    try expect(UInt8(ascii: ":"), "':' after the key")
                }
                _ = try skipValue(depth: depth + 1)
                skipWhitespace()
                if current == UInt8(ascii: ",") { offset += 1; continue }
                if current == close { offset += 1; break }
                throw failure("expected ',' or '\(Character(Unicode.Scalar(close)))', found \(describeCurrent())")
            }
            return isObject ? "an object" : "an array"
        case UInt8(ascii: "t"): try literal("true"); return "a boolean"
        case UInt8(ascii: "f"): try literal("false"); return "a boolean"
        case UInt8(ascii: "n"): try literal("null"); return "null"
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            try skipNumber()
            return "a number"
        default:
            throw failure("expected a value, found \(describeCurrent())")
        }
    }

    private mutating func literal(_ word: String) throws(ImportError) {
        let expected = Array(word.utf8)
        guard bytes.count - offset >= expected.count,
              Array(bytes[offset..<offset + expected.count]) == expected
        else { throw failure("expected a value, found \(describeCurrent())") }
        offset += expected.count
    }

    private mutating func skipNumber() throws(ImportError) {
        let start = offset
        func digits(_ parser: inout JSONArrayParser) -> Int {
            var count = 0
            while let byte = parser.current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                parser.offset += 1
                count += 1
            }
            return count
        }
        if current == UInt8(ascii: "-") { offset += 1 }
        if current == UInt8(ascii: "0") {
            offset += 1
        } else if digits(&self) == 0 {
            throw failure("invalid number", at: start)
        }
        if current == UInt8(ascii: ".") {
            offset += 1
            guard digits(&self) > 0 else { throw failure("invalid number", at: start) }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            offset += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { offset += 1 }
            guard digits(&self) > 0 else { throw failure("invalid number", at: start) }
        }
    }
}
