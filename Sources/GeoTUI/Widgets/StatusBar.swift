/// A one-row status bar: where things stand on the left, the last thing that happened
/// on the right, and, when asked, a prompted text field before them.
///
/// ```
///  Cache 2 of 3                                           Added and saved
///  Find: zurich                          Match 1 of 2     ^N/^P move through the matches
/// ```
///
/// The bar lays its parts out itself: ``text`` one column in from the left (after the
/// prompt and the field while ``showsField`` is set), ``note`` right-aligned one column
/// in from the right, starting two columns after the text, so a long note is cut
/// rather than written over the text; where both do not fit, the text keeps up to two
/// thirds of the room, and the note the rest, but where that would cut either to a bare
/// `…` the text is left out and the note has the room. A text or note cut short shows its first
/// whole words and `…`, never part of a word. The field is as wide as ``fieldWidth`` says,
/// except where the note would keep fewer than ``leastNoteWidth`` columns: then the field
/// gives way first, down to ``leastFieldWidth``, and then the prompt, cut to its first
/// characters and `…` (a narrow row's "Needs Mai…"), so that the note is read. The
/// bar knows nothing of what the texts mean; its owner sets them and forwards keys to
/// ``handle(_:)`` while the field is shown.
public final class StatusBar: Widget {
    /// How wide the field is.
    public enum FieldWidth: Sendable {
        /// For a word or two (a search, coordinates): half the row less eight columns,
        /// at most ``StatusBar/maximumFieldWidth`` and at least one.
        case short
        /// For a sentence: the row less the prompt, the text and a quarter of the row
        /// kept for the note, at most ``StatusBar/maximumWideFieldWidth`` (the field
        /// scrolls); never narrower than ``short``.
        case wide
    }

    /// The widest a ``FieldWidth/short`` field grows.
    public static let maximumFieldWidth = 30
    /// The widest a ``FieldWidth/wide`` field grows: a wider row gives the rest to the note.
    public static let maximumWideFieldWidth = 72

    /// Where the bar draws; only the first row is used.
    public var frame: Rect { didSet { layOut() } }
    /// Never set by a focus group: the owner shows the field with ``showsField``.
    public var isFocused = false
    /// Where things stand, on the left.
    public var text: String {
        get { textLabel.text }
        set { textLabel.text = newValue; layOut() }
    }
    /// The last thing that happened, on the right, on its one row: a line break in it (a
    /// file name holding one) shows as "␤", as the pane shows control characters.
    public var note: String {
        get { noteLabel.text }
        set {
            noteLabel.text = newValue.contains(where: \.isNewline)
                ? String(newValue.map { $0.isNewline ? "\u{2424}" : $0 }) : newValue
            layOut()
        }
    }
    /// The field shown after the prompt while ``showsField`` is set.
    public let field = TextField()
    /// Whether the prompt and the field are shown; the field has the focus while they are.
    public var showsField = false {
        didSet {
            field.isFocused = showsField
            layOut()
        }
    }
    /// How wide the field is while it is shown.
    public var fieldWidth = FieldWidth.short { didSet { layOut() } }
    /// The fewest columns the note keeps while the field is shown (a note that needs
    /// fewer keeps what it needs): the owner's longest note that must be read whole.
    public var leastNoteWidth = 0 { didSet { layOut() } }
    /// The narrowest the field becomes to leave the note ``leastNoteWidth``.
    public static let leastFieldWidth = 8
    /// The narrowest the prompt is cut to for the note: three characters and `…`.
    public static let leastPromptWidth = 4
    /// The styles of the texts and the field.
    public var theme: Theme = .standard { didSet { applyTheme() } }

    private let promptLabel: Label
    private let textLabel = Label()
    private let noteLabel = Label(alignment: .right)

    /// Creates a status bar whose field is introduced by `prompt`, such as "Find:".
    public init(prompt: String, frame: Rect = Rect(x: 0, y: 0, width: 0, height: 1)) {
        promptLabel = Label(prompt)
        self.prompt = prompt
        self.frame = frame
        textLabel.fitsWholeWords = true
        noteLabel.fitsWholeWords = true
        applyTheme()
        layOut()
    }

    /// The text before the field ("Find:"); one status bar may ask for several things.
    public var prompt: String { didSet { layOut() } }

    /// Where the text is drawn, as laid out.
    var textFrame: Rect { textLabel.frame }
    /// Where the note is drawn, as laid out.
    var noteFrame: Rect { noteLabel.frame }

    /// The cursor in the field while it is shown.
    public var cursorPosition: Point? { showsField ? field.cursorPosition : nil }

