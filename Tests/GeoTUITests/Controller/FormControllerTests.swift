import Foundation
import GeoModel
import GeoTestSupport
import Testing
@testable import GeoTUI

/// The form controller driven by key scripts against a real model on a temporary
/// store; each test checks the model (or the store) and the rendered screen.
@Suite struct FormControllerTests {
    private func fill(_ form: FormHarness, _ cache: GeoCache) {
        for field in GeoCache.Field.allCases {
            form.type(cache[field])
            form.press(.tab)
        }
    }

    // MARK: Start

    @Test func emptyStoreShowsNoCachesYet() throws {
        let form = try FormHarness()
        #expect(form.screen.contains("No caches yet"))
        #expect(form.status.hasPrefix(" No caches yet"))
    }

    @Test func startShowsTheFirstStoredCacheAndItsPosition() throws {
        let form = try FormHarness(caches: [.sample("Alpha"), .sample("Beta")])
        #expect(form.screen.contains("Title:   Alpha"))
        #expect(form.status.hasPrefix(" Cache 1 of 2"))
    }

    @Test func helpLineIsGeneratedFromTheKeyTable() throws {
        let form = try FormHarness(width: 320, caches: [.sample("Alpha")])
        let expected = FormAction.keyMap.helpItems(in: .browsing).map { "\($0.key) \($0.description)" }.joined(separator: "  ")
        #expect(form.help == expected)
    }

    // MARK: Add

    @Test func addWithEmptyFieldsNamesEveryEmptyFieldAndStoresNothing() throws {
        let form = try FormHarness()
        form.type("Old Oak")
        form.press(.tab)
        form.type("Behind the tree")
        form.press(.control("s"))
        #expect(form.screen.contains("Creator and Reward are empty"))
        #expect(form.model.count == 0)
        #expect(try SQLiteStore(url: form.storeURL).count() == 0)
        #expect(form.fieldTexts == ["Old Oak", "Behind the tree", "", ""])
    }

    @Test func addWithWhitespaceOnlyFieldTreatsItAsEmpty() throws {
        let form = try FormHarness()
        fill(form, GeoCache(title: "T", details: "   ", creator: "C", reward: "R"))
        form.press(.control("s"))
        #expect(form.screen.contains("Details is empty"))
        #expect(form.model.count == 0)
    }

    @Test func addStoresTheCacheDurablyClearsTheFieldsAndShowsIt() throws {
        let form = try FormHarness()
        let cache = GeoCache(title: "Old Oak", details: "Behind the tree", creator: "ana", reward: "Travel bug")
        fill(form, cache)
        form.press(.control("s"))
        #expect(try SQLiteStore(url: form.storeURL).loadCaches().withoutCodes == [cache])
        #expect(form.fieldTexts == ["", "", "", ""])
        #expect(form.controller.form.focusedWidget === form.controller.fields[0].input)
        #expect(form.screen.contains("Title:   Old Oak"))
        #expect(form.screen.contains("Reward:  Travel bug"))
        #expect(form.status.hasPrefix(" Cache 1 of 1"))
    }

    @Test func enterOnTheAddButtonAddsTheCache() throws {
        let form = try FormHarness()
        fill(form, .sample("Button"))
        // After the fourth Tab the focus is on Add.
        #expect(form.controller.form.focusedWidget === form.controller.addButton)
        form.press(.enter)
        #expect(form.model.count == 1)
    }

    @Test func spaceOnTheAddButtonAddsTheCache() throws {
        let form = try FormHarness()
        fill(form, .sample("Space"))
        form.press(.character(" "))
        #expect(form.model.count == 1)
    }

    @Test func addShortcutWorksFromAnyField() throws {
        let form = try FormHarness()
        fill(form, .sample("Shortcut"))
        form.press(.backTab, .backTab)
        form.press(.function(2))
        #expect(form.model.count == 1)
    }

    @Test func addKeepsUnicodeExactly() throws {
        let form = try FormHarness()
        let cache = GeoCache(title: "東京タワー 🗼", details: "Café ñ e\u{301}", creator: "👩‍👩‍👧 family", reward: "🇯🇵 flag")
        fill(form, cache)
        form.press(.control("s"))
        #expect(try form.model.loadCaches().withoutCodes == [cache])
        #expect(form.screen.contains("Title:   東京タワー 🗼"))
    }

