/// A line of editable text and a cursor, with the readline editing operations.
///
/// The text is kept as grapheme clusters (Swift `Character`s) with each one's display
/// width cached, so the cursor always sits between two clusters: it can never land
/// inside a wide character, an emoji sequence or a letter with combining marks.
/// Insertions re-segment only the clusters next to the edit, so typing a combining
/// mark after a letter joins it to that letter, and a 100 KB paste costs one pass.
///
/// ```swift
/// var line = EditableText("hello world")
/// line.deleteWordBackward()      // "hello "
/// line.insert("東京")            // "hello 東京", cursor at the end
/// line.moveToStart()
/// ```
public struct EditableText: Equatable, Sendable {
    /// The grapheme clusters of the text, in order.
    public private(set) var characters: [Character]
    /// The display width of each cluster, parallel to ``characters``.
    private var widths: [Int]
    /// The display width of the whole text, kept up to date by every edit.
    public private(set) var totalWidth: Int
    /// The cursor as a cluster index: 0 is before the first, ``count`` after the last.
    public private(set) var cursor: Int
    /// A number that changes with every edit of the text (not with cursor moves), so an
    /// owner can tell whether a key changed the text without comparing it.
    public private(set) var revision = 0

    /// Creates a buffer holding `text` with the cursor at its end.
    public init(_ text: String = "") {
        characters = Array(text)
        widths = characters.map(\.displayWidth)
        totalWidth = widths.reduce(0, +)
        cursor = characters.count
    }

    /// The text as one string.
    public var text: String { String(characters) }
    /// The number of grapheme clusters.
    public var count: Int { characters.count }
    /// True when there is no text.
    public var isEmpty: Bool { characters.isEmpty }

    /// The display width of the cluster at `index`.
    public func width(at index: Int) -> Int { widths[index] }

    /// The display width of the clusters in `range`.
    public func width(of range: Range<Int>) -> Int {
        var total = 0
        for i in range { total += widths[i] }
        return total
    }

    // MARK: Cursor movement

    /// Puts the cursor at `index`, clamped to the text.
    public mutating func moveCursor(to index: Int) {
        cursor = min(max(0, index), count)
    }

    /// Moves one cluster left; returns false at the start.
    @discardableResult
    public mutating func moveLeft() -> Bool {
        guard cursor > 0 else { return false }
        cursor -= 1
        return true
    }

    /// Moves one cluster right; returns false at the end.
    @discardableResult
    public mutating func moveRight() -> Bool {
        guard cursor < count else { return false }
        cursor += 1
        return true
    }

    /// Moves to the start of the line.
    public mutating func moveToStart() { cursor = 0 }

    /// Moves to the end of the line.
    public mutating func moveToEnd() { cursor = count }

    /// Moves to the start of the word before the cursor (Alt-B).
    public mutating func moveWordLeft() { cursor = startOfWord(before: cursor) }

    /// Moves to the end of the word after the cursor (Alt-F).
    public mutating func moveWordRight() { cursor = endOfWord(after: cursor) }

    // MARK: Editing

    /// Inserts `string` at the cursor, exactly as given, and moves the cursor after it.
    ///
    /// The clusters on either side of the cursor are segmented again together with the
    /// new text, so a combining mark or a zero-width joiner joins its neighbour.
    public mutating func insert(_ string: String) {
        guard !string.isEmpty else { return }
        var lower = max(0, cursor - 1)
        var upper = min(count, cursor + 1)
        // Flag letters pair from the start of their run: a run beside the insertion is
        // segmented again whole, as the text would be read afresh.
        if lower < cursor, Self.isFlagLetter(characters[lower]) {
            while lower > 0, Self.isFlagLetter(characters[lower - 1]) { lower -= 1 }
        }
        if upper > cursor, Self.isFlagLetter(characters[upper - 1]) {
            while upper < count, Self.isFlagLetter(characters[upper]) { upper += 1 }
        }
        var piece = ""
        for c in characters[lower..<cursor] { piece.append(c) }
        let scalarsThroughInsertion = piece.unicodeScalars.count + string.unicodeScalars.count
        piece.append(string)
        for c in characters[cursor..<upper] { piece.append(c) }

        let segmented = Array(piece)
        var scalars = 0
        var inserted = 0
        while inserted < segmented.count, scalars < scalarsThroughInsertion {
            scalars += segmented[inserted].unicodeScalars.count
            inserted += 1
        }
        replace(lower..<upper, with: segmented)
        cursor = lower + inserted
    }

