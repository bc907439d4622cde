import Testing
@testable import GeoTUI

@Suite struct NoticeTests {
    @Test func centresItsMessageInTheFrame() {
        let notice = Notice("too small", frame: Rect(x: 0, y: 0, width: 13, height: 3))
        expectCanvas(render(notice, width: 13, height: 3), "\n  too small\n")
    }

    @Test func wrapsAtTheFrameWidthAndCentresEachLine() {
        let notice = Notice("need more room", frame: Rect(x: 0, y: 0, width: 9, height: 4))
        expectCanvas(render(notice, width: 9, height: 4), "\nneed more\n  room\n")
    }

    @Test func clearsWhatWasDrawnInItsFrame() {
        var canvas = Canvas(size: Size(width: 6, height: 1))
        canvas.put("xxxxxx", at: Point(x: 0, y: 0))
        Notice("ok", frame: Rect(x: 0, y: 0, width: 6, height: 1)).draw(into: &canvas)
        expectCanvas(canvas, "  ok")
    }

    @Test func leavesOutLinesBelowItsFrame() {
        let notice = Notice("one two three", frame: Rect(x: 0, y: 0, width: 5, height: 1))
        expectCanvas(render(notice, width: 5, height: 2), " one\n")
    }
}
