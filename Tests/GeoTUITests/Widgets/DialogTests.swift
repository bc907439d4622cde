import Testing
@testable import GeoTUI

/// Records the answers a dialog reports.
private final class AnswerRecorder: DialogDelegate {
    var answers: [Dialog.Choice] = []
    func dialog(_ dialog: Dialog, didChoose choice: Dialog.Choice) { answers.append(choice) }
}

@Suite struct DialogTests {
    private let recorder = AnswerRecorder()

    private func dialog(_ message: String = "Delete this cache?", title: String? = nil,
                        width: Int = 30, height: Int = 9) -> Dialog {
        let d = Dialog(message: message, title: title, frame: Rect(x: 0, y: 0, width: width, height: height))
        d.delegate = recorder
        return d
    }

    @Test func drawsACentredBoxWithTheMessageAndBothButtons() {
        expectCanvas(render(dialog(), width: 30, height: 9), """


                ┌────────────────────┐
                │ Delete this cache? │
                │                    │
                │  [ Yes ]  [ No ]   │
                └────────────────────┘


            """)
    }

    @Test func theFocusStartsOnNo() {
        let canvas = render(dialog(), width: 30, height: 9)
        expectGrid(canvas.mask(.reverse), "\n\n\n\n\n                  ##\n\n\n")
    }

    @Test func wrapsALongMessage() {
        let d = dialog("Delete “The old mill by the river” for good?", title: "Delete", width: 30, height: 9)
        expectCanvas(render(d, width: 30, height: 9), """

             ┌ Delete ─────────────────┐
             │ Delete “The old mill by │
             │ the river” for good?    │
             │                         │
             │     [ Yes ]  [ No ]     │
             └─────────────────────────┘


            """)
    }

    @Test func clearsWhatIsUnderTheBox() {
        var canvas = Canvas(size: Size(width: 14, height: 5))
        canvas.fill(canvas.bounds, with: "x")
        dialog("Go?", width: 12, height: 5).draw(into: &canvas)
        expectCanvas(canvas, """
            ┌──────────┐xx
            │ Go?      │xx
            │          │xx
            │[ Yes ]   │xx
            └──────────┘xx
            """)
    }

    @Test func enterPressesTheFocusedButton() {
        let d = dialog()
        _ = d.handle(.enter)
        #expect(recorder.answers == [.no])
    }

    @Test func leftThenSpaceAnswersYes() {
        let d = dialog()
        _ = d.handle(.left)
        expectGrid(render(d, width: 30, height: 9).mask(.reverse), "\n\n\n\n\n         ###\n\n\n")
        _ = d.handle(.character(" "))
        #expect(recorder.answers == [.yes])
    }

    @Test func tabSwitchesBetweenTheButtons() {
        let d = dialog()
        _ = d.handle(.tab)
        #expect(d.focusedChoice == .yes)
        _ = d.handle(.backTab)
        #expect(d.focusedChoice == .no)
        _ = d.handle(.right)
        #expect(d.focusedChoice == .no)
    }

    @Test func yAndNAreShortcuts() {
        let d = dialog()
        _ = d.handle(.character("y"))
        _ = d.handle(.character("N"))
        #expect(recorder.answers == [.yes, .no])
    }

    @Test func escapeAnswersNo() {
        let d = dialog()
        _ = d.handle(.left)
        #expect(d.handle(.escape) == .handled)
        #expect(recorder.answers == [.no])
    }

    @Test func aClickOnAButtonPressesIt() {
        let d = dialog()
        #expect(d.handle(.mouse(MouseEvent(position: Point(x: 8, y: 5), kind: .click))) == .handled)
        #expect(recorder.answers == [.yes])
        _ = d.handle(.mouse(MouseEvent(position: Point(x: 16, y: 5), kind: .click)))
        #expect(recorder.answers == [.yes, .no])
    }

    @Test func aClickElsewhereIsSwallowedWithoutAnAnswer() {
        let d = dialog()
        #expect(d.handle(.mouse(MouseEvent(position: Point(x: 1, y: 1), kind: .click))) == .handled)
        #expect(recorder.answers.isEmpty)
    }

    @Test func otherKeysAreLeftToTheOwner() {
        let d = dialog()
        #expect(d.handle(.resize) == .ignored)
        #expect(d.handle(.character("x")) == .ignored)
        #expect(recorder.answers.isEmpty)
    }

    @Test func theButtonTitlesCanBeChanged() {
        let d = dialog("Leave?", width: 24, height: 5)
        d.yesTitle = "Leave"
        d.noTitle = "Stay"
        expectCanvas(render(d, width: 24, height: 5), """
            ┌─────────────────────┐
            │ Leave?              │
            │                     │
            │ [ Leave ]  [ Stay ] │
            └─────────────────────┘
            """)
    }

    @Test func theDelegateIsHeldWeakly() {
        let d = Dialog(message: "?")
        do {
            let temporary = AnswerRecorder()
            d.delegate = temporary
        }
        #expect(d.delegate == nil)
        d.choose(.yes)
    }

    @Test func aTinyScreenDoesNotCrash() {
        for width in 0...8 {
            for height in 0...6 {
                let d = dialog("A question that needs wrapping", width: width, height: height)
                _ = render(d, width: 8, height: 6)
                _ = d.handle(.mouse(MouseEvent(position: Point(x: 1, y: 1), kind: .click)))
            }
        }
    }
}
