/// A key press, as the terminal layer decodes it: a character, Ctrl or Alt with a
/// character, a named key or a function key.
///
/// Mouse events, pastes and resizes are not keys: they are other cases of
/// ``InputEvent``, which carries a key as ``InputEvent/key(_:)``. Key bindings
/// (``KeyMap``) map keys only.
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
}

extension Key {
    /// The key this one stands for: F1 to F10 for Alt-1 to Alt-9 and Alt-0 (Midnight
    /// Commander's way, for keyboards without function keys, as on phone and web SSH
    /// clients); else itself.
    public var meant: Key {
        guard case .alt(let character) = self, let digit = character.wholeNumberValue,
              character.isASCII else { return self }
        return .function(digit == 0 ? 10 : digit)
    }
}
