import Testing
@testable import GeoTUI

/// The actions that still work under the conditions that limit the form: a terminal too
/// small, a store still opening (switches on the action, no `Set<FormAction>`).
@Suite struct FormRouteTests {
    private let hidden: [FormAction] = [
        .showNextCache, .showPreviousCache, .showFirstCache, .showLastCache, .showRandomCache,
        .scrollPaneUp, .scrollPaneDown, .redraw, .suspend, .quit, .toggleHint, .toggleNearestFirst,
    ]
    /// Actions that store, change, delete or open something unseen.
    private let shown: [FormAction] = [
        .addCache, .saveEdit, .editCache, .deleteCache, .search, .reload, .focusNext, .focusPrevious,
        .dismissError, .cancelEdit, .closeSearch, .showHelp, .closeHelp, .placeCache, .cancelPlacing,
        .takeNextDraft, .navigate, .nextNavigationTarget, .closeNavigation, .logVisit, .writeNote,
        .correctPlace, .nextVisitType, .previousVisitType, .cancelRecording, .filter, .cancelFilter,
    ]

    @Test func aTerminalTooSmallLeavesOnlyTheActionsThatChangeNothingUnseen() {
        for action in hidden { #expect(action.worksWhileHidden, "\(action)") }
        for action in shown { #expect(!action.worksWhileHidden, "\(action)") }
        let tooSmall = FormConditions(tooSmall: true)
        #expect(FormAction.route(action: .showNextCache, in: .browsing, under: tooSmall) == .perform(.showNextCache))
        #expect(FormAction.route(action: .addCache, in: .browsing, under: tooSmall) == .drop(note: nil))
        #expect(FormAction.route(.key(.control("s")), in: .browsing, under: tooSmall) == .drop(note: nil))
        #expect(FormAction.route(.key(.control("q")), in: .editing, under: tooSmall) == .perform(.quit))
    }

    @Test func aStoreStillOpeningLeavesOnlyRedrawSuspendAndQuit() {
        for action in hidden + shown {
            #expect(action.worksWhileOpening == [.redraw, .suspend, .quit].contains(action), "\(action)")
        }
        let opening = FormConditions(opening: true)
        #expect(FormAction.route(.key(.control("q")), in: .browsing, under: opening) == .perform(.quit))
        #expect(FormAction.route(.key(.control("n")), in: .browsing, under: opening) == .keepForLater)
        #expect(FormAction.route(action: .showNextCache, in: .browsing, under: opening) == .drop(note: nil))
        #expect(FormAction.route(action: .redraw, in: .browsing, under: opening) == .perform(.redraw))
    }
}