    @Test func addFailureFocusesTheFirstEmptyField() throws {
        let form = try FormHarness()
        form.type("Only a title")
        form.press(.control("s"))
        #expect(form.controller.form.focusedWidget === form.controller.fields[1].input)
    }

    @Test func escapeDismissesTheErrorAndShowsTheCacheAgain() throws {
        let form = try FormHarness(caches: [.sample("Kept")])
        form.press(.control("s"))
        #expect(form.screen.contains("are empty"))
        form.press(.escape)
        #expect(!form.screen.contains("are empty"))
        #expect(form.screen.contains("Title:   Kept"))
    }

    // MARK: Next

    @Test func nextCyclesThroughTheCachesAndWraps() throws {
        let form = try FormHarness(caches: [.sample("One"), .sample("Two"), .sample("Three")])
        var titles: [String] = []
        for _ in 0..<4 {
            form.press(.control("n"))
            titles.append(form.model.current?.cache.title ?? "")
        }
        #expect(titles == ["Two", "Three", "One", "Two"])
        #expect(form.screen.contains("Title:   Two"))
        #expect(form.status.hasPrefix(" Cache 2 of 3"))
    }

    @Test func nextNeverTouchesTheFields() throws {
        let form = try FormHarness(caches: [.sample("One"), .sample("Two")])
        form.type("half typed")
        form.press(.control("n"))
        #expect(form.fieldTexts == ["half typed", "", "", ""])
    }

    @Test func nextButtonShowsTheNextCache() throws {
        let form = try FormHarness(caches: [.sample("One"), .sample("Two")])
        for _ in 0..<6 { form.press(.tab) }
        #expect(form.controller.form.focusedWidget === form.controller.nextButton)
        form.press(.enter)
        #expect(form.model.current?.cache.title == "Two")
    }

    @Test func nextOnAnEmptyStoreKeepsSayingNoCachesYet() throws {
        let form = try FormHarness()
        form.press(.control("n"))
        #expect(form.screen.contains("No caches yet"))
    }

    @Test func nextAfterAnErrorShowsTheCacheAgain() throws {
        let form = try FormHarness(caches: [.sample("Solo")])
        form.press(.control("s"))
        form.press(.control("n"))
        #expect(form.screen.contains("Title:   Solo"))
        #expect(!form.screen.contains("are empty"))
    }

    // MARK: Focus and mouse

    @Test func tabVisitsFieldsThenButtonsAndWraps() throws {
        let form = try FormHarness()
        let controller = form.controller
        let order: [AnyObject] = controller.fields.map(\.input)
            + [controller.addButton, controller.previousButton, controller.nextButton]
        var visited: [AnyObject] = []
        for _ in 0..<8 {
            visited.append(controller.form.focusedWidget!)
            form.press(.tab)
        }
        #expect(zip(visited, order + [order[0]]).allSatisfy { $0 === $1 })
    }

    @Test func shiftTabAndUpMoveBackwards() throws {
        let form = try FormHarness()
        form.press(.backTab)
        #expect(form.controller.form.focusedWidget === form.controller.nextButton)
        form.press(.up)
        #expect(form.controller.form.focusedWidget === form.controller.previousButton)
    }

    @Test func enterInAFieldMovesToTheNextField() throws {
        let form = try FormHarness()
        form.type("x")
        form.press(.enter)
        #expect(form.controller.form.focusedWidget === form.controller.fields[1].input)
    }

    @Test func clickingAFieldFocusesIt() throws {
        let form = try FormHarness()
        let creator = form.controller.fields[2].input
        form.send(.mouse(MouseEvent(position: Point(x: creator.frame.x + 1, y: creator.frame.y), kind: .click)))
        #expect(form.controller.form.focusedWidget === creator)
    }

    @Test func clickingNextPressesIt() throws {
        let form = try FormHarness(caches: [.sample("One"), .sample("Two")])
        let next = form.controller.nextButton.frame
        form.send(.mouse(MouseEvent(position: Point(x: next.x + 1, y: next.y), kind: .click)))
        #expect(form.model.current?.cache.title == "Two")
    }

    @Test func focusedFieldIsMarkedBesideItsLabelAndHasTheCursorInIt() throws {
        let form = try FormHarness()
        let title = form.controller.fields[0].input.frame
        #expect(form.canvas.lines[title.y].hasPrefix(">Title"))
        #expect(form.canvas.cursor == Point(x: title.x, y: title.y))
    }

