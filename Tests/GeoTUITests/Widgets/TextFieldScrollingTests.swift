import Testing
@testable import GeoTUI
import GeoTestSupport

/// How a text field longer than its frame scrolls: in jumps of half the field, so that
/// typing at the end changes one cell per character between jumps.
@Suite struct TextFieldScrollingTests {
    private func field(_ text: String = "", width: Int = 10) -> TextField {
        let f = TextField(frame: Rect(x: 0, y: 0, width: width, height: 1), text: text)
        f.isFocused = true
        return f
    }

    private func type(_ text: String, into f: TextField) {
        for c in text { _ = f.handle(.character(c)) }
    }

    /// The cells of row 0 that differ between two renderings of one field.
    private func changedCells(_ a: Canvas, _ b: Canvas) -> Int {
        (0..<a.size.width).filter { a[$0, 0] != b[$0, 0] }.count
    }

    // MARK: Typing at the end

    @Test func typingUpToTheRightEdgeDoesNotScroll() {
        let f = field()
        type("abcdefghi", into: f)
        expectCanvas(render(f, width: 10, height: 1), "abcdefghi")
        #expect(f.cursorPosition == Point(x: 9, y: 0))
    }

    @Test func typingPastTheRightEdgeJumpsHalfAFieldSoTheCursorIsInTheMiddle() {
        let f = field()
        type("abcdefghij", into: f)
        expectCanvas(render(f, width: 10, height: 1), "…ghij")
        #expect(f.cursorPosition == Point(x: 5, y: 0))
    }

    @Test func afterAJumpTypingFillsTheFieldWithoutMovingTheView() {
        let f = field()
        type("abcdefghijklmn", into: f)
        expectCanvas(render(f, width: 10, height: 1), "…ghijklmn")
        #expect(f.cursorPosition == Point(x: 9, y: 0))
        type("o", into: f)
        expectCanvas(render(f, width: 10, height: 1), "…lmno")
        #expect(f.cursorPosition == Point(x: 5, y: 0))
    }

