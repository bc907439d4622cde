/// What a text field tells its owner.
public protocol TextFieldDelegate: AnyObject {
    /// Called after each edit by the user that changed the field's text (typing, deleting,
    /// a paste), never when the owner sets ``TextField/text`` itself.
    func textFieldDidChange(_ field: TextField)
}

/// A single-line text field with readline-style editing.
///
/// The field edits an ``EditableText`` by grapheme cluster and draws one row: text wider
/// than the field scrolls sideways in jumps of half the field when the cursor reaches an
/// edge (a few columns of context are kept around the cursor), and a `…` at either edge
/// shows that the text goes on there. Focus is drawn in
/// reverse video. Enter, Tab, Up and Down are left to the owner (a ``FocusGroup`` moves
/// on with them).
///
/// Keys: printable characters insert; Left/Right and Ctrl-B/Ctrl-F move; Home/End and
/// Ctrl-A/Ctrl-E jump; Backspace/Ctrl-H and Delete/Ctrl-D delete; Ctrl-K, Ctrl-U and
/// Ctrl-W kill to the end, to the start and the word before the cursor; Alt-B/Alt-F and
/// Ctrl-Left/Ctrl-Right move by word; Alt-D deletes the next word; a paste is one edit.
///
/// ```swift
/// let title = TextField(frame: Rect(x: 10, y: 2, width: 30, height: 1))
/// title.placeholder = "Title"
/// title.delegate = controller          // told after every edit
/// _ = title.handle(.character("東"))
/// title.text                           // "東"
/// ```
public final class TextField: Widget {
    /// The marker drawn at an edge where the text continues out of sight.
    public static let overflowMarker: Character = "…"

    /// Where the field draws; only the first row is used.
    public var frame: Rect {
        didSet {
            scrollCursorIntoView()
            fillAfterWidening()
        }
    }
    /// Set by the focus machinery; a focused field draws in reverse video and shows the cursor.
    public var isFocused = false
    /// Text fields always take part in focus order.
    public var canFocus: Bool { true }
    /// Dim text shown while the field is empty.
    public var placeholder = ""
    /// The styles the field draws with.
    public var theme: Theme = .standard
    /// Told after each edit that changed the text; the owner sets it.
    public weak var delegate: (any TextFieldDelegate)?

    /// The text and cursor being edited.
    public private(set) var content = EditableText()
    /// The first cluster shown at the left edge.
    public private(set) var firstVisibleIndex = 0

    /// Creates an empty field.
    public init(frame: Rect = Rect(x: 0, y: 0, width: 0, height: 1), text: String = "") {
        self.frame = frame
        self.text = text
    }

    /// The field's text. Setting it puts the cursor at the end and does not call the delegate.
    ///
    /// A text longer than ``editableBytes`` set here is kept whole but not edited
    /// (``LongText/keptWhole``): the field shows its start (the cursor at the start) and
    /// ignores the keys that would change it, so reading ``text`` back gives it unchanged.
    /// Only a text the field can edit is broken into grapheme clusters, which costs its
    /// whole length (and many bytes a character). ``setText(_:ifLong:)`` lets the owner
    /// have a long text edited instead.
    public var text: String {
        get { longText ?? content.text }
        set { setText(newValue, ifLong: .keptWhole) }
    }

    /// What the field does with a text longer than ``editableBytes`` its owner sets.
    public enum LongText: Sendable {
        /// Kept whole and not edited, its start shown: a text from elsewhere, given back as it was.
        case keptWhole
        /// Edited like any other, as typing or a paste of that length left it.
        case edited
    }

    /// Sets the field's text, the cursor at its end, without calling the delegate; a text
    /// longer than ``editableBytes`` is held as `long` says.
    public func setText(_ newValue: String, ifLong long: LongText) {
        if long == .keptWhole, newValue.utf8.count > Self.editableBytes {
            longText = newValue
            content = EditableText(String(newValue.prefix(Self.longTextShownCharacters)))
            content.moveToStart()
        } else {
            longText = nil
            content = EditableText(newValue)
        }
        firstVisibleIndex = 0
        scrollCursorIntoView()
    }

