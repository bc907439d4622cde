import Testing
@testable import GeoTUI

@Suite struct TextPaneTests {
    private let sixLines = "one\ntwo\nthree\nfour\nfive\nsix"

    private func pane(_ text: String, title: String? = nil, width: Int, height: Int) -> TextPane {
        TextPane(text: text, title: title, frame: Rect(x: 0, y: 0, width: width, height: height))
    }

    @Test func wrapsItsTextInsideATitledBorder() {
        let p = pane("the quick brown fox", title: "Cache", width: 14, height: 4)
        expectCanvas(render(p, width: 14, height: 4), """
            ┌ Cache ─────┐
            │the quick   │
            │brown fox   │
            └────────────┘
            """)
    }

    @Test func paddingKeepsBlankColumnsBetweenBorderAndText() {
        let p = pane("the quick brown fox", title: "Cache", width: 14, height: 4)
        p.horizontalPadding = 1
        expectCanvas(render(p, width: 14, height: 4), """
            ┌ Cache ─────┐
            │ the quick  │
            │ brown fox  │
            └────────────┘
            """)
    }

    @Test func showsThatThereIsMoreBelow() {
        let p = pane("the quick brown fox jumps over the lazy dog", title: "Cache", width: 12, height: 5)
        expectCanvas(render(p, width: 12, height: 5), """
            ┌ Cache ───┐
            │the quick │
            │brown fox │
            │jumps over│
            └── ▼ more ┘
            """)
    }

    @Test func showsTheVisibleRangeWhenThereIsRoom() {
        let p = pane(sixLines, title: "Notes", width: 20, height: 5)
        expectCanvas(render(p, width: 20, height: 5), """
            ┌ Notes ───────────┐
            │one               │
            │two               │
            │three             │
            └ 1-3/6 ─── ▼ more ┘
            """)
    }

    @Test func aResizeKeepsThePlaceInTheTextAtTheTopNotTheLineNumber() {
        let words = (1...200).map { "w\($0)" }.joined(separator: " ")
        let p = pane(words, width: 22, height: 6)
        p.scroll(by: 20)
        let top = p.visibleLines[0].split(separator: " ").first.map(String.init)
        #expect(top != nil && top != "w1")
        p.frame = Rect(x: 0, y: 0, width: 60, height: 6)
        #expect(p.visibleLines[0].split(separator: " ").contains { String($0) == top }, "\(p.visibleLines)")
        let wideTop = p.visibleLines[0].split(separator: " ").first.map(String.init)
        p.frame = Rect(x: 0, y: 0, width: 14, height: 6)
        #expect(p.visibleLines[0].split(separator: " ").contains { String($0) == wideTop }, "\(p.visibleLines)")
    }

    @Test("a resize narrower keeps the place at the top of a text too long to wrap whole, as drawn")
    func aResizeKeepsThePlaceInALongTextAsDrawn() {
        let words = (0..<40_000).map { "w\($0)" }.joined(separator: " ")
        #expect(words.utf8.count > TextPane.wrappedWholeBytes)
        let p = pane(words, width: 100, height: 20)
        p.scroll(by: 57)
        let top = String(p.visibleLines[0].split(separator: " ")[0])
        p.frame = Rect(x: 0, y: 0, width: 70, height: 15)
        // Drawn as the form draws it: the border's count, then the lines.
        let rows = render(p, width: 70, height: 15).text.split(separator: "\n")
        let first = " " + rows[1].replacingOccurrences(of: "│", with: " ") + " "
        #expect(first.contains(" \(top) "), "\(rows[1])")
    }

    @Test func showsThatThereIsMoreAboveOnceScrolled() {
        let p = pane(sixLines, title: "Notes", width: 20, height: 5)
        p.scroll(by: 1)
        expectCanvas(render(p, width: 20, height: 5), """
            ┌ Notes ──────── ▲ ┐
            │two               │
            │three             │
            │four              │
            └ 2-4/6 ─── ▼ more ┘
            """)
    }

    @Test func aTextReplacedKeepingTheScrollShowsTheSameFirstLine() {
        let p = pane(sixLines, title: "Notes", width: 20, height: 5)
        p.scroll(by: 2)
        p.replaceTextKeepingScroll("one\ntwo\nthree\nthree and a half\nfour\nfive\nsix")
        expectCanvas(render(p, width: 20, height: 5), """
            ┌ Notes ──────── ▲ ┐
            │three             │
            │three and a half  │
            │four              │
            └ 3-5/7 ─── ▼ more ┘
            """)
    }

    @Test("the same text set again keeping the scroll leaves the pane where it was")
    func theSameTextReplacedKeepingTheScrollStaysPut() {
        let p = pane(sixLines, title: "Notes", width: 20, height: 5)
        p.scroll(by: 1)
        p.replaceTextKeepingScroll(sixLines)
        p.replaceTextKeepingScroll(sixLines)
        #expect(p.topLine == 1)
    }

    @Test func aTextReplacedKeepingTheScrollStopsWhereTheShorterTextEnds() {
        let p = pane(sixLines, title: "Notes", width: 20, height: 5)
        p.scrollToBottom()
        p.replaceTextKeepingScroll("one\ntwo\nthree")
        expectCanvas(render(p, width: 20, height: 5), """
            ┌ Notes ───────────┐
            │one               │
            │two               │
            │three             │
            └──────────────────┘
            """)
    }

