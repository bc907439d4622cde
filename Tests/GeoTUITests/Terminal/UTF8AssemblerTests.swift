import Testing
@testable import GeoTUI

/// Bytes of terminal input put together into characters, one byte at a time.
@Suite("UTF-8 input, byte by byte")
struct UTF8AssemblerTests {
    /// The scalars `bytes` make, one `take` at a time, and what a final flush gives.
    private func scalars(_ bytes: [UInt8]) -> String {
        var assembler = UTF8Assembler()
        var result = String.UnicodeScalarView()
        for byte in bytes {
            let (broken, completed) = assembler.take(byte)
            if let broken { result.append(broken) }
            if let completed { result.append(completed) }
        }
        if let broken = assembler.flush() { result.append(broken) }
        return String(result)
    }

    @Test("ASCII, two-, three- and four-byte characters come out whole")
    func wellFormedText() {
        let text = "aé東🌸z"
        #expect(scalars(Array(text.utf8)) == text)
    }

    @Test("a character is pending until its last byte")
    func pendingUntilTheLastByte() {
        var assembler = UTF8Assembler()
        let bytes = Array("🌸".utf8)
        for byte in bytes.dropLast() {
            #expect(assembler.take(byte) == (nil, nil))
            #expect(assembler.isPending)
        }
        #expect(assembler.take(bytes[3]) == (nil, "🌸"))
        #expect(!assembler.isPending)
    }

    @Test("a character cut short is U+FFFD and the byte that cut it starts afresh")
    func aCutCharacterIsReplaced() {
        #expect(scalars([0xF0, 0x9F, 0x41]) == "\u{FFFD}A")
        #expect(scalars([0xE6, 0xE6, 0x9D, 0xB1]) == "\u{FFFD}東")
    }

    @Test("stray continuation bytes, overlong forms, surrogates and bytes beyond U+10FFFF are U+FFFD each")
    func malformedBytesAreReplaced() {
        #expect(scalars([0x80, 0xBF]) == "\u{FFFD}\u{FFFD}")
        #expect(scalars([0xC0, 0xC1, 0xF5, 0xFF]) == "\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}")
        #expect(scalars([0xE0, 0x80, 0x80]) == "\u{FFFD}")
        #expect(scalars([0xED, 0xA0, 0x80]) == "\u{FFFD}")
        #expect(scalars([0xF4, 0x90, 0x80, 0x80]) == "\u{FFFD}")
    }

    @Test("a flush gives up a character that has begun, and nothing else")
    func flushGivesUpABegunCharacter() {
        var assembler = UTF8Assembler()
        #expect(assembler.flush() == nil)
        _ = assembler.take(0xC3)
        #expect(assembler.flush() == "\u{FFFD}")
        #expect(assembler.take(0x41) == (nil, "A"))
    }
}
