/// One piece of input as widgets and controllers receive it: a key press, a mouse
/// event, a bracketed paste, or a change of the terminal's size.
///
/// The terminal layer decodes these; widgets and controllers see only these values,
/// never ncurses key codes. Only ``key(_:)`` events are looked up in a ``KeyMap``.
public enum InputEvent: Hashable, Sendable {
    /// A key press.
    case key(Key)
    /// A mouse event at a screen cell.
    case mouse(MouseEvent)
    /// Text that arrived as one bracketed paste, unfiltered.
    case paste(String)
    /// The terminal changed size.
    case resize

    /// True for text: a character typed or a paste.
    public var isText: Bool {
        switch self {
        case .key(.character), .paste: true
        default: false
        }
    }

    /// The key pressed; nil for any other event.
    public var pressedKey: Key? {
        if case .key(let key) = self { key } else { nil }
    }

    /// The text it is: the character typed or the paste; empty for any other event.
    public var typedText: String {
        switch self {
        case .key(.character(let character)): String(character)
        case .paste(let text): text
        default: ""
        }
    }
}

/// A mouse event: where and what.
public struct MouseEvent: Hashable, Sendable {
    /// What the button or wheel did.
    public enum Kind: Hashable, Sendable { case press, release, click, scrollUp, scrollDown }
    /// The screen cell, column and row from 0.
    public var position: Point
    /// What happened there.
    public var kind: Kind
    /// An event of `kind` at `position`.
    public init(position: Point, kind: Kind) { self.position = position; self.kind = kind }
}
