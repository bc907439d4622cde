/// Word-wrapping of text to a width in terminal columns.
///
/// Lines break at spaces; a word wider than the whole width is broken between grapheme
/// clusters; explicit line breaks ("\n", "\r\n", "\r") always start a new line and an
/// empty line stays empty. Widths are display widths, so a wide character is never
/// split and never pushed past the edge: when it does not fit it starts the next line.
/// Spaces where a line breaks are dropped; spaces inside a line, and at the start of
/// a paragraph, are kept.
public enum TextWrapping {
    /// `text` wrapped to lines no wider than `width` columns (at least one column).
    ///
    /// ```swift
    /// TextWrapping.lines("the quick brown fox", width: 10)   // ["the quick", "brown fox"]
    /// ```
    public static func lines(_ text: String, width: Int) -> [String] {
        let width = max(1, width)
        var result: [String] = []
        for paragraph in paragraphs(of: text) {
            wrap(paragraph, width: width, into: &result)
        }
        return result
    }

    /// The text split at line breaks, each break kept out of the parts.
    private static func paragraphs(of text: String) -> [Substring] {
        text.split(omittingEmptySubsequences: false) { $0.isNewline }
    }

    private static func wrap(_ paragraph: Substring, width: Int, into result: inout [String]) {
        var line = ""
        var lineWidth = 0
        var pendingSpaces = ""
        var pendingWidth = 0
        var lineStarted = false      // true once the paragraph has produced its first line

        func finishLine() {
            result.append(line)
            line = ""
            lineWidth = 0
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
                if line.isEmpty && lineStarted { continue }
                pendingSpaces += run
                pendingWidth += run.count
                continue
            }
            let runWidth = run.displayWidth
            if lineWidth + pendingWidth + runWidth <= width {
                line += pendingSpaces
                line += run
                lineWidth += pendingWidth + runWidth
                pendingSpaces = ""
                pendingWidth = 0
                continue
            }
            if runWidth <= width {
                if !line.isEmpty { finishLine() }
                line = String(run)
                lineWidth = runWidth
                pendingSpaces = ""
                pendingWidth = 0
                continue
            }
            // The word is wider than a whole line: break it between clusters, filling the
            // current line first when there is room after its spaces.
            if lineWidth + pendingWidth < width {
                line += pendingSpaces
                lineWidth += pendingWidth
            } else if !line.isEmpty {
                finishLine()
            }
            pendingSpaces = ""
            pendingWidth = 0
            for character in run {
                let w = character.displayWidth
                if lineWidth + w > width, !line.isEmpty { finishLine() }
                line.append(character)
                lineWidth += w
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
