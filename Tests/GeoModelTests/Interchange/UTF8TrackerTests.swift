import Testing
@testable import GeoModel

/// The tracker checks runs of ASCII sixteen bytes a step; these tests hold it to the
/// byte-by-byte reading (one byte per `feed`, which never takes the fast path).
@Suite("UTF-8 tracker")
struct UTF8TrackerTests {
    private struct Outcome: Equatable {
        var problem: String?
        var position: TextPosition
    }

    private static func whole(_ bytes: [UInt8], chunk: Int) -> Outcome {
        var tracker = UTF8Tracker()
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + chunk)
            let problem = bytes.withUnsafeBufferPointer { tracker.feed(UnsafeBufferPointer(rebasing: $0[start..<end])) }
            if let (position, reason) = problem { return Outcome(problem: reason, position: position) }
            start = end
        }
        if let (position, reason) = tracker.finish() { return Outcome(problem: reason, position: position) }
        return Outcome(problem: nil, position: tracker.nextPosition)
    }

    private static func byteByByte(_ bytes: [UInt8]) -> Outcome { whole(bytes, chunk: 1) }

    @Test func asciiWordsCountLinesAndColumns() {
        let text = Array("abcdefgh\nijklmno\n\n\nqrstuvwxyz0123456789\nend".utf8)
        let expected = Self.byteByByte(text)
        #expect(expected == Outcome(problem: nil, position: TextPosition(line: 6, column: 4)))
        for chunk in [3, 8, 13, 64] { #expect(Self.whole(text, chunk: chunk) == expected) }
    }

    @Test func invalidBytesAfterLongASCIIRunsKeepTheirPositions() {
        let prefix = Array("line one is long enough\n  <name>GC12345</name>\n   ".utf8)
        let cases: [[UInt8]] = [
            prefix + [0xFF] + Array("tail".utf8),
            prefix + Array("é".utf8) + Array("12345678".utf8) + [0xC3, 0x28],
            prefix + Array("日本".utf8) + Array("\nabcdefghij".utf8) + [0xED, 0xA0, 0x80],
            prefix + Array("🧭".utf8) + Array("abcdefgh".utf8) + [0xF0, 0x9F],
        ]
        for bytes in cases {
            let expected = Self.byteByByte(bytes)
            #expect(expected.problem != nil)
            for chunk in [5, 8, 17, 4096] { #expect(Self.whole(bytes, chunk: chunk) == expected) }
        }
    }

    @Test func randomTextMatchesTheByteByByteReading() {
        var generator = SystemRandomNumberGenerator()
        let pieces: [[UInt8]] = [
            Array("a".utf8), Array("xyz".utf8), Array("\n".utf8), Array("  <wpt>".utf8),
            Array("é".utf8), Array("タワー".utf8), Array("🧭".utf8), [0xED, 0x9F, 0xBF], [0xE0, 0xA0, 0x80],
            [0x80], [0xC0, 0xAF], [0xE2, 0x82], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xC1, 0xBF], [0xEF, 0xBF],
        ]
        for _ in 0..<300 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0...60, using: &generator) {
                // Mostly valid text, now and then a broken sequence.
                let piece = Int.random(in: 0..<100, using: &generator) < 97
                    ? pieces[Int.random(in: 0..<9, using: &generator)]
                    : pieces[Int.random(in: 9..<pieces.count, using: &generator)]
                bytes += piece
            }
            let expected = Self.byteByByte(bytes)
            for chunk in [8, 11, 1024] { #expect(Self.whole(bytes, chunk: chunk) == expected) }
        }
    }

    @Test func theProblemOffsetIsTheFirstByteOfTheBadSequenceWhateverTheChunks() {
        let prefix = Array("ascii run of some length, then é and 東\n".utf8)
        let cases: [([UInt8], Int)] = [
            (prefix + [0xFF] + Array("tail".utf8), prefix.count),
            (prefix + [0xE6, 0x9D, 0x41], prefix.count),
            (prefix + Array("abc".utf8) + [0xF0, 0x9F], prefix.count + 3),
        ]
        for (bytes, offset) in cases {
            for chunk in [1, 3, 8, 4096] {
                var tracker = UTF8Tracker()
                var start = 0
                var found = false
                while start < bytes.count, !found {
                    let end = min(bytes.count, start + chunk)
                    found = bytes.withUnsafeBufferPointer {
                        tracker.feed(UnsafeBufferPointer(rebasing: $0[start..<end]))
                    } != nil
                    start = end
                }
                if !found { found = tracker.finish() != nil }
                #expect(found)
                #expect(tracker.problemOffset == offset, "chunk \(chunk)")
            }
        }
    }
}
