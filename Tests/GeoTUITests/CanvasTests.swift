import Testing
@testable import GeoTUI

@Suite struct CanvasTests {
    @Test func wideCharacterTakesTwoCells() {
        var canvas = Canvas(size: Size(width: 6, height: 1))
        canvas.put("a東b", at: Point(x: 0, y: 0))
        #expect(canvas.text == "a東b")
        #expect(canvas[2, 0].isContinuation)
    }

    @Test("a syllable with a spacing vowel sign takes a column for each, as wcwidth counts them; a joined emoji two")
    func aSyllableTakesAColumnPerSpacingScalar() {
        #expect(DisplayWidth.of(Character("मि")) == 2)
        #expect(DisplayWidth.pieces(of: "मि") == ["म", "ि"])
        #expect(DisplayWidth.of(Character("\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}")) == 2)
        #expect(DisplayWidth.pieces(of: "é") == nil)
        var canvas = Canvas(size: Size(width: 6, height: 1))
        canvas.put("नमस्ते|", at: Point(x: 0, y: 0))
        #expect(canvas.text == "नमस्ते|")
        #expect(canvas[4, 0].character == "|")
    }

    @Test func boxIsDrawnAlongTheEdgesAndLeavesTheInsideAlone() {
        var canvas = Canvas(size: Size(width: 8, height: 3))
        canvas.put("inside", at: Point(x: 1, y: 1))
        canvas.drawBox(Rect(x: 0, y: 0, width: 8, height: 3), style: .plain)
        expectCanvas(canvas, """
            ┌──────┐
            │inside│
            └──────┘
            """)
    }

    @Test func boxSmallerThanTwoByTwoIsNotDrawn() {
        var canvas = Canvas(size: Size(width: 4, height: 2))
        canvas.drawBox(Rect(x: 0, y: 0, width: 1, height: 2), style: .plain)
        canvas.drawBox(Rect(x: 1, y: 0, width: 3, height: 1), style: .plain)
        expectCanvas(canvas, "\n")
    }

    @Test func asciiTextOverTheLeftHalfOfAWideCharacterBlanksItsRightHalf() {
        var canvas = Canvas(size: Size(width: 4, height: 1))
        canvas.put("東京", at: Point(x: 0, y: 0))
        canvas.put("x", at: Point(x: 0, y: 0))
        #expect(canvas.text == "x 京")
        #expect(!canvas[1, 0].isContinuation)
    }

    @Test func asciiTextOverTheRightHalfOfAWideCharacterBlanksItsLeftHalf() {
        var canvas = Canvas(size: Size(width: 4, height: 1))
        canvas.put("東京", at: Point(x: 0, y: 0))
        canvas.put("y", at: Point(x: 1, y: 0))
        #expect(canvas.text == " y京")
    }

    @Test func boxLineThroughWideCharactersLeavesNoHalfBehind() {
        var canvas = Canvas(size: Size(width: 6, height: 3))
        canvas.put("東京東", at: Point(x: 0, y: 0))
        canvas.put("東京東", at: Point(x: 0, y: 2))
        canvas.drawBox(Rect(x: 1, y: 0, width: 4, height: 3), style: .plain)
        expectCanvas(canvas, """
             ┌──┐
             │  │
             └──┘
            """)
        #expect((0..<6).allSatisfy { !canvas[$0, 0].isContinuation && !canvas[$0, 2].isContinuation })
    }

    @Test func controlCharactersInOtherwiseAsciiTextAreShownAsSymbols() {
        var canvas = Canvas(size: Size(width: 8, height: 1))
        let advanced = canvas.put("a\tb\u{1B}c", at: Point(x: 0, y: 0))
        #expect(canvas.text == "a\u{2409}b\u{241B}c")
        #expect(advanced == 5)
    }

    @Test func clippedAsciiTextStillReportsItsWholeWidth() {
        var canvas = Canvas(size: Size(width: 4, height: 1))
        let advanced = canvas.put("abcdef", at: Point(x: 1, y: 0), clip: Rect(x: 0, y: 0, width: 3, height: 1))
        #expect(advanced == 6)
        #expect(canvas.text == " ab")
    }
}
