import Foundation
import GeoModel
import Testing
@testable import GeoTUI

/// The form's drafts (issue 26): every form's text survives whatever order forms quit
/// in, a form restores one draft and offers the others one at a time, a draft another
/// live form holds is left to it, and an edit in progress comes back as that edit.
@Suite struct FormDraftTests {
    private let three: [GeoCache] = [.sample("One"), .sample("Two"), .sample("Three")]

    private func storedTitles(_ form: FormHarness) throws -> [String] {
        try SQLiteStore(url: form.storeURL).loadCaches().map(\.title)
    }

    /// Starts an edit of the shown cache, replaces its title with `title` and quits.
    private func quitEditing(_ form: FormHarness, title: String) {
        form.press(.function(4), .control("u"))
        form.type(title)
        form.press(.control("q"))
    }

    @Test func twoFormsQuittingWithTextLeaveTwoDraftsAndAThirdRestoresOneAndOffersTheOther() throws {
        let first = try FormHarness()
        let second = try FormHarness(directory: first.directory)
        first.type("From the first form")
        second.type("From the second form")
        first.press(.control("q"))
        second.press(.control("q"))
        let third = try FormHarness(directory: first.directory)
        #expect(third.fieldTexts == ["From the second form", "", "", ""])
        #expect(third.status.hasSuffix("Draft restored; 1 more kept: ^Y for the next"))
        third.press(.control("y"))
        #expect(third.fieldTexts == ["From the first form", "", "", ""])
        third.press(.control("y"))
        #expect(third.fieldTexts == ["From the second form", "", "", ""])
    }

    @Test func theNextDraftKeepsWhatWasTypedIntoTheOneShown() throws {
        let first = try FormHarness(draft: [.title: "Older"])
        first.press(.control("q"))
        let second = try FormHarness(draft: [.title: "Newer"], directory: first.directory)
        second.type(", with more")
        second.press(.control("y"))
        #expect(second.fieldTexts == ["Older", "", "", ""])
        second.press(.control("y"))
        #expect(second.fieldTexts == ["Newer, with more", "", "", ""])
    }

    @Test func withOneDraftTheNextKeySaysThereIsNoOther() throws {
        let form = try FormHarness(draft: [.title: "Only one"])
        form.press(.control("y"))
        #expect(form.fieldTexts == ["Only one", "", "", ""])
        #expect(form.status.hasSuffix("No other draft kept"))
    }

    @Test("a restored draft whose text is added is no longer kept, so a form killed afterwards does not offer it again")
    func anAddedDraftIsNoLongerKept() throws {
        let form = try FormHarness(draft: [.title: "Dup", .details: "dd"])
        form.press(.tab, .tab)
        form.type("cc")
        form.press(.tab)
        form.type("rr")
        form.press(.control("s"))
        #expect(try storedTitles(form) == ["Dup"])
        #expect(try SQLiteStore(url: form.storeURL).keptDrafts().isEmpty)
    }

    @Test("a restored edit that is saved leaves as the draft only what the fields hold afterwards")
    func aSavedRestoredEditLeavesWhatTheFieldsHold() throws {
        let first = try FormHarness(caches: three)
        first.type("Put aside")
        quitEditing(first, title: "One edited")
        let second = try FormHarness(directory: first.directory)
        second.press(.control("s"))
        #expect(try storedTitles(second) == ["One edited", "Two", "Three"])
        #expect(try SQLiteStore(url: second.storeURL).keptDrafts().map(\.fields) == [[.title: "Put aside"]])
    }

    @Test func theNextDraftKeyWithTheOnlyDraftHeldByAnotherFormSaysNoneIsFreeToTake() throws {
        let holder = try FormHarness(draft: [.title: "Held by the first form"])
        let second = try FormHarness(directory: holder.directory)
        second.press(.control("y"))
        #expect(second.status.contains("No draft to take: none is kept that no running form holds"), "\(second.status)")
    }

    @Test func aDraftALiveFormHoldsIsNotRestoredInASecondForm() throws {
        let holder = try FormHarness(draft: [.title: "Held by the first form"])
        #expect(holder.fieldTexts == ["Held by the first form", "", "", ""])
        let second = try FormHarness(directory: holder.directory)
        #expect(second.fieldTexts == ["", "", "", ""])
        #expect(!second.status.contains("Draft restored"))
    }

    @Test func anEditInProgressComesBackAsThatEditAndSavingWritesOverTheCache() throws {
        let form = try FormHarness(caches: three)
        quitEditing(form, title: "Uno")
        try form.restart()
        #expect(form.fieldTexts[0] == "Uno")
        #expect(form.screen.contains("[ Save ]"))
        #expect(form.status.hasSuffix("Edit of \u{201C}One\u{201D} restored"))
        form.press(.control("s"))
        #expect(try storedTitles(form) == ["Uno", "Two", "Three"])
    }

    @Test func aRestoredEditOfTheSecondCacheShowsItsPositionAndStaysOnItAfterTheSave() throws {
        let form = try FormHarness(caches: three)
        form.press(.control("n"))
        quitEditing(form, title: "Dos")
        try form.restart()
        #expect(form.status.hasPrefix(" Cache 2 of 3"), "\(form.status)")
        form.press(.control("s"))
        #expect(try storedTitles(form) == ["One", "Dos", "Three"])
        #expect(form.screen.contains("Title:   Dos"))
        #expect(form.status.hasPrefix(" Cache 2 of 3"))
    }

