import Testing
@testable import GeoTUI

@Suite struct CanvasTests {
    @Test func wideCharacterTakesTwoCells() {
        var canvas = Canvas(size: Size(width: 6, height: 1))
        canvas.put("a東b", at: Point(x: 0, y: 0))
        #expect(canvas.text == "a東b")
        #expect(canvas[2, 0].isContinuation)
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
}
