extension JSONByteInput {
    /// Reads a string literal, from its opening quote (the next byte) to its closing
    /// quote, decoding escapes into UTF-8.
    ///
    /// Up to `keep` decoded bytes go into `text` (0 for a string that is only checked,
    /// a few for a key compared with the field names, `Int.max` for a value); runs of
    /// plain bytes are copied as a whole. Refuses raw control characters, unknown
    /// escapes, escapes that are not four hex digits, unpaired surrogates, a string
    /// cut off by the end of the input, and one longer than ``maximumStringLength``.
    mutating func readString(keeping keep: Int, into text: inout [UInt8]) throws(ImportError) {
        markToken()
        advance()
        text.removeAll(keepingCapacity: true)
        var length = 0
        while true {
            if index >= limit {
                guard try refill() else { throw failure("unterminated string", at: token) }
                continue
            }
            // The run of bytes up to the next quote, backslash or control character.
            let start = index
            var end = index
            let stop = limit
            chunk.withUnsafeBufferPointer { bytes in
                while end < stop {
                    let byte = bytes[end]
                    if byte == 0x22 || byte == 0x5C || byte < 0x20 { break }
                    end += 1
                }
            }
            if end > start {
                length += end - start
                if text.count < keep {
                    text.append(contentsOf: chunk[start..<start + min(end - start, keep - text.count)])
                }
                index = end
                if length > Self.maximumStringLength { throw stringTooLong() }
                if end == stop { continue }
            }
            let byte = chunk[index]
            if byte == 0x22 {
                advance()
                return
            }
            if byte < 0x20 {
                throw failure("control character 0x\(UTF8Tracker.hex(byte)) must be escaped in a string")
            }
            length += try readEscape(keeping: keep, into: &text)
            if length > Self.maximumStringLength { throw stringTooLong() }
        }
    }

    /// Reads one escape sequence from its backslash; returns how many bytes it decoded to.
    private mutating func readEscape(keeping keep: Int, into text: inout [UInt8]) throws(ImportError) -> Int {
        markEscape()
        advance()
        guard let escape = try peek() else { throw failure("unterminated string", at: token) }
        advance()
        let decoded: UInt8
        switch escape {
        case UInt8(ascii: "\""): decoded = 0x22
        case UInt8(ascii: "\\"): decoded = 0x5C
        case UInt8(ascii: "/"): decoded = 0x2F
        case UInt8(ascii: "b"): decoded = 0x08
        case UInt8(ascii: "f"): decoded = 0x0C
        case UInt8(ascii: "n"): decoded = 0x0A
        case UInt8(ascii: "r"): decoded = 0x0D
        case UInt8(ascii: "t"): decoded = 0x09
        case UInt8(ascii: "u"):
            let scalar = try readUnicodeEscape()
            var count = 0
            UTF8.encode(scalar) { byte in
                if text.count < keep { text.append(byte) }
                count += 1
            }
            return count
        default:
            let shown = escape >= 0x20 && escape < 0x7F
                ? "'\\\(Character(Unicode.Scalar(escape)))'" : "'\\' followed by byte 0x\(UTF8Tracker.hex(escape))"
            throw failure("invalid escape \(shown) in a string", at: self.escape)
        }
        if text.count < keep { text.append(decoded) }
        return 1
    }

    /// Reads the four hex digits after `\u`, and a second `\u` escape for a surrogate pair.
    private mutating func readUnicodeEscape() throws(ImportError) -> Unicode.Scalar {
        let first = try readHex4()
        if (0xD800...0xDBFF).contains(first) {
            guard try peek() == UInt8(ascii: "\\") else { throw halfSurrogate() }
            advance()
            guard try peek() == UInt8(ascii: "u") else { throw halfSurrogate() }
            advance()
            let second = try readHex4()
            guard (0xDC00...0xDFFF).contains(second) else { throw halfSurrogate() }
            return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))!
        }
        guard let scalar = Unicode.Scalar(first) else { throw halfSurrogate() }
        return scalar
    }

    private mutating func readHex4() throws(ImportError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = try peek()
            guard let byte, let digit = Self.hexValue(byte) else {
                throw failure("expected four hex digits after \\u, found \(Self.describe(byte))")
            }
            value = value << 4 | digit
            advance()
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

    private mutating func halfSurrogate() -> ImportError {
        failure("\\u escape is half of a surrogate pair", at: escape)
    }

    private mutating func stringTooLong() -> ImportError {
        let mebibytes = Self.maximumStringLength >> 20
        return ImportError(.malformedJSON, source: source, position: token.position ?? position(at: token.offset),
                           byteOffset: token.offset + 1,
                           reason: "refused: a string longer than \(mebibytes) MiB starts here "
                               + "(the most geocache-tui reads in one string)")
    }
}
