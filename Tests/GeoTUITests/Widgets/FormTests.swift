import Testing
@testable import GeoTUI

/// Records what a form reports.
private final class FormRecorder: FormDelegate {
    var events: [String] = []
    func form(_ form: Form, didChangeFieldAt index: Int) { events.append("changed \(index)") }
    func form(_ form: Form, didPressButtonAt index: Int) { events.append("pressed \(index)") }
    func formDidMoveFocus(_ form: Form) { events.append("focus") }
}

@Suite struct FormTests {
    private let recorder = FormRecorder()

    private func form(labels: [String] = ["Title", "Details"], buttons: [String] = ["Add", "Next"],
                      width: Int = 40) -> Form {
        let form = Form(fieldLabels: labels, buttonTitles: buttons)
        form.frame = Rect(x: 0, y: 0, width: width, height: form.preferredHeight)
        form.delegate = recorder
        return form
    }

    // MARK: Drawing

    @Test func drawsLabelledFieldsBetweenBracketsAndTheButtonsUnderThem() {
        let f = form()
        f.fields[0].text = "Old Oak"
        expectCanvas(render(f, width: 40, height: 3), """
            >Title   [Old Oak                     ]
             Details [                            ]
                     [ Add ]  [ Next ]
            """)
    }

    @Test func theLabelColumnIsAsWideAsTheWidestLabel() {
        let f = form(labels: ["A", "Longest"], buttons: ["OK"], width: 20)
        expectCanvas(render(f, width: 20, height: 3), """
            >A       [        ]
             Longest [        ]
                     [ OK ]
            """)
    }

    @Test func theFocusedFieldIsMarkedInBoldInTheMarginBesideItsLabel() {
        let f = form()
        f.focusField(at: 1)
        let canvas = render(f, width: 40, height: 3)
        expectCanvas(canvas, """
             Title   [                            ]
            >Details [                            ]
                     [ Add ]  [ Next ]
            """)
        expectGrid(canvas.mask(.bold), "\n#\n")
        expectGrid(canvas.mask(.reverse), "\n\n")
    }

    @Test func noFieldIsMarkedWhileTheFormDoesNotHaveTheFocus() {
        let f = form()
        f.isFocused = false
        #expect(!render(f, width: 40, height: 3).text.contains(Form.focusMarker))
        #expect(f.cursorPosition == nil)
    }

    @Test func noFieldIsMarkedWhileAButtonHasTheFocusAndTheCursorIsOnTheButton() {
        let f = form()
        f.focusNext()
        f.focusNext()
        let canvas = render(f, width: 40, height: 3)
        #expect(!canvas.text.contains(Form.focusMarker))
        expectGrid(canvas.mask(.reverse), "\n\n           ###")
        #expect(f.cursorPosition == Point(x: 11, y: 2))
    }

    @Test func fieldsAreDrawnPlainSoTypingWritesPlainCells() {
        let f = form()
        f.fields[0].text = "typed"
        let canvas = render(f, width: 40, height: 3)
        #expect(canvas[10, 0].style == .plain)
        #expect(canvas[15, 1].style == .plain)
    }

    @Test func theCursorIsInTheFocusedField() {
        let f = form()
        f.fields[0].text = "abc"
        #expect(f.cursorPosition == Point(x: 13, y: 0))
    }

    // MARK: The button row

    @Test func buttonsAreOneColumnApartWhenTwoDoNotFit() {
        let f = form(labels: ["Details"], buttons: ["Add", "Previous", "Next"], width: 40)
        expectCanvas(render(f, width: 40, height: 2), """
            >Details [                            ]
                     [ Add ] [ Previous ] [ Next ]
            """)
    }

    @Test func aButtonThatDoesNotFitWholeIsNotDrawn() {
        let f = form(labels: ["Details"], buttons: ["Add", "Previous", "Next"], width: 30)
        expectCanvas(render(f, width: 30, height: 2), """
            >Details [                  ]
                     [ Add ] [ Previous ]
            """)
        #expect(f.buttons[2].frame.isEmpty)
    }

    @Test func aButtonKeepsRoomForItsAlternateTitlesSoTheRowDoesNotMove() {
        let f = Form(fieldLabels: ["Details"], buttonTitles: ["Add", "Next"])
        f.buttons[0].alternateTitles = ["Save"]
        f.frame = Rect(x: 0, y: 0, width: 40, height: 2)
        expectCanvas(render(f, width: 40, height: 2), """
            >Details [                            ]
                     [ Add ]   [ Next ]
            """)
        f.buttons[0].title = "Save"
        expectCanvas(render(f, width: 40, height: 2), """
            >Details [                            ]
                     [ Save ]  [ Next ]
            """)
    }

    // MARK: Delegate

    @Test func typingTellsTheDelegateWhichFieldChanged() {
        let f = form()
        f.focusField(at: 1)
        recorder.events.removeAll()
        #expect(f.handle(.character("x")) == .handled)
        #expect(recorder.events == ["changed 1"])
        #expect(f.fields[1].text == "x")
    }

    @Test func pressingAButtonTellsTheDelegateWhichOne() {
        let f = form()
        f.focusNext()
        f.focusNext()
        f.focusNext()
        recorder.events.removeAll()
        #expect(f.handle(.enter) == .handled)
        #expect(recorder.events == ["pressed 1"])
    }

    @Test func clickingAButtonPressesIt() {
        let f = form()
        let add = f.buttons[0].frame
        _ = f.handle(.mouse(MouseEvent(position: Point(x: add.x + 1, y: add.y), kind: .click)))
        #expect(recorder.events == ["focus", "pressed 0"])
    }

    @Test func tabMovesTheFocusThroughFieldsAndButtonsAndTellsTheDelegate() {
        let f = form()
        #expect(f.handle(.tab) == .handled)
        #expect(f.focusedWidget === f.fields[1])
        f.focusNext()
        #expect(f.focusedWidget === f.buttons[0])
        f.focusPrevious()
        f.focusPrevious()
        #expect(f.focusedWidget === f.fields[0])
        #expect(recorder.events == ["focus", "focus", "focus", "focus"])
    }
}
