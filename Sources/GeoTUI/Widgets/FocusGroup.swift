/// What a focus group tells its owner.
public protocol FocusGroupDelegate: AnyObject {
    /// Called after focus moved from `previous` to the group's ``FocusGroup/focusedWidget``,
    /// so the owner can repaint the two widgets.
    func focusGroup(_ group: FocusGroup, didMoveFocusFrom previous: (any Widget)?)
}

/// The form machinery: an ordered list of widgets, one of which has the focus.
///
/// A key goes first to the focused widget; whatever it leaves (`.ignored`) may move the
/// focus: Tab, Down and Enter to the next widget, Shift-Tab and Up to the previous one,
/// round and round. A mouse press or click focuses the widget under the pointer and is
/// then passed to it, so a click on a button presses it. The group never knows what its
/// widgets mean; it sets their ``Widget/isFocused`` and tells its delegate.
public final class FocusGroup {
    /// The widgets in focus order; widgets whose ``Widget/canFocus`` is false are skipped.
    public private(set) var widgets: [any Widget]
    /// The index in ``widgets`` of the focused widget, or nil when none can take focus.
    public private(set) var focusedIndex: Int?
    /// Told after every focus change; the owner sets it.
    public weak var delegate: (any FocusGroupDelegate)?

    /// Creates a group over `widgets` and focuses the first one that can take focus.
    public init(_ widgets: [any Widget]) {
        self.widgets = widgets
        for widget in widgets { widget.isFocused = false }
        if let first = widgets.firstIndex(where: \.canFocus) {
            focusedIndex = first
            widgets[first].isFocused = true
        }
    }

    /// Replaces the widgets in focus order. The focused widget keeps the focus when it is
    /// still in the list; otherwise the first widget that can take it gets it.
    public func setWidgets(_ newWidgets: [any Widget]) {
        let previous = focusedWidget
        for widget in widgets where !newWidgets.contains(where: { $0 === widget }) {
            widget.isFocused = false
        }
        widgets = newWidgets
        if let previous, let index = widgets.firstIndex(where: { $0 === previous }), previous.canFocus {
            focusedIndex = index
            return
        }
        focusedIndex = widgets.firstIndex(where: \.canFocus)
        focusedWidget?.isFocused = true
        if previous !== focusedWidget { delegate?.focusGroup(self, didMoveFocusFrom: previous) }
    }

    /// The widget that has the focus.
    public var focusedWidget: (any Widget)? { focusedIndex.map { widgets[$0] } }

    /// Where the terminal cursor belongs: the focused widget's cursor, if it shows one.
    public var cursorPosition: Point? { focusedWidget?.cursorPosition }

    /// Gives the focus to `widget` if it is in the group and can take it; returns whether it has it.
    @discardableResult
    public func focus(_ widget: any Widget) -> Bool {
        guard let index = widgets.firstIndex(where: { $0 === widget }), widget.canFocus else {
            return false
        }
        move(to: index)
        return true
    }

    /// Moves the focus to the next widget that can take it, after the last back to the first.
    public func focusNext() { step(by: 1) }

    /// Moves the focus to the previous widget that can take it, before the first to the last.
    public func focusPrevious() { step(by: -1) }

    /// Offers `event` to the focused widget, then uses it to move the focus if the widget
    /// left it; a mouse event goes to the widget under the pointer.
    /// - Returns: `.ignored` only when neither the widgets nor the focus machinery used it.
    public func handle(_ event: InputEvent) -> KeyResult {
        if case .mouse(let mouse) = event { return handleMouse(mouse) }
        if let widget = focusedWidget, widget.handle(event) == .handled { return .handled }
        switch event {
        case .key(.tab), .key(.down), .key(.enter):
            focusNext()
            return focusedIndex == nil ? .ignored : .handled
        case .key(.backTab), .key(.up):
            focusPrevious()
            return focusedIndex == nil ? .ignored : .handled
        default:
            return .ignored
        }
    }

    private func handleMouse(_ event: MouseEvent) -> KeyResult {
        guard let index = widgets.lastIndex(where: { $0.frame.contains(event.position) }) else {
            return .ignored
        }
        let widget = widgets[index]
        switch event.kind {
        case .press, .click, .release:
            if widget.canFocus, focusedIndex != index { move(to: index) }
        case .scrollUp, .scrollDown:
            break
        }
        return widget.handle(.mouse(event)) == .handled || widget.canFocus ? .handled : .ignored
    }

    private func step(by delta: Int) {
        let count = widgets.count
        guard count > 0 else { return }
        let start = focusedIndex ?? (delta > 0 ? count - 1 : 0)
        for offset in 1...count {
            let index = ((start + delta * offset) % count + count) % count
            if widgets[index].canFocus {
                move(to: index)
                return
            }
        }
        if let current = focusedIndex, !widgets[current].canFocus { move(to: nil) }
    }

    private func move(to index: Int?) {
        guard index != focusedIndex else { return }
        let previous = focusedWidget
        previous?.isFocused = false
        focusedIndex = index
        focusedWidget?.isFocused = true
        delegate?.focusGroup(self, didMoveFocusFrom: previous)
    }
}
