import Foundation
import GeoModel
import GeoTestSupport
import Testing
@testable import GeoTUI

/// The form shared with other sessions: a second store on the same file plays the
/// other session (another form, or a command), and each test checks the store and
/// the screen.
@Suite struct SharingTests {
    private let three: [GeoCache] = [.sample("One"), .sample("Two"), .sample("Three")]

    private func stored(_ form: FormHarness) throws -> [GeoCache] {
        try SQLiteStore(url: form.storeURL).loadCaches().withoutCodes
    }

    /// The cache at `position` as stored now.
    private func cache(at position: Int, of form: FormHarness) throws -> StoredCache {
        try #require(try SQLiteStore(url: form.storeURL).cache(atPosition: position))
    }

    /// Starts editing cache 2 and types at the end of its title, as the issue's
    /// reproduction does; then another session sets its reward.
    private func editRacedByAnotherSession() throws -> FormHarness {
        let form = try FormHarness(caches: three)
        form.press(.control("n"), .function(4), .end)
        form.type(" more")
        try changeElsewhere(form, at: 2) { $0.reward = "Gold coin" }
        return form
    }

    /// Another session changes the cache at `position` as `change` says; the form then looks.
    private func changeElsewhere(_ form: FormHarness, at position: Int, _ change: (inout GeoCache) -> Void) throws {
        let stored = try cache(at: position, of: form)
        var theirs = stored.cache
        change(&theirs)
        try SQLiteStore(url: form.storeURL).update(stored, to: theirs)
        form.idle()
    }

    // MARK: Saving over another session's edit