    /// The longest text, in UTF-8 bytes, the field edits.
    public static let editableBytes = 1 << 20
    /// How many characters of a text too long to edit the field shows from its start.
    static let longTextShownCharacters = 1024

    /// A text longer than ``editableBytes``, kept whole; ``content`` holds its start.
    private var longText: String?

    /// True while the field holds a text longer than ``editableBytes``: it shows the
    /// start and keeps the text as it was set.
    public var isTooLongToEdit: Bool { longText != nil }

    /// The cursor as a cluster index into the text.
    public var cursorIndex: Int { content.cursor }

    // MARK: Input

    /// The keys ``handle(_:)`` acts on, described for a help screen (typing and pasting
    /// aside). Kept beside `handle` so the two are read together.
    public static let editingKeys: [KeyDescription] = [
        KeyDescription(keys: [.left, .control("b")], description: "One character left"),
        KeyDescription(keys: [.right, .control("f")], description: "One character right"),
        KeyDescription(keys: [.home, .control("a")], description: "Start of the text"),
        KeyDescription(keys: [.end, .control("e")], description: "End of the text"),
        KeyDescription(keys: [.wordLeft, .alt("b")], description: "One word left"),
        KeyDescription(keys: [.wordRight, .alt("f")], description: "One word right"),
        KeyDescription(keys: [.backspace], description: "Delete the character before the cursor"),
        KeyDescription(keys: [.delete, .control("d")], description: "Delete the character under the cursor"),
        KeyDescription(keys: [.control("w")], description: "Delete the word before the cursor"),
        KeyDescription(keys: [.alt("d")], description: "Delete the word after the cursor"),
        KeyDescription(keys: [.control("u")], description: "Delete to the start"),
        KeyDescription(keys: [.control("k")], description: "Delete to the end"),
    ]

    /// Edits the text for editing keys; leaves Enter, Tab, Up, Down, Esc and unknown keys
    /// to the owner by returning `.ignored`.
    public func handle(_ event: InputEvent) -> KeyResult {
        let revision = content.revision
        if isTooLongToEdit, changesText(event) { return .handled }
        switch event {
        case .key(.character(let c)):
            guard !EditableText.isControl(c) else { return .ignored }
            content.insert(String(c))
        case .paste(let pasted):
            content.insert(EditableText.singleLine(pasted))
        case .key(.left), .key(.control("b")): content.moveLeft()
        case .key(.right), .key(.control("f")): content.moveRight()
        case .key(.home), .key(.control("a")): content.moveToStart()
        case .key(.end), .key(.control("e")): content.moveToEnd()
        case .key(.wordLeft), .key(.alt("b")): content.moveWordLeft()
        case .key(.wordRight), .key(.alt("f")): content.moveWordRight()
        case .key(.backspace): content.deleteBackward()
        case .key(.delete): content.deleteForward()
        case .key(.control("d")):
            guard !content.isEmpty else { return .ignored }
            content.deleteForward()
        case .key(.control("k")): content.killToEnd()
        case .key(.control("u")): content.killToStart()
        case .key(.control("w")): content.deleteWordBackward()
        case .key(.alt("d")): content.deleteWordForward()
        case .mouse(let event):
            guard frame.contains(event.position) else { return .ignored }
            switch event.kind {
            case .press, .click, .release:
                content.moveCursor(to: index(atColumn: event.position.x))
            case .scrollUp, .scrollDown:
                return .ignored
            }
        default:
            return .ignored
        }
        scrollCursorIntoView()
        if content.revision != revision { delegate?.textFieldDidChange(self) }
        return .handled
    }