    /// Whether `character` is made of regional indicators (a flag, or a flag letter alone).
    private static func isFlagLetter(_ character: Character) -> Bool {
        character.unicodeScalars.first.map { (0x1F1E6...0x1F1FF).contains($0.value) } ?? false
    }

    /// Deletes the cluster before the cursor (Backspace); returns false when there is none.
    @discardableResult
    public mutating func deleteBackward() -> Bool {
        guard cursor > 0 else { return false }
        remove(cursor - 1..<cursor)
        return true
    }

    /// Deletes the cluster under the cursor (Delete); returns false at the end.
    @discardableResult
    public mutating func deleteForward() -> Bool {
        guard cursor < count else { return false }
        remove(cursor..<cursor + 1)
        return true
    }

    /// Deletes from the cursor to the end of the line (Ctrl-K); returns whether anything went.
    @discardableResult
    public mutating func killToEnd() -> Bool {
        guard cursor < count else { return false }
        remove(cursor..<count)
        return true
    }

    /// Deletes from the start of the line to the cursor (Ctrl-U); returns whether anything went.
    @discardableResult
    public mutating func killToStart() -> Bool {
        guard cursor > 0 else { return false }
        remove(0..<cursor)
        return true
    }

    /// Deletes the whitespace-delimited word before the cursor and the spaces after it
    /// (Ctrl-W, as readline's unix-word-rubout); returns whether anything went.
    @discardableResult
    public mutating func deleteWordBackward() -> Bool {
        var start = cursor
        while start > 0, characters[start - 1].isWhitespace { start -= 1 }
        while start > 0, !characters[start - 1].isWhitespace { start -= 1 }
        guard start < cursor else { return false }
        remove(start..<cursor)
        return true
    }

    /// Deletes from the cursor to the end of the next word (Alt-D); returns whether anything went.
    @discardableResult
    public mutating func deleteWordForward() -> Bool {
        let end = endOfWord(after: cursor)
        guard end > cursor else { return false }
        remove(cursor..<end)
        return true
    }

    // MARK: Paste

    /// `text` made fit for a single-line field: each run of line breaks ("\r\n", "\n",
    /// "\r", and blank lines between) and each tab becomes one space, and every other
    /// control character (C0, DEL, C1, and so the ESC that starts an escape sequence) is
    /// dropped. A terminal pastes a line break as "\r", so a text copied with "\r\n"
    /// arrives as "\r\r": one break all the same.
    public static func singleLine(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        var previousWasBreak = false
        for scalar in text.unicodeScalars {
            let v = scalar.value
            defer { previousWasBreak = v == 0x0A || v == 0x0D }
            switch v {
            case 0x0A where previousWasBreak, 0x0D where previousWasBreak:
                continue
            case 0x09, 0x0A, 0x0D:
                result.append(" ")
            case _ where scalar.isControlCharacter:
                continue
            default:
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// True when `character` is a control character that a field never takes as typed text.
    public static func isControl(_ character: Character) -> Bool {
        character.unicodeScalars.contains(where: \.isControlCharacter)
    }

    // MARK: Private

    /// True for clusters that belong to a word in word moves: anything but whitespace
    /// and punctuation (letters, digits, CJK, emoji).
    private func isWordCharacter(_ c: Character) -> Bool {
        !c.isWhitespace && !c.isPunctuation
    }

    private func startOfWord(before index: Int) -> Int {
        var i = index
        while i > 0, !isWordCharacter(characters[i - 1]) { i -= 1 }
        while i > 0, isWordCharacter(characters[i - 1]) { i -= 1 }
        return i
    }

    private func endOfWord(after index: Int) -> Int {
        var i = index
        while i < count, !isWordCharacter(characters[i]) { i += 1 }
        while i < count, isWordCharacter(characters[i]) { i += 1 }
        return i
    }

    private mutating func replace(_ range: Range<Int>, with new: [Character]) {
        let newWidths = new.map(\.displayWidth)
        totalWidth += newWidths.reduce(0, +) - width(of: range)
        characters.replaceSubrange(range, with: new)
        widths.replaceSubrange(range, with: newWidths)
        revision &+= 1
    }

    /// Removes `range`, leaves the cursor at its start, and joins the clusters that now
    /// meet if Unicode segments them as one (two halves of a flag, for instance).
    private mutating func remove(_ range: Range<Int>) {
        replace(range, with: [])
        cursor = range.lowerBound
        let i = range.lowerBound
        guard i > 0, i < count else { return }
        let joined = String(characters[i - 1]) + String(characters[i])
        if joined.count == 1 {
            replace(i - 1..<i + 1, with: Array(joined))
            cursor = i - 1
        }
    }
}
