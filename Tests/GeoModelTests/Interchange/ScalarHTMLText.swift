@testable import GeoModel

/// The tests' reference for `HTMLText`: its implementation before it walked UTF-8
/// bytes (commit 9959f6f), one Unicode scalar at a time, kept unchanged so that
/// `HTMLTextBytesTests` can show the faster one gives the same text for any input.
///
/// Turns the HTML of a cache description into plain text for the `details` field.
///
/// Tags are dropped; `<br>` ends a line and block elements (`<p>`, `<div>`, headings,
/// list items, table rows) start a new one; list items get a "- " bullet; `<script>`
/// and `<style>` content and comments vanish. Character references (`&amp;`,
/// `&eacute;`, `&#233;`, `&#xE9;`) are decoded; runs of whitespace become one space;
/// at most one blank line separates blocks; the result is trimmed.
enum ScalarHTMLText {
    /// The plain-text reading of the HTML fragment `html`.
    static func plainText(fromHTML html: String) -> String {
        var builder = Builder()
        let scalars = Array(html.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "<", let tag = Tag(scalars, at: index) {
                index = tag.end
                if tag.isComment { continue }
                if !tag.isClosing, tag.name == "script" || tag.name == "style" {
                    index = skipRawText(scalars, from: index, closing: tag.name)
                    continue
                }
                builder.apply(tag)
            } else if scalar == "&", let (decoded, end) = decodeReference(scalars, at: index) {
                builder.appendText(decoded)
                index = end
            } else {
                builder.append(scalar)
                index += 1
            }
        }
        return builder.result
    }

    private struct Tag {
        var name = ""
        var isClosing = false
        var isComment = false
        var end = 0

        /// Parses the tag starting at `start` ("<"); nil when it is not a tag, so the
        /// "<" is text (as in "a < b").
        init?(_ scalars: [Unicode.Scalar], at start: Int) {
            var index = start + 1
            if scalars[index...].starts(with: "!--".unicodeScalars) {
                isComment = true
                var cursor = index + 3
                while cursor < scalars.count, !scalars[cursor...].starts(with: "-->".unicodeScalars) { cursor += 1 }
                end = min(cursor + 3, scalars.count)
                return
            }
            if index < scalars.count, scalars[index] == "/" { isClosing = true; index += 1 }
            guard index < scalars.count,
                  ScalarHTMLText.isLetter(scalars[index]) || scalars[index] == "!" || scalars[index] == "?"
            else { return nil }
            var name = String.UnicodeScalarView()
            while index < scalars.count, ScalarHTMLText.isLetter(scalars[index]) || ("0"..."9").contains(scalars[index]) {
                name.append(scalars[index])
                index += 1
            }
            var quote: Unicode.Scalar?
            while index < scalars.count {
                let scalar = scalars[index]
                if let open = quote {
                    if scalar == open { quote = nil }
                } else if scalar == "\"" || scalar == "'" {
                    quote = scalar
                } else if scalar == ">" {
                    break
                }
                index += 1
            }
            guard index < scalars.count else { return nil }
            self.name = String(name).lowercased()
            end = index + 1
        }
    }

    private static let lineBreakTags: Set<String> = ["br"]
    private static let blockTags: Set<String> = [
        "p", "div", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "dl", "table", "tr",
        "blockquote", "pre", "hr", "section", "article", "header", "footer", "center", "address",
    ]
    private static let itemTags: Set<String> = ["li", "dt", "dd"]

