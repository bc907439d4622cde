/// Turns the HTML of a cache description into plain text for the `details` field.
///
/// Tags are dropped; `<br>` ends a line and block elements (`<p>`, `<div>`, headings,
/// list items, table rows) start a new one; list items get a "- " bullet; the cells of a
/// table's row are set apart by " | "; `<script>` and `<style>` content and comments vanish. Character references (`&amp;`,
/// `&eacute;`, `&#233;`, `&#xE9;`; numbers and Latin-1's names without a semicolon too) are
/// decoded; runs of whitespace become one space;
/// at most one blank line separates blocks; the result is trimmed.
public enum HTMLText {
    /// The plain-text reading of the HTML fragment `html`.
    ///
    /// It walks the UTF-8 bytes: everything HTML gives a meaning to is ASCII, so text
    /// between the markup is copied a byte at a time, and a scalar is decoded only where
    /// a tag or reference could start with a non-ASCII letter. (It walked an array of
    /// Unicode scalars, which cost far more per byte of a long description.)
    public static func plainText(fromHTML html: String) -> String {
        var html = html
        return html.withUTF8(plainText(fromUTF8:))
    }

    /// The plain-text reading of the HTML fragment whose UTF-8 bytes are `html`.
    static func plainText(fromHTML html: [UInt8]) -> String {
        html.withUnsafeBufferPointer(plainText(fromUTF8:))
    }

