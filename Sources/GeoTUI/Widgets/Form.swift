/// What a form tells its owner.
public protocol FormDelegate: AnyObject {
    /// Called after each edit by the user that changed the text of the field at `index`.
    func form(_ form: Form, didChangeFieldAt index: Int)
    /// Called when the button at `index` was pressed (Enter, Space or a click).
    func form(_ form: Form, didPressButtonAt index: Int)
    /// Called after the focus moved to another field or button.
    func formDidMoveFocus(_ form: Form)
}

/// A form: labelled one-line text fields between brackets, one under the other, and a
/// row of buttons under them, with a focus ring through the fields and the buttons
/// (tview's `Form`).
///
/// The form lays out and draws its labels, brackets, fields and buttons; it knows
/// nothing of what the fields mean. Its owner gives the labels and button titles, reads
/// and sets ``fields``' text, and hears about edits, presses and focus moves through
/// the ``delegate``.
///
/// ```
///  Title   [Old Oak                                  ]
///  Details [Behind the tree                          ]
///          [ Add ]   [ Previous ]  [ Next ]
/// ```
///
/// Labels are right of a one-column margin, as wide as the widest; the brackets follow
/// after a space and reach the frame's right edge less one column. The buttons start
/// under the opening brackets, two columns apart, one when the row is narrow; a button
/// that does not fit whole is not drawn (its keys still work). While the form has the
/// focus, ``focusMarker`` marks the focused field in the margin left of its label (in
/// the theme's focus marker style): moving the focus between fields rewrites two cells
/// and the cursor, not two labels. A focused button shows its own focus.
///
/// ```swift
/// let form = Form(fieldLabels: ["Title", "Details"], buttonTitles: ["Add", "Next"])
/// form.delegate = controller      // told of edits, presses and focus moves
/// form.frame = Rect(x: 0, y: 2, width: 60, height: form.preferredHeight)
/// form.fields[0].text = "Old Oak"
/// ```
public final class Form: Widget {
    /// Where the form draws: one row per field, then the button row.
    public var frame: Rect { didSet { layOut() } }
    /// The character in the margin beside the focused field.
    public static let focusMarker: Character = ">"

    /// Whether the form has the keyboard; set by its owner. Only then is the focused
    /// field marked and the cursor shown.
    public var isFocused = true
    /// The text fields, in the order of ``fieldLabels``.
    public let fields: [TextField]
    /// The buttons, left to right.
    public let buttons: [Button]
    /// Told of edits, presses and focus moves; the owner sets it.
    public weak var delegate: (any FormDelegate)?
    /// The styles of the labels, brackets, fields and buttons.
    public var theme: Theme = .standard { didSet { applyTheme() } }

    private let labels: [Label]
    private let focusGroup: FocusGroup

    /// Creates a form with a field for each of `fieldLabels` and a button for each of
    /// `buttonTitles`; the first field has the focus.
    public init(fieldLabels: [String], buttonTitles: [String],
                frame: Rect = Rect(x: 0, y: 0, width: 0, height: 0)) {
        self.frame = frame
        labels = fieldLabels.map { Label($0) }
        fields = fieldLabels.map { _ in TextField() }
        buttons = buttonTitles.map { Button(title: $0) }
        focusGroup = FocusGroup(fields + buttons)
        focusGroup.delegate = self
        for field in fields { field.delegate = self }
        for button in buttons { button.addTarget(self, action: Form.buttonPressed) }
        applyTheme()
        layOut()
    }

    /// The labels of the fields, in order.
    public var fieldLabels: [String] { labels.map(\.text) }

    /// The rows the form needs: one per field and one for the buttons.
    public var preferredHeight: Int { fields.count + 1 }

    // MARK: Focus

    /// The field or button that has the focus.
    public var focusedWidget: (any Widget)? { focusGroup.focusedWidget }

    /// Gives the focus to the field at `index`.
    public func focusField(at index: Int) { focusGroup.focus(fields[index]) }

    /// Moves the focus to the next field or button, after the last back to the first.
    public func focusNext() { focusGroup.focusNext() }