    @Test func tabbingOntoAButtonMovesTheMarkAwayAndTheCursorOntoTheButton() throws {
        let form = try FormHarness()
        form.press(.tab, .tab, .tab, .tab)
        let add = form.controller.addButton.frame
        #expect(!form.screen.contains(">Title") && !form.screen.contains(">Reward"))
        #expect(form.canvas.cursor == Point(x: add.x + 2, y: add.y))
        form.press(.tab)
        let previous = form.controller.previousButton.frame
        #expect(form.canvas.cursor == Point(x: previous.x + 2, y: previous.y))
    }

    // MARK: Pane

    @Test func longDescriptionCanBeScrolledAndShowsThereIsMore() throws {
        let long = (1...40).map { "line \($0)" }.joined(separator: "\n")
        let form = try FormHarness(caches: [GeoCache(title: "Long", details: long, creator: "c", reward: "r")])
        #expect(form.screen.contains("more"))
        #expect(!form.screen.contains("line 30"))
        form.press(.pageDown, .pageDown)
        #expect(form.screen.contains("line 30"))
    }

    @Test func controlCharactersInAStoredCacheAreShownNotInterpreted() throws {
        let hostile = GeoCache(title: "Evil\u{1B}[2J\u{7}", details: "tab\there", creator: "c", reward: "r")
        let form = try FormHarness(caches: [hostile])
        #expect(form.screen.contains("Evil␛[2J␇"))
        #expect(!form.canvas.cells.contains { $0.character == "\u{1B}" })
    }

    // MARK: Draft, quit, suspend

    @Test func draftIsKeptWhenQuittingAndRestoredOnTheNextStart() throws {
        let form = try FormHarness()
        form.type("Unsaved")
        form.press(.tab)
        form.type("東京")
        form.press(.control("q"))
        #expect(form.lastOutcome == .quit(status: 0))
        try form.restart()
        #expect(form.fieldTexts == ["Unsaved", "東京", "", ""])
        #expect(form.screen.contains("Draft restored"))
    }

    @Test("an Add of a restored draft refused for its empty fields leaves 'Draft restored' off the status line")
    func aRefusedAddOfARestoredDraftTakesItsNoteAway() throws {
        let form = try FormHarness()
        form.type("Half typed")
        form.press(.control("q"))
        try form.restart()
        form.press(.control("s"))
        #expect(form.screen.contains("is empty") || form.screen.contains("are empty"), "\(form.screen)")
        #expect(!form.screen.contains("Draft restored"), "\(form.screen)")
    }

    @Test func draftIsKeptOnHangup() throws {
        let form = try FormHarness()
        form.type("Dropped line")
        #expect(form.controller.handle(.hangup) == .quit(status: 0))
        try form.restart()
        #expect(form.fieldTexts == ["Dropped line", "", "", ""])
    }

    @Test func theDraftIsInTheStoreOnceTheQuitKeyIsAnswered() throws {
        let form = try FormHarness()
        form.type("Typed then quit")
        form.press(.control("q"))
        #expect(form.lastOutcome == .quit(status: 0))
        // No finish(): this is what a kill right after the answer leaves.
        #expect(try SQLiteStore(url: form.storeURL).keptDrafts() == [FormDraft(fields: [.title: "Typed then quit"])])
    }

    @Test func theDraftIsInTheStoreOnceAHangUpIsAnswered() throws {
        let form = try FormHarness()
        form.press(.tab)
        form.type("Line dropped")
        #expect(form.controller.handle(.hangup) == .quit(status: 0))
        #expect(try SQLiteStore(url: form.storeURL).keptDrafts() == [FormDraft(fields: [.details: "Line dropped"])])
    }

    @Test func emptyFieldsLeaveNoDraft() throws {
        let form = try FormHarness()
        form.type("x")
        form.press(.backspace)
        form.press(.control("q"))
        try form.restart()
        #expect(form.fieldTexts == ["", "", "", ""])
        #expect(!form.screen.contains("Draft restored"))
    }

    @Test func quitKeysAllQuitWithStatusZero() throws {
        let form = try FormHarness()
        for key in [Key.control("q"), .function(10), .control("c")] {
            #expect(form.controller.handle(.key(key)) == .quit(status: 0))
        }
    }