    @Test func typingTwoHundredCharactersChangesOneCellPerCharacterBetweenFourJumps() {
        let f = field(width: 68)
        var previous = render(f, width: 68, height: 1)
        var jumps = 0
        for i in 0..<200 {
            let typed = Character(Unicode.Scalar(UInt8(ascii: "a") + UInt8(i % 26)))
            _ = f.handle(.character(typed))
            let canvas = render(f, width: 68, height: 1)
            let changed = changedCells(previous, canvas)
            if changed > 1 { jumps += 1 } else { #expect(changed == 1) }
            // The cursor is always in the field, right after what was just typed.
            let cursor = try! #require(f.cursorPosition)
            #expect(cursor.x > 0 && cursor.x < 68)
            #expect(canvas[cursor.x - 1, 0].character == typed)
            previous = canvas
        }
        #expect(jumps == 4)
    }

    @Test func wideCharactersTypedPastTheEdgeJumpWholeAndAreNeverSplit() {
        let f = field(width: 9)
        type("東京大阪", into: f)
        expectCanvas(render(f, width: 9, height: 1), "東京大阪")
        type("名", into: f)
        expectCanvas(render(f, width: 9, height: 1), "…阪名")
        #expect(f.cursorPosition == Point(x: 5, y: 0))
    }

    @Test func aCombiningMarkTypedAfterAJumpJoinsTheLetterBeforeIt() {
        let f = field()
        type("abcdefghie", into: f)
        type("\u{301}", into: f)
        #expect(f.text == "abcdefghi\u{E9}")
        expectCanvas(render(f, width: 10, height: 1), "…ghi\u{E9}")
        #expect(f.cursorPosition == Point(x: 5, y: 0))
    }

    // MARK: Moving and editing in a long text

    @Test func movingLeftInsideTheViewDoesNotScroll() {
        let f = field("abcdefghijklmnopqrstuvwxyz")
        _ = f.handle(.left)
        _ = f.handle(.left)
        expectCanvas(render(f, width: 10, height: 1), "…wxyz")
        #expect(f.cursorPosition == Point(x: 3, y: 0))
    }

    @Test func movingLeftPastTheContextJumpsHalfAFieldBack() {
        let f = field("abcdefghijklmnopqrstuvwxyz")
        for _ in 0..<3 { _ = f.handle(.left) }
        expectCanvas(render(f, width: 10, height: 1), "…tuvwxyz")
        #expect(f.cursorPosition == Point(x: 5, y: 0))
    }

    @Test func homeAndEndJumpToTheEnds() {
        let f = field("abcdefghijklmnopqrstuvwxyz")
        _ = f.handle(.home)
        expectCanvas(render(f, width: 10, height: 1), "abcdefghi…")
        _ = f.handle(.end)
        expectCanvas(render(f, width: 10, height: 1), "…wxyz")
        #expect(f.cursorPosition == Point(x: 5, y: 0))
    }

    @Test func insertingInTheMiddleOfALongTextKeepsTheViewWhileTheCursorHasRoom() {
        let f = field("abcdefghijklmnopqrstuvwxyz")
        _ = f.handle(.home)
        for _ in 0..<3 { _ = f.handle(.right) }
        type("X", into: f)
        expectCanvas(render(f, width: 10, height: 1), "abcXdefgh…")
        #expect(f.cursorPosition == Point(x: 4, y: 0))
        _ = f.handle(.backspace)
        _ = f.handle(.delete)
        expectCanvas(render(f, width: 10, height: 1), "abcefghij…")
        #expect(f.text == "abcefghijklmnopqrstuvwxyz")
    }

    @Test func deletingBackFromTheEndJumpsBackBeforeTheCursorReachesTheLeftEdge() {
        let f = field("abcdefghijklmnopqrstuvwxyz")
        _ = f.handle(.backspace)
        _ = f.handle(.backspace)
        expectCanvas(render(f, width: 10, height: 1), "…wx")
        _ = f.handle(.backspace)
        expectCanvas(render(f, width: 10, height: 1), "…tuvw")
        #expect(f.cursorPosition == Point(x: 5, y: 0))
    }

    @Test func aWordMotionPastTheLeftEdgePutsTheWordStartInTheMiddle() {
        let f = field("one two three four five", width: 12)
        _ = f.handle(.alt("b"))
        _ = f.handle(.alt("b"))
        let canvas = render(f, width: 12, height: 1)
        expectCanvas(canvas, "…hree four …")
        #expect(f.cursorIndex == 14)
        #expect(f.cursorPosition == Point(x: 6, y: 0))
    }

    @Test func ctrlUInALongTextShowsWhatIsLeftFromTheStart() {
        let f = field("abcdefghijklmnopqrstuvwxyz")
        for _ in 0..<4 { _ = f.handle(.left) }
        _ = f.handle(.control("u"))
        expectCanvas(render(f, width: 10, height: 1), "wxyz")
        #expect(f.cursorPosition == Point(x: 0, y: 0))
    }

    @Test func drawingAgainDoesNotMoveTheView() {
        let f = field("one two three four five", width: 12)
        _ = f.handle(.alt("b"))
        let view = f.firstVisibleIndex
        let first = render(f, width: 12, height: 1)
        #expect(render(f, width: 12, height: 1).text == first.text)
        #expect(f.firstVisibleIndex == view)
    }

    @Test func randomEditsInFieldsOfEveryWidthKeepTheCursorOnItsCharacterAndTheViewStill() {
        let pieces: [Character] = ["a", "b", " ", "東", "👩‍💻", "e", "\u{301}", "-"]
        let keys: [Key] = [.left, .right, .home, .end, .backspace, .delete, .wordLeft, .wordRight,
                           .control("w"), .alt("d"), .control("k")]
        var generator = SeededGenerator(state: 11)
        func next(_ bound: Int) -> Int { Int(generator.next() % UInt64(bound)) }
        for width in 1...24 {
            let f = field(width: width)
            for _ in 0..<400 {
                if next(3) == 0 {
                    _ = f.handle(keys[next(keys.count)])
                } else {
                    _ = f.handle(.character(pieces[next(pieces.count)]))
                }
                let view = f.firstVisibleIndex
                let canvas = render(f, width: width, height: 1)
                #expect(render(f, width: width, height: 1) == canvas)
                #expect(f.firstVisibleIndex == view)
                let cursor = f.cursorPosition!
                #expect(cursor.x >= 0 && cursor.x < width)
                if width >= 8, f.cursorIndex < f.content.count {
                    #expect(canvas[cursor.x, 0].character == f.content.characters[f.cursorIndex].displayed)
                }
            }
        }
    }
}
