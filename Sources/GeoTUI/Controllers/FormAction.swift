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
    /// The form's key table: every global key, the modes it works in, and the help
    /// text the help bar shows.
    ///
    /// The controller performs a key's action only in the modes its binding is enabled
    /// in, and the help bar lists, in the current mode, the first key of each enabled
    /// binding with help text, in this order, dropping hints from the end when the
    /// terminal is narrow (so the most needed come first). A binding without modes works
    /// in every mode. Keys not listed here go to the focused widget.
    static let keyMap = KeyMap<FormAction, FormMode.Kind>([
        .init(keys: [.control("s"), .function(2)], action: .addCache, help: "Add", modes: [.browsing]),
        .init(keys: [.control("s"), .function(2)], action: .addCache, help: "Save", modes: [.editing]),
        .init(keys: [.control("n"), .function(3)], action: .showNextCache, help: "Next", modes: moving),
        .init(keys: [.control("p")], action: .showPreviousCache, help: "Prev", modes: moving),
        .init(keys: [.control("f"), .function(7)], action: .search, help: "Find", modes: moving),
        .init(keys: [.function(4)], action: .editCache, help: "Edit", modes: [.browsing]),
        .init(keys: [.function(8)], action: .deleteCache, help: "Delete", modes: [.browsing]),
        .init(keys: [.control("q"), .function(10), .control("c")], action: .quit, help: "Quit"),
        .init(keys: [.alt("<")], action: .showFirstCache, help: "First", modes: moving),
        .init(keys: [.alt(">")], action: .showLastCache, help: "Last", modes: moving),
        .init(keys: [.control("r")], action: .showRandomCache, help: "Random", modes: moving),
        .init(keys: [.function(5)], action: .reload, help: "Reload", modes: fields),
        .init(keys: [.escape], action: .cancel, help: "Cancel", modes: fields.union([.searching])),
        .init(keys: [.tab, .down], action: .focusNext, help: "Move", modes: fields),
        .init(keys: [.backTab, .up], action: .focusPrevious, modes: fields),
        .init(keys: [.pageUp], action: .scrollPaneUp, help: "Scroll", modes: showing),
        .init(keys: [.pageDown], action: .scrollPaneDown, modes: showing),
        .init(keys: [.control("l")], action: .redraw),
        .init(keys: [.control("z")], action: .suspend, help: "Suspend"),
    ])

    /// The modes in which the moves work: browsing, and searching (through the matches).
    private static let moving: Set<FormMode.Kind> = [.browsing, .searching]
    /// The modes in which the fields and buttons have the keyboard.
    private static let fields: Set<FormMode.Kind> = [.browsing, .editing]
    /// The modes in which nothing covers the pane.
    private static let showing: Set<FormMode.Kind> = [.browsing, .editing, .searching]

    /// The actions that still work while the terminal is too small to show the form
    /// (in the modes they are enabled in): none that stores, changes or deletes
    /// anything unseen.
    static let hiddenActions: Set<FormAction> = [
        .showNextCache, .showPreviousCache, .showFirstCache, .showLastCache, .showRandomCache,
        .scrollPaneUp, .scrollPaneDown, .redraw, .suspend, .quit,
    ]
}
