import Testing
@testable import GeoTUI

/// A pane given paragraphs (``TextPane/setParagraphs(_:keepingScroll:)``) starts each at
/// the left and the lines after a paragraph's own line breaks at the hanging indent:
/// drawn cell for cell as the same paragraphs with that indent written after each of
/// their line breaks, as the form's pane text had it.
@Suite struct TextPaneParagraphTests {
    /// "Label:  value" paragraphs with every kind of line break, an empty line, a line of
    /// spaces, a value line starting with spaces or a combining mark, a word too long for
    /// a narrow pane, and a paragraph ending in a carriage return before the next.
    static let paragraphs = [
        "Title:   Old Oak",
        "Details: A1\r\nA2 behind the tree\rA3\nA4\u{0B}A5\u{0C}A6\u{85}A7\u{2028}A8\u{2029}A9",
        "Creator: one\n\ntwo\n   three indented\n   \n\u{301}mark first",
        "Reward:  Travelbugwithaverylongname\nand a long line that wraps at every width here",
        "Code:    GC1\r",
        "Place:   none",
    ]

    /// `paragraphs` joined by line feeds, with `indent` spaces written after each of
    /// their own line breaks (a mark after them kept apart, as drawn alone).
    static func writtenOut(_ paragraphs: [String], indent: Int) -> String {
        paragraphs.map { paragraph in
            var text = ""
            var afterBreak = false
            for character in paragraph {
                if afterBreak {
                    text.appendKeepingApart(String(character))
                } else {
                    text.append(character)
                }
                afterBreak = character.isNewline
                if afterBreak { text += String(repeating: " ", count: indent) }
            }
            return text
        }.joined(separator: "\n")
    }

    private static func pane(width: Int, height: Int) -> TextPane {
        let pane = TextPane(title: "Cache", frame: Rect(x: 0, y: 0, width: width, height: height))
        pane.hangingIndent = 9
        return pane
    }

    @Test("Paragraphs draw as the same text with the hanging indent written after their line breaks",
          arguments: [6, 12, 20, 30, 60])
    func paragraphsDrawAsTheIndentWrittenOut(width: Int) {
        let paragraphs = Self.pane(width: width, height: 40)
        paragraphs.setParagraphs(Self.paragraphs)
        let written = Self.pane(width: width, height: 40)
        written.text = Self.writtenOut(Self.paragraphs, indent: 9)
        expectCanvas(render(paragraphs, width: width, height: 40), render(written, width: width, height: 40).text)
        #expect(paragraphs.lineCount == written.lineCount)
    }

    @Test("A paragraph's lines after its own line breaks start under its value; the next paragraph at the left")
    func linesAfterAParagraphsBreaksStartAtTheHangingIndent() {
        let pane = Self.pane(width: 26, height: 8)
        pane.setParagraphs(["Details: one\r\ntwo\u{2028}three", "Code:    GC1\r", "Place:   none"])
        expectCanvas(render(pane, width: 26, height: 8), """
            ┌ Cache ─────────────────┐
            │Details: one            │
            │         two            │
            │         three          │
            │Code:    GC1            │
            │                        │
            │Place:   none           │
            └────────────────────────┘
            """)
    }

    @Test("The same paragraphs set again keeping the scroll leave the pane where it was")
    func theSameParagraphsKeepTheScroll() {
        let pane = Self.pane(width: 20, height: 5)
        pane.setParagraphs(Self.paragraphs)
        pane.scroll(by: 2)
        pane.setParagraphs(Self.paragraphs, keepingScroll: true)
        #expect(pane.topLine == 2)
        pane.setParagraphs(Self.paragraphs)
        #expect(pane.topLine == 2)
    }

    @Test("Text set after paragraphs starts every line at the left again")
    func textAfterParagraphsIsNotIndented() {
        let pane = Self.pane(width: 20, height: 5)
        pane.setParagraphs(["a\nb"])
        pane.text = "a\nb"
        #expect(pane.visibleLines == ["a", "b"])
    }
}
