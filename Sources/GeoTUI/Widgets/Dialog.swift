/// What a dialog tells its owner.
public protocol DialogDelegate: AnyObject {
    /// Called once per answer: the person pressed Yes or No (Esc counts as No).
    func dialog(_ dialog: Dialog, didChoose choice: Dialog.Choice)
}

/// A modal Yes/No question: a wrapped message over two buttons, in a bordered box
/// centred in ``frame`` (usually the whole screen), drawn over whatever is below.
///
/// The answer is reported to the ``delegate``; the dialog neither hides itself nor
/// knows what the question is about: its owner shows it, routes keys to it while it is
/// up, and takes it down when the delegate hears the answer.
///
/// Keys: Left/Right and Tab/Shift-Tab move between the buttons, Enter or Space press
/// the focused one, `y` answers Yes, `n` and Esc answer No; a click on a button presses
/// it. The focus starts on No, so a hasty Enter never confirms.
public final class Dialog: Widget {
    /// The two answers.
    public enum Choice: Hashable, Sendable {
        case yes, no
    }

    /// The area the box is centred in; mouse events anywhere inside it are taken.
    public var frame: Rect
    /// Set by the owner's focus machinery; the dialog draws its focused button either way.
    public var isFocused = false
    /// A dialog takes the focus while it is shown.
    public var canFocus: Bool { true }
    /// The question, word-wrapped in the box.
    public var message: String
    /// A title set into the box's top border, or nil.
    public var title: String?
    /// The button whose press Enter or Space makes.
    public var focusedChoice: Choice
    /// Told the answer; the owner sets it.
    public weak var delegate: (any DialogDelegate)?
    /// The styles of the box, the message and the buttons.
    public var theme: Theme = .standard {
        didSet { yesButton.theme = theme; noButton.theme = theme }
    }

    /// The widest the message is wrapped to.
    public static let maximumMessageWidth = 50

    private let yesButton: Button
    private let noButton: Button

    /// Creates a dialog asking `message`, with buttons titled `yesTitle` and `noTitle`.
    public init(message: String, title: String? = nil, yesTitle: String = "Yes", noTitle: String = "No",
                defaultChoice: Choice = .no, frame: Rect = Rect(x: 0, y: 0, width: 0, height: 0)) {
        self.message = message
        self.title = title
        self.focusedChoice = defaultChoice
        self.frame = frame
        yesButton = Button(title: yesTitle)
        noButton = Button(title: noTitle)
        yesButton.addTarget(self, action: Dialog.yesPressed)
        noButton.addTarget(self, action: Dialog.noPressed)
    }

    /// The title of the button that answers Yes.
    public var yesTitle: String {
        get { yesButton.title }
        set { yesButton.title = newValue }
    }

    /// The title of the button that answers No.
    public var noTitle: String {
        get { noButton.title }
        set { noButton.title = newValue }
    }

    /// Answers `choice` as if its button had been pressed.
    public func choose(_ choice: Choice) {
        focusedChoice = choice
        delegate?.dialog(self, didChoose: choice)
    }

    private func yesPressed() { choose(.yes) }
    private func noPressed() { choose(.no) }

    // MARK: Layout

    private static let buttonGap = 2

    private var buttonsWidth: Int { yesButton.preferredWidth + Self.buttonGap + noButton.preferredWidth }

    private var messageLines: [String] {
        let width = max(1, min(Self.maximumMessageWidth, max(buttonsWidth, frame.width - 4)))
        return TextWrapping.lines(message, width: width)
    }

    /// The box the dialog draws, centred in ``frame`` and no bigger than it.
    public var boxFrame: Rect {
        let lines = messageLines
        let contentWidth = max(buttonsWidth, lines.map(\.displayWidth).max() ?? 0)
        let width = min(frame.width, contentWidth + 4)
        let height = min(frame.height, lines.count + 4)
        return Rect(x: frame.x + (frame.width - width) / 2, y: frame.y + (frame.height - height) / 2,
                    width: width, height: height)
    }

    /// Places the buttons on the box's last inner row, centred.
    private func layOutButtons(in box: Rect) {
        let y = box.maxY - 2
        let x = box.x + max(1, (box.width - buttonsWidth) / 2)
        yesButton.frame = Rect(x: x, y: y, width: yesButton.preferredWidth, height: 1)
        noButton.frame = Rect(x: x + yesButton.preferredWidth + Self.buttonGap, y: y,
                              width: noButton.preferredWidth, height: 1)
        // A button that does not fit whole is not drawn (y, n and Esc still answer).
        let inside = box.insetBy(dx: 1, dy: 1)
        for button in [yesButton, noButton] where button.frame.intersection(inside) != button.frame {
            button.frame = Rect(x: button.frame.x, y: button.frame.y, width: 0, height: 0)
        }
    }

    /// The keys ``handle(_:)`` answers, described for a help screen or a manual.
    public static let answerKeys: [KeyDescription] = [
        KeyDescription(keys: [.character("y")], description: "Yes"),
        KeyDescription(keys: [.character("n"), .escape], description: "No"),
        KeyDescription(keys: [.left, .right, .tab], description: "Move between Yes and No"),
        KeyDescription(keys: [.enter, .character(" ")], description: "Press the focused answer"),
    ]

    // MARK: Input

    /// Moves between the buttons and answers; takes every mouse event inside ``frame``
    /// (the dialog is modal) and leaves other keys to the owner.
    public func handle(_ event: InputEvent) -> KeyResult {
        switch event {
        case .key(.left): focusedChoice = .yes
        case .key(.right): focusedChoice = .no
        case .key(.tab), .key(.backTab): focusedChoice = focusedChoice == .yes ? .no : .yes
        case .key(.enter), .key(.character(" ")): choose(focusedChoice)
        case .key(.character("y")), .key(.character("Y")): choose(.yes)
        case .key(.character("n")), .key(.character("N")), .key(.escape): choose(.no)
        case .mouse(let mouse):
            guard frame.contains(mouse.position) else { return .ignored }
            layOutButtons(in: boxFrame)
            for button in [yesButton, noButton] where button.frame.contains(mouse.position) {
                return button.handle(event)
            }
        default:
            return .ignored
        }
        return .handled
    }

    // MARK: Drawing

    /// Clears the box and draws its border, title, message and buttons.
    public func draw(into canvas: inout Canvas) {
        let box = boxFrame
        guard !box.isEmpty else { return }
        canvas.fill(box, style: theme.normal)
        canvas.drawBox(box, style: theme.border)
        let inside = box.insetBy(dx: 1, dy: 1)
        if let title, !title.isEmpty, box.width > 4 {
            let titleRect = Rect(x: box.x + 1, y: box.y, width: box.width - 2, height: 1)
            canvas.put(" \(title) ", at: titleRect.origin, style: theme.title, clip: titleRect)
        }
        let textRect = Rect(x: inside.x + 1, y: inside.y, width: inside.width - 2, height: inside.height - 2)
        for (row, line) in messageLines.enumerated() where row < textRect.height {
            canvas.put(line, at: Point(x: textRect.x, y: textRect.y + row), style: theme.normal, clip: textRect)
        }
        guard inside.height >= 1 else { return }
        layOutButtons(in: box)
        yesButton.isFocused = focusedChoice == .yes
        noButton.isFocused = focusedChoice == .no
        for button in [yesButton, noButton] where !button.frame.isEmpty { button.draw(into: &canvas) }
    }
}
