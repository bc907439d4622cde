import Testing
@testable import GeoTUI

@Suite struct LabelTests {
    @Test func drawsItsTextAtTheFrame() {
        let label = Label("Title:", frame: Rect(x: 1, y: 1, width: 8, height: 1))
        expectCanvas(render(label, width: 10, height: 2), "\n Title:")
    }

    @Test func isClippedToItsFrame() {
        let label = Label("Creator name", frame: Rect(x: 0, y: 0, width: 7, height: 1))
        expectCanvas(render(label, width: 12, height: 1), "Creator")
    }

    @Test func aWideCharacterCutByTheEdgeIsNotHalfDrawn() {
        let label = Label("ab東", frame: Rect(x: 0, y: 0, width: 3, height: 1))
        expectCanvas(render(label, width: 6, height: 1), "ab")
    }

    @Test func alignsRightAndCentre() {
        let right = Label("3 of 12", frame: Rect(x: 0, y: 0, width: 10, height: 1), alignment: .right)
        let centre = Label("ok", frame: Rect(x: 0, y: 1, width: 10, height: 1), alignment: .center)
        expectCanvas(render(right, centre, width: 10, height: 2), "   3 of 12\n    ok")
    }

    @Test func drawsInItsStyle() {
        let label = Label("Err", frame: Rect(x: 0, y: 0, width: 3, height: 1), style: Theme.standard.error)
        expectGrid(render(label, width: 5, height: 1).mask(.bold), "###")
    }

    @Test func eachLineTakesARowUpToTheFrameHeight() {
        let label = Label("one\ntwo\nthree", frame: Rect(x: 0, y: 0, width: 5, height: 2))
        expectCanvas(render(label, width: 5, height: 3), "one\ntwo\n")
    }

    @Test func neverTakesFocus() {
        #expect(!Label("x").canFocus)
    }
}
