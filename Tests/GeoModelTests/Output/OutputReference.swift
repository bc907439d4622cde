import Foundation
@testable import GeoModel
import GeoTestSupport

/// The four output formats written the straightforward way, scalar by scalar and
/// String by String, as they were before they wrote bytes: what every fast path is
/// compared with, byte for byte.
enum OutputReference {
    /// Strings that exercise every escaper's slow and fast paths: C0 controls (NUL,
    /// tab, line feed, carriage return, escape), DEL, C1 controls (lead byte 0xC2) next
    /// to other 0xC2 characters that are not controls, quotes, markup, backslashes,
    /// combining marks (also leading), emoji sequences, the XML non-characters and
    /// valid UTF-8 that looks odd (BOM, line separators, U+FFFD, private use, the
    /// last scalar), bidirectional controls beside other characters of their lead bytes
    /// (0xE2, 0xD8), and ASCII runs longer than any inline string.
    static let awkward: [String] = [
        "", "a", "\u{0}", "\u{0}\u{0}\u{0}", "\\", "\t", "\"", "<", "&", "\r\n",
        "tab\there and\tthere", "line one\nline two\r\nline three\r",
        "back\\slash \\\\ double and \\n not a newline", "ends with a backslash \\",
        "quote\" and 'single' and `back`", "<a href=\"x\">&amp;</a> & <b>",
        "NUL \u{0} inside and trailing NUL\u{0}", "bell \u{7}, escape \u{1B}[31mred\u{1B}[0m, unit \u{1F}",
        "DEL \u{7F} and \u{8}backspace \u{C}form feed \u{B}vertical tab",
        "C1 \u{80}\u{85}\u{9F} then \u{A0}nbsp, \u{A9}copyright, \u{BF}inverted",
        "\u{C2}\u{C0}\u{FF} Latin-1 letters", "e\u{301}te\u{301} and a\u{30A} and \u{301}leading mark",
        "\u{301}", "東京タワーの下", "🧭📦 🇫🇷 👩‍👩‍👧 👍🏽 🏳️‍🌈", "Coin 🪙",
        "non-characters \u{FFFE}\u{FFFF} and \u{FFFD} and \u{EFFF} " + String(Unicode.Scalar(0xFDD0)!),
        "\u{2028}line separator\u{2029} bom\u{FEFF} zwj\u{200D} rlm\u{200F}",
        "bidi \u{202E}over\u{202C} \u{2067}isolate\u{2069} alm\u{61C} beside \u{2018}quotes\u{2019}\u{2013}\u{2026} and \u{0645}\u{0631}",
        "private \u{E000}\u{F8FF} last \u{10FFFF} astral \u{1D11E}",
        "Ça\u{0}va\u{1}😀\u{1F}", "   ",
        String(repeating: "plain ASCII text that needs nothing ", count: 40),
        String(repeating: "x", count: 70) + "\n" + String(repeating: "é", count: 40) + "\u{1B}",
    ]

    /// Deterministic random strings mixing every kind of scalar above, 1 to 80 long.
    static func generated(count: Int, seed: UInt64) -> [String] {
        let pool: [Unicode.Scalar] = Array("aZ09 ~\\\"'<>&é東🧭\u{301}\u{A0}\u{FEFF}\u{FFFD}".unicodeScalars)
            + (0...0x20).map { Unicode.Scalar($0)! }
            + [0x7F, 0x80, 0x85, 0x9F, 0xFFFE, 0xFFFF, 0x10FFFF].map { Unicode.Scalar($0)! }
        var generator = SeededGenerator(state: seed)
        func next() -> Int { Int(truncatingIfNeeded: generator.next() >> 33) }
        return (0..<count).map { _ in
            var text = ""
            for _ in 0..<(1 + next() % 80) { text.unicodeScalars.append(pool[next() % pool.count]) }
            return text
        }
    }

    // MARK: Escaping, one scalar at a time

