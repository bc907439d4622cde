import Foundation
import Testing
@testable import GeoModel
import GeoTestSupport

/// The escaping behind every output path, pinned byte for byte over awkward strings.
@Suite("Text escaping")
struct TextEscapingTests {
    /// Strings with something for every escaper: controls (C0, DEL, C1), quotes,
    /// markup, backslashes, the XML non-characters and multi-byte text around them.
    static let awkward: [String] = Samples.awkwardStrings + [
        "a\\b\\\\c",
        "<a href=\"x\">&amp;</a>",
        "c1 \u{80}\u{85}\u{9F} then \u{A0}nbsp and \u{7F}del",
        "non-characters \u{FFFE}\u{FFFF} and \u{FFFD} and \u{EFFF}",
        "\u{2028}line separator\u{2029} bom\u{FEFF}",
        "Ça\u{0}va\u{1}😀\u{1F}",
        "ends with a backslash \\",
    ]

    @Test(arguments: awkward)
    func tabSeparatedEscapingMatchesTheScalarByScalarRule(text: String) {
        #expect(GeoCache.escapedForLine(text) == OutputReference.line(text))
    }

    @Test(arguments: awkward)
    func listJSONIsWhatFoundationsPrettyPrintingEncoderWrites(text: String) throws {
        let cache = GeoCache(title: text, details: "d" + text, creator: text + "c", reward: text)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let encoded = String(decoding: try encoder.encode(cache.dictionary), as: UTF8.self)
        let expected = "[\n  " + encoded.replacingOccurrences(of: "\n", with: "\n  ") + "\n]\n"
        #expect(JSONInterchange.document(for: [cache], layout: .listing) == expected)
    }

    @Test(arguments: awkward)
    func exportJSONReadsBackAsTheSameText(text: String) throws {
        let cache = GeoCache(title: text, details: text, creator: text, reward: text)
        let document = JSONInterchange.document(for: [cache])
        let parsed = try JSONSerialization.jsonObject(with: Data(document.utf8)) as? [[String: String]]
        #expect(parsed == [cache.dictionary])
    }

    @Test func gpxEscapingReplacesOnlyMarkupControlsAndNonCharacters() {
        let text = "<a>&\"b\"\r\n\t\u{1}\u{FFFE}\u{FFFF}\u{FFFD}é😀\u{85}"
        #expect(GPXWriter.escaped(text) == "&lt;a&gt;&amp;&quot;b&quot;&#13;\n\t\u{2401}\u{FFFD}\u{FFFD}\u{FFFD}é😀\u{85}")
    }

    @Test func textWithNothingToEscapeComesBackUnchanged() {
        let text = "Old Oak – behind the tree, 東京 🧭"
        #expect(GeoCache.escapedForLine(text) == text)
        #expect(GPXWriter.escaped(text) == text)
    }
}
