import Testing
@testable import GeoTUI

/// Records focus changes and button presses of a small form.
private final class FormOwner: FocusGroupDelegate {
    var moves: [String] = []
    var presses = 0
    func focusGroup(_ group: FocusGroup, didMoveFocusFrom previous: (any Widget)?) {
        moves.append(name(of: group.focusedWidget))
    }
    func pressed() { presses += 1 }
    var names: [ObjectIdentifier: String] = [:]
    func name(of widget: (any Widget)?) -> String {
        widget.map { names[ObjectIdentifier($0)] ?? "?" } ?? "none"
    }
}

/// A widget that never takes focus.
private final class Decoration: Widget {
    var frame = Rect(x: 0, y: 5, width: 10, height: 1)
    var isFocused = false
    func draw(into canvas: inout Canvas) {}
}

@Suite struct FocusGroupTests {
    private let first = TextField(frame: Rect(x: 0, y: 0, width: 10, height: 1))
    private let second = TextField(frame: Rect(x: 0, y: 1, width: 10, height: 1))
    private let button = Button(title: "Add", frame: Rect(x: 0, y: 2, width: 7, height: 1))
    private let owner = FormOwner()

    private func makeGroup() -> FocusGroup {
        owner.names = [ObjectIdentifier(first): "first", ObjectIdentifier(second): "second",
                       ObjectIdentifier(button): "button"]
        button.addTarget(owner, action: FormOwner.pressed)
        let group = FocusGroup([first, second, button])
        group.delegate = owner
        return group
    }

    private func focused(_ group: FocusGroup) -> String { owner.name(of: group.focusedWidget) }

    @Test func startsOnTheFirstWidget() {
        let group = makeGroup()
        #expect(focused(group) == "first")
        #expect(first.isFocused)
        #expect(!second.isFocused && !button.isFocused)
    }

    @Test func tabAndDownMoveToTheNextWidgetCyclically() {
        let group = makeGroup()
        _ = group.handle(.tab)
        #expect(focused(group) == "second")
        _ = group.handle(.down)
        #expect(focused(group) == "button")
        _ = group.handle(.tab)
        #expect(focused(group) == "first")
    }

    @Test func backTabAndUpMoveToThePreviousWidgetCyclically() {
        let group = makeGroup()
        _ = group.handle(.backTab)
        #expect(focused(group) == "button")
        _ = group.handle(.up)
        #expect(focused(group) == "second")
    }

    @Test func enterInATextFieldMovesToTheNextWidget() {
        let group = makeGroup()
        #expect(group.handle(.enter) == .handled)
        #expect(focused(group) == "second")
    }

    @Test func enterOnAButtonPressesItAndKeepsTheFocus() {
        let group = makeGroup()
        group.focus(button)
        _ = group.handle(.enter)
        #expect(owner.presses == 1)
        #expect(focused(group) == "button")
    }

    @Test func keysGoToTheFocusedWidgetFirst() {
        let group = makeGroup()
        _ = group.handle(.tab)
        _ = group.handle(.character("x"))
        #expect(second.text == "x")
        #expect(first.text == "")
    }

    @Test func keysNoWidgetUsesAreReportedIgnored() {
        let group = makeGroup()
        #expect(group.handle(.function(5)) == .ignored)
        #expect(group.handle(.control("q")) == .ignored)
    }

    @Test func unfocusableWidgetsAreSkipped() {
        let decoration = Decoration()
        let group = FocusGroup([decoration, first, decoration, second])
        #expect(group.focusedWidget === first)
        _ = group.handle(.tab)
        #expect(group.focusedWidget === second)
        _ = group.handle(.tab)
        #expect(group.focusedWidget === first)
    }

    @Test func theDelegateHearsOfEveryFocusChange() {
        let group = makeGroup()
        _ = group.handle(.tab)
        _ = group.handle(.tab)
        group.focus(first)
        group.focus(first)
        #expect(owner.moves == ["second", "button", "first"])
    }

    @Test func focusingAWidgetOutsideTheGroupFails() {
        let group = makeGroup()
        let stranger = TextField()
        #expect(!group.focus(stranger))
        #expect(focused(group) == "first")
    }

    @Test func aClickFocusesTheFieldUnderThePointerAndPlacesTheCursor() {
        let group = makeGroup()
        second.text = "hello"
        #expect(group.handle(.mouse(MouseEvent(position: Point(x: 2, y: 1), kind: .click))) == .handled)
        #expect(focused(group) == "second")
        #expect(second.cursorIndex == 2)
        #expect(group.cursorPosition == Point(x: 2, y: 1))
    }

    @Test func aClickOnAButtonFocusesAndPressesIt() {
        let group = makeGroup()
        _ = group.handle(.mouse(MouseEvent(position: Point(x: 3, y: 2), kind: .click)))
        #expect(focused(group) == "button")
        #expect(owner.presses == 1)
    }

    @Test func aClickOutsideEveryWidgetIsIgnored() {
        let group = makeGroup()
        #expect(group.handle(.mouse(MouseEvent(position: Point(x: 30, y: 9), kind: .click))) == .ignored)
        #expect(focused(group) == "first")
    }

    @Test func anEmptyGroupHasNoFocusAndIgnoresTab() {
        let group = FocusGroup([])
        #expect(group.focusedWidget == nil)
        #expect(group.handle(.tab) == .ignored)
    }

    @Test func replacingTheWidgetsKeepsTheFocusedOneFocused() {
        let group = makeGroup()
        group.focus(second)
        let extra = Button(title: "Previous")
        group.setWidgets([first, second, extra, button])
        #expect(focused(group) == "second")
        _ = group.handle(.tab)
        #expect(group.focusedWidget === extra)
    }

    @Test func replacingTheWidgetsWithoutTheFocusedOneFocusesTheFirst() {
        let group = makeGroup()
        group.focus(button)
        group.setWidgets([first, second])
        #expect(focused(group) == "first")
        #expect(!button.isFocused)
        #expect(owner.moves.last == "first")
    }
}
