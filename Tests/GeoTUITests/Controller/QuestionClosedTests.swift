import Foundation
import GeoModel
import GeoTestSupport
import Testing
@testable import GeoTUI

/// Keys that arrive just after a question closed by itself (the delete question, when
/// another session deleted or changed its cache) are dropped, not typed or taken as
/// answers; the clock is the test's, so nothing waits.
@Suite struct QuestionClosedTests {
    private let three = [GeoCache.sample("One"), .sample("Two"), .sample("Three")]

    /// A clock the test moves by hand.
    private final class HandClock {
        var now = ContinuousClock.now
    }

    /// A form showing "Two" with the delete question open, on the test's clock.
    private func formAskingToDeleteTwo(clock: HandClock) throws -> FormHarness {
        let form = try FormHarness(caches: three)
        form.controller.now = { clock.now }
        form.press(.control("n"), .function(8))
        #expect(form.screen.contains("[ Yes ]"))
        return form
    }

    private func deleteTwoElsewhere(_ form: FormHarness) throws {
        let store = try SQLiteStore(url: form.storeURL)
        let two = try #require(try store.cache(atPosition: 2))
        #expect(two.cache.title == "Two")
        _ = try store.delete(two)
        form.idle()
    }

    @Test("The status line says the delete question closed by itself and why")
    func theStatusLineSaysWhyTheQuestionClosed() throws {
        let form = try formAskingToDeleteTwo(clock: HandClock())
        try deleteTwoElsewhere(form)
        #expect(!form.screen.contains("[ Yes ]"))
        #expect(form.status.contains("Closed. Nothing deleted: \u{201C}Two\u{201D} was deleted in another session"))
    }

    @Test("A y pressed just after the delete question closed by itself is neither typed nor an answer")
    func aKeyJustAfterTheQuestionClosedIsDropped() throws {
        let clock = HandClock()
        let form = try formAskingToDeleteTwo(clock: clock)
        try deleteTwoElsewhere(form)
        clock.now += .milliseconds(300)
        form.press(.character("y"), .enter)
        form.send(.paste("yes"))
        #expect(form.fieldTexts == ["", "", "", ""])
        #expect(try SQLiteStore(url: form.storeURL).loadCaches().map(\.title) == ["One", "Three"])
        #expect(form.status.contains("Key ignored. Nothing deleted: \u{201C}Two\u{201D} was deleted"))
    }

    @Test("Keys typed a second after the question closed by itself are typed as usual")
    func keysAfterTheGraceAreTyped() throws {
        let clock = HandClock()
        let form = try formAskingToDeleteTwo(clock: clock)
        try deleteTwoElsewhere(form)
        form.press(.character("y"))
        clock.now += GeoCacheFormController.questionClosedGrace + .milliseconds(1)
        form.type("yes")
        #expect(form.fieldTexts[0] == "yes")
    }

    @Test("Once keys are typed again the status line no longer says a key was ignored")
    func theIgnoredNoteGoesWhenKeysWorkAgain() throws {
        let clock = HandClock()
        let form = try formAskingToDeleteTwo(clock: clock)
        try deleteTwoElsewhere(form)
        form.press(.character("y"))
        clock.now += GeoCacheFormController.questionClosedGrace + .milliseconds(1)
        form.type("z")
        #expect(!form.status.contains("Key ignored"), "\(form.status)")
        #expect(form.status.contains("Closed. Nothing deleted: \u{201C}Two\u{201D} was deleted"))
    }

    @Test("When the keys' grace ends with no key pressed, the form wakes and the note no longer says a key was ignored")
    func theIgnoredNoteGoesWhenTheGraceEndsWithoutAKey() throws {
        let clock = HandClock()
        let form = try formAskingToDeleteTwo(clock: clock)
        try deleteTwoElsewhere(form)
        form.press(.character("y"))
        #expect(form.status.contains("Key ignored"))
        clock.now += .milliseconds(400)
        let timeout = try #require(form.controller.idleWake.timeout)
        #expect(timeout <= GeoCacheFormController.questionClosedGrace - .milliseconds(400))
        clock.now += timeout
        form.idle()
        #expect(!form.status.contains("Key ignored"), "\(form.status)")
        #expect(form.status.contains("Closed. Nothing deleted: \u{201C}Two\u{201D} was deleted"))
    }

    @Test("A new delete question, once keys work again, does not go on saying the last one closed")
    func aNewQuestionClearsTheClosedNote() throws {
        let clock = HandClock()
        let form = try formAskingToDeleteTwo(clock: clock)
        try deleteTwoElsewhere(form)
        clock.now += GeoCacheFormController.questionClosedGrace + .milliseconds(1)
        form.press(.function(8))
        #expect(form.screen.contains("[ Yes ]"))
        #expect(!form.status.contains("Closed."), "\(form.status)")
    }

    @Test("Quitting works at once after the question closed by itself")
    func quittingIsNeverDropped() throws {
        let form = try formAskingToDeleteTwo(clock: HandClock())
        try deleteTwoElsewhere(form)
        form.press(.control("q"))
        #expect(form.lastOutcome == .quit(status: 0))
    }
}