    @Test func whatTheFieldsHeldBeforeTheEditComesBackWhenTheRestoredEditEnds() throws {
        let form = try FormHarness(caches: three)
        form.type("Text for the next Add")
        quitEditing(form, title: "Uno")
        try form.restart()
        form.press(.escape)
        #expect(form.fieldTexts == ["Text for the next Add", "", "", ""])
        #expect(try storedTitles(form) == ["One", "Two", "Three"])
    }

    @Test func aRestoredEditOfACacheChangedSinceIsRefusedAsAConflictWhenSaved() throws {
        let form = try FormHarness(caches: three)
        quitEditing(form, title: "Mine")
        let other = try SQLiteStore(url: form.storeURL)
        let stored = try #require(try other.first())
        try other.update(stored, to: stored.cache.replacingFields([.title: "Theirs", .details: "d", .creator: "c", .reward: "r"]))
        try form.restart()
        #expect(form.status.hasSuffix("Edit of \u{201C}One\u{201D} restored (changed since)"))
        form.press(.control("s"))
        #expect(form.screen.contains("was changed in another session while you edited it"))
        #expect(try storedTitles(form) == ["Theirs", "Two", "Three"])
    }

    @Test func aRestoredEditOfACacheDeletedSinceIsOfferedAsANewAdd() throws {
        let form = try FormHarness(caches: three)
        quitEditing(form, title: "Uno")
        let other = try SQLiteStore(url: form.storeURL)
        try other.delete(try #require(try other.first()))
        try form.restart()
        #expect(form.screen.contains("was deleted in another session after you left this edit"))
        #expect(form.screen.contains("[ Add ]"))
        form.press(.control("s"))
        #expect(try storedTitles(form) == ["Two", "Three", "Uno"])
    }

    @Test func theNextDraftKeyIsListedInTheHelp() throws {
        let form = try FormHarness(width: 100, height: 60)
        form.press(.function(1))
        #expect(form.screen.contains("^Y"))
        #expect(form.screen.contains("Keep the fields among the drafts, take the next draft"))
    }

    @Test func theNextDraftKeyKeepsARestoredEditAsThatEditAndComesBackToIt() throws {
        let form = try FormHarness(caches: three)
        try SQLiteStore(url: form.storeURL).leaveDraft(FormDraft(fields: [.title: "An Add's text"]))
        quitEditing(form, title: "Uno")
        try form.restart()
        #expect(form.status.hasSuffix("Edit of \u{201C}One\u{201D} restored; 1 more kept: ^Y for the next"))
        form.press(.control("y"))
        #expect(form.fieldTexts == ["An Add's text", "", "", ""])
        #expect(form.screen.contains("[ Add ]"))
        form.press(.control("y"))
        #expect(form.fieldTexts[0] == "Uno")
        #expect(form.screen.contains("[ Save ]"))
        form.press(.control("s"))
        #expect(try storedTitles(form) == ["Uno", "Two", "Three"])
    }

    @Test func anEditThatCannotBeKeptIsPrintedWithWhatItHadPutAside() throws {
        let form = try FormHarness(caches: three)
        form.type("For the next Add")
        form.press(.function(4), .control("u"))
        form.type("Uno")
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: form.storeURL.path + suffix) }
        form.controller.finish()
        let problems = form.controller.finishProblems.joined(separator: "\n")
        #expect(problems.contains("could not keep the unsaved fields as a draft"))
        #expect(problems.contains("Title: Uno"))
        #expect(problems.contains("Put aside before the edit, for the next Add:\n  Title: For the next Add"))
    }

    @Test func emptyFieldsWhoseDraftCannotBeDeletedSayThatNotAnEmptyListOfFields() throws {
        let problem = FormText.couldNotKeepDraft(StoreError.readOnly(path: "/x/caches.sqlite", reason: "the file is read-only"),
                                                 FormDraft(fields: [:]))
        #expect(problem.hasPrefix("could not delete the draft kept before"), "\(problem)")
        #expect(!problem.contains("They held:"))
    }

    /// A directory whose store, read-only (mode 0400), holds no cache and one kept draft.
    private static func readOnlyStoreHoldingADraft() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("geocache-ro-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let store = directory.appendingPathComponent("caches.sqlite")
        try SQLiteStore(url: store).leaveDraft(FormDraft(fields: [.title: "Kept"]))
        chmod(store.path, 0o400)
        return directory
    }

    @Test("^Y on a read-only store says it is read-only, as every key that would write does")
    func takingADraftOnAReadOnlyStoreIsRefusedAsReadOnly() throws {
        let directory = try Self.readOnlyStoreHoldingADraft()
        defer { try? FileManager.default.removeItem(at: directory) }
        let form = try FormHarness(directory: directory)
        form.press(.control("y"))
        #expect(form.controller.statusBar.note == FormText.readOnlyRefusal)
    }

    @Test("an empty read-only store's pane says nothing can be added, not to fill in the fields and press Add")
    func anEmptyReadOnlyStoresPaneDoesNotOfferAdd() throws {
        let directory = try Self.readOnlyStoreHoldingADraft()
        defer { try? FileManager.default.removeItem(at: directory) }
        let form = try FormHarness(directory: directory)
        #expect(form.screen.contains("No caches in this store, and it can only be read"), "\(form.screen)")
        #expect(!form.screen.contains("Fill in Title"))
    }
}
