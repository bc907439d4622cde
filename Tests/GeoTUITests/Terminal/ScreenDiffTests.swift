import Testing
@testable import GeoTUI

/// Which cells ``Terminal/present(_:)`` rewrites.
@Suite struct ScreenDiffTests {
    private let size = Size(width: 10, height: 2)

    @Test func firstPresentWritesEverything() {
        let canvas = Canvas(size: size)
        #expect(ScreenDiff.changedRuns(from: nil, to: canvas, within: size)
                == [ChangedRun(y: 0, columns: 0..<10), ChangedRun(y: 1, columns: 0..<10)])
    }

    @Test func sameCanvasWritesNothing() {
        var canvas = Canvas(size: size)
        canvas.put("hello", at: Point(x: 1, y: 1))
        #expect(ScreenDiff.changedRuns(from: canvas, to: canvas, within: size).isEmpty)
    }

    @Test func oneCellIsOneRun() {
        let old = Canvas(size: size)
        var new = old
        new.put("x", at: Point(x: 4, y: 1))
        #expect(ScreenDiff.changedRuns(from: old, to: new, within: size) == [ChangedRun(y: 1, columns: 4..<5)])
    }

    @Test func wideCharactersAreWrittenWhole() {
        var old = Canvas(size: size)
        old.put("ab東", at: Point(x: 0, y: 0))
        var new = old
        new[3, 0] = .continuation(style: Style(attributes: .bold))
        #expect(ScreenDiff.changedRuns(from: old, to: new, within: size) == [ChangedRun(y: 0, columns: 2..<4)])
        var narrowed = old
        narrowed.put("x", at: Point(x: 2, y: 0))
        #expect(ScreenDiff.changedRuns(from: old, to: narrowed, within: size) == [ChangedRun(y: 0, columns: 2..<4)])
    }

    @Test func sizeChangeAndClipping() {
        let old = Canvas(size: Size(width: 4, height: 1))
        let new = Canvas(size: Size(width: 20, height: 5))
        #expect(ScreenDiff.changedRuns(from: old, to: new, within: Size(width: 3, height: 1))
                == [ChangedRun(y: 0, columns: 0..<3)])
    }
}