    @Test func aSaveOverAnEditMadeElsewhereIsRefused() throws {
        let form = try editRacedByAnotherSession()
        form.press(.control("s"))
        #expect(try stored(form)[1] == GeoCache(title: "Two", details: "Two details",
                                                creator: "Two creator", reward: "Gold coin"))
    }

    @Test func theRefusalShowsBaseStoredAndYoursForEachFieldThatDiffers() throws {
        let form = try editRacedByAnotherSession()
        form.press(.control("s"))
        #expect(form.screen.contains("was changed in another session while you edited it"))
        #expect(form.screen.contains("Title   base:   Two "))
        #expect(form.screen.contains("        stored: unchanged"))
        #expect(form.screen.contains("        yours:  Two more"))
        #expect(form.screen.contains("Reward  base:   Two reward"))
        #expect(form.screen.contains("        stored: Gold coin"))
        #expect(form.screen.contains("        yours:  unchanged"))
        #expect(!form.screen.contains("Details base:"))
        #expect(form.screen.contains("[ Save ]"))
    }

    @Test func aNoteNamingATitleWithALineBreakGoesOnAfterIt() throws {
        let form = try FormHarness(caches: [GeoCache(title: "Two\nLines", details: "d", creator: "c", reward: "r")])
        try SQLiteStore(url: form.storeURL).delete(try cache(at: 1, of: form))
        form.idle()
        #expect(form.status.contains("\u{201C}Two␊Lines\u{201D} was deleted in another session"), "\(form.status)")
    }

    @Test(arguments: ["Long " + String(repeating: "word", count: 14), String(repeating: "漢字", count: 35)])
    func aNoteNamingALongTitleStillSaysWhatHappenedAt80Columns(long: String) throws {
        let form = try FormHarness(caches: [GeoCache(title: long, details: "d", creator: "c", reward: "r")])
        form.press(.function(4), .end)
        form.type(" more")
        try SQLiteStore(url: form.storeURL).delete(try cache(at: 1, of: form))
        form.idle()
        #expect(form.status.contains("was deleted in another session"), "\(form.status)")
    }

    @Test func f5DuringAnEditOfACacheDeletedElsewhereEndsTheEditAsASaveWouldKeepingTheText() throws {
        let form = try FormHarness(caches: three)
        form.press(.control("n"), .function(4), .end)
        form.type(" more")
        try SQLiteStore(url: form.storeURL).delete(try cache(at: 2, of: form))
        form.press(.function(5))
        #expect(form.screen.contains("Not saved"), "\(form.screen)")
        #expect(form.screen.contains("[ Add ]"), "\(form.screen)")
        #expect(form.fieldTexts[0] == "Two more")
        form.press(.control("s"))
        #expect(try stored(form).map(\.title) == ["One", "Three", "Two more"])
    }

    @Test func f5DuringAnEditOfACacheChangedElsewhereSaysItWasChanged() throws {
        let form = try FormHarness(caches: three)
        form.press(.control("n"), .function(4))
        let stored = try cache(at: 2, of: form)
        var theirs = stored.cache
        theirs.reward = "Gold coin"
        try SQLiteStore(url: form.storeURL).update(stored, to: theirs)
        form.press(.function(5))
        #expect(form.status.contains("\u{201C}Two\u{201D} was changed in another session"), "\(form.status)")
    }

    @Test func aValueOfSeveralLinesGoesOnUnderItsValueColumnInTheRefusal() throws {
        let form = try FormHarness(caches: [GeoCache(title: "Two", details: "Line one\nLine two", creator: "c", reward: "r")])
        form.press(.function(4), .tab, .end)
        form.type(" mine")
        try changeElsewhere(form, at: 1) { $0.details = "Line one\nLine two theirs" }
        form.press(.control("s"))
        #expect(form.screen.contains("Details base:   Line one"), "\(form.screen)")
        #expect(form.screen.contains("                Line two "))
        #expect(form.screen.contains("        stored: Line one"))
        #expect(form.screen.contains("                Line two theirs"))
    }

    @Test func afterTheRefusalTheFieldsHoldMyChangesAppliedToTheOtherSessionsVersion() throws {
        let form = try editRacedByAnotherSession()
        form.press(.control("s"))
        #expect(form.fieldTexts == ["Two more", "Two details", "Two creator", "Gold coin"])
    }

    @Test func savingAgainAfterTheRefusalKeepsMyChangeAndTheOtherSessionsUntouchedField() throws {
        let form = try editRacedByAnotherSession()
        form.press(.control("s"), .control("s"))
        #expect(try stored(form)[1] == GeoCache(title: "Two more", details: "Two details",
                                                creator: "Two creator", reward: "Gold coin"))
        #expect(form.status.contains("Saved over the other session"))
        #expect(form.screen.contains("[ Add ]"))
    }

    @Test func aFieldRetypedAfterTheRefusalIsSavedAsTyped() throws {
        let form = try editRacedByAnotherSession()
        form.press(.control("s"), .tab, .tab, .tab, .control("u"))
        form.type("Two reward")
        form.press(.control("s"))
        #expect(try stored(form)[1].reward == "Two reward")
    }

    @Test func reloadAfterTheRefusalTakesTheirsIntoTheFields() throws {
        let form = try editRacedByAnotherSession()
        form.press(.control("s"), .function(5))
        #expect(form.fieldTexts == ["Two", "Two details", "Two creator", "Gold coin"])
        #expect(form.screen.contains("Reward:  Gold coin"))
        #expect(form.screen.contains("[ Save ]"))
    }

    @Test func aSaveAfterTakingTheirsComparesWithTheirs() throws {
        let form = try editRacedByAnotherSession()
        form.press(.control("s"), .function(5), .control("a"))
        form.type("My ")
        form.press(.control("s"))
        #expect(try stored(form)[1] == GeoCache(title: "My Two", details: "Two details",
                                                creator: "Two creator", reward: "Gold coin"))
    }

    @Test func anEditChangedElsewhereIsNamedInTheStatusLine() throws {
        let form = try editRacedByAnotherSession()
        #expect(form.status.contains("\u{201C}Two\u{201D} was changed in another session"))
    }

    @Test func twoFormsRacingOneCacheKeepTheFirstSave() throws {
        let first = try FormHarness(caches: three)
        let second = try FormHarness(directory: first.directory)
        for form in [first, second] {
            form.press(.control("n"), .function(4), .control("u"))
        }
        first.type("First")
        second.type("Second")
        first.press(.control("s"))
        second.idle()
        second.press(.control("s"))
        #expect(try stored(first).map(\.title) == ["One", "First", "Three"])
        #expect(second.screen.contains("        stored: First"))
    }

    // MARK: The edit's own cache

    @Test func whileEditingThePaneKeepsTheEditedCacheWhenItIsDeletedElsewhere() throws {
        let form = try FormHarness(caches: three)
        form.press(.control("n"), .function(4))
        try SQLiteStore(url: form.storeURL).delete(try cache(at: 2, of: form))
        form.idle()
        #expect(form.screen.contains("Editing"))
        #expect(form.screen.contains("Title:   Two"))
        #expect(form.status.contains("\u{201C}Two\u{201D} was deleted in another session"))
    }

    @Test func savingAnEditOfACacheDeletedElsewhereKeepsTheTextForAnAdd() throws {
        let form = try FormHarness(caches: three)
        form.press(.control("n"), .function(4), .end)
        form.type("!")
        try SQLiteStore(url: form.storeURL).delete(try cache(at: 2, of: form))
        form.idle()
        form.press(.control("s"))
        #expect(form.screen.contains("deleted in another session; nothing was saved"))
        #expect(form.fieldTexts[0] == "Two!")
        #expect(try stored(form).map(\.title) == ["One", "Three"])
        form.press(.control("s"))
        #expect(try stored(form).map(\.title) == ["One", "Three", "Two!"])
    }

    @Test func savingAnUnchangedEditOfACacheDeletedElsewhereSaysSoAndKeepsTheTextForAnAdd() throws {
        let form = try FormHarness(caches: three)
        form.press(.control("n"), .function(4))
        try SQLiteStore(url: form.storeURL).delete(try cache(at: 2, of: form))
        form.idle()
        form.press(.control("s"))
        #expect(form.screen.contains("deleted in another session; nothing was saved"))
        #expect(!form.status.contains("Saved"), "\(form.status)")
        #expect(form.fieldTexts[0] == "Two")
    }

    @Test func aConflictWhoseCacheIsThenDeletedElsewhereSaysSo() throws {
        let form = try editRacedByAnotherSession()
        form.press(.control("s"))
        try SQLiteStore(url: form.storeURL).delete(try cache(at: 2, of: form))
        form.idle()
        #expect(form.status.contains("\u{201C}Two\u{201D} was deleted in another session"), "\(form.status)")
    }

    @Test func takingTheirsAfterTheirCacheWasDeletedKeepsMyTextAndSaysItIsGone() throws {
        let form = try editRacedByAnotherSession()
        form.press(.control("s"))
        try SQLiteStore(url: form.storeURL).delete(try cache(at: 2, of: form))
        form.idle()
        form.press(.function(5))
        #expect(form.screen.contains("deleted in another session; nothing was saved"))
        #expect(form.fieldTexts[0] == "Two more")
        form.press(.control("s"))
        #expect(try stored(form).map(\.title) == ["One", "Three", "Two more"])
    }

    // MARK: The delete question

    @Test func aDeleteQuestionClosesWhenItsCacheIsDeletedElsewhere() throws {
        let form = try FormHarness(caches: three)
        form.press(.control("n"), .function(8))
        try SQLiteStore(url: form.storeURL).delete(try cache(at: 2, of: form))
        form.idle()
        #expect(!form.screen.contains("[ Yes ]"))
        #expect(form.status.contains("Nothing deleted: \u{201C}Two\u{201D} was deleted in another session"))
        form.press(.character("y"))
        #expect(try stored(form).map(\.title) == ["One", "Three"])
    }

    @Test func aDeleteQuestionClosesWhenItsCacheIsChangedElsewhere() throws {
        let form = try FormHarness(caches: three)
        form.press(.control("n"), .function(8))
        try SQLiteStore(url: form.storeURL).update(try cache(at: 2, of: form), to: .sample("Two v2"))
        form.idle()
        #expect(!form.screen.contains("[ Yes ]"))
        #expect(form.status.contains("Nothing deleted: \u{201C}Two\u{201D} was changed in another session"))
        #expect(try stored(form).map(\.title) == ["One", "Two v2", "Three"])
    }

    @Test func yesToAQuestionWhoseCacheWasDeletedMeanwhileDeletesNothing() throws {
        let form = try FormHarness(caches: three)
        form.press(.control("n"), .function(8))
        try SQLiteStore(url: form.storeURL).delete(try cache(at: 2, of: form))
        form.press(.character("y"))
        #expect(try stored(form).map(\.title) == ["One", "Three"])
        #expect(form.status.contains("was deleted in another session"))
    }

    @Test func yesToAQuestionWhoseCacheWasChangedMeanwhileDeletesNothing() throws {
        let form = try FormHarness(caches: three)
        form.press(.control("n"), .function(8))
        try SQLiteStore(url: form.storeURL).update(try cache(at: 2, of: form), to: .sample("Two v2"))
        form.press(.character("y"))
        #expect(try stored(form).map(\.title) == ["One", "Two v2", "Three"])
    }

    // MARK: Browsing

    @Test func theShownCacheDeletedElsewhereIsNamedInTheStatusLine() throws {
        let form = try FormHarness(caches: three)
        form.press(.control("n"))
        try SQLiteStore(url: form.storeURL).delete(try cache(at: 2, of: form))
        form.idle()
        #expect(form.screen.contains("Title:   Three"))
        #expect(form.status.contains("\u{201C}Two\u{201D} was deleted in another session"))
    }

    @Test func theNoteThatTheShownCacheWasDeletedGoesAtTheNextMove() throws {
        let form = try FormHarness(caches: three)
        form.press(.control("n"))
        try SQLiteStore(url: form.storeURL).delete(try cache(at: 2, of: form))
        form.idle()
        #expect(form.status.contains("was deleted in another session"))
        form.press(.control("n"))
        #expect(!form.status.contains("was deleted in another session"), "\(form.status)")
    }

    @Test func reloadRereadsTheStore() throws {
        let form = try FormHarness(caches: three)
        try SQLiteStore(url: form.storeURL).add(.sample("Four"))
        form.press(.function(5))
        #expect(form.status.hasPrefix(" Cache 1 of 4"))
    }

    // MARK: A terminal too small to show the form

    @Test func typingAndAddDoNothingWhileTheFormCannotBeSeen() throws {
        let form = try FormHarness(caches: three)
        form.press(.function(4))
        form.press(.escape)
        form.resize(width: 20, height: 6)
        form.type("Unseen")
        form.press(.control("s"))
        #expect(try stored(form).count == 3)
        form.resize(width: 80, height: 24)
        #expect(form.fieldTexts == ["", "", "", ""])
    }

    @Test func deleteDoesNothingWhileTheFormCannotBeSeen() throws {
        let form = try FormHarness(caches: three)
        form.resize(width: 20, height: 6)
        form.press(.function(8), .character("y"))
        #expect(try stored(form).count == 3)
    }

    @Test func aQuestionAskedBeforeTheTerminalShrankIsNotAnsweredUnseen() throws {
        let form = try FormHarness(caches: three)
        form.press(.function(8))
        form.resize(width: 20, height: 6)
        form.press(.character("y"))
        #expect(try stored(form).count == 3)
        form.resize(width: 80, height: 24)
        #expect(form.screen.contains("[ Yes ]"))
    }

    @Test func movingStillWorksWhileTheFormCannotBeSeen() throws {
        let form = try FormHarness(caches: three)
        form.resize(width: 20, height: 6)
        form.press(.control("n"))
        #expect(form.model.current?.cache.title == "Two")
    }
}