    /// Moves the focus to the previous field or button, before the first to the last.
    public func focusPrevious() { focusGroup.focusPrevious() }

    /// The cursor in the focused field, or on the focused button's title, while the form
    /// has the focus.
    public var cursorPosition: Point? { isFocused ? focusGroup.cursorPosition : nil }

    // MARK: Input

    /// Offers `event` to the focused field or button, then uses it to move the focus
    /// (Tab, Down and Enter forward; Shift-Tab and Up back); a mouse event goes to the
    /// field or button under the pointer.
    public func handle(_ event: InputEvent) -> KeyResult { focusGroup.handle(event) }

    private func buttonPressed(_ button: Button) {
        guard let index = buttons.firstIndex(where: { $0 === button }) else { return }
        delegate?.form(self, didPressButtonAt: index)
    }

    // MARK: Layout

    /// The columns of the opening and closing brackets around every field.
    private var bracketColumns: (open: Int, close: Int) {
        let labelWidth = labels.map(\.preferredWidth).max() ?? 0
        let open = frame.x + 1 + labelWidth + 1
        return (open, max(open + 1, frame.maxX - 2))
    }

    /// The row the buttons share, from under the opening brackets.
    private var buttonRow: Rect {
        let open = bracketColumns.open
        return Rect(x: open, y: frame.y + fields.count, width: max(0, frame.maxX - open - 1), height: 1)
    }

    private func layOut() {
        let (open, close) = bracketColumns
        let labelWidth = open - frame.x - 2
        for (index, (label, field)) in zip(labels, fields).enumerated() {
            let y = frame.y + index
            label.frame = Rect(x: frame.x + 1, y: y, width: labelWidth, height: 1)
            field.frame = Rect(x: open + 1, y: y, width: max(0, close - open - 1), height: 1)
        }
        layOutButtons()
    }

    /// Places the buttons left to right, two columns apart (one when the row is
    /// narrow); a button that does not fit whole gets an empty frame.
    private func layOutButtons() {
        let row = buttonRow
        let widths = buttons.map(\.preferredWidth)
        let gap = widths.reduce(0, +) + 2 * (buttons.count - 1) <= row.width ? 2 : 1
        var x = row.x
        for (button, width) in zip(buttons, widths) {
            let fits = x + width <= row.maxX
            button.frame = Rect(x: x, y: row.y, width: fits ? width : 0, height: 1)
            x += width + gap
        }
    }

    private func applyTheme() {
        for label in labels { label.style = theme.formLabel }
        for field in fields { field.theme = theme.forFormField }
        for button in buttons { button.theme = theme }
    }

    // MARK: Drawing

    /// Draws every field row (label, brackets, field) and the button row.
    public func draw(into canvas: inout Canvas) {
        guard !frame.isEmpty else { return }
        let (open, close) = bracketColumns
        for (index, (label, field)) in zip(labels, fields).enumerated() where index < frame.height {
            let y = frame.y + index
            canvas.fill(Rect(x: frame.x, y: y, width: open - frame.x, height: 1))
            if isFocused && field.isFocused {
                canvas.put(String(Self.focusMarker), at: Point(x: frame.x, y: y), style: theme.formFocusMarker)
            }
            label.draw(into: &canvas)
            canvas.put("[", at: Point(x: open, y: y), style: theme.border)
            canvas.put("]", at: Point(x: close, y: y), style: theme.border)
            field.draw(into: &canvas)
        }
        guard fields.count < frame.height else { return }
        canvas.fill(buttonRow)
        for button in buttons { button.draw(into: &canvas) }
    }
}

extension Form: TextFieldDelegate {
    /// Tells the delegate which field the user edited.
    public func textFieldDidChange(_ field: TextField) {
        guard let index = fields.firstIndex(where: { $0 === field }) else { return }
        delegate?.form(self, didChangeFieldAt: index)
    }
}

extension Form: FocusGroupDelegate {
    /// Tells the delegate the focus moved.
    public func focusGroup(_ group: FocusGroup, didMoveFocusFrom previous: (any Widget)?) {
        delegate?.formDidMoveFocus(self)
    }
}
