/// What a person can ask of the geocache form: the app-level actions that keys,
/// buttons and the mouse are translated into.
public enum FormAction: Hashable, Sendable {
    case addCache
    case showNextCache
    case showPreviousCache
    case showFirstCache
    case showLastCache
    case showRandomCache
    case editCache
    case deleteCache
    case search
    case reload
    case focusNext
    case focusPrevious
    case scrollPaneUp
    case scrollPaneDown
    case cancel
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
        .init(keys: [.control("p")], action: .showPreviousCache, help: "Prev"),
        .init(keys: [.control("f"), .function(7)], action: .search, help: "Find"),
        .init(keys: [.function(4)], action: .editCache, help: "Edit"),
        .init(keys: [.function(8)], action: .deleteCache, help: "Delete"),
        .init(keys: [.control("q"), .function(10), .control("c")], action: .quit, help: "Quit"),
        .init(keys: [.alt("<")], action: .showFirstCache, help: "First"),
        .init(keys: [.alt(">")], action: .showLastCache, help: "Last"),
        .init(keys: [.control("r")], action: .showRandomCache, help: "Random"),
        .init(keys: [.function(5)], action: .reload, help: "Reload"),
        .init(keys: [.escape], action: .cancel, help: "Cancel"),
        .init(keys: [.tab, .down], action: .focusNext, help: "Move"),
        .init(keys: [.backTab, .up], action: .focusPrevious),
        .init(keys: [.pageUp], action: .scrollPaneUp, help: "Scroll"),
        .init(keys: [.pageDown], action: .scrollPaneDown),
        .init(keys: [.control("l")], action: .redraw),
        .init(keys: [.control("z")], action: .suspend, help: "Suspend"),
    ])

    /// The actions that still work while the search field is open: moving through
    /// the matches, scrolling, and leaving.
    static let searchActions: Set<FormAction> = [
        .showNextCache, .showPreviousCache, .showFirstCache, .showLastCache, .showRandomCache,
        .scrollPaneUp, .scrollPaneDown, .search, .cancel, .redraw, .suspend, .quit,
    ]

    /// The actions that still work while the delete confirmation is open.
    static let dialogActions: Set<FormAction> = [.redraw, .suspend, .quit]

    /// The actions that still work while the terminal is too small to show the form:
    /// none that stores, changes or deletes anything unseen.
    static let hiddenActions: Set<FormAction> = [
        .showNextCache, .showPreviousCache, .showFirstCache, .showLastCache, .showRandomCache,
        .scrollPaneUp, .scrollPaneDown, .redraw, .suspend, .quit,
    ]
}
