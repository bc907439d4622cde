/// How a grapheme cluster is drawn whose first scalar shows nothing by itself: a format
/// character (a zero-width space, a word joiner, a byte-order mark, a soft hyphen, a
/// joiner or a variation selector with nothing before it to join), a control that
/// reorders text, or a combining mark with no letter before it.
///
/// Each is drawn as a symbol one column wide, so the cursor visibly steps over it and
/// Backspace visibly removes it, and none as U+FFFD, which stands for bytes that are
/// not UTF-8. The text itself is never changed: only `Character.displayed` uses these.
/// Inside a cluster (a joiner between emoji, a variation selector after a heart, a
/// non-joiner after a letter) the same scalars stay with their cluster.
enum InvisibleCharacter {
    /// What a format character standing alone is drawn as: U+2B1A DOTTED SQUARE, as
    /// Unicode's code charts draw such characters in a dashed box.
    static let formatSymbol: Unicode.Scalar = "\u{2B1A}"
    /// What a bidirectional control (U+061C, U+200E, U+200F, U+202A to U+202E, U+2066
    /// to U+2069) is drawn as: U+21C4, arrows both ways. Sent as itself, it would
    /// reorder what the terminal shows after it ("Trojan Source").
    static let bidiControlSymbol: Character = "\u{21C4}"
    /// The base a combining mark with no letter before it is drawn on: U+25CC DOTTED
    /// CIRCLE, as Unicode recommends for showing a mark alone.
    static let dottedCircle: Unicode.Scalar = "\u{25CC}"

    /// What `character`, whose first scalar is `first`, is drawn as when `first` shows
    /// nothing by itself (the C library gives it no column, or it is the soft hyphen,
    /// which shows only where a line breaks); nil when it shows as itself.
    static func visibleForm(of character: Character, first: Unicode.Scalar) -> Character? {
        if first.value != 0xAD, DisplayWidth.of(first) != 0 { return nil }
        let properties = first.properties
        if properties.isBidiControl { return bidiControlSymbol }
        let isFormat = properties.isDefaultIgnorableCodePoint || properties.generalCategory == .format
        let base = isFormat ? formatSymbol : dottedCircle
        let scalars = character.unicodeScalars
        if isFormat && scalars.count == 1 { return Character(base) }
        // A format character's marks go on its symbol; a mark goes on the dotted circle.
        var shown = String.UnicodeScalarView()
        shown.append(base)
        shown.append(contentsOf: isFormat ? scalars.dropFirst() : scalars[...])
        let text = String(shown)
        return text.count == 1 ? Character(text) : Character(base)
    }
}

extension String {
    /// Appends `piece`, keeping its first character apart from what this string ends
    /// with: one that would join it (a combining mark, a joiner or a variation selector
    /// at the start of a field's value, after a label's spaces) goes in as it is drawn
    /// alone (``Character/displayed``: on a dotted circle, or a symbol), since it is
    /// no part of the character before it.
    public mutating func appendKeepingApart(_ piece: String) {
        // Every scalar that joins the character before it is at U+0300 or above.
        guard let scalar = piece.unicodeScalars.first, scalar.value >= 0x300, let first = piece.first,
              (" " + String(first)).count == 1 else {
            append(piece)
            return
        }
        let shown = first.displayed
        if shown != first {
            append(shown)
        } else {
            unicodeScalars.append(InvisibleCharacter.dottedCircle)
            append(first)
        }
        append(contentsOf: piece.dropFirst())
    }
}
