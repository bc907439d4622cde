import Foundation
import GeoModel
import GeoTestSupport
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

    /// A store holding the person's visits to two caches, Alpha found and Beta not.
    private func storeWithVisits() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("geocache-form-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let store = try SQLiteStore(url: directory.appendingPathComponent("caches.sqlite"))
        var (alpha, beta) = (GeoCache.sample("Alpha"), GeoCache.sample("Beta"))
        (alpha.code, beta.code) = ("GC1ALPH", "GC2BETA")
        try store.add(alpha)
        try store.add(beta)
        _ = try store.recordVisits([Visit(code: "GC1ALPH", time: "2026-11-20T08:00:00Z", type: .foundIt, text: "first"),
                                    Visit(code: "GC2BETA", time: "2026-11-21T08:00:00Z", type: .didNotFindIt,
                                          text: "not yet")], as: WriteID())
        store.prepareForExit()
        return directory
    }

    @Test func theFirstFrameShowsTheFirstCachesVisitsAndTheRestIsReadRightAfterIt() throws {
        let form = try FormHarness(width: 100, height: 30, opening: true, directory: try storeWithVisits())
        try form.finishOpening()
        #expect(form.screen.contains("Found:   by you on 2026-11-20 08:00 UTC"))
        #expect(form.screen.contains("Visit:   2026-11-20 08:00 UTC Found it"))
        #expect(form.model.ownIsPartial)
        #expect(form.controller.idleWake.timeout == .zero)
        form.idle()
        #expect(!form.model.ownIsPartial)
        #expect(form.model.ownFacts.isFound(try #require(form.model.current).cache))
        #expect(form.controller.idleWake.timeout != .zero)
    }

    @Test func aKeyBeforeTheRestIsReadReadsItFirst() throws {
        let form = try FormHarness(width: 100, height: 30, opening: true, directory: try storeWithVisits())
        try form.finishOpening()
        form.press(.control("n"))
        #expect(form.screen.contains("Title:   Beta"))
        #expect(form.screen.contains("Visit:   2026-11-21 08:00 UTC Didn't find it"))
        #expect(!form.screen.contains("Found:   by you"))
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

    @Test func whileTheStoreOpensWhatIsTypedWaitsAndShowsNothing() throws {
        let form = try FormHarness(caches: [.sample("Alpha"), .sample("Beta")], opening: true)
        form.press(.control("n"))
        form.type("abc")
        #expect(form.fieldTexts == ["", "", "", ""])
        #expect(form.model.isOpening)
        #expect(form.status.hasPrefix(" Opening\u{2026}"))
    }

    @Test func keysTypedWhileTheStoreOpensAreHandledInOrderOnceItIsOpen() throws {
        let form = try FormHarness(caches: [.sample("Alpha"), .sample("Beta")], opening: true)
        form.press(.control("n"), .function(4))
        form.press(.control("a"), .control("k"))
        form.type("Gamma")
        try form.finishOpening()
        #expect(form.fieldTexts.first == "Gamma")
        #expect(form.status.contains("Cache 2 of 2"))
        #expect(try form.model.store.count() == 2)
    }

    @Test func aQuitKeyWhileTheStoreOpensIsAnsweredAtOnce() throws {
        let form = try FormHarness(caches: [.sample("Alpha")], opening: true)
        form.type("abc")
        form.press(.control("q"))
        #expect(form.lastOutcome == .quit(status: 0))
    }

    @Test func aStoreThatCannotBeOpenedQuitsTheFormWithStatusOneAndItsReason() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("geocache-open-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let notAStore = directory.appendingPathComponent("notes.sqlite")
        try Data("these are not the caches you are looking for\n".utf8).write(to: notAStore)
        let opening = StoreOpening(.file(notAStore.path, createsDirectories: false))
        defer { opening.finish() }
        let controller = GeoCacheFormController(model: CacheList(opening: opening), position: .none)
        controller.resize(to: Size(width: 80, height: 24))
        #expect(waitUntil(timeout: .seconds(30)) { opening.isReady })
        #expect(controller.idleTick() == .quit(status: 1))
        #expect(controller.openingFailure != nil)
    }

    @Test("a club store another session holds locked opens once the lock goes, the note saying so meanwhile")
    func aLockedClubStoreOpensOnceTheLockGoes() throws {
        try withFormOnALockedClubStore { controller, opening, holder in
            controller.resize(to: Size(width: 100, height: 24))
            #expect(waitUntil(timeout: .seconds(60)) { opening.waitsForLock != nil })
            #expect(controller.idleTick() == .proceed)
            #expect(controller.statusBar.note.hasPrefix("Waiting for another session's lock ("), "\(controller.statusBar.note)")
            #expect(controller.statusBar.note.contains(" server process "), "\(controller.statusBar.note)")
            #expect(controller.model.isOpening)
            try holder.query("ROLLBACK")
            #expect(waitUntil(timeout: .seconds(60)) { opening.isReady })
            #expect(controller.idleTick() == .proceed)
            #expect(controller.model.current?.cache.title == "Alpha")
            #expect(!controller.statusBar.note.hasPrefix("Waiting"), "\(controller.statusBar.note)")
        }
    }

    @Test func aSignalWhileTheStoreOpensHandlesTheKeysTypedMeanwhileAndKeepsWhatTheyTyped() throws {
        let form = try FormHarness(caches: [.sample("Alpha")], opening: true)
        form.type("abc")
        #expect(form.model.isOpening)
        #expect(form.controller.handle(TerminalSignal.terminate) == .quit(status: 0))
        form.controller.finish()
        #expect(form.controller.finishProblems.isEmpty)
        #expect(try SQLiteStore(url: form.storeURL).keptDrafts().contains { $0.fields[.title] == "abc" })
    }

    @Test func whileTheStoreOpensTheQuitKeyQuitsAndKeepsNoDraft() throws {
        let form = try FormHarness(draft: [.title: "Kept"], opening: true)
        form.press(.control("q"))
        #expect(form.lastOutcome == .quit(status: 0))
        form.controller.finish()
        #expect(try SQLiteStore(url: form.storeURL).keptDrafts() == [FormDraft(fields: [.title: "Kept"])])
    }

    /// A form on a club store whose caches another session holds locked (an admin's
    /// `LOCK TABLE`), its opening waiting that lock out; the lock goes when `body` returns.
    private func withFormOnALockedClubStore(_ body: (GeoCacheFormController, StoreOpening, PostgresConnection) throws -> Void) throws {
        try withLockedClubStore(holding: .sample("Alpha")) { url, holder in
            let opening = StoreOpening(.server(url))
            defer { opening.finish() }
            let controller = GeoCacheFormController(model: CacheList(opening: opening), position: .none)
            controller.resize(to: Size(width: 80, height: 24))
            try body(controller, opening, holder)
        }
    }

    @Test("a signal while the opening waits out another session's lock does not wait for it: what was typed is printed")
    func aSignalWhileTheOpeningWaitsForALockPrintsWhatWasTyped() throws {
        try withFormOnALockedClubStore { controller, opening, _ in
            for character in "abc" { _ = controller.handle(.key(.character(character))) }
            #expect(waitUntil(timeout: .seconds(60)) { opening.waitsForLock != nil })
            #expect(controller.handle(TerminalSignal.terminate) == .quit(status: 0))
            #expect(controller.model.isOpening)
            #expect(controller.finishProblems.contains { $0.hasSuffix("what was typed meanwhile was not kept: abc") },
                    "\(controller.finishProblems)")
        }
    }

    @Test func aFurtherQuitKeyStopsQuittingsWaitForTheOpening() throws {
        try withFormOnALockedClubStore { controller, _, _ in
            controller.attach(WaitingInput(descriptors: []) { [.input(.key(.control("q")))] })
            #expect(controller.waitForOpeningAtQuit() == .stopped)
        }
    }

    @Test func anOrdinaryKeyWhileQuittingDoesNotStopTheWaitForTheOpening() throws {
        try withFormOnALockedClubStore { controller, opening, _ in
            controller.attach(WaitingInput(descriptors: []) { [.input(.key(.character("x")))] })
            #expect(waitUntil(timeout: .seconds(60)) { opening.waitsForLock != nil })
            #expect(controller.waitForOpeningAtQuit() == .waitsForLock)
        }
    }

    @Test("a hang-up while quitting waits for the opening does not stop the wait: only a kept draft can save the text")
    func aHangupWhileQuittingDoesNotStopTheWaitForTheOpening() throws {
        try withFormOnALockedClubStore { controller, opening, _ in
            controller.attach(WaitingInput(descriptors: []) { [.signal(.hangup)] })
            #expect(waitUntil(timeout: .seconds(60)) { opening.waitsForLock != nil })
            #expect(controller.waitForOpeningAtQuit() == .waitsForLock)
        }
    }

    @Test("text printed as not kept when the form quit is not kept later as a draft by finishing")
    func textPrintedAtQuitIsNotKeptByFinishing() throws {
        try withFormOnALockedClubStore { controller, opening, holder in
            for character in "abc" { _ = controller.handle(.key(.character(character))) }
            #expect(waitUntil(timeout: .seconds(60)) { opening.waitsForLock != nil })
            #expect(controller.handle(TerminalSignal.terminate) == .quit(status: 0))
            try holder.query("ROLLBACK")
            #expect(waitUntil(timeout: .seconds(60)) { opening.isReady })
            controller.finish()
            #expect(controller.finishProblems.count == 1, "\(controller.finishProblems)")
            #expect(controller.model.isOpening)
        }
    }
}
