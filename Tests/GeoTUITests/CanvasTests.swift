import Testing
@testable import GeoTUI

@Suite struct CanvasTests {
    @Test func wideCharacterTakesTwoCells() {
        var canvas = Canvas(size: Size(width: 6, height: 1))
        canvas.put("a東b", at: Point(x: 0, y: 0))
        #expect(canvas.text == "a東b")
        #expect(canvas[2, 0].isContinuation)
    }
}
