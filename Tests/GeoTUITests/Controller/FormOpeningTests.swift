import Foundation
import GeoModel
import Testing
@testable import GeoTUI

/// The form while its model still opens the store on another thread, as the app paints
/// its first frame, and once the store is taken over.
@Suite struct FormOpeningTests {
    @Test func whileTheStoreOpensTheFormIsEmptyAndTheStatusLineSaysSo() throws {
        let form = try FormHarness(caches: [.sample("Alpha")], opening: true)
        #expect(form.status.hasPrefix(" Opening\u{2026}"))
        #expect(form.status.hasSuffix("caches.sqlite"))
        #expect(form.fieldTexts == ["", "", "", ""])
        #expect(!form.screen.contains("Alpha"))
        #expect(!form.screen.contains("No caches yet"))
    }

    @Test func onceOpenTheFirstCacheAndItsPositionAppear() throws {
        let form = try FormHarness(caches: [.sample("Alpha"), .sample("Beta")], opening: true)
        try form.finishOpening()
        #expect(form.screen.contains("Title:   Alpha"))
        #expect(form.status.hasPrefix(" Cache 1 of 2"))
        #expect(form.status.hasSuffix("caches.sqlite"))
    }

    @Test func onceOpenAnEmptyStoreSaysWhatToDo() throws {
        let form = try FormHarness(opening: true)
        try form.finishOpening()
        #expect(form.screen.contains("No caches yet."))
        #expect(form.screen.contains("Fill in Title, Details, Creator and Reward"))
        #expect(form.status.hasPrefix(" No caches yet"))
    }

    @Test func onceOpenTheKeptDraftIsRestored() throws {
        let form = try FormHarness(draft: [.title: "Half typed", .reward: "Coin"], opening: true)
        #expect(form.fieldTexts == ["", "", "", ""])
        try form.finishOpening()
        #expect(form.fieldTexts == ["Half typed", "", "", "Coin"])
        #expect(form.status.hasSuffix("Draft restored"))
    }

    @Test func whileTheStoreOpensTypingAndMovingDoNothing() throws {
        let form = try FormHarness(caches: [.sample("Alpha"), .sample("Beta")], opening: true)
        form.type("abc")
        form.press(.control("n"), .control("s"), .tab)
        #expect(form.fieldTexts == ["", "", "", ""])
        #expect(form.model.isOpening)
        try form.finishOpening()
        #expect(form.status.hasPrefix(" Cache 1 of 2"))
        #expect(try form.model.store.count() == 2)
    }

    @Test func whileTheStoreOpensTheQuitKeyQuitsAndKeepsNoDraft() throws {
        let form = try FormHarness(draft: [.title: "Kept"], opening: true)
        form.press(.control("q"))
        #expect(form.lastOutcome == .quit(status: 0))
        form.controller.finish()
        #expect(try SQLiteStore(url: form.storeURL).keptDrafts() == [FormDraft(fields: [.title: "Kept"])])
    }
}
