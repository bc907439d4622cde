/// A key press, paste or terminal event, as the terminal layer decodes it.
///
/// Widgets and controllers see only these values, never ncurses key codes.
public enum Key: Hashable, Sendable {
    /// A printable character (one grapheme cluster), typed or from a key with a glyph.
    case character(Character)
    /// Ctrl plus a letter, given as the lowercase letter: Ctrl-A is `.control("a")`.
    case control(Character)
    /// Alt (Meta) plus a character: Alt-B is `.alt("b")`.
    case alt(Character)
    case enter, tab, backTab, backspace, delete, escape, insert
    case up, down, left, right, home, end, pageUp, pageDown
    /// Ctrl-Left and Ctrl-Right, the word moves of many terminals.
    case wordLeft, wordRight
    /// Function key F1 to F12.
    case function(Int)
    /// A mouse event at a screen cell.
    case mouse(MouseEvent)
    /// Text that arrived as one bracketed paste, unfiltered.
    case paste(String)
    /// The terminal changed size.
    case resize
}

/// A mouse event: where and what.
public struct MouseEvent: Hashable, Sendable {
    public enum Kind: Hashable, Sendable { case press, release, click, scrollUp, scrollDown }
    public var position: Point
    public var kind: Kind
    public init(position: Point, kind: Kind) { self.position = position; self.kind = kind }
}