    static func line(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\\\"
            case "\t": escaped += "\\t"
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            case _ where scalar.properties.generalCategory == .control || scalar.properties.isBidiControl:
                escaped += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    static func json(_ text: String, upperCaseHex: Bool) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            case "\t": escaped += "\\t"
            case "\u{8}": escaped += "\\b"
            case "\u{C}": escaped += "\\f"
            case _ where scalar.value < 0x20 || scalar.properties.isBidiControl:
                let hex = String(scalar.value, radix: 16, uppercase: upperCaseHex)
                escaped += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    static func xml(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "\r": escaped += "&#13;"
            case "\t", "\n": escaped.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20: escaped.unicodeScalars.append(Unicode.Scalar(0x2400 + scalar.value)!)
            case "\u{FFFE}", "\u{FFFF}": escaped += "\u{FFFD}"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    // MARK: Whole records

    static func tabSeparatedLine(_ cache: GeoCache) -> String {
        [cache.title, cache.details, cache.creator, cache.reward].map(line).joined(separator: "\t")
    }

    /// One element of `export`'s array (form order, `": "`, upper-case hex) or of
    /// `list --json`'s (alphabetical order, `" : "`, lower-case hex).
    static func jsonElement(_ cache: GeoCache, isFirst: Bool, listing: Bool) -> String {
        let code = cache.code.map { [("code", $0)] } ?? []
        let pairs = listing
            ? code + [("creator", cache.creator), ("details", cache.details), ("reward", cache.reward), ("title", cache.title)]
            : [("title", cache.title), ("details", cache.details), ("creator", cache.creator), ("reward", cache.reward)] + code
        let separator = listing ? " : " : ": "
        let body = pairs.map { "    \"\($0.0)\"\(separator)\"\(json($0.1, upperCaseHex: !listing))\"" }
        return (isFirst ? "[\n  {\n" : ",\n  {\n") + body.joined(separator: ",\n") + "\n  }"
    }

    static func jsonDocument(_ caches: [GeoCache], listing: Bool) -> String {
        guard !caches.isEmpty else { return "[]\n" }
        return caches.enumerated().map { jsonElement($1, isFirst: $0 == 0, listing: listing) }.joined() + "\n]\n"
    }

    /// The waypoint template for a cache with the four fields and a coordinate, String by
    /// String (no code of its own, no listing: the derived code, no listing elements, an
    /// empty age).
    static func gpxWaypoint(_ cache: GeoCache) -> String {
        guard let coordinate = cache.coordinate else { return "" }
        let code = interchangeCode(cache)
        let digest = interchangeDigest(cache)
        let title = xml(cache.title)
        let creator = xml(cache.creator)
        return """
              <wpt lat="\(coordinate.latitudeText)" lon="\(coordinate.longitudeText)">
                <name>\(code)</name>
                <desc>\(title) by \(creator)</desc>
                <src>geocache-tui \(digest)</src>
                <urlname>\(title)</urlname>
                <sym>Geocache</sym>
                <type>Geocache</type>
                <gsak:wptExtension>
                  <gsak:LastGpxDate></gsak:LastGpxDate>
                </gsak:wptExtension>
                <groundspeak:cache id="\(digest % 1_000_000_000)" available="True" archived="False">
                  <groundspeak:name>\(title)</groundspeak:name>
                  <groundspeak:placed_by>\(creator)</groundspeak:placed_by>
                  <groundspeak:owner id="0">\(creator)</groundspeak:owner>
                  <groundspeak:country></groundspeak:country>
                  <groundspeak:state></groundspeak:state>
                  <groundspeak:short_description html="False">\(xml(cache.details))</groundspeak:short_description>
                  <groundspeak:travelbugs>
                    <groundspeak:travelbug id="\(digest % 1_000_000_000)" ref="TB\(code.dropFirst(2))">
                      <groundspeak:name>\(xml(cache.reward))</groundspeak:name>
                    </groundspeak:travelbug>
                  </groundspeak:travelbugs>
                </groundspeak:cache>
              </wpt>

            """
    }

    static func gpxDocument(_ caches: [GeoCache]) -> String {
        GPXWriter.header + caches.map(gpxWaypoint).joined() + GPXWriter.footer
    }

    /// The digest as it was first computed, byte by byte over each field's UTF8View.
    static func interchangeDigest(_ cache: GeoCache) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        func mix(_ byte: UInt8) {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        for text in [cache.title, cache.details, cache.creator, cache.reward] {
            var length = UInt64(text.utf8.count)
            for _ in 0..<8 { mix(UInt8(truncatingIfNeeded: length)); length >>= 8 }
            var before: (UInt8, UInt8) = (0, 0)
            for byte in text.utf8 {
                let isNonCharacter = before == (0xEF, 0xBF) && byte >= 0xBE
                mix(isNonCharacter ? 0xBD : byte)
                before = (before.1, byte)
            }
        }
        var z = hash &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The interchange code as it was first computed, from a Character array.
    static func interchangeCode(_ cache: GeoCache) -> String {
        let alphabet = Array("0123456789ABCDEFGHJKMNPQRTVWXYZ")
        var value = interchangeDigest(cache)
        var code = ""
        for _ in 0..<8 {
            code.append(alphabet[Int(value % UInt64(alphabet.count))])
            value /= UInt64(alphabet.count)
        }
        return "GT" + String(code.reversed())
    }
}
