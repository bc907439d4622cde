/// What a person can ask of the geocache form: the app-level actions that keys,
/// buttons and the mouse are translated into.
///
/// Each mode has its own actions where the same key means something else there (`^S`
/// adds while browsing and saves while editing; `Esc` dismisses an error, cancels the
/// edit or closes the search), so performing an action never asks the mode again.
public enum FormAction: Hashable, Sendable {
    case addCache
    case saveEdit
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
    case dismissError
    case cancelEdit
    case closeSearch
    case redraw
    case suspend
    case quit
    case showHelp
    case closeHelp
    case toggleHint
    case placeCache
    case cancelPlacing
    case toggleNearestFirst
    case takeNextDraft
    case navigate
    case nextNavigationTarget
    case closeNavigation
    case logVisit
    case writeNote
    case correctPlace
    case nextVisitType
    case previousVisitType
    case cancelRecording
    case filter
    case cancelFilter
}

extension FormAction {
    /// The form's key table: every global key, the modes it works in, and the help
    /// text the help bar shows.
    ///
    /// The controller performs a key's action only in the modes its binding is enabled
    /// in, and the help bar lists, in the current mode, the first key of each enabled
    /// binding with help text, in this order, dropping hints from the end when the
    /// terminal is narrow (so the most needed come first). A binding without modes works
    /// in every mode. While editing (or in a status-line prompt, a search included), a key
    /// of the other modes is refused with a note that says how to finish first. Keys not listed here go to the focused widget.
    static let keyMap: KeyMap<FormAction, FormMode.Kind> = {
        var map = KeyMap<FormAction, FormMode.Kind>(bindings)
        map.refusalNotes[.editing] = FormText.finishTheEditFirst(save: map.label(of: .saveEdit),
                                                                 cancel: map.label(of: .cancelEdit))
        map.refusalNotes[.placing] = FormText.finishPlacingFirst(cancel: map.label(of: .cancelPlacing))
        map.refusalNotes[.recording] = FormText.finishRecordingFirst(cancel: map.label(of: .cancelRecording))
        map.refusalNotes[.filtering] = FormText.finishFilteringFirst(cancel: map.label(of: .cancelFilter))
        map.refusalNotes[.searching] = FormText.finishSearchingFirst(cancel: map.label(of: .closeSearch))
        map.refusalNotes[.navigating] = FormText.backToTheFormFirst(back: map.label(of: .closeNavigation))
        return map
    }()

