/// Word-wrapping of text to a width in terminal columns.
///
/// Lines break at spaces; a word wider than the whole width is broken between grapheme
/// clusters; explicit line breaks ("\n", "\r\n", "\r") always start a new line and an
/// empty line stays empty. Widths are display widths, so a wide character is never
/// split and never pushed past the edge: when it does not fit it starts the next line.
/// Spaces where a line breaks are dropped; spaces inside a line, and at the start of
/// a paragraph, are kept.
public enum TextWrapping {
    /// `text` wrapped to lines no wider than `width` columns (at least one column); the
    /// lines a paragraph wraps onto start with `hangingIndent` spaces.
    ///
    /// ```swift
    /// TextWrapping.lines("the quick brown fox", width: 10)   // ["the quick", "brown fox"]
    /// ```
    public static func lines(_ text: String, width: Int, hangingIndent: Int = 0) -> [String] {
        let width = max(1, width)
        // Continuation lines keep at least half the width for text.
        let indent = min(max(0, hangingIndent), width / 2)
        var result: [String] = []
        for paragraph in paragraphs(of: text) {
            wrap(paragraph, width: width, indent: indent, into: &result)
        }
        return result
    }

    /// The text split at line breaks, each break kept out of the parts.
    private static func paragraphs(of text: String) -> [Substring] {
        text.split(omittingEmptySubsequences: false) { $0.isNewline }
    }

    /// Wraps one paragraph; lines after its first start with `indent` spaces.
    private static func wrap(_ paragraph: Substring, width: Int, indent: Int, into result: inout [String]) {
        let prefix = String(repeating: " ", count: indent)
        var line = ""
        var lineWidth = 0
        var hasText = false          // false while the line holds nothing but its indent
        var pendingSpaces = ""
        var pendingWidth = 0
        var lineStarted = false      // true once the paragraph has produced its first line

        func finishLine() {
            result.append(line)
            line = prefix
            lineWidth = indent
            hasText = false
            pendingSpaces = ""
            pendingWidth = 0
            lineStarted = true
        }

        var index = paragraph.startIndex
        while index < paragraph.endIndex {
            let isSpace = paragraph[index] == " "
            var end = index
            while end < paragraph.endIndex, (paragraph[end] == " ") == isSpace {
                end = paragraph.index(after: end)
            }
            let run = paragraph[index..<end]
            index = end

            if isSpace {
                // Spaces that begin a continuation line are where the line broke: drop them.
                if !hasText && lineStarted { continue }
                // String's own append for a Substring: `+=` took the generic one,
                // whose first call looked up the sequence's associated types.
                pendingSpaces.append(contentsOf: run)
                pendingWidth += run.count
                continue
            }
            let runWidth = run.displayWidth
            if lineWidth + pendingWidth + runWidth <= width {
                line += pendingSpaces
                line.append(contentsOf: run)
                lineWidth += pendingWidth + runWidth
                hasText = true
                pendingSpaces = ""
                pendingWidth = 0
                continue
            }
            if runWidth <= width - indent {
                if hasText || !pendingSpaces.isEmpty { finishLine() }
                line.append(contentsOf: run)
                lineWidth += runWidth
                hasText = true
                pendingSpaces = ""
                pendingWidth = 0
                continue
            }
            // The word is wider than a whole line: break it between clusters, filling the
            // current line first when there is room after its spaces.
            if lineWidth + pendingWidth < width {
                line += pendingSpaces
                lineWidth += pendingWidth
            } else if hasText {
                finishLine()
            }
            pendingSpaces = ""
            pendingWidth = 0
            for character in run {
                let w = character.displayWidth
                if lineWidth + w > width, hasText { finishLine() }
                line.append(character)
                lineWidth += w
                hasText = true
            }
        }
        result.append(line)
    }
}

extension StringProtocol {
    /// This text word-wrapped to lines no wider than `width` columns.
    public func wrapped(to width: Int) -> [String] {
        TextWrapping.lines(String(self), width: width)
    }
}
