import Foundation
import GeoModel
import Testing
@testable import GeoTUI

/// Browsing and managing caches on the form (previous, first, last, random, edit,
/// delete, search), driven by key scripts against a real model; each test checks the
/// store or the model and the screen.
@Suite struct BrowseAndManageTests {
    private let three: [GeoCache] = [.sample("One"), .sample("Two"), .sample("Three")]

    private func storedTitles(_ form: FormHarness) throws -> [String] {
        try SQLiteStore(url: form.storeURL).loadCaches().map(\.title)
    }

    // MARK: Moving

    @Test("a character typed while a button has the focus is not lost in silence: the status line says so")
    func typingOnAButtonIsSaid() throws {
        let form = try FormHarness()
        form.press(.backTab)
        form.type("T")
        #expect(form.fieldTexts == ["", "", "", ""])
        #expect(form.status.contains("Not typed: a button has the focus"), "\(form.status)")
    }

    @Test func previousWrapsFromTheFirstToTheLast() throws {
        let form = try FormHarness(caches: three)
        form.press(.control("p"))
        #expect(form.model.current?.cache.title == "Three")
        #expect(form.status.hasPrefix(" Cache 3 of 3"))
    }

    @Test func previousButtonMovesBack() throws {
        let form = try FormHarness(caches: three)
        form.press(.control("n"), .control("n"))
        let previous = form.controller.previousButton.frame
        form.send(.mouse(MouseEvent(position: Point(x: previous.x + 1, y: previous.y), kind: .click)))
        #expect(form.screen.contains("Title:   Two"))
    }

    @Test func altLessThanAndAltGreaterThanJumpToTheFirstAndTheLast() throws {
        let form = try FormHarness(caches: three)
        form.press(.alt(">"))
        #expect(form.model.current?.cache.title == "Three")
        form.press(.alt("<"))
        #expect(form.model.current?.cache.title == "One")
    }

    @Test func randomShowsAnotherCache() throws {
        let form = try FormHarness(caches: three)
        for _ in 0..<10 {
            let before = form.model.current?.id
            form.press(.control("r"))
            #expect(form.model.current?.id != before)
        }
    }

    @Test func randomWithNoOtherCacheSaysSo() throws {
        let form = try FormHarness(caches: [.sample("Only")])
        form.press(.control("r"))
        #expect(form.status.hasSuffix("No other cache to show"), "\(form.status)")
        #expect(form.model.position == 1)
    }

    @Test("Next and Previous with a single cache say there is no other, as Random does")
    func nextWithNoOtherCacheSaysSo() throws {
        let form = try FormHarness(caches: [.sample("Only")])
        form.press(.control("n"))
        #expect(form.status.hasSuffix("No other cache to show"), "\(form.status)")
        form.press(.escape, .control("p"))
        #expect(form.status.hasSuffix("No other cache to show"), "\(form.status)")
    }

    @Test("Next with two caches moves and says nothing of others")
    func nextWithAnotherCacheMoves() throws {
        let form = try FormHarness(caches: [.sample("One"), .sample("Two")])
        form.press(.control("n"))
        #expect(form.model.current?.cache.title == "Two")
        #expect(!form.status.contains("No other cache"), "\(form.status)")
    }

    @Test func everyNewKeyIsInTheHelpBar() throws {
        let form = try FormHarness(caches: three)
        for hint in ["^P Prev", "^F Find", "F4 Edit", "F8 Delete", "M-< First", "M-> Last", "^R Random"] {
            #expect(form.help.contains(hint))
        }
    }