    @Test func ctrlZAsksToSuspend() throws {
        let form = try FormHarness()
        form.press(.control("z"))
        #expect(form.lastOutcome == .suspend)
    }

    // MARK: Other processes

    @Test func cacheAddedByAnotherProcessAppearsInTheCount() throws {
        let form = try FormHarness(caches: [.sample("Mine")])
        try SQLiteStore(url: form.storeURL).add(.sample("Theirs"))
        form.idle()
        #expect(form.status.hasPrefix(" Cache 1 of 2"))
    }

    @Test func idleWithNoChangesRepaintsNothing() throws {
        let form = try FormHarness(caches: [.sample("Quiet")])
        form.controller.idleTick()
        #expect(form.controller.render() == nil)
    }

    @Test func nextRepaintsOnlyThePaneAndTheStatusLine() throws {
        let form = try FormHarness(caches: [.sample("One"), .sample("Two")])
        let before = form.canvas
        form.press(.control("n"))
        let changedRows = Set((0..<24).filter { y in
            (0..<80).contains { x in before[x, y] != form.canvas[x, y] }
        })
        let pane = form.controller.pane.frame
        #expect(changedRows.isSubset(of: Set(pane.y..<pane.maxY).union([form.controller.layout.status.y])))
    }

    // MARK: Resize

    @Test func resizeLaysTheFormOutForTheNewSize() throws {
        let form = try FormHarness(caches: [.sample("Wide")])
        form.resize(width: 120, height: 30)
        #expect(form.canvas.size == Size(width: 120, height: 30))
        #expect(form.controller.pane.frame.width == 120)
        #expect(form.status.hasPrefix(" Cache 1 of 1"))
    }

    @Test("a resize keeps the text at the top of the scrolled pane in view, not its line number")
    func aResizeKeepsThePanesPlaceInTheText() throws {
        let details = (0..<400).map { "word" + String(1000 + $0).dropFirst() }.joined(separator: " ")
        let form = try FormHarness(width: 80, height: 24, caches: [GeoCache(title: "T", details: details, creator: "c", reward: "r")])
        form.press(.pageDown)
        form.press(.pageDown)
        let pane = form.controller.pane.frame
        let top = form.row(pane.y + 1).split(separator: " ").first { $0.hasPrefix("word") }.map(String.init)
        #expect(top == "word184")
        form.resize(width: 40, height: 14)
        #expect(form.controller.pane.visibleLines.first?.contains("word184") == true, "\(form.screen)")
        form.resize(width: 80, height: 24)
        #expect(form.controller.pane.visibleLines.first?.contains("word184") == true, "\(form.screen)")
    }

    @Test func theFieldsStartUnderTheTitleBarAndThePaneUnderTheButtons() throws {
        let form = try FormHarness(width: 80, height: 24, caches: [.sample("Oak")])
        #expect(form.row(1).hasPrefix(">Title   ["))
        #expect(form.row(5).hasSuffix("[ Add ]   [ Previous ]  [ Next ]"))
        #expect(form.row(6).hasPrefix("┌ Cache"))
        #expect(form.controller.pane.frame == Rect(x: 0, y: 6, width: 80, height: 15))
    }

    @Test func everyButtonIsDrawnWholeAtTheMinimumWidth() throws {
        let form = try FormHarness(width: 40, height: 14)
        #expect(form.row(5).hasSuffix("[ Add ]  [ Previous ] [ Next ]"))
    }

    @Test func tooSmallTerminalSaysSoInsteadOfDrawingTheForm() throws {
        let form = try FormHarness()
        form.resize(width: 30, height: 8)
        #expect(form.screen.contains("Terminal too small"))
        #expect(!form.screen.contains("Title"))
    }

    @Test func everySizeFromOneByOneToThreeHundredByOneHundredDraws() throws {
        let form = try FormHarness(caches: [.sample("東京 🗼 wide text that wraps and wraps")])
        form.type("typed 東京")
        for width in [1, 2, 3, 5, 10, 39, 40, 41, 80, 133, 300] {
            for height in [1, 2, 3, 7, 13, 14, 15, 24, 60, 100] {
                form.resize(width: width, height: height)
                form.press(.control("n"))
                #expect(form.canvas.size == Size(width: width, height: height))
            }
        }
    }
}
