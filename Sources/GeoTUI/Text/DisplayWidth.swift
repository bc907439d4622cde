import CSystem
import Glibc

/// Display widths of text in terminal columns, as the C library's `wcwidth` (and so
/// ncurses) measures them.
///
/// A grapheme cluster takes the width of its first scalar; combining marks and other
/// zero-width scalars add nothing, an emoji variation selector (U+FE0F) makes the
/// cluster two columns wide, and a pair of regional indicators (a flag) takes two. A
/// cluster of several scalars that each take a column (a Devanagari or Tamil syllable
/// with its vowel sign, Thai with SARA AM) is drawn in ``pieces(of:)``, as terminals
/// count it, and is as wide as they are together.
/// Control characters, and characters that show nothing by themselves, are never drawn
/// as themselves: `Character.displayed` turns them into visible symbols of width one first.
public enum DisplayWidth {
    /// The locale the widths are measured in: the process's own when it is UTF-8,
    /// `C.UTF-8` otherwise. Set once, before the first measurement.
    private static let localeReady: Bool = {
        TerminalLocale.ensureUTF8()
        return true
    }()

    /// The width of one Unicode scalar: 0, 1 or 2 (-1 for controls).
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        _ = localeReady
        if scalar.isControlCharacter { return -1 }
        return Int(wcwidth(wchar_t(bitPattern: scalar.value)))
    }

    /// The width of one grapheme cluster as it is drawn (controls count as one).
    public static func of(_ character: Character) -> Int {
        if character.singleASCIIByte != nil { return 1 }
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first.value < 0x80 {
            // ASCII fast path: "\r\n" is one Character; it is shown as one symbol.
            return 1
        }
        if let pieces = pieces(of: character) { return pieces.reduce(0) { $0 + ofPiece($1) } }
        return ofPiece(character)
    }

    /// The pieces a cluster of several scalars that each take columns is drawn in, each
    /// in cells of its own: a scalar that takes columns and the zero-width ones after it,
    /// as `wcwidth`, ncurses and terminals count them (`मि` is `म` and `ि`, two columns);
    /// nil for a cluster drawn whole (one scalar with marks, an emoji sequence, which is
    /// drawn as its first emoji).
    public static func pieces(of character: Character) -> [Character]? {
        let scalars = character.unicodeScalars
        guard let first = scalars.first, first.value >= 0x300, scalars.count > 1 else { return nil }
        var pieces: [Character] = []
        var piece = String.UnicodeScalarView()
        for scalar in scalars {
            switch scalar.value {
            // Joiners, emoji presentation and modifiers, keycaps, flags and tags: an emoji sequence.
            case 0x200D, 0xFE0F, 0x20E3, 0x1F1E6...0x1F1FF, 0x1F3FB...0x1F3FF, 0xE0020...0xE007F: return nil
            default: break
            }
            if of(scalar) > 0, !piece.isEmpty {
                let text = String(piece)
                // Each piece must be one cluster to be a Character; else the cluster is drawn whole.
                guard text.count == 1 else { return nil }
                pieces.append(Character(text))
                piece = String.UnicodeScalarView()
            }
            piece.append(scalar)
        }
        guard !pieces.isEmpty else { return nil }
        let text = String(piece)
        guard text.count == 1 else { return nil }
        pieces.append(Character(text))
        return pieces
    }

    /// The width of a cluster drawn whole, or of one of ``pieces(of:)``.
    private static func ofPiece(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        var width = of(first)
        if width < 0 { return 1 }
        if (0x1F1E6...0x1F1FF).contains(first.value), scalars.count >= 2 { return 2 }
        if scalars.contains(where: { $0.value == 0xFE0F }), first.properties.isEmoji { width = 2 }
        // A cluster whose first scalar has no column is drawn as a symbol of one (`displayed`).
        if width == 0 { width = 1 }
        return min(width, 2)
    }

    /// The width of a string: the sum of its characters' widths.
    public static func of(_ text: some StringProtocol) -> Int {
        var total = 0
        for character in text { total += of(character) }
        return total
    }
}

extension Character {
    /// This character as it may be drawn: control characters become visible symbols
    /// (ESC shows as "␛", a line feed as "␊", a tab as "␉"; the C1 controls, which have
    /// no picture of their own, as a format character does, "⬚"; the other line breaks,
    /// U+0085, U+2028 and U+2029, and CR LF, one character, as the newline symbol "␤"), so text from a store or an import is shown and
    /// never interpreted by the terminal, and none as "�", which stands for bytes that are
    /// not UTF-8; a character that shows nothing by itself becomes one too
    /// (``InvisibleCharacter``: a format character "⬚", a bidirectional control "⇄", a
    /// combining mark with no letter before it on "◌").
    public var displayed: Character {
        if printableASCIIByte != nil { return self }
        guard let first = unicodeScalars.first else { return self }
        let v = first.value
        // A printable ASCII letter with combining marks after it is shown as itself too:
        // no Unicode property look-up.
        if v >= 0x20 && v < 0x7F { return self }
        if self == "\r\n" { return "␤" }  // one character, so one symbol: a line break, as the three below
        if v < 0x20 { return Character(Unicode.Scalar(0x2400 + v)!) }
        if v == 0x7F { return "␡" }
        if v == 0x85 || v == 0x2028 || v == 0x2029 { return "␤" }
        if (0x80..<0xA0).contains(v) { return Character(InvisibleCharacter.formatSymbol) }
        // Below the combining marks (U+0300) only the soft hyphen shows as nothing; arrows,
        // box lines, shapes and symbols (U+2190 to U+2BFF, every frame's border), CJK
        // ideographs and Hangul syllables all take columns: no width to ask for.
        if (v < 0x300 && v != 0xAD) || (0x2190..<0x2C00).contains(v) || (0x3400..<0xA000).contains(v)
            || (0xAC00..<0xD7A4).contains(v) {
            return self
        }
        return InvisibleCharacter.visibleForm(of: self, first: first) ?? self
    }

    /// This character's width in columns once ``displayed``.
    public var displayWidth: Int { DisplayWidth.of(displayed) }
}

extension StringProtocol {
    /// The width in terminal columns of this text once each character is `Character.displayed`.
    public var displayWidth: Int {
        // Printable ASCII, most text: a column a byte, without breaking the text into
        // grapheme clusters.
        if utf8.allSatisfy(\.isPrintableASCII) { return utf8.count }
        var total = 0
        for character in self { total += character.displayWidth }
        return total
    }
}

extension UInt8 {
    /// True for a printable ASCII byte (not a control character nor DEL): shown as
    /// itself, one column wide.
    var isPrintableASCII: Bool { self >= 0x20 && self < 0x7F }
}

extension Character {
    /// The byte of a character that is a single ASCII byte (not "\r\n", which is two),
    /// read from its UTF-8 without decoding Unicode scalars: almost every cell of a
    /// frame is one, and decoding the first scalar cost far more than the cell's
    /// other work (docs/performance.md has the figures).
    var singleASCIIByte: UInt8? {
        let utf8 = self.utf8
        guard utf8.count == 1, let byte = utf8.first, byte < 0x80 else { return nil }
        return byte
    }

    /// ``singleASCIIByte`` when it is printable (not a control character nor DEL): a
    /// character shown as itself in one column, with no Unicode look-up at all.
    var printableASCIIByte: UInt8? {
        guard let byte = singleASCIIByte, byte.isPrintableASCII else { return nil }
        return byte
    }
}
