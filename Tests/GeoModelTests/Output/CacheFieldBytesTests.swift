import Foundation
@testable import GeoModel
import GeoTestSupport
import Testing

/// A plain `list` reads the four fields as the store holds their bytes
/// (``CacheStore/forEachCacheFields(_:)``) and writes the same line as for the cache
/// read as Strings, also for bytes that are not UTF-8.
@Suite struct CacheFieldBytesTests {
    private func isValid(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { CacheFieldBytes.isValidUTF8($0) }
    }

    @Test func wellFormedUTF8IsValidAsTheStandardLibraryDecidesForEveryShortSequence() {
        var generator = SeededGenerator(state: 39)
        let interesting: [UInt8] = [0x00, 0x41, 0x7F, 0x80, 0x8F, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF,
                                    0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF]
        for _ in 0..<20_000 {
            let count = Int.random(in: 0...12, using: &generator)
            let bytes = (0..<count).map { _ in interesting.randomElement(using: &generator)! }
            #expect(isValid(bytes) == (String(validating: bytes, as: UTF8.self) != nil), "\(bytes)")
        }
    }

    @Test func longASCIIRunsWithOneBadByteAnywhereAreInvalid() {
        for position in 0..<40 {
            var bytes = Array(repeating: UInt8(ascii: "a"), count: 40)
            #expect(isValid(bytes))
            bytes[position] = 0xFF
            #expect(!isValid(bytes))
        }
    }

    @Test func storedBytesEscapeInOnePassAsTheirStringDoesInEveryFormat() {
        var generator = SeededGenerator(state: 2039)
        // Plain letters in runs (so words pass the screen), every kind of flagged byte,
        // multi-byte characters (U+0085 and U+FFFE are flagged by some formats) and
        // bytes that are not UTF-8.
        let pieces: [[UInt8]] = [Array("abcdefgh".utf8), Array("xyz".utf8), [0x22], [0x5C], [0x0A], [0x09], [0x00],
                                 [0x1F], [0x7F], [0x26], [0x3C], Array("é".utf8), Array("\u{85}".utf8),
                                 Array("\u{FFFE}".utf8), Array("😀".utf8), [0xFF], [0xC3], [0xED, 0xA0, 0x80]]
        let escapings = [GeoCache.escapedForLine, GPXWriter.escaped, JSONInterchange.Layout.export.quoting,
                         JSONInterchange.Layout.listing.quoting]
        for _ in 0..<5_000 {
            let bytes = (0..<Int.random(in: 0...8, using: &generator)).flatMap { _ in
                pieces.randomElement(using: &generator)!
            }
            for escaping in escapings {
                var output = BufferedWriter()
                output.append(text: "before ")
                bytes.withUnsafeBufferPointer { output.appendEscaped(stored: $0, escaping) }
                #expect(output.text == "before " + escaping(String(decoding: bytes, as: UTF8.self)), "\(bytes)")
            }
        }
    }

    @Test("a line from the fields' bytes is the line of the cache read as Strings", arguments: StoreKind.allCases)
    func lineFromBytesEqualsLineFromStrings(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let store = try fixture.open()
        _ = try store.append(GeoCache(title: "Zürich\tsee", details: "line\none \\ two\u{1}", creator: "東京",
                                      reward: "\u{85}coin"))
        _ = try store.append(Samples.oak)
        var fromStrings = BufferedWriter(), fromBytes = BufferedWriter()
        try store.forEachCache { $0.cache.writeTabSeparatedLine(to: &fromStrings) }
        try store.forEachCacheFields { GeoCache.writeTabSeparatedLine(of: $0, to: &fromBytes) }
        #expect(fromBytes.text == fromStrings.text)
        #expect(fromBytes.text.contains("Zürich\\tsee"))
    }

    @Test func aFieldThatIsNotUTF8IsWrittenWithReplacementCharacters() {
        let title: [UInt8] = [0x66, 0xFF, 0x6F]
        var output = BufferedWriter()
        title.withUnsafeBufferPointer { title in
            let empty = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
            GeoCache.writeTabSeparatedLine(
                of: CacheFieldBytes(id: CacheID(rawValue: 1), title: title, details: empty, creator: empty, reward: empty),
                to: &output)
        }
        #expect(output.text == "f\u{FFFD}o\t\t\t")
    }

    @Test func aWriterThatOutgrowsItsBufferKeepsEveryByte() {
        var output = BufferedWriter()
        let pieces = (0..<100).map { "piece \($0) " }
        for piece in pieces { output.append(text: piece) }
        #expect(output.text == pieces.joined())
    }
}
