import Testing
@testable import GeoTUI

/// Texts of many megabytes in the widgets that show them: the pane wraps only what it
/// shows and scrolls through it, the wrapping makes one line at a time, and a field
/// keeps a text too long to edit whole. Nothing here times anything: the results are
/// checked, and the cost is that of the lines made (docs/performance.md has figures).
@Suite struct HugeTextWidgetTests {
    /// "ab " sixteen million times: 48 MB of short words.
    private static let words = String(repeating: "ab ", count: 16_000_000)

    private func pane(_ text: String, width: Int = 20, height: Int = 5) -> TextPane {
        TextPane(text: text, title: "Cache", frame: Rect(x: 0, y: 0, width: width, height: height))
    }

    @Test("The pane shows the first screen of a 48 MB text, saying only that more follows")
    func firstScreenOfAHugeText() {
        let p = pane(Self.words)
        expectCanvas(render(p, width: 20, height: 5), """
            ┌ Cache ───────────┐
            │ab ab ab ab ab ab │
            │ab ab ab ab ab ab │
            │ab ab ab ab ab ab │
            └ 1-3/… ─── ▼ more ┘
            """)
    }

    @Test("Paging deep into a 48 MB text shows the lines found there, numbered")
    func pagingDeepIntoAHugeText() {
        let p = pane(Self.words, width: 30)
        for _ in 0..<5_000 { p.pageDown() }
        #expect(p.topLine == 10_000)
        expectCanvas(render(p, width: 30, height: 5), """
            ┌ Cache ────────────────── ▲ ┐
            │ab ab ab ab ab ab ab ab ab  │
            │ab ab ab ab ab ab ab ab ab  │
            │ab ab ab ab ab ab ab ab ab  │
            └ 10001-10003/… ───── ▼ more ┘
            """)
    }

    @Test("Scrolled to the end, the pane shows the last lines of a long text and their number")
    func scrolledToTheEndOfALongText() {
        let text = (1...40_000).map { "line \($0) of the text" }.joined(separator: "\n")
        let p = pane(text, width: 26, height: 5)
        p.scrollToBottom()
        expectCanvas(render(p, width: 26, height: 5), """
            ┌ Cache ────────────── ▲ ┐
            │line 39998 of the text  │
            │line 39999 of the text  │
            │line 40000 of the text  │
            └ 39998-40000/40000 ─────┘
            """)
    }

    @Test("A word of 48 million characters is broken into lines of the pane's width")
    func aHugeWordIsBrokenIntoLines() {
        let p = pane(String(repeating: "\u{0}", count: 48_000_000), width: 12, height: 4)
        expectCanvas(render(p, width: 12, height: 4), """
            ┌ Cache ───┐
            │␀␀␀␀␀␀␀␀␀␀│
            │␀␀␀␀␀␀␀␀␀␀│
            └── ▼ more ┘
            """)
    }

    @Test("Line by line wrapping gives the lines of the whole text's wrapping")
    func lineByLineMatchesTheWholeWrapping() {
        let text = "Details: under the  bench by the north gate, 東京 tower\n\n  then  a verylongwordthatneverends here"
        var lines: [String] = []
        var position: TextWrapping.Position? = TextWrapping.Position(index: text.startIndex)
        while let start = position {
            let (line, next) = TextWrapping.line(of: text, from: start, width: 12, hangingIndent: 3)
            lines.append(line)
            position = next
        }
        #expect(lines == TextWrapping.lines(text, width: 12, hangingIndent: 3))
        #expect(lines.allSatisfy { $0.displayWidth <= 12 })
    }

    @Test("A field given a text too long to edit keeps it whole, shows its start and ignores edits")
    func aFieldKeepsATextTooLongToEdit() {
        let field = TextField(frame: Rect(x: 0, y: 0, width: 10, height: 1))
        field.text = Self.words
        #expect(field.isTooLongToEdit)
        _ = field.handle(.key(.character("x")))
        _ = field.handle(.key(.control("k")))
        _ = field.handle(.paste("pasted"))
        #expect(field.text.utf8.count == Self.words.utf8.count)
        #expect(field.text == Self.words)
        expectCanvas(render(field, width: 10, height: 1), "ab ab ab …")
    }
}