    @Test("with no cache the help bar offers no key that needs one, and offers them once a cache is added")
    func anEmptyStoresHelpBarOffersOnlyWhatWorks() throws {
        let form = try FormHarness()
        for hint in ["^N Next", "^P Prev", "F4 Edit", "F8 Delete", "M-< First", "M-> Last", "^R Random", "^G Coords"] {
            #expect(!form.help.contains(hint), "\(form.help)")
        }
        #expect(form.help.contains("^S Add") && form.help.contains("^F Find"), "\(form.help)")
        for text in ["One", "One details", "One creator", "One reward"] {
            form.type(text)
            form.press(.tab)
        }
        form.press(.control("s"))
        #expect(form.model.count == 1)
        for hint in ["^N Next", "F4 Edit", "F8 Delete"] { #expect(form.help.contains(hint), "\(form.help)") }
    }

    // MARK: Editing

    @Test func editLoadsTheCurrentCacheAndAddBecomesSave() throws {
        let form = try FormHarness(caches: three)
        form.press(.function(4))
        #expect(form.fieldTexts == ["One", "One details", "One creator", "One reward"])
        #expect(form.screen.contains("[ Save ]"))
        #expect(!form.screen.contains("[ Add ]"))
    }

    @Test func saveStoresTheEditAndGivesBackWhatTheFieldsHeld() throws {
        let form = try FormHarness(caches: three)
        form.type("my draft")
        form.press(.function(4))
        form.press(.control("u"))
        form.type("Uno")
        form.press(.control("s"))
        #expect(try storedTitles(form) == ["Uno", "Two", "Three"])
        #expect(form.fieldTexts == ["my draft", "", "", ""])
        #expect(form.screen.contains("Title:   Uno"))
        #expect(form.screen.contains("[ Add ]"))
    }

    @Test func escapeCancelsTheEditAndRestoresWhatTheFieldsHeld() throws {
        let form = try FormHarness(caches: three)
        form.type("my draft")
        form.press(.function(4))
        form.press(.control("u"))
        form.type("Changed")
        form.press(.escape)
        #expect(form.fieldTexts == ["my draft", "", "", ""])
        #expect(try storedTitles(form) == ["One", "Two", "Three"])
        #expect(form.screen.contains("[ Add ]"))
    }

    @Test func savingAnEditWithAnEmptyFieldNamesItAndChangesNothing() throws {
        let form = try FormHarness(caches: three)
        form.press(.function(4), .tab, .tab)
        form.press(.control("u"))
        form.press(.control("s"))
        #expect(form.screen.contains("Creator is empty"))
        #expect(try storedTitles(form) == ["One", "Two", "Three"])
        #expect(form.screen.contains("[ Save ]"))
    }

    @Test func movingIsRefusedWhileEditing() throws {
        let form = try FormHarness(caches: three)
        form.press(.function(4))
        form.press(.control("n"))
        #expect(form.model.current?.cache.title == "One")
        #expect(form.status.contains("Finish the edit first"))
    }

    @Test func anEditOfACacheChangedElsewhereIsNotWrittenOverTheNewerVersion() throws {
        let form = try FormHarness(caches: three)
        form.press(.function(4))
        let other = try SQLiteStore(url: form.storeURL)
        let first = try #require(try other.first())
        try other.update(first, to: .sample("Newer"))
        form.press(.control("u"))
        form.type("Mine")
        form.press(.control("s"))
        #expect(try storedTitles(form) == ["Newer", "Two", "Three"])
        #expect(form.screen.contains("changed in another session"))
        #expect(form.fieldTexts[0] == "Mine")
    }

    /// A form whose edit of the first cache's title is saved after another session made
    /// `change` to that cache's listing: the conflict pane is on the screen.
    private func conflictOverListing(_ change: (inout Listing) -> Void) throws -> FormHarness {
        let form = try FormHarness(width: 140, height: 40, caches: three)
        form.press(.function(4))
        let other = try SQLiteStore(url: form.storeURL)
        let first = try #require(try other.first())
        var changed = first.cache
        change(&changed.listing)
        try other.update(first, to: changed)
        form.press(.control("u"))
        form.type("Mine")
        form.press(.control("s"))
        return form
    }

    @Test func theConflictPaneShowsAStatusChangedElsewhere() throws {
        let form = try conflictOverListing { $0.available = false }
        #expect(form.screen.contains("stored: temporarily disabled, 0 logs"), "\(form.screen)")
    }

    @Test func aListingThatDiffersOnlyInWhatItsSummaryLeavesOutSaysSo() throws {
        let form = try conflictOverListing {
            $0.attributes = [CacheAttribute(source: "groundspeak", id: "1", isOn: true, name: "Dogs")]
        }
        #expect(form.screen.contains("stored: 0 logs; it differs in what is not shown"), "\(form.screen)")
    }

    // MARK: Deleting

    @Test func deleteAsksNamingTheCacheAndNoKeepsIt() throws {
        let form = try FormHarness(caches: three)
        form.press(.function(8))
        #expect(form.screen.contains("Delete \u{201C}One\u{201D}?"))
        #expect(form.screen.contains("[ Yes ]"))
        form.press(.character("n"))
        #expect(try storedTitles(form) == ["One", "Two", "Three"])
        #expect(!form.screen.contains("[ Yes ]"))
    }

    @Test("Alt-4 and Alt-8 edit and delete where the terminal sends no F4 or F8")
    func altDigitsStandForTheFunctionKeys() throws {
        let form = try FormHarness(caches: three)
        form.press(.alt("4"))
        #expect(form.fieldTexts == ["One", "One details", "One creator", "One reward"])
        form.press(.escape, .alt("8"), .character("y"))
        #expect(try storedTitles(form) == ["Two", "Three"])
    }

    @Test func escapeInTheDeleteDialogMeansNo() throws {
        let form = try FormHarness(caches: three)
        form.press(.function(8), .escape)
        #expect(try storedTitles(form) == ["One", "Two", "Three"])
    }

    @Test func enterOnTheDialogsDefaultButtonDeletesNothing() throws {
        let form = try FormHarness(caches: three)
        form.press(.function(8), .enter)
        #expect(try storedTitles(form) == ["One", "Two", "Three"])
    }

    @Test func yesDeletesTheCacheAndShowsTheNextOne() throws {
        let form = try FormHarness(caches: three)
        form.press(.function(8), .character("y"))
        #expect(try storedTitles(form) == ["Two", "Three"])
        #expect(form.screen.contains("Title:   Two"))
        #expect(form.status.hasPrefix(" Cache 1 of 2"))
    }

    @Test func clickingYesInTheDialogDeletes() throws {
        let form = try FormHarness(caches: three)
        form.press(.function(8))
        let rows = form.canvas.lines
        let y = try #require(rows.firstIndex { $0.contains("[ Yes ]") })
        let x = try #require(rows[y].range(of: "[ Yes ]")).lowerBound.utf16Offset(in: rows[y])
        form.send(.mouse(MouseEvent(position: Point(x: x + 2, y: y), kind: .click)))
        #expect(try storedTitles(form) == ["Two", "Three"])
    }

    @Test func deletingTheLastCacheLeavesTheEmptyState() throws {
        let form = try FormHarness(caches: [.sample("Only")])
        form.press(.function(8), .character("y"))
        #expect(form.model.count == 0)
        #expect(form.screen.contains("No caches yet"))
    }

    @Test func aCacheDeletedElsewhereWhileShownMovesTheScreenOn() throws {
        let form = try FormHarness(caches: three)
        let other = try SQLiteStore(url: form.storeURL)
        _ = try other.delete(try #require(try other.first()))
        form.idle()
        #expect(form.screen.contains("Title:   Two"))
        #expect(form.status.hasPrefix(" Cache 1 of 2"))
    }

    // MARK: Searching

    @Test func searchIgnoresCaseAndDiacriticsAndShowsTheMatchPosition() throws {
        let form = try FormHarness(caches: [.sample("Bern"), .sample("Zürich old town"), .sample("Basel"),
                                            .sample("ZURICH lake")])
        form.press(.control("f"))
        form.type("zurich")
        form.press(.enter)
        #expect(form.screen.contains("Title:   Zürich old town"))
        #expect(form.status.contains("Match 1 of 2"))
        form.press(.control("n"))
        #expect(form.screen.contains("Title:   ZURICH lake"))
        #expect(form.status.contains("Match 2 of 2"))
        form.press(.control("n"))
        #expect(form.status.contains("Match 1 of 2"))
    }

    @Test func escapeLeavesTheSearchAndKeepsTheCacheItWasOn() throws {
        let form = try FormHarness(caches: [.sample("Bern"), .sample("Zürich"), .sample("Basel")])
        form.press(.control("f"))
        form.type("zur")
        form.press(.enter, .escape)
        #expect(form.screen.contains("Title:   Zürich"))
        #expect(form.status.hasPrefix(" Cache 2 of 3"))
        #expect(!form.status.contains("Find:"))
    }

    @Test("Next and Previous in a search with one match say there is no other match, not no other cache")
    func nextInASearchWithOneMatchSaysThereIsNoOtherMatch() throws {
        let form = try FormHarness(caches: three)
        form.press(.control("f"))
        form.type("two")
        form.press(.enter, .control("n"))
        #expect(form.status.hasSuffix("No other match to show"), "\(form.status)")
        form.press(.control("p"))
        #expect(form.status.hasSuffix("No other match to show"), "\(form.status)")
    }

    @Test("Next in a search with no matches says there is no match to show")
    func nextInASearchWithNoMatchesSaysSo() throws {
        let form = try FormHarness(caches: three)
        form.press(.control("f"))
        form.type("nowhere")
        form.press(.enter, .control("n"))
        #expect(form.status.hasSuffix("No match to show"), "\(form.status)")
    }

    @Test func aSearchWithNoMatchesSaysSo() throws {
        let form = try FormHarness(caches: three)
        form.press(.control("f"))
        form.type("nowhere")
        form.press(.enter)
        #expect(form.status.contains("No matches"))
        #expect(form.screen.contains("No cache matches"))
    }

    @Test func typingInTheSearchFieldLeavesTheFormFieldsAlone() throws {
        let form = try FormHarness(caches: three)
        form.press(.control("f"))
        form.type("abc")
        #expect(form.fieldTexts == ["", "", "", ""])
        #expect(form.status.contains("Find: abc"))
    }

    // MARK: Restart

    @Test func editsAndDeletesSurviveARestart() throws {
        let form = try FormHarness(caches: three)
        form.press(.function(4), .control("u"))
        form.type("Uno")
        form.press(.control("s"))
        form.press(.control("n"), .function(8), .character("y"))
        try form.restart()
        #expect(try form.model.loadCaches().map(\.title) == ["Uno", "Three"])
        #expect(form.status.hasPrefix(" Cache 1 of 2"))
    }
}
