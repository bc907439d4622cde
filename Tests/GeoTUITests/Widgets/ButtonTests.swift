import Testing
@testable import GeoTUI

/// A target that records which of its actions ran.
private final class PressRecorder {
    var presses: [String] = []
    func addPressed() { presses.append("add") }
    func nextPressed() { presses.append("next") }
    func pressed(_ sender: Button) { presses.append("sender:\(sender.title)") }
}

@Suite struct ButtonTests {
    private func button(_ title: String = "Add") -> Button {
        Button(title: title, frame: Rect(x: 2, y: 1, width: 7, height: 1))
    }

    @Test func drawsItsTitleInBrackets() {
        expectCanvas(render(button(), width: 12, height: 2), "\n  [ Add ]")
    }

    @Test func focusIsReverseVideoOverTheTitleOnly() {
        let b = button()
        b.isFocused = true
        let canvas = render(b, width: 12, height: 2)
        expectCanvas(canvas, "\n  [ Add ]")
        expectGrid(canvas.mask(.reverse), "\n    ###")
    }

    @Test func anUnfocusedButtonHasNoReverseVideo() {
        expectGrid(render(button(), width: 12, height: 2).mask(.reverse), "\n")
    }

    @Test func aFocusedButtonPutsTheCursorOnTheFirstLetterOfItsTitle() {
        let b = button()
        #expect(b.cursorPosition == nil)
        b.isFocused = true
        #expect(b.cursorPosition == Point(x: 4, y: 1))
    }

    @Test func aButtonThatIsNotDrawnShowsNoCursor() {
        let b = button()
        b.isFocused = true
        b.frame.width = 0
        #expect(b.cursorPosition == nil)
    }

    @Test func theTitleCanBeChangedLater() {
        let b = button()
        b.title = "Save"
        b.frame.width = b.preferredWidth
        expectCanvas(render(b, width: 12, height: 2), "\n  [ Save ]")
    }

    @Test func preferredWidthFitsTheWidestOfTheAlternateTitles() {
        let b = Button(title: "Add")
        b.alternateTitles = ["Save", "OK"]
        #expect(b.preferredWidth == 8)
    }

    @Test func preferredWidthCountsWideCharacters() {
        #expect(Button(title: "追加").preferredWidth == 8)
    }

    @Test func enterSendsTheActionToTheTarget() {
        let b = button()
        let target = PressRecorder()
        b.addTarget(target, action: PressRecorder.addPressed)
        #expect(b.handle(.enter) == .handled)
        #expect(target.presses == ["add"])
    }

    @Test func spaceSendsTheAction() {
        let b = button()
        let target = PressRecorder()
        b.addTarget(target, action: PressRecorder.nextPressed)
        _ = b.handle(.character(" "))
        #expect(target.presses == ["next"])
    }

    @Test func otherKeysAreLeftToTheOwner() {
        let b = button()
        let target = PressRecorder()
        b.addTarget(target, action: PressRecorder.addPressed)
        #expect(b.handle(.character("x")) == .ignored)
        #expect(b.handle(.tab) == .ignored)
        #expect(target.presses.isEmpty)
    }

    @Test func aClickInsideTheFramePressesTheButton() {
        let b = button()
        let target = PressRecorder()
        b.addTarget(target, action: PressRecorder.addPressed)
        #expect(b.handle(.mouse(MouseEvent(position: Point(x: 4, y: 1), kind: .click))) == .handled)
        #expect(target.presses == ["add"])
    }

    @Test func aPressThenReleasePressesTheButtonOnce() {
        let b = button()
        let target = PressRecorder()
        b.addTarget(target, action: PressRecorder.addPressed)
        _ = b.handle(.mouse(MouseEvent(position: Point(x: 4, y: 1), kind: .press)))
        _ = b.handle(.mouse(MouseEvent(position: Point(x: 4, y: 1), kind: .release)))
        #expect(target.presses == ["add"])
    }

    @Test func aClickOutsideTheFrameIsIgnored() {
        let b = button()
        let target = PressRecorder()
        b.addTarget(target, action: PressRecorder.addPressed)
        #expect(b.handle(.mouse(MouseEvent(position: Point(x: 9, y: 1), kind: .click))) == .ignored)
        #expect(target.presses.isEmpty)
    }

    @Test func everyTargetIsCalledInTheOrderAdded() {
        let b = button()
        let target = PressRecorder()
        b.addTarget(target, action: PressRecorder.addPressed)
        b.addTarget(target, action: PressRecorder.pressed)
        b.sendAction()
        #expect(target.presses == ["add", "sender:Add"])
    }

    @Test func targetsAreHeldWeakly() {
        let b = button()
        weak var gone: PressRecorder?
        do {
            let target = PressRecorder()
            gone = target
            b.addTarget(target, action: PressRecorder.addPressed)
            #expect(b.targetCount == 1)
        }
        #expect(gone == nil)
        #expect(b.targetCount == 0)
        b.sendAction()
    }

    @Test func aRemovedTargetIsNoLongerCalled() {
        let b = button()
        let target = PressRecorder()
        b.addTarget(target, action: PressRecorder.addPressed)
        b.removeTarget(target)
        b.sendAction()
        #expect(target.presses.isEmpty)
    }
}