    /// Gives input events to the field while it is shown.
    public func handle(_ event: InputEvent) -> KeyResult {
        showsField ? field.handle(event) : .ignored
    }

    /// Columns between the prompt and the field.
    private static let promptGap = 1
    /// Columns after the field, and between the text and the note.
    private static let partGap = 2

    private func layOut() {
        let row = Rect(x: frame.x, y: frame.y, width: frame.width, height: min(1, frame.height))
        var x = row.x + 1
        if showsField {
            var promptWidth = prompt.displayWidth
            var width = fieldWidth(after: x + promptWidth + Self.promptGap, in: row)
            // The note's columns with the text left out: from after the field to one before the row's end.
            let noteRoom = row.maxX - (x + promptWidth + Self.promptGap + width + Self.partGap) - 1
            var short = min(noteLabel.text.displayWidth, leastNoteWidth) - noteRoom
            if short > 0 {
                let given = min(short, max(0, width - Self.leastFieldWidth))
                width -= given
                short -= given
                promptWidth = max(min(promptWidth, Self.leastPromptWidth), promptWidth - max(0, short))
            }
            promptLabel.text = TextFitting.clipped(prompt, width: promptWidth)
            promptWidth = promptLabel.preferredWidth
            promptLabel.frame = Rect(x: x, y: row.y, width: promptWidth, height: 1)
            let fieldX = x + promptWidth + Self.promptGap
            field.frame = Rect(x: fieldX, y: row.y, width: width, height: 1)
            x = fieldX + width + Self.partGap
        }
        let noteLeast = max(TextFitting.leastWidth(noteLabel.text),
                            showsField ? min(noteLabel.text.displayWidth, leastNoteWidth) : 0)
        let textWidth = Self.textWidth(text: textLabel.text, note: noteLabel.text, noteLeast: noteLeast,
                                       room: max(0, row.maxX - x))
        textLabel.frame = Rect(x: x, y: row.y, width: textWidth, height: 1)
        let noteX = textWidth == 0 ? x : x + textWidth + Self.partGap
        noteLabel.frame = Rect(x: noteX, y: row.y, width: max(0, row.maxX - 1 - noteX), height: 1)
    }

    /// The field's width as ``fieldWidth`` asks when it starts at `fieldX` in `row`.
    private func fieldWidth(after fieldX: Int, in row: Rect) -> Int {
        let short = max(1, min(Self.maximumFieldWidth, row.width / 2 - 8))
        return switch fieldWidth {
        case .short: short
        case .wide:
            max(short, min(Self.maximumWideFieldWidth,
                           row.maxX - fieldX - Self.partGap - textLabel.preferredWidth - Self.partGap - row.width / 4))
        }
    }

    /// The columns the text takes of the `room` after the field: what it needs, but not
    /// more than two thirds when the note needs the rest (a long text would leave a note
    /// only its `…`), and of those only what its whole words fill, the note having the
    /// rest. Where that would still cut the note or the text to a bare `…` (a narrow row,
    /// a prompt's field taking most of it), the text is left out and the note has the
    /// room; a note whose first word does not fit even then leaves the text as it was.
    /// `noteLeast` is the note's fewest columns: its first word and `…`, or more beside a
    /// prompt (``leastNoteWidth``).
    private static func textWidth(text: String, note: String, noteLeast: Int, room: Int) -> Int {
        let textNeeds = text.displayWidth
        guard !note.isEmpty else { return min(textNeeds, room) }
        // The note's columns: from two after the text to one before the row's end.
        func noteWidth(after textWidth: Int) -> Int { room - (textWidth == 0 ? 0 : textWidth + partGap) - 1 }
        let width = max(0, min(textNeeds, max(room - partGap - note.displayWidth - 1, room * 2 / 3)))
        let used = TextFitting.fitted(text, width: width).displayWidth
        let textIsBare = width < min(textNeeds, TextFitting.leastWidth(text))
        if noteWidth(after: used) < noteLeast || textIsBare, noteWidth(after: 0) >= noteLeast { return 0 }
        return used
    }

    private func applyTheme() {
        promptLabel.style = theme.prompt
        textLabel.style = theme.normal
        noteLabel.style = theme.hint
        field.theme = theme.forFormField
    }

    /// Clears the row and draws the prompt and field (when shown), the text and the note.
    public func draw(into canvas: inout Canvas) {
        guard !frame.isEmpty else { return }
        canvas.fill(Rect(x: frame.x, y: frame.y, width: frame.width, height: 1))
        if showsField {
            promptLabel.draw(into: &canvas)
            field.draw(into: &canvas)
        }
        textLabel.draw(into: &canvas)
        noteLabel.draw(into: &canvas)
    }
}
