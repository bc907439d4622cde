import CSystem
import Foundation

/// Checks that bytes are UTF-8 while counting lines and columns, one chunk at a time.
struct UTF8Tracker {
    /// The line of the last character seen (1-based).
    private(set) var line = 1
    /// The column of the last character seen; 0 before the first character of a line.
    private(set) var column = 0
    private var pending = 0
    private var low: UInt8 = 0x80
    private var high: UInt8 = 0xBF
    private var leadPosition = TextPosition(line: 1, column: 1)
    private var leadByte: UInt8 = 0
    /// How many bytes were fed before the current `feed` call.
    private var bytesFed = 0
    /// The offset of the byte that starts the character being checked.
    private var leadOffset = 0

    /// The position the next character would have.
    var nextPosition: TextPosition { TextPosition(line: line, column: column + 1) }

    /// After `feed` or `finish` reported a problem: the offset (0-based, counted over
    /// every byte fed) of the invalid sequence's first byte, where the problem's
    /// position is.
    var problemOffset: Int { leadOffset }

    /// Feeds bytes; returns the position and a description of the first invalid sequence.
    ///
    /// Runs of ASCII are checked sixteen bytes a step (their newlines counted in the
    /// same step), common characters of two and three bytes in place; other bytes go
    /// through the byte-by-byte check in `feedByte`.
    mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>) -> (TextPosition, String)? {
        guard let base = bytes.baseAddress else { return nil }
        let count = bytes.count
        var index = 0
        while index < count {
            if pending == 0 {
                index = skipASCII(base, from: index, count: count)
                if index >= count { break }
                let byte = base[index]
                if byte < 0x80 {
                    if byte == 0x0A { line += 1; column = 0 } else { column += 1 }
                    index += 1
                    continue
                }
                // A character of two or three bytes wholly in this chunk, whose bytes
                // need no range but the continuation bytes', is checked in place.
                if byte >= 0xC2, byte <= 0xDF, index + 1 < count, base[index + 1] & 0xC0 == 0x80 {
                    column += 1
                    index += 2
                    continue
                }
                if byte >= 0xE1, byte <= 0xEF, byte != 0xED, index + 2 < count,
                   base[index + 1] & 0xC0 == 0x80, base[index + 2] & 0xC0 == 0x80 {
                    column += 1
                    index += 3
                    continue
                }
                leadOffset = bytesFed + index
            }
            if let problem = feedByte(base[index]) {
                bytesFed += index
                return problem
            }
            index += 1
        }
        bytesFed += count
        return nil
    }

    /// Consumes the ASCII from `start` (`sys_scan_ascii`, sixteen bytes a step),
    /// counting its lines and columns, and returns where it stopped: at a byte of 0x80
    /// or more, or the end.
    private mutating func skipASCII(_ base: UnsafePointer<UInt8>, from start: Int, count: Int) -> Int {
        let run = sys_scan_ascii(base + start, count - start)
        if run.newlines > 0 {
            line += Int(run.newlines)
            column = Int(run.after_last_newline)
        } else {
            column += Int(run.length)
        }
        return start + Int(run.length)
    }

    /// Checks one byte.
    private mutating func feedByte(_ byte: UInt8) -> (TextPosition, String)? {
        if pending == 0 {
            if byte < 0x80 {
                if byte == 0x0A { line += 1; column = 0 } else { column += 1 }
                return nil
            }
            switch byte {
            case 0xC2...0xDF: pending = 1; low = 0x80; high = 0xBF
            case 0xE0: pending = 2; low = 0xA0; high = 0xBF
            case 0xE1...0xEC, 0xEE...0xEF: pending = 2; low = 0x80; high = 0xBF
            case 0xED: pending = 2; low = 0x80; high = 0x9F
            case 0xF0: pending = 3; low = 0x90; high = 0xBF
            case 0xF1...0xF3: pending = 3; low = 0x80; high = 0xBF
            case 0xF4: pending = 3; low = 0x80; high = 0x8F
            default:
                return (nextPosition, "invalid UTF-8: byte 0x\(Self.hex(byte)) cannot start a character")
            }
            column += 1
            leadPosition = TextPosition(line: line, column: column)
            leadByte = byte
        } else {
            guard byte >= low, byte <= high else {
                return (leadPosition, "invalid UTF-8: byte 0x\(Self.hex(leadByte)) is followed by 0x\(Self.hex(byte))")
            }
            pending -= 1
            low = 0x80
            high = 0xBF
        }
        return nil
    }

    /// Reports a character cut off by the end of the input.
    func finish() -> (TextPosition, String)? {
        pending == 0 ? nil : (leadPosition, "invalid UTF-8: the input ends inside a character")
    }

    /// The position of byte `offset` in `bytes` (for errors found after reading).
    static func position(of offset: Int, in bytes: [UInt8]) -> TextPosition {
        var tracker = UTF8Tracker()
        _ = bytes.withUnsafeBufferPointer { tracker.feed(UnsafeBufferPointer(rebasing: $0[..<min(offset, $0.count)])) }
        return tracker.nextPosition
    }

    static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
    }
}
