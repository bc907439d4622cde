import Foundation
import GeoModel
import GeoTestSupport
import Testing
@testable import GeoTUI

/// The form on a store file it has not seen as it is: shown at once, checked after the
/// first frame (issue 39), a damaged one then said and only read.
@Suite struct FormLateCheckTests {
    private static let caches = (1...300).map { GeoCache.sample("Cache \($0)") }

    /// Waits for the late check's verdict, then lets the idle tick take it, as the run
    /// loop does when the check's descriptor becomes readable.
    private static func waitForTheCheck(_ form: FormHarness) {
        if let descriptor = form.model.integrityDescriptor {
            var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&ready, 1, 10_000)
        }
        form.idle()
    }

    /// The screen's words, one space between each, without the pane's frame: text the
    /// pane wraps reads as one line.
    private static func words(_ form: FormHarness) -> String {
        form.screen.replacingOccurrences(of: "│", with: " ").split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    @Test func theFirstCacheOfAnUncheckedStoreIsShownBeforeItsCheck() throws {
        let form = try FormHarness(caches: Self.caches, opening: true, damaged: true)
        try form.finishOpening()
        #expect(form.screen.contains("Title:   Cache 1"))
        #expect(form.status.hasPrefix(" Cache 1 of 300"))
        #expect(form.title.hasPrefix(FormText.appTitle))
        #expect(!form.title.contains("read-only"))
    }

    @Test func keysAreAnsweredWhileTheCheckRuns() throws {
        let form = try FormHarness(caches: Self.caches, opening: true, damaged: true)
        try form.finishOpening()
        form.press(.control("n"), .control("n"))
        form.type("Typed")
        #expect(form.status.hasPrefix(" Cache 3 of 300"))
        #expect(form.fieldTexts.first == "Typed")
    }

    @Test func aSoundStoreChecksWithoutChangingTheScreen() throws {
        let form = try FormHarness(caches: Self.caches, opening: true)
        try form.finishOpening()
        let before = form.screen
        #expect(form.model.isCheckingStore)
        Self.waitForTheCheck(form)
        #expect(!form.model.isCheckingStore)
        #expect(form.model.storeDamage == nil)
        #expect(form.screen == before)
    }

    @Test func aDamagedStoreFoundLateIsSaidInTheRefusalsWordsAndShownReadOnly() throws {
        let form = try FormHarness(caches: Self.caches, opening: true, damaged: true)
        try form.finishOpening()
        Self.waitForTheCheck(form)
        let damage = try #require(form.model.storeDamage)
        #expect(Self.words(form).contains("caches.sqlite is damaged"))
        #expect(Self.words(form).contains("it was left untouched"))
        #expect(form.screen.contains("┌ Store damaged"))
        #expect("\(damage)".hasPrefix(form.storeURL.path + " is damaged ("))
        #expect(form.title.contains("(read-only)"))
        #expect(form.status.hasSuffix("caches.sqlite is damaged: read-only"))
    }

    @Test("on a damaged store found late the help bar offers no key that would write")
    func theHelpBarOfADamagedStoreOffersNoWrite() throws {
        let form = try FormHarness(caches: Self.caches, opening: true, damaged: true)
        try form.finishOpening()
        Self.waitForTheCheck(form)
        for write in ["^S Add", "F4 Edit", "F8 Delete"] { #expect(!form.help.contains(write), "\(form.help)") }
        #expect(form.help.contains("^N Next"), "\(form.help)")
    }

    @Test func addOnADamagedStoreFoundLateIsRefusedAndWritesNothing() throws {
        let form = try FormHarness(caches: Self.caches, opening: true, damaged: true)
        try form.finishOpening()
        Self.waitForTheCheck(form)
        let before = try Data(contentsOf: form.storeURL)
        for _ in GeoCache.Field.allCases {
            form.type("New")
            form.press(.tab)
        }
        form.press(.control("s"))
        #expect(form.status.hasSuffix(FormText.damagedRefusal))
        #expect(form.model.count == 300)
        #expect(try Data(contentsOf: form.storeURL) == before)
        #expect(form.fieldTexts.first == "New")
    }

    @Test func coordinatesOnADamagedStoreAreRefusedBeforeAnythingIsTyped() throws {
        let form = try FormHarness(caches: Self.caches, opening: true, damaged: true)
        try form.finishOpening()
        Self.waitForTheCheck(form)
        form.press(.control("g"))
        #expect(form.status.hasSuffix(FormText.damagedRefusal))
        #expect(!form.status.contains("Coordinates:"))
    }

    @Test func anAddTypedWhileTheCheckRunsWaitsForItsVerdictAndIsRefusedOnADamagedStore() throws {
        let form = try FormHarness(caches: Self.caches, opening: true, damaged: true)
        try form.finishOpening()
        let before = try Data(contentsOf: form.storeURL)
        for _ in GeoCache.Field.allCases {
            form.type("New")
            form.press(.tab)
        }
        form.press(.control("s"))
        #expect(Self.words(form).contains("caches.sqlite is damaged"))
        #expect(form.model.count == 300)
        #expect(try Data(contentsOf: form.storeURL) == before)
        #expect(form.fieldTexts.first == "New")
    }

    @Test func quittingWhileTheCheckRunsIsAnsweredAtOnce() throws {
        let form = try FormHarness(caches: Self.caches, opening: true)
        try form.finishOpening()
        form.press(.control("q"))
        #expect(form.lastOutcome == .quit(status: 0))
    }
}
