import Foundation
import Testing
@testable import GeoModel

/// The JSON reader works on the input one 64 KiB chunk at a time: these tests hold
/// it to refusing malformed input at its first bad byte, with the byte's number, and
/// to reading tokens that straddle two chunks exactly as any others.
@Suite("JSON streaming")
struct JSONStreamingTests {
    /// A malformed document, the number of the first bad byte, and what the reason says.
    struct Malformed: CustomTestStringConvertible, Sendable {
        let bytes: [UInt8]
        let byte: Int
        let reason: String
        var kind: ImportError.Kind = .malformedJSON

        init(_ text: String, extra: [UInt8] = [], byte: Int, _ reason: String, kind: ImportError.Kind = .malformedJSON) {
            bytes = Array(text.utf8) + extra
            self.byte = byte
            self.reason = reason
            self.kind = kind
        }

        var testDescription: String { reason }
    }

    static let malformed: [Malformed] = [
        Malformed("[", extra: [0, 0, 0], byte: 2, "expected a value, found byte 0x00"),
        Malformed(#"[{"title": "ca"#, extra: [0xC3, 0x28, 0x22, 0x7D, 0x5D], byte: 15,
                  "invalid UTF-8: byte 0xC3 is followed by 0x28", kind: .invalidUTF8),
        Malformed(#"[{"title": "a"#, extra: [0xE2, 0x82], byte: 14,
                  "invalid UTF-8: the input ends inside a character", kind: .invalidUTF8),
        Malformed(#"[{"title": "a\x"}]"#, byte: 14, #"invalid escape '\x' in a string"#),
        Malformed(#"[{"title": "\uD83Dx"}]"#, byte: 13, #"\u escape is half of a surrogate pair"#),
        Malformed(#"[{"title": "\uDE00"}]"#, byte: 13, #"\u escape is half of a surrogate pair"#),
        Malformed(#"[{"title": "\uD83D\u0041"}]"#, byte: 13, #"\u escape is half of a surrogate pair"#),
        Malformed(#"[{"title": "\u12G4"}]"#, byte: 17, #"expected four hex digits after \u, found 'G'"#),
        Malformed("[{\"title\": \"a\tb\"}]", byte: 14, "control character 0x09 must be escaped in a string"),
        Malformed("[] x", byte: 4, "unexpected 'x' after the end of the array"),
        Malformed(#"[{"title": "abc"#, byte: 12, "unterminated string"),
        Malformed(#"[{"title": "a"}"#, byte: 16, "expected ',' or ']' after element 0, found the end of the input"),
        Malformed(#"[{"title" "a"}]"#, byte: 11, "expected ':' after the key, found '\"'"),
        Malformed(#"[{"x": -}]"#, byte: 8, "invalid number"),
        Malformed(#"[{"x": tru}]"#, byte: 8, "expected a value, found 't'"),
        Malformed(#"[{"x": [1 2]}]"#, byte: 11, "expected ',' or ']', found '2'"),
        Malformed(#"[{"x": "#, extra: Array(repeating: UInt8(ascii: "["), count: 300), byte: 263,
                  "values nested more than 256 deep"),
    ]

    @Test(arguments: malformed)
    func malformedInputIsRefusedAtItsFirstBadByte(_ input: Malformed) {
        let error = Interchange.importError(.bytes(input.bytes, name: "x.json"))
        #expect(error?.kind == input.kind)
        #expect(error?.byteOffset == input.byte)
        #expect(error?.position == UTF8Tracker.position(of: input.byte - 1, in: input.bytes))
        #expect(error?.reason.hasSuffix(input.reason) == true, "reason was: \(error?.reason ?? "none")")
        #expect(error?.message.hasSuffix("\(input.reason) (byte \(input.byte) of the input)") == true)
    }

    @Test func aBracketFollowedByMegabytesOfZeroBytesIsRefusedAtByteTwo() {
        let error = Interchange.importError(.bytes([UInt8(ascii: "[")] + [UInt8](repeating: 0, count: 4 << 20),
                                                   name: "zeros.json"))
        #expect(error?.byteOffset == 2)
        #expect(error?.message == "zeros.json:1:2: malformed JSON: expected a value, found byte 0x00 (byte 2 of the input)")
    }

    @Test func aSurrogatePairEscapeDecodesToOneCharacter() throws {
        let text = #"[{"title": "\uD83D\uDE00 \u00e9", "details": "d", "creator": "c", "reward": "r"}]"#
        #expect(Interchange.caches(try Interchange.records(text: text)).map(\.title) == ["😀 é"])
    }

    @Test func aStringLongerThanTheLimitIsRefusedWhereItStarts() {
        let opening = #"[{"details": "d", "title": ""#
        let text = opening + String(repeating: "a", count: JSONByteInput.maximumStringLength + 1)
        let error = Interchange.importError(.bytes(Array(text.utf8), name: "long.json"))
        #expect(error?.byteOffset == opening.utf8.count)
        #expect(error?.position == TextPosition(line: 1, column: opening.utf8.count))
        #expect(error?.reason.contains("a string longer than 16 MiB") == true)
    }

    @Test func aStringJustUnderTheLimitIsRead() throws {
        let title = String(repeating: "é", count: JSONByteInput.maximumStringLength / 2)
        let text = "[{\"title\": \"\(title)\", \"details\": \"d\", \"creator\": \"c\", \"reward\": \"r\"}]"
        #expect(Interchange.caches(try Interchange.records(text: text)).first?.title == title)
    }

    @Test(arguments: Array(ChunkReader.chunkSize - 130...ChunkReader.chunkSize + 2))
    func tokensAcrossAChunkBoundaryAreReadUnchanged(_ padding: Int) throws {
        let cache = GeoCache(title: "\u{1F600}é\n\"q\"", details: "tab\there", creator: "東京", reward: "\u{0}")
        let text = "[" + String(repeating: " ", count: padding) + JSONInterchange.element(for: cache, isFirst: true)
            .dropFirst() + ", {\"x\": -12.5e+3, \"y\": [true, false, null], \"title\": \"t\", \"details\": \"d\", "
            + "\"creator\": \"c\", \"reward\": \"r\"}]"
        let caches = Interchange.caches(try Interchange.records(text: text))
        #expect(caches == [cache, GeoCache(title: "t", details: "d", creator: "c", reward: "r")])
    }

    @Test(arguments: Array(ChunkReader.chunkSize - 24...ChunkReader.chunkSize + 2))
    func problemsAcrossAChunkBoundaryHaveTheirExactPlace(_ padding: Int) {
        // Each tail with the number (from 1) of its bad byte.
        for (tail, offset) in [(#"{"title": "abc\q"}]"#, 15), (#"{"title": "\uD83D\n"}]"#, 12),
                               (#"{"title": "abc"#, 11), (#"{"x": -]"#, 7), (#"{"x": nul]"#, 7)] {
            // Newlines in the padding make line counting part of the test.
            let bytes = Array(("[\n" + String(repeating: " ", count: padding - 1) + tail).utf8)
            let error = Interchange.importError(.bytes(bytes, name: "x.json"))
            let byte = 1 + padding + offset
            #expect(error?.byteOffset == byte, "\(tail)")
            #expect(error?.position == UTF8Tracker.position(of: byte - 1, in: bytes), "\(tail)")
        }
    }

    @Test func aLargeDocumentIsReadElementByElementWithTheRightLocations() throws {
        let caches = (0..<20_000).map { Interchange.awkwardCaches[$0 % Interchange.awkwardCaches.count] }
        let text = JSONInterchange.document(for: caches)
        let records = try Interchange.records(text: text)
        #expect(Interchange.caches(records) == caches)
        let locations = records.compactMap { if case .cache(_, let location, _) = $0 { location } else { nil } }
        #expect(locations.last?.index == 19_999)
        // The last element is ",\n  {...}" before the closing "\n]\n"; it starts at its "{".
        let lastElement = text.utf8.count - 3 - JSONInterchange.element(for: caches.last!, isFirst: false).utf8.count
        #expect(locations.last?.position == UTF8Tracker.position(of: lastElement + 4, in: Array(text.utf8)))
    }
}