    /// The bindings of ``keyMap``, in order.
    private static let bindings: [KeyMap<FormAction, FormMode.Kind>.Binding] = [
        .init(keys: [.control("s"), .function(2)], action: .addCache, help: "Add",
              description: "Add the fields as a new cache", modes: [.browsing]),
        .init(keys: [.control("s"), .function(2)], action: .saveEdit, help: "Save",
              description: "Save the edit (again after a refused save: yours over the stored one)", modes: [.editing]),
        .init(keys: [.control("n"), .function(3)], action: .showNextCache, help: "Next",
              description: "Next cache (next match while searching)", modes: moving),
        .init(keys: [.control("p")], action: .showPreviousCache, help: "Prev",
              description: "Previous cache (previous match while searching)", modes: moving),
        .init(keys: [.control("f"), .function(7)], action: .search, help: "Find",
              description: "Search all four fields", modes: moving),
        .init(keys: [.function(4)], action: .editCache, help: "Edit", description: "Edit the shown cache",
              modes: [.browsing]),
        .init(keys: [.function(8)], action: .deleteCache, help: "Delete",
              description: "Delete the shown cache, after a question", modes: [.browsing]),
        .init(keys: [.control("q"), .function(10), .control("c")], action: .quit, help: "Quit"),
        .init(keys: [.function(1)], action: .showHelp, help: "Help",
              description: "This help (also ? when a button has the focus)", modes: fields),
        .init(keys: [.function(1)], action: .showHelp, help: "Help", description: "This help",
              modes: helpable.filter { !fields.contains($0) }),
        .init(keys: [.alt("<")], action: .showFirstCache, help: "First", modes: moving),
        .init(keys: [.alt(">")], action: .showLastCache, help: "Last", modes: moving),
        .init(keys: [.control("r")], action: .showRandomCache, help: "Random", description: "A random other cache",
              modes: moving),
        .init(keys: [.function(5)], action: .reload, help: "Reload",
              description: "Reload the store; after a refused save, take the stored one",
              modes: fields),
        .init(keys: [.escape], action: .dismissError, help: "Cancel", description: cancelDescription,
              modes: [.browsing]),
        .init(keys: [.escape], action: .cancelEdit, help: "Cancel", description: cancelDescription,
              modes: [.editing]),
        .init(keys: [.escape], action: .closeSearch, help: "Cancel", description: cancelDescription,
              modes: [.searching]),
        .init(keys: [.escape], action: .cancelPlacing, help: "Cancel",
              description: "Leave the coordinates unchanged (Enter sets them)", modes: [.placing]),
        .init(keys: [.escape, .function(1)], action: .closeHelp, help: "Close", description: "Close this help",
              modes: [.helping]),
        .init(keys: [.tab, .down], action: .focusNext, help: "Move", description: "Next field or button",
              modes: fields),
        .init(keys: [.backTab, .up], action: .focusPrevious, description: "Previous field or button", modes: fields),
        .init(keys: [.pageUp], action: .scrollPaneUp, help: "Scroll", description: "Scroll the cache pane up",
              modes: showing),
        .init(keys: [.pageDown], action: .scrollPaneDown, description: "Scroll the cache pane down", modes: showing),
        .init(keys: [.control("l")], action: .redraw, description: "Repaint the screen"),
        .init(keys: [.control("z")], action: .suspend, help: "Suspend", description: "Suspend to the shell (fg returns)"),
        // Last, so that on a narrow terminal the help bar drops these before the older keys.
        .init(keys: [.control("g"), .function(9)], action: .placeCache, help: "Coords",
              description: "Set the shown cache's coordinates (none removes them)", modes: [.browsing]),
        .init(keys: [.control("t")], action: .toggleHint, help: "Hint",
              description: "Show or hide the shown cache's hint and encrypted logs", modes: showing),
        .init(keys: [.control("o"), .function(6)], action: .toggleNearestFirst, help: "Nearest",
              description: "Next/Previous go nearest first, or in stored order",
              modes: [.browsing]),
        .init(keys: [.alt("g"), .function(12)], action: .navigate, help: "Go",
              description: "Lead the way to the shown cache as gpsd reports",
              modes: [.browsing]),
        .init(keys: [.tab], action: .nextNavigationTarget, help: "Next place",
              description: "Lead to the cache's next additional waypoint, then the cache again", modes: [.navigating]),
        .init(keys: [.escape], action: .closeNavigation, help: "Back", description: "Back to the form",
              modes: [.navigating]),
        .init(keys: [.alt("l"), .function(11)], action: .logVisit, help: "Log",
              description: "Log a visit to the shown cache (found, not found, …)", modes: [.browsing]),
        .init(keys: [.alt("n")], action: .writeNote, help: "Note",
              description: "Your own note on the shown cache, apart from its listing", modes: [.browsing]),
        .init(keys: [.alt("c")], action: .correctPlace, help: "Final",
              description: "Your corrected coordinates for the shown cache", modes: [.browsing]),
        .init(keys: [.tab, .down], action: .nextVisitType, help: "Type",
              description: "The next kind of visit", modes: [.recording]),
        .init(keys: [.backTab, .up], action: .previousVisitType, description: "The previous kind of visit",
              modes: [.recording]),
        .init(keys: [.escape], action: .cancelRecording, help: "Cancel",
              description: "Leave without logging or keeping anything (Enter keeps it)", modes: [.recording]),
        .init(keys: [.control("y")], action: .takeNextDraft,
              description: "Keep the fields among the drafts, take the next draft", modes: fields),
        .init(keys: [.alt("s")], action: .filter, help: "Filter",
              description: "Show only the caches a filter keeps: found, D/T, distance…",
              modes: [.browsing]),
        .init(keys: [.escape], action: .cancelFilter, help: "Cancel",
              description: "Leave the filter as it was (Enter sets it)", modes: [.filtering]),
    ]

    /// What Esc does, in every mode where it cancels something.
    private static let cancelDescription = "Cancel: leave the edit or the search, dismiss an error"

    /// The modes whose keys the help overlay lists (the delete question shows its own);
    /// only in ``fields`` can a button have the focus, and `?` open it too.
    private static let helpable: [FormMode.Kind] = [.browsing, .editing, .searching, .placing, .navigating,
                                                        .recording, .filtering]
    /// The modes in which the moves work: browsing, and searching (through the matches).
    private static let moving: [FormMode.Kind] = [.browsing, .searching]
    /// The modes in which the fields and buttons have the keyboard.
    private static let fields: [FormMode.Kind] = [.browsing, .editing]
    /// The modes in which nothing covers the pane.
    private static let showing: [FormMode.Kind] = [.browsing, .editing, .searching, .placing, .recording,
                                                       .filtering]

    /// Whether the action still works while the terminal is too small to show the form
    /// (in the modes it is enabled in): none that stores, changes or deletes anything
    /// unseen.
    ///
    /// This and ``worksWhileOpening`` are switches rather than a `Set<FormAction>`,
    /// whose storage type the runtime would make on the way to the first frame by
    /// searching the program's conformance records for `FormAction: Hashable`.
    var worksWhileHidden: Bool {
        switch self {
        case .showNextCache, .showPreviousCache, .showFirstCache, .showLastCache, .showRandomCache,
             .scrollPaneUp, .scrollPaneDown, .redraw, .suspend, .quit, .toggleHint, .toggleNearestFirst:
            true
        default:
            false
        }
    }

    /// Whether the action works while the model is still opening its store: none that
    /// needs the store.
    var worksWhileOpening: Bool {
        switch self {
        case .redraw, .suspend, .quit: true
        default: false
        }
    }
}
