/// Fitting one line of text into a number of terminal columns without cutting a word.
///
/// A text that fits is kept as it is. One that does not keeps as many of its whole
/// words as fit with a `…` after them (spaces separate words; widths are display
/// widths, so a wide character or a letter with combining marks is never split); when
/// not even the first word fits, only the `…` is left. Nothing is wider than the
/// columns given.
///
/// ```swift
/// TextFitting.fitted("Store error: disk full", width: 14)   // "Store error:…"
/// ```
public enum TextFitting {
    /// The mark that ends a text cut short.
    public static let ellipsis: Character = "…"

    /// `text` fitted into `width` columns: whole, or its first whole words and `…`.
    public static func fitted(_ text: String, width: Int) -> String {
        guard width > 0 else { return "" }
        // Bounded work for a long text: only what could be shown is measured.
        var used = 0
        var lastWordEnd: String.Index?      // the end of the last word that fits with the ellipsis
        var index = text.startIndex
        var previousWasSpace = true
        while index < text.endIndex {
            let character = text[index]
            let isSpace = character == " "
            if isSpace, !previousWasSpace, used + 1 <= width { lastWordEnd = index }
            used += character.displayWidth
            if used > width { break }
            previousWasSpace = isSpace
            index = text.index(after: index)
        }
        if index == text.endIndex { return text }
        // The text is cut: the words that end before the ellipsis's column.
        guard let end = lastWordEnd else { return String(ellipsis) }
        return String(text[..<end]) + String(ellipsis)
    }

    /// `text` fitted into `width` columns by characters: whole, or as many of its first
    /// characters as fit before a `…` (a wide character is never split, and no space is
    /// left before the `…`). For a text whose first word is itself too wide for
    /// ``fitted(_:width:)`` to show any of it. Nothing is wider than the columns given.
    ///
    /// ```swift
    /// TextFitting.clipped("GC1A2B3 Old Oak", width: 5)   // "GC1A…"
    /// ```
    public static func clipped(_ text: String, width: Int) -> String {
        guard width > 0 else { return "" }
        // Bounded work for a long text: only what could be shown is measured.
        let room = width - ellipsis.displayWidth
        var used = 0
        var end = text.startIndex           // the end of the characters that fit with the ellipsis
        var index = text.startIndex
        while index < text.endIndex {
            used += text[index].displayWidth
            if used > width { break }
            index = text.index(after: index)
            if used <= room { end = index }
        }
        if index == text.endIndex { return text }
        var kept = text[..<end]
        while kept.last == " " { kept = kept.dropLast() }
        return String(kept) + String(ellipsis)
    }

    /// The fewest columns in which `text` shows more than a bare `…`: its first word and
    /// the `…`, or the whole text when it is one word. Measures only the first word.
    ///
    /// ```swift
    /// TextFitting.leastWidth("Enter sets, Esc leaves")   // 6: "Enter…"
    /// ```
    public static func leastWidth(_ text: String) -> Int {
        var used = 0
        var seenWord = false
        for character in text {
            if character == " " {
                if seenWord { return used + ellipsis.displayWidth }
            } else {
                seenWord = true
            }
            used += character.displayWidth
        }
        return used
    }
}