    /// Whether `event` is one that edits the text (for a text too long to edit, it is
    /// taken and does nothing).
    private func changesText(_ event: InputEvent) -> Bool {
        switch event {
        case .paste: return true
        case .key(.character(let c)): return !EditableText.isControl(c)
        case .key(.backspace), .key(.delete), .key(.control("d")), .key(.control("k")), .key(.control("u")),
             .key(.control("w")), .key(.alt("d")):
            return true
        default: return false
        }
    }

    // MARK: Drawing

    /// Draws the visible part of the text on the first row of ``frame``.
    public func draw(into canvas: inout Canvas) {
        let row = visibleRow
        guard !row.isEmpty else { return }
        scrollCursorIntoView()
        let style = isFocused ? theme.focusedField : theme.field
        canvas.fill(row, style: style)
        if content.isEmpty {
            let hint = isFocused ? theme.focusedField.adding(.dim) : theme.placeholder
            canvas.put(placeholder, at: row.origin, style: hint, clip: row)
            return
        }
        let layout = self.layout
        if layout.showsLeftMarker {
            canvas.put(String(Self.overflowMarker), at: row.origin,
                       style: theme.overflowMarker.adding(style.attributes), clip: row)
        }
        var x = row.x + (layout.showsLeftMarker ? 1 : 0)
        for i in firstVisibleIndex..<layout.endIndex {
            x += canvas.put(String(content.characters[i]), at: Point(x: x, y: row.y), style: style,
                            clip: row)
        }
        if layout.showsRightMarker {
            canvas.put(String(Self.overflowMarker), at: Point(x: row.maxX - 1, y: row.y),
                       style: theme.overflowMarker.adding(style.attributes), clip: row)
        }
    }

    /// The screen cell of the cursor while the field is focused.
    public var cursorPosition: Point? {
        let row = visibleRow
        guard isFocused, !row.isEmpty else { return nil }
        let layout = self.layout
        let start = min(firstVisibleIndex, content.cursor)
        let x = row.x + (layout.showsLeftMarker ? 1 : 0) + content.width(of: start..<content.cursor)
        return Point(x: min(x, row.maxX - 1), y: row.y)
    }

    // MARK: Horizontal scrolling

    /// What one row shows from ``firstVisibleIndex``: where the text stops and which edge
    /// markers are needed.
    private struct Layout {
        var endIndex: Int
        var showsLeftMarker: Bool
        var showsRightMarker: Bool
    }

    private var visibleRow: Rect {
        Rect(x: frame.x, y: frame.y, width: max(0, frame.width), height: min(1, max(0, frame.height)))
    }

    /// Whether edge markers are drawn at all: a very narrow field uses every column for text.
    private var usesMarkers: Bool { frame.width >= 4 }

    /// Columns of text kept visible beside the cursor when the field scrolls.
    private var context: Int { max(1, min(8, frame.width / 4)) }

    private var layout: Layout {
        let width = frame.width
        let start = firstVisibleIndex
        let left = usesMarkers && start > 0
        var available = width - (left ? 1 : 0)
        // Does everything from `start` fit (with a cell for an end-of-text cursor)?
        var used = 0
        var end = start
        while end < content.count, used + content.width(at: end) <= available {
            used += content.width(at: end)
            end += 1
        }
        if end == content.count || !usesMarkers {
            return Layout(endIndex: end, showsLeftMarker: left, showsRightMarker: false)
        }
        available -= 1
        used = 0
        end = start
        while end < content.count, used + content.width(at: end) <= available {
            used += content.width(at: end)
            end += 1
        }
        return Layout(endIndex: end, showsLeftMarker: left, showsRightMarker: true)
    }

    /// The smallest index `s` with the clusters `s..<index` no wider than `columns`.
    private func start(before index: Int, within columns: Int) -> Int {
        var s = index
        var used = 0
        while s > 0, used + content.width(at: s - 1) <= columns {
            used += content.width(at: s - 1)
            s -= 1
        }
        return s
    }

