/// Word-wrapping of text to a width in terminal columns.
///
/// Lines break at spaces; a word wider than the whole width is broken between grapheme
/// clusters; explicit line breaks ("\n", "\r\n", "\r") always start a new line and an
/// empty line stays empty. Widths are display widths, so a wide character is never
/// split and never pushed past the edge: when it does not fit it starts the next line.
/// Spaces where a line breaks are dropped; spaces inside a line, and at the start of
/// a paragraph, are kept.
///
/// The wrapping is made one line at a time (``line(of:from:width:hangingIndent:underLabels:leadingSpaces:)``):
/// a line costs the columns it holds, not the length of the text, so a view can wrap
/// only the lines it shows, however long the text (a word of a million characters is
/// measured only as far as one line's width).
public enum TextWrapping {
    /// Where a wrapped line starts: an index of the text, and whether the line goes on
    /// with a paragraph (and so starts with the hanging indent) or starts one.
    public struct Position: Hashable, Sendable {
        /// The first character of the line.
        public var index: String.Index
        /// True for the lines a paragraph wraps onto, false for its first line.
        public var continuesParagraph: Bool
        /// For a line a paragraph wraps onto, its indent when the paragraph's first line
        /// set one (a label's, ``line(of:from:width:hangingIndent:underLabels:leadingSpaces:)``); nil
        /// for the hanging indent.
        public var indent: Int?

        /// A line starting at `index`: the first of a paragraph, or with
        /// `continuesParagraph` one that a paragraph wraps onto, indented by `indent`
        /// when given.
        public init(index: String.Index, continuesParagraph: Bool = false, indent: Int? = nil) {
            self.index = index
            self.continuesParagraph = continuesParagraph
            self.indent = indent
        }
    }

    /// `text` wrapped to lines no wider than `width` columns (at least one column); the
    /// lines a paragraph wraps onto start with `hangingIndent` spaces.
    ///
    /// ```swift
    /// TextWrapping.lines("the quick brown fox", width: 10)   // ["the quick", "brown fox"]
    /// ```
    public static func lines(_ text: String, width: Int, hangingIndent: Int = 0, underLabels: Bool = false) -> [String] {
        var result: [String] = []
        var position: Position? = Position(index: text.startIndex)
        while let start = position {
            let (line, next) = line(of: text, from: start, width: width, hangingIndent: hangingIndent,
                                    underLabels: underLabels)
            result.append(line)
            position = next
        }
        return result
    }

    /// The line of `text` wrapped to `width` columns that starts at `start`, and where
    /// the next line starts (nil after the last line). Costs the line's own columns
    /// (and, once, a run of spaces where it breaks), whatever the length of the text.
    /// With `underLabels`, a paragraph laid out as "Label:  value" (a label of up to
    /// half the width, then two spaces or more) wraps onto lines that start under its
    /// value, whatever the hanging indent: "Yours:      a long note…" keeps its text in
    /// one column. A line that starts a paragraph begins with `leadingSpaces` spaces, as
    /// if they were written at its start (the lines after a line break of a
    /// ``TextPane``'s paragraph): the text is not copied to put them in.
    public static func line(of text: String, from start: Position, width: Int, hangingIndent: Int = 0,
                            underLabels: Bool = false, leadingSpaces: Int = 0) -> (line: String, next: Position?) {
        let width = max(1, width)
        let leading = start.continuesParagraph ? 0 : max(0, leadingSpaces)
        var indent = start.continuesParagraph ? start.indent ?? hangingIndent : hangingIndent
        if underLabels, !start.continuesParagraph,
           let column = valueColumn(of: text, from: start.index, within: width / 2, after: leading) {
            indent = column
        }
        // Continuation lines keep at least half the width for text.
        indent = min(max(0, indent), width / 2)
        var builder = LineBuilder(text: text, width: width, indent: indent,
                                  continuesParagraph: start.continuesParagraph)
        builder.pendingSpaces = leading
        return builder.wrap(from: start.index)
    }

    /// The column where the value of a line laid out as "Label:  value" starts: after
    /// the first run of two spaces or more that follows some text, when it comes within
    /// `limit` columns and the value is not empty; nil for any other line. The line
    /// starts with `leading` spaces not in the text.
    static func valueColumn(of text: String, from start: String.Index, within limit: Int, after leading: Int = 0) -> Int? {
        var column = leading
        var spaces = leading
        var index = start
        while index < text.endIndex, column <= limit {
            let character = text[index]
            if character.isNewline { return nil }
            if character == " " {
                spaces += 1
            } else {
                if spaces >= 2, column > spaces { return column }
                spaces = 0
            }
            column += character.displayWidth
            index = text.index(after: index)
        }
        return nil
    }