    /// A letter, answered without Unicode's property tables for ASCII.
    private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x80 {
            let value = scalar.value | 0x20
            return value >= 0x61 && value <= 0x7A
        }
        return scalar.properties.isAlphabetic
    }

    /// Builds the text as UTF-8 bytes (appending to a `String` one scalar at a time is
    /// several times slower).
    private struct Builder {
        private var text: [UInt8] = []
        private var pendingSpace = false
        private var pendingBreaks = 0

        mutating func apply(_ tag: Tag) {
            if ScalarHTMLText.lineBreakTags.contains(tag.name) {
                pendingBreaks = min(pendingBreaks + 1, 2)
            } else if ScalarHTMLText.blockTags.contains(tag.name) {
                pendingBreaks = max(pendingBreaks, tag.name == "p" ? 2 : 1)
            } else if ScalarHTMLText.itemTags.contains(tag.name) {
                pendingBreaks = max(pendingBreaks, 1)
                if !tag.isClosing, tag.name == "li" { appendText("- ") }
            }
        }

        /// Appends a scalar from the source: whitespace collapses.
        mutating func append(_ scalar: Unicode.Scalar) {
            if scalar == " " || scalar == "\n" || scalar == "\t" || scalar == "\r" || scalar == "\u{0C}" {
                pendingSpace = true
            } else {
                flush()
                if scalar.value < 0x80 {
                    text.append(UInt8(scalar.value))
                } else {
                    UTF8.encode(scalar) { text.append($0) }
                }
            }
        }

        /// Appends decoded text literally (a decoded `&nbsp;` stays a space).
        mutating func appendText(_ decoded: String) {
            flush()
            text.append(contentsOf: decoded.utf8)
        }

        private mutating func flush() {
            if pendingBreaks > 0 {
                while let last = text.last, last == space { text.removeLast() }
                if !text.isEmpty {
                    let existing = text.reversed().prefix { $0 == newline }.count
                    for _ in existing..<max(existing, pendingBreaks) { text.append(newline) }
                }
            } else if pendingSpace, let last = text.last, last != space, last != newline {
                text.append(space)
            }
            pendingBreaks = 0
            pendingSpace = false
        }

        private var space: UInt8 { 0x20 }
        private var newline: UInt8 { 0x0A }

        var result: String {
            String(decoding: text, as: UTF8.self).trimmingWhitespace()
        }
    }

    private static func skipRawText(_ scalars: [Unicode.Scalar], from start: Int, closing name: String) -> Int {
        let closing = Array("</\(name)".unicodeScalars)
        var index = start
        while index < scalars.count {
            if scalars[index] == "<", scalars.count - index >= closing.count,
               String(String.UnicodeScalarView(scalars[index..<index + closing.count])).lowercased() == "</\(name)" {
                while index < scalars.count, scalars[index] != ">" { index += 1 }
                return min(index + 1, scalars.count)
            }
            index += 1
        }
        return scalars.count
    }

    /// Decodes `&name;`, `&#123;` or `&#x7B;` at `start`; nil when it is not a reference.
    private static func decodeReference(_ scalars: [Unicode.Scalar], at start: Int) -> (String, Int)? {
        var index = start + 1
        var body = String.UnicodeScalarView()
        while index < scalars.count, index - start <= 32, scalars[index] != ";" {
            let scalar = scalars[index]
            guard isLetter(scalar) || ("0"..."9").contains(scalar) || scalar == "#" else { break }
            body.append(scalar)
            index += 1
        }
        guard !body.isEmpty else { return nil }
        guard index < scalars.count, scalars[index] == ";" else { return withoutSemicolon(Array(body), from: start + 1) }
        let name = String(body)
        if name.hasPrefix("#") {
            let digits = name.dropFirst()
            let value = digits.first == "x" || digits.first == "X"
                ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
            guard let value else { return nil }
            let scalar = Unicode.Scalar(value).flatMap { $0.value == 0 ? nil : $0 } ?? "\u{FFFD}"
            return (String(Character(scalar)), index + 1)
        }
        guard let decoded = namedReferences[name] else { return nil }
        return (decoded, index + 1)
    }

    /// A reference without its semicolon, as browsers read one: a number to its last
    /// digit, else the longest legacy name (Latin-1's, `nbsp`, `amp`, `lt`, `gt`, `quot`).
    private static func withoutSemicolon(_ body: [Unicode.Scalar], from first: Int) -> (String, Int)? {
        if body.first == "#" {
            let hex = body.count > 1 && (body[1] == "x" || body[1] == "X")
            let digits = body.dropFirst(hex ? 2 : 1).prefix { hex ? $0.properties.isASCIIHexDigit : ("0"..."9").contains($0) }
            guard !digits.isEmpty, digits.count <= 8,
                  let value = UInt32(String(String.UnicodeScalarView(digits)), radix: hex ? 16 : 10) else { return nil }
            let scalar = Unicode.Scalar(value).flatMap { $0.value == 0 ? nil : $0 } ?? "\u{FFFD}"
            return (String(Character(scalar)), first + (hex ? 2 : 1) + digits.count)
        }
        for length in stride(from: min(body.count, 6), through: 2, by: -1) {
            let name = String(String.UnicodeScalarView(body[..<length]))
            guard let decoded = namedReferences[name] else { continue }
            let legacy = ["amp", "lt", "gt", "quot", "nbsp"].contains(name)
                || (0xA0...0xFF).contains(decoded.unicodeScalars.first!.value)
            if legacy { return (decoded, first + length) }
        }
        return nil
    }

    /// The named references of HTML 4 (Latin-1, symbols in common use, typography).
    private static let namedReferences: [String: String] = {
        var table: [String: String] = [
            "quot": "\"", "amp": "&", "lt": "<", "gt": ">", "apos": "'",
            "OElig": "Œ", "oelig": "œ", "Scaron": "Š", "scaron": "š", "Yuml": "Ÿ", "fnof": "ƒ",
            "circ": "ˆ", "tilde": "˜", "ensp": " ", "emsp": " ", "thinsp": " ",
            "zwnj": "\u{200C}", "zwj": "\u{200D}", "lrm": "\u{200E}", "rlm": "\u{200F}",
            "ndash": "–", "mdash": "—", "lsquo": "‘", "rsquo": "’", "sbquo": "‚",
            "ldquo": "“", "rdquo": "”", "bdquo": "„", "dagger": "†", "Dagger": "‡",
            "bull": "•", "hellip": "…", "permil": "‰", "prime": "′", "Prime": "″",
            "lsaquo": "‹", "rsaquo": "›", "euro": "€", "trade": "™", "larr": "←",
            "uarr": "↑", "rarr": "→", "darr": "↓", "harr": "↔", "minus": "−",
            "spades": "♠", "clubs": "♣", "hearts": "♥", "diams": "♦",
        ]
        let latin1 = """
            nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr \
            deg plusmn sup2 sup3 acute micro para middot cedil sup1 ordm raquo frac14 frac12 \
            frac34 iquest Agrave Aacute Acirc Atilde Auml Aring AElig Ccedil Egrave Eacute \
            Ecirc Euml Igrave Iacute Icirc Iuml ETH Ntilde Ograve Oacute Ocirc Otilde Ouml \
            times Oslash Ugrave Uacute Ucirc Uuml Yacute THORN szlig agrave aacute acirc \
            atilde auml aring aelig ccedil egrave eacute ecirc euml igrave iacute icirc iuml \
            eth ntilde ograve oacute ocirc otilde ouml divide oslash ugrave uacute ucirc uuml \
            yacute thorn yuml
            """.split(separator: " ")
        for (offset, name) in latin1.enumerated() {
            table[String(name)] = String(Character(Unicode.Scalar(UInt32(0xA0 + offset))!))
        }
        table["nbsp"] = " "
        return table
    }()
}