    /// The width of `from..<to`, giving up once it passes `limit` (so the cost is bounded
    /// by the field's width, not the text's length).
    private func measure(from: Int, to: Int, limit: Int) -> Int {
        var used = 0
        var i = from
        while i < to, used <= limit {
            used += content.width(at: i)
            i += 1
        }
        return i < to ? limit + 1 : used
    }

    /// After the field widened: a view scrolled so far that blank columns would follow
    /// the text's end shows more of the text before it instead (the cursor, at or after
    /// the first visible character, stays in view).
    private func fillAfterWidening() {
        guard firstVisibleIndex > 0, usesMarkers else { return }
        let columns = frame.width
        // The left marker, the text from the first visible character, the end-of-text cell.
        guard 1 + measure(from: firstVisibleIndex, to: content.count, limit: columns) + 1 < columns else { return }
        firstVisibleIndex = min(firstVisibleIndex, start(before: content.count, within: columns - 2))
    }

    /// Moves ``firstVisibleIndex`` only when the cursor leaves the view, or comes closer
    /// than `context` columns to an edge that hides text: the view then jumps so that the
    /// cursor lands in the middle of the field (readline's horizontal scrolling moves by
    /// such large steps too). Typing at the end of a long text therefore writes one cell
    /// per character, and the whole field only once per half a field of typing, instead
    /// of the whole field on every character.
    private func scrollCursorIntoView() {
        let columns = frame.width
        let cursor = content.cursor
        let cursorCell = cursor < content.count ? content.width(at: cursor) : 1
        guard columns > 0 else { firstVisibleIndex = 0; return }
        if content.totalWidth + 1 <= columns {
            firstVisibleIndex = 0
            return
        }
        guard usesMarkers else {
            if cursor < firstVisibleIndex { firstVisibleIndex = cursor }
            if measure(from: firstVisibleIndex, to: cursor, limit: columns) + cursorCell > columns {
                firstVisibleIndex = start(before: cursor, within: max(0, columns - cursorCell))
            }
            return
        }
        firstVisibleIndex = min(firstVisibleIndex, content.count)
        let after = measure(from: min(cursor + 1, content.count), to: content.count, limit: columns)
        let wantedAfter = min(context, cursor < content.count ? after : 0)
        // After a jump the cursor has this many columns of text before it: half the field,
        // or less when the field is too narrow to keep the context after the cursor too.
        let room = columns - 1 - cursorCell - wantedAfter - 1
        let jump = max(0, min((columns - 1) / 2, room))
        // Left: keep `context` columns of text before the cursor in view.
        let wantedBefore = min(context, measure(from: 0, to: cursor, limit: context))
        if cursor < firstVisibleIndex
            || (firstVisibleIndex > 0 && measure(from: firstVisibleIndex, to: cursor, limit: context) < wantedBefore) {
            firstVisibleIndex = start(before: cursor, within: jump)
        }
        // Right: the cursor cell, then `context` columns of what follows, before the edge.
        let beforeCursor = measure(from: firstVisibleIndex, to: cursor, limit: columns)
        let leftMarker = firstVisibleIndex > 0 ? 1 : 0
        let endsInView = leftMarker + beforeCursor + cursorCell + (cursor < content.count ? after : 0) <= columns
        let rightMarker = endsInView ? 0 : 1
        if leftMarker + beforeCursor + cursorCell + wantedAfter + rightMarker > columns {
            firstVisibleIndex = start(before: cursor, within: jump)
        }
    }

    /// The cluster index nearest to screen column `x` on this field's row.
    private func index(atColumn x: Int) -> Int {
        let layout = self.layout
        var column = frame.x + (layout.showsLeftMarker ? 1 : 0)
        if layout.showsLeftMarker, x < column { return max(0, firstVisibleIndex - 1) }
        var i = firstVisibleIndex
        while i < content.count {
            let w = content.width(at: i)
            if x < column + w { return i }
            column += w
            i += 1
        }
        return content.count
    }
}
