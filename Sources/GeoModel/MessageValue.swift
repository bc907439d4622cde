/// A value read from a file or a store, as a message repeats it: an import's refusal,
/// a field-notes line's problem, a damaged copy's value.
public enum MessageValue {
    /// The most characters of a value that a message repeats.
    static let length = 40

    /// `value`'s first ``length`` characters (and `…` when there are more), every control
    /// character escaped as `list` escapes it (`\n`, `\u{1B}`), so that a message stays
    /// one line of plain text on the terminal whatever the file holds.
    static func shown(_ value: some StringProtocol) -> String {
        let head = value.prefix(length + 1)
        let cut = head.count > length
        return visible(GeoCache.lineEscaped(String(cut ? head.prefix(length) : head))) + (cut ? "…" : "")
    }

    /// A name a message repeats (a file's path, an archive's entry), whole: every
    /// control character escaped as ``shown(_:)`` escapes it, but never cut, so that the
    /// file can be found by it.
    public static func name(_ name: some StringProtocol) -> String {
        visible(GeoCache.lineEscaped(String(name)))
    }

    /// `text` with each format character, which shows as nothing (a byte-order mark,
    /// a zero-width space, a soft hyphen, a direction mark), written as `\u{FEFF}`: a
    /// message quoting `"\u{FEFF}GC12345"` shows why that is no code. The joiners stay:
    /// they shape emoji and scripts, and show as what they join.
    private static func visible(_ text: String) -> String {
        escaped(text, where: isInvisible)
    }

    /// Whether `scalar` is a format character other than the zero-width joiner and non-joiner.
    private static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .format && scalar.value != 0x200C && scalar.value != 0x200D
    }

    /// `text` kept on one line: each character that would break it (a line feed, a
    /// carriage return, VT, FF, NEL, U+2028, U+2029) written as `list` writes it (`\n`,
    /// `\r`, `\u{2028}`), the rest as it is. A message naming a path with a line break
    /// in it (`--store $'a\nb'`) stays one line.
    static func oneLine(_ text: String) -> String {
        escaped(text, where: breaksLine) { scalar in
            switch scalar {
            case "\n": "\\n"
            case "\r": "\\r"
            default: nil
            }
        }
    }

    /// `text` with each scalar `escapes` picks written as `spelled` spells it, else as
    /// `\u{1B}` (its number in hexadecimal): the one way every message makes what it
    /// quotes safe to show (a command's standard error too).
    public static func escaped(_ text: String, where escapes: (Unicode.Scalar) -> Bool,
                               spelled: (Unicode.Scalar) -> String? = { _ in nil }) -> String {
        guard text.unicodeScalars.contains(where: escapes) else { return text }
        var shown = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if escapes(scalar) {
                let spelling = spelled(scalar) ?? "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                shown.append(contentsOf: spelling.unicodeScalars)
            } else {
                shown.append(scalar)
            }
        }
        return String(shown)
    }

    /// Whether `scalar` starts a new line on a terminal or in a text editor.
    private static func breaksLine(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }
}
