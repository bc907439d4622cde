/// What a person can ask of the geocache form: the app-level actions that keys,
/// buttons and the mouse are translated into.
public enum FormAction: Hashable, Sendable {
    case addCache
    case showNextCache
    case focusNext
    case focusPrevious
    case scrollPaneUp
    case scrollPaneDown
    case dismiss
    case redraw
    case suspend
    case quit
}

extension FormAction {
    /// The form's key table: every global key, with the help text the help bar shows.
    ///
    /// The help bar is generated from this table, so what it lists is exactly what
    /// the controller handles; it shows the first key of each binding with help text,
    /// in this order, dropping hints from the end when the terminal is narrow (so the
    /// most needed come first). Keys not listed here go to the focused widget.
    public static let keyMap = KeyMap<FormAction>([
        .init(keys: [.control("s"), .function(2)], action: .addCache, help: "Add"),
        .init(keys: [.control("n"), .function(3)], action: .showNextCache, help: "Next"),
        .init(keys: [.control("q"), .function(10), .control("c")], action: .quit, help: "Quit"),
        .init(keys: [.tab, .down], action: .focusNext, help: "Move"),
        .init(keys: [.backTab, .up], action: .focusPrevious),
        .init(keys: [.pageUp], action: .scrollPaneUp, help: "Scroll"),
        .init(keys: [.pageDown], action: .scrollPaneDown),
        .init(keys: [.escape], action: .dismiss),
        .init(keys: [.control("l")], action: .redraw),
        .init(keys: [.control("z")], action: .suspend, help: "Suspend"),
    ])
}