    /// One line being filled: the greedy rule, stopped at the first break.
    private struct LineBuilder {
        let text: String
        let width: Int
        let indent: Int
        let continuesParagraph: Bool
        var line: String
        var lineWidth: Int
        var hasText = false          // false while the line holds nothing but its indent
        var pendingSpaces = 0        // spaces after the last word, kept only if a word follows

        init(text: String, width: Int, indent: Int, continuesParagraph: Bool) {
            self.text = text
            self.width = width
            self.indent = indent
            self.continuesParagraph = continuesParagraph
            line = continuesParagraph ? String(repeating: " ", count: indent) : ""
            lineWidth = continuesParagraph ? indent : 0
        }

        /// The line from `index`, and where the next one starts.
        mutating func wrap(from index: String.Index) -> (line: String, next: Position?) {
            var index = index
            while index < text.endIndex {
                let character = text[index]
                if character.isNewline {
                    return (line, Position(index: text.index(after: index)))
                }
                if character == " " {
                    let (end, count) = spaceRun(from: index)
                    index = end
                    // Spaces that begin a continuation line are where the line broke: drop them.
                    if !hasText && continuesParagraph { continue }
                    pendingSpaces += count
                    continue
                }
                let (end, runWidth, measured) = word(from: index)
                if measured && lineWidth + pendingSpaces + runWidth <= width {
                    appendPendingSpaces()
                    appendKeepingApart(text[index..<end])
                    lineWidth += runWidth
                    hasText = true
                    index = end
                    continue
                }
                if measured && runWidth <= width - indent {
                    // The word starts the next line; the spaces before it are dropped.
                    return (line, Position(index: index, continuesParagraph: true, indent: indent))
                }
                // The word is wider than a whole line: break it between clusters, filling
                // the current line first when there is room after its spaces.
                if lineWidth + pendingSpaces < width {
                    appendPendingSpaces()
                } else if hasText {
                    return (line, Position(index: index, continuesParagraph: true, indent: indent))
                }
                pendingSpaces = 0
                while index < text.endIndex {
                    let c = text[index]
                    if c == " " || c.isNewline { break }
                    let w = c.displayWidth
                    if lineWidth + w > width, hasText {
                        return (line, Position(index: index, continuesParagraph: true, indent: indent))
                    }
                    let next = text.index(after: index)
                    appendKeepingApart(text[index..<next])
                    lineWidth += w
                    hasText = true
                    index = next
                }
            }
            return (line, nil)
        }

        /// Appends `piece`; after a space, a first character that would join it (a
        /// combining mark starting a line of the text, after spaces the text does not
        /// hold) goes in as it is drawn alone (``Character/displayed``), as its own.
        private mutating func appendKeepingApart(_ piece: Substring) {
            if line.utf8.last == UInt8(ascii: " "), let scalar = piece.unicodeScalars.first, scalar.value >= 0x300 {
                line.appendKeepingApart(String(piece))
            } else {
                line.append(contentsOf: piece)
            }
        }

        private mutating func appendPendingSpaces() {
            guard pendingSpaces > 0 else { return }
            line.append(String(repeating: " ", count: pendingSpaces))
            lineWidth += pendingSpaces
            pendingSpaces = 0
        }

        /// The end of the run of spaces at `index` and how many it holds, read byte by
        /// byte (a space is one byte); the last space is left out when a combining mark
        /// joins it, which makes it a character of a word.
        private func spaceRun(from index: String.Index) -> (end: String.Index, count: Int) {
            let bytes = text.utf8
            var end = index
            var count = 0
            while end < bytes.endIndex, bytes[end] == UInt8(ascii: " ") {
                end = bytes.index(after: end)
                count += 1
            }
            // The caller saw a space character at `index`, so only a later space may be joined.
            if end < bytes.endIndex, count > 1 {
                let last = bytes.index(before: end)
                if text[last] != " " { return (last, count - 1) }
            }
            return (end, count)
        }

        /// The end and width of the word at `index`, measured only while it could still
        /// fit a line: `measured` is false when it was found wider than `width` before
        /// its end (its end is then not looked for).
        private func word(from index: String.Index) -> (end: String.Index, width: Int, measured: Bool) {
            var end = index
            var total = 0
            while end < text.endIndex {
                let c = text[end]
                if c == " " || c.isNewline { break }
                if total > width { return (end, total, false) }
                total += c.displayWidth
                end = text.index(after: end)
            }
            return (end, total, true)
        }
    }
}

extension StringProtocol {
    /// This text word-wrapped to lines no wider than `width` columns.
    public func wrapped(to width: Int) -> [String] {
        TextWrapping.lines(String(self), width: width)
    }
}
