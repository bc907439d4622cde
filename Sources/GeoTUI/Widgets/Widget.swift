/// What a widget did with an input event: used it, or left it for its owner.
public enum KeyResult: Equatable, Sendable {
    case handled
    case ignored
}

/// The one protocol every widget satisfies: a passive rendering algorithm for an area
/// of a ``Canvas``, plus key handling that reports back only through its result and
/// through the delegate, target-action or data source its owner set.
///
/// Widgets know nothing of the application's data, of ncurses, or of who owns them.
public protocol Widget: AnyObject {
    /// Where the widget draws, in screen cells. The owner lays widgets out.
    var frame: Rect { get set }
    /// True when the widget takes part in focus order.
    var canFocus: Bool { get }
    /// Set by the focus machinery; a focused widget draws its focus style.
    var isFocused: Bool { get set }
    /// Draws the widget into `canvas` within ``frame``.
    func draw(into canvas: inout Canvas)
    /// Reacts to an input event: a key, a paste, or a mouse event inside ``frame`` (in
    /// screen coordinates).
    func handle(_ event: InputEvent) -> KeyResult
    /// Where the terminal cursor belongs while this widget is focused, if anywhere.
    var cursorPosition: Point? { get }
}

extension Widget {
    public var canFocus: Bool { false }
    public var cursorPosition: Point? { nil }
    public func handle(_ event: InputEvent) -> KeyResult { .ignored }
}