    @Test func atTheBottomOnlyTheUpMarkerRemains() {
        let p = pane(sixLines, title: "Notes", width: 20, height: 5)
        p.scrollToBottom()
        expectCanvas(render(p, width: 20, height: 5), """
            ┌ Notes ──────── ▲ ┐
            │four              │
            │five              │
            │six               │
            └ 4-6/6 ───────────┘
            """)
    }

    @Test func scrollingClampsAtBothEnds() {
        let p = pane(sixLines, width: 20, height: 5)
        p.scroll(by: 100)
        #expect(p.topLine == 3)
        p.scroll(by: -100)
        #expect(p.topLine == 0)
    }

    @Test func pageDownAndPageUpMoveByAPaneLessOneLine() {
        let p = pane(sixLines, width: 20, height: 5)
        #expect(p.handle(.pageDown) == .handled)
        #expect(p.topLine == 2)
        _ = p.handle(.pageUp)
        #expect(p.topLine == 0)
    }

    @Test func theMouseWheelOverThePaneScrolls() {
        let p = pane(sixLines, width: 20, height: 5)
        _ = p.handle(.mouse(MouseEvent(position: Point(x: 3, y: 2), kind: .scrollDown)))
        #expect(p.topLine == 3)
        _ = p.handle(.mouse(MouseEvent(position: Point(x: 3, y: 2), kind: .scrollUp)))
        #expect(p.topLine == 0)
    }

    @Test func theMouseWheelElsewhereIsIgnored() {
        let p = pane(sixLines, width: 20, height: 5)
        #expect(p.handle(.mouse(MouseEvent(position: Point(x: 30, y: 2), kind: .scrollDown))) == .ignored)
    }

    @Test func arrowKeysScrollOnlyAFocusedPane() {
        let p = pane(sixLines, width: 20, height: 5)
        #expect(p.handle(.down) == .ignored)
        p.isFocusable = true
        p.isFocused = true
        #expect(p.handle(.down) == .handled)
        #expect(p.topLine == 1)
        _ = p.handle(.end)
        #expect(p.topLine == 3)
    }

    @Test func isNotFocusableByDefault() {
        #expect(!TextPane().canFocus)
    }

    @Test func newTextScrollsBackToTheTop() {
        let p = pane(sixLines, width: 20, height: 5)
        p.scrollToBottom()
        p.text = "other"
        #expect(p.topLine == 0)
    }

    @Test func wideCharactersWrapWholeInsideTheBorder() {
        let p = pane("東京大阪まで", width: 8, height: 4)
        expectCanvas(render(p, width: 8, height: 4), """
            ┌──────┐
            │東京大│
            │阪まで│
            └──────┘
            """)
    }

    @Test func aNarrowPaneKeepsOnlyTheMarkers() {
        let p = pane("東京大阪まで", width: 7, height: 4)
        expectCanvas(render(p, width: 7, height: 4), """
            ┌─────┐
            │東京 │
            │大阪 │
            └── ▼ ┘
            """)
    }

    @Test func aLongTitleIsCutWithAnEllipsis() {
        let p = pane("x", title: "A very long title", width: 12, height: 3)
        expectCanvas(render(p, width: 12, height: 3), """
            ┌ A very … ┐
            │x         │
            └──────────┘
            """)
    }

    @Test func drawsTheTextInItsStyle() {
        let p = pane("Title is empty", width: 18, height: 3)
        p.style = Theme.standard.error
        let rows = render(p, width: 18, height: 3).mask(.bold).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(rows[1] == " ##############")
    }

    @Test func clearsWhatWasUnderIt() {
        var canvas = Canvas(size: Size(width: 6, height: 3))
        canvas.fill(canvas.bounds, with: "x")
        pane("", width: 6, height: 3).draw(into: &canvas)
        expectCanvas(canvas, "┌────┐\n│    │\n└────┘")
    }

    @Test func controlCharactersInTheTextAreShownHarmlessly() {
        let p = pane("a\u{1B}[2Jb", width: 10, height: 3)
        expectCanvas(render(p, width: 10, height: 3), "┌────────┐\n│a␛[2Jb  │\n└────────┘")
    }

    @Test("a C1 control is shown as a control without a picture, not as the sign of bytes that are not UTF-8")
    func aC1ControlIsShownAsAControlWithoutAPictureNotAsBrokenUTF8() {
        let p = pane("a\u{9B}31mb", width: 10, height: 3)
        expectCanvas(render(p, width: 10, height: 3), "┌────────┐\n│a⬚31mb  │\n└────────┘")
    }

    @Test func wrappingIsCachedUntilTheTextOrWidthChanges() {
        let long = String(repeating: "word ", count: 2_000)
        let p = pane(long, width: 40, height: 10)
        for _ in 0..<5 { _ = render(p, width: 40, height: 10) }
        #expect(p.wrapCount == 1)
        p.frame.width = 30
        _ = render(p, width: 40, height: 10)
        #expect(p.wrapCount == 2)
        p.text = "short"
        _ = render(p, width: 40, height: 10)
        #expect(p.wrapCount == 3)
    }

    @Test func aTinyFrameDoesNotCrash() {
        for width in 0...4 {
            for height in 0...4 {
                let p = pane(sixLines, title: "T", width: width, height: height)
                p.scroll(by: 2)
                _ = render(p, width: 4, height: 4)
            }
        }
    }
}
