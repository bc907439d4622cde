/// A push button drawn as `[ Title ]` that reports presses by target-action.
///
/// The button keeps each target weakly together with an unapplied method reference,
/// so the owner wires it without the button knowing the owner's type and without a
/// retain cycle:
///
/// ```swift
/// let add = Button(title: "Add")
/// add.addTarget(controller, action: FormController.addPressed)
/// ```
///
/// Enter or Space while focused, or a mouse click (or release) inside its frame, sends
/// the action to every live target in the order they were added.
///
/// Focus is drawn on the title alone (reverse video by default) and the terminal cursor
/// sits on its first letter, as in dialog: moving the focus from one button to the next
/// rewrites the two titles and nothing else.
public final class Button: Widget {
    /// One registered target and how to call its action.
    private struct Target {
        weak var object: AnyObject?
        let invoke: (AnyObject, Button) -> Void
    }

    /// Where the button draws, from the left of the first row.
    public var frame: Rect
    /// Set by the focus machinery; a focused button draws its title in the focused style
    /// and shows the cursor on it.
    public var isFocused = false
    /// Buttons always take part in focus order.
    public var canFocus: Bool { true }
    /// The text between the brackets; the owner may change it at any time.
    public var title: String
    /// Other titles the owner may give the button later: ``preferredWidth`` fits the
    /// widest, so a layout does not move when the title changes.
    public var alternateTitles: [String] = []
    /// The styles the button draws with.
    public var theme: Theme = .standard

    private var targets: [Target] = []

    /// Creates a button with `title`.
    public init(title: String, frame: Rect = Rect(x: 0, y: 0, width: 0, height: 1)) {
        self.title = title
        self.frame = frame
    }

    /// The width `[ Title ]` needs with the widest of ``title`` and
    /// ``alternateTitles``, for laying the button out.
    public var preferredWidth: Int {
        ([title] + alternateTitles).map(\.displayWidth).max()! + 4
    }

    // MARK: Target-action

    /// Calls `action` on `target` each time the button is pressed, while `target` lives.
    /// - Parameters:
    ///   - target: held weakly; once it is gone the action is dropped.
    ///   - action: an unapplied method reference such as `FormController.addPressed`.
    public func addTarget<T: AnyObject>(_ target: T, action: @escaping (T) -> () -> Void) {
        targets.append(Target(object: target) { object, _ in
            if let object = object as? T { action(object)() }
        })
    }

    /// Calls `action` on `target` with the button that was pressed, while `target` lives.
    public func addTarget<T: AnyObject>(_ target: T, action: @escaping (T) -> (Button) -> Void) {
        targets.append(Target(object: target) { object, button in
            if let object = object as? T { action(object)(button) }
        })
    }

    /// Removes every action registered for `target`.
    public func removeTarget(_ target: AnyObject) {
        targets.removeAll { $0.object === target || $0.object == nil }
    }

    /// The number of targets still alive.
    public var targetCount: Int { targets.filter { $0.object != nil }.count }

    /// Sends the action to every live target, as a press does.
    public func sendAction() {
        targets.removeAll { $0.object == nil }
        for target in targets {
            if let object = target.object { target.invoke(object, self) }
        }
    }

    // MARK: Input

    /// Presses the button on Enter or Space, and on a mouse click or release inside ``frame``.
    public func handle(_ event: InputEvent) -> KeyResult {
        switch event {
        case .key(.enter), .key(.character(" ")):
            sendAction()
            return .handled
        case .mouse(let mouse) where frame.contains(mouse.position):
            switch mouse.kind {
            case .click, .release:
                sendAction()
                return .handled
            case .press:
                return .handled
            case .scrollUp, .scrollDown:
                return .ignored
            }
        default:
            return .ignored
        }
    }

    // MARK: Drawing

    /// Draws `[ Title ]` at the start of ``frame``'s first row, clipped to the frame: the
    /// brackets in the button style, the title in the focused button style while focused.
    public func draw(into canvas: inout Canvas) {
        guard frame.width > 0, frame.height > 0 else { return }
        let row = Rect(x: frame.x, y: frame.y, width: frame.width, height: 1)
        var x = row.x + canvas.put("[ ", at: row.origin, style: theme.button, clip: row)
        x += canvas.put(title, at: Point(x: x, y: row.y), style: isFocused ? theme.focusedButton : theme.button,
                        clip: row)
        canvas.put(" ]", at: Point(x: x, y: row.y), style: theme.button, clip: row)
    }

    /// The first letter of the title while the button is focused and drawn.
    public var cursorPosition: Point? {
        guard isFocused, frame.width > 2, frame.height > 0 else { return nil }
        return Point(x: frame.x + 2, y: frame.y)
    }
}