    private static func plainText(fromUTF8 bytes: UnsafeBufferPointer<UInt8>) -> String {
        var builder = Builder()
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "<"), let tag = Tag(bytes, at: index) {
                index = tag.end
                if tag.isComment { continue }
                if !tag.isClosing, tag.name == "script" || tag.name == "style" {
                    index = skipRawText(bytes, from: index, closing: tag.name)
                    continue
                }
                builder.apply(tag)
            } else if byte == UInt8(ascii: "&"), let (decoded, end) = decodeReference(bytes, at: index) {
                builder.appendText(decoded)
                index = end
            } else if isPlain(byte) {
                // A run of text: what the byte-by-byte walk would copy as it is (single
                // spaces between words included) goes in at once.
                var end = index + 1
                while end < bytes.count {
                    if isPlain(bytes[end]) {
                        end += 1
                    } else if bytes[end] == 0x20, end + 1 < bytes.count, isPlain(bytes[end + 1]) {
                        end += 2
                    } else {
                        break
                    }
                }
                builder.appendRun(UnsafeBufferPointer(rebasing: bytes[index..<end]))
                index = end
            } else {
                builder.append(byte)
                index += 1
            }
        }
        return builder.result
    }

    /// Neither whitespace nor the start of markup (`<`, `&`): copied as it is.
    private static func isPlain(_ byte: UInt8) -> Bool {
        byte != UInt8(ascii: "<") && byte != UInt8(ascii: "&") && !isWhitespace(byte)
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D || byte == 0x0C
    }

    private struct Tag {
        var name = ""
        var isClosing = false
        var isComment = false
        var end = 0

        /// Parses the tag starting at `start` ("<"); nil when it is not a tag, so the
        /// "<" is text (as in "a < b").
        init?(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) {
            var index = start + 1
            if HTMLText.bytes(bytes, at: index, are: "!--") {
                isComment = true
                var cursor = index + 3
                while cursor < bytes.count, !HTMLText.bytes(bytes, at: cursor, are: "-->") { cursor += 1 }
                end = min(cursor + 3, bytes.count)
                return
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "/") { isClosing = true; index += 1 }
            guard index < bytes.count,
                  HTMLText.letterLength(bytes, at: index) > 0 || bytes[index] == UInt8(ascii: "!") || bytes[index] == UInt8(ascii: "?")
            else { return nil }
            let nameStart = index
            while index < bytes.count {
                let length = HTMLText.letterLength(bytes, at: index)
                if length > 0 {
                    index += length
                } else if bytes[index].isASCIIDigit {
                    index += 1
                } else {
                    break
                }
            }
            let nameEnd = index
            var quote: UInt8?
            while index < bytes.count {
                let byte = bytes[index]
                if let open = quote {
                    if byte == open { quote = nil }
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    quote = byte
                } else if byte == UInt8(ascii: ">") {
                    break
                }
                index += 1
            }
            guard index < bytes.count else { return nil }
            self.name = String(decoding: UnsafeBufferPointer(rebasing: bytes[nameStart..<nameEnd]), as: UTF8.self).lowercased()
            end = index + 1
        }
    }

    /// Whether the bytes at `index` spell `text` (ASCII).
    private static func bytes(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, are text: StaticString) -> Bool {
        guard bytes.count - index >= text.utf8CodeUnitCount else { return false }
        for offset in 0..<text.utf8CodeUnitCount where bytes[index + offset] != text.utf8Start[offset] {
            return false
        }
        return true
    }

    /// The length in bytes of the letter at `index`, or 0 when there is none: ASCII
    /// letters by their byte, others by Unicode's property tables.
    private static func letterLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        let byte = bytes[index]
        if byte < 0x80 {
            let folded = byte | 0x20
            return folded >= 0x61 && folded <= 0x7A ? 1 : 0
        }
        var iterator = UnsafeBufferPointer(rebasing: bytes[index...]).makeIterator()
        var decoder = UTF8()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator), scalar.properties.isAlphabetic else { return 0 }
        return UTF8.width(scalar)
    }

    private static let lineBreakTags: Set<String> = ["br"]
    private static let blockTags: Set<String> = [
        "p", "div", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "dl", "table", "tr",
        "blockquote", "pre", "hr", "section", "article", "header", "footer", "center", "address",
    ]
    private static let itemTags: Set<String> = ["li", "dt", "dd"]
    private static let cellTags: Set<String> = ["td", "th"]

    /// Builds the text as UTF-8 bytes (appending to a `String` one scalar at a time is
    /// slower).
    private struct Builder {
        private var text: [UInt8] = []
        private var pendingSpace = false
        private var pendingBreaks = 0
        /// A cell began after another of its row: " | " goes before the next text.
        private var pendingCell = false

        mutating func apply(_ tag: Tag) {
            if HTMLText.lineBreakTags.contains(tag.name) {
                pendingBreaks = min(pendingBreaks + 1, 2)
            } else if HTMLText.blockTags.contains(tag.name) {
                pendingBreaks = max(pendingBreaks, tag.name == "p" ? 2 : 1)
            } else if HTMLText.itemTags.contains(tag.name) {
                pendingBreaks = max(pendingBreaks, 1)
                if !tag.isClosing, tag.name == "li" { appendText("- ") }
            } else if HTMLText.cellTags.contains(tag.name), !tag.isClosing, pendingBreaks == 0,
                      let last = text.last, last != newline {
                pendingCell = true
            }
        }

        /// Appends a byte of the source's text: whitespace collapses.
        mutating func append(_ byte: UInt8) {
            if HTMLText.isWhitespace(byte) {
                pendingSpace = true
            } else {
                if pendingSpace || pendingBreaks > 0 || pendingCell { flush() }
                text.append(byte)
            }
        }

        /// Appends a run of text that starts with a byte that is not whitespace and
        /// holds no whitespace but single spaces between other bytes: as ``append(_:)``
        /// a byte at a time would.
        mutating func appendRun(_ run: UnsafeBufferPointer<UInt8>) {
            if pendingSpace || pendingBreaks > 0 || pendingCell { flush() }
            text.append(contentsOf: run)
        }

        /// Appends decoded text literally (a decoded `&nbsp;` stays a space, but for one
        /// that would begin a line).
        mutating func appendText(_ decoded: String) {
            if decoded == " ", pendingBreaks > 0 || text.last == nil || text.last == newline { return }
            flush()
            text.append(contentsOf: decoded.utf8)
        }

        private mutating func flush() {
            if pendingCell, pendingBreaks == 0 {
                while let last = text.last, last == space { text.removeLast() }
                text.append(contentsOf: " | ".utf8)
                pendingSpace = false
            }
            pendingCell = false
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

    private static func skipRawText(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, closing name: String) -> Int {
        let closing = Array("</\(name)".utf8)
        var index = start
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "<"), bytes.count - index >= closing.count,
               closing.indices.allSatisfy({ bytes[index + $0].asciiLowercased == closing[$0] }) {
                while index < bytes.count, bytes[index] != UInt8(ascii: ">") { index += 1 }
                return min(index + 1, bytes.count)
            }
            index += 1
        }
        return bytes.count
    }

    /// Decodes `&name;`, `&#123;` or `&#x7B;` at `start`; nil when it is not a reference.
    /// As browsers do, a numeric reference and the legacy names (``legacyNames``: the
    /// Latin-1 ones, `amp`, `lt`, `gt`, `quot`) are taken without their semicolon too
    /// (`&nbsp`, `&eacute`, `&#233`, `&amp` in listings written by hand).
    private static func decodeReference(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> (String, Int)? {
        var index = start + 1
        var scalars = 0
        while index < bytes.count, scalars < 32, bytes[index] != UInt8(ascii: ";") {
            let length = max(letterLength(bytes, at: index),
                             bytes[index].isASCIIDigit || bytes[index] == UInt8(ascii: "#") ? 1 : 0)
            guard length > 0 else { break }
            index += length
            scalars += 1
        }
        guard index > start + 1 else { return nil }
        guard index < bytes.count, bytes[index] == UInt8(ascii: ";") else {
            return decodeWithoutSemicolon(bytes, from: start + 1, to: index)
        }
        let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[(start + 1)..<index]), as: UTF8.self)
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

    /// A reference written without its semicolon, whose name or number is `bytes` from
    /// `first` to `end`: a number, to its last digit; else the longest legacy name it
    /// starts with (`&copy2024` is © then 2024). Nil when it is neither.
    private static func decodeWithoutSemicolon(_ bytes: UnsafeBufferPointer<UInt8>, from first: Int,
                                               to end: Int) -> (String, Int)? {
        let written = Array(bytes[first..<end])
        if written.first == UInt8(ascii: "#") {
            let hex = written.count > 1 && (written[1] | 0x20) == UInt8(ascii: "x")
            let digits = written.dropFirst(hex ? 2 : 1).prefix { hex ? $0.isASCIIHexDigit : $0.isASCIIDigit }
            guard !digits.isEmpty, digits.count <= 8,
                  let value = UInt32(String(decoding: digits, as: UTF8.self), radix: hex ? 16 : 10) else { return nil }
            let scalar = Unicode.Scalar(value).flatMap { $0.value == 0 ? nil : $0 } ?? "\u{FFFD}"
            return (String(Character(scalar)), first + (hex ? 2 : 1) + digits.count)
        }
        for length in stride(from: min(written.count, 6), through: 2, by: -1) {
            let name = String(decoding: written[..<length], as: UTF8.self)
            if legacyNames.contains(name), let decoded = namedReferences[name] { return (decoded, first + length) }
        }
        return nil
    }

    /// The names HTML reads without a semicolon: those of Latin-1 (`nbsp` too, which this
    /// table makes a plain space) and `amp`, `lt`, `gt`, `quot`.
    private static let legacyNames: Set<String> = Set(namedReferences.filter { name, decoded in
        ["amp", "lt", "gt", "quot", "nbsp"].contains(name) || decoded.unicodeScalars.first.map { (0xA0...0xFF).contains($0.value) } == true
    }.keys)

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
