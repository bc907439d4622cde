import Foundation
import GeoModel
import GeoTestSupport
import Testing
@testable import GeoTUI

/// The form while its club store waits: a lock held by another session makes a write
/// wait and try again on the idle tick, and only ^Q, a resize or a signal cut a waiting
/// round trip short (any key, while kept changes are delivered:
/// `FormDeliveryInterruptionTests`).
@Suite struct FormWaitTests {
    /// A form on a fresh club database, and a second connection that holds its append lock.
    private final class LockedForm {
        let store: PostgresStore
        let controller: GeoCacheFormController
        let other: PostgresConnection
        let url: String

        init() throws {
            let url = try PostgresTestServer.shared().makeDatabase()
            self.url = url
            store = try PostgresStore(url: url)
            controller = GeoCacheFormController(model: try CacheList(store: store))
            controller.resize(to: Size(width: 80, height: 24))
            controller.configureStoreWaits()
            other = try PostgresConnection(url)
            try other.query("SELECT pg_advisory_lock(\(0x6765_6F63))")
        }

        func release() throws { try other.query("SELECT pg_advisory_unlock(\(0x6765_6F63))") }

        func press(_ key: Key) { _ = controller.handle(.key(key)) }

        func type(_ fields: [String]) {
            for (index, text) in fields.enumerated() {
                for character in text { press(.character(character)) }
                if index < fields.count - 1 { press(.tab) }
            }
        }

        /// The status line as drawn now.
        var status: String {
            guard let canvas = controller.render() else { return lastStatus }
            lastStatus = canvas.lines[controller.layout.status.y]
            return lastStatus
        }
        private var lastStatus = ""
    }

    @Test func aWriteThatMeetsALockKeepsTheTextWaitsAndIsStoredOnceAfterTheRelease() throws {
        let form = try LockedForm()
        form.type(["Patient oak", "d", "c", "r"])
        form.press(.control("s"))
        #expect(form.status.contains("Waiting for another session"))
        #expect(form.controller.fields[0].input.text == "Patient oak")
        form.controller.idleTick()
        #expect(try form.store.count() == 0)
        try form.release()
        form.controller.idleTick()
        #expect(form.status.contains(FormText.added))
        form.controller.idleTick()
        #expect(try form.store.loadCaches().map(\.title) == ["Patient oak"])
    }

    @Test func aSaveThatMeetsARowLockWaitsAndIsSavedAfterTheRelease() throws {
        let url = try PostgresTestServer.shared().makeDatabase()
        let store = try PostgresStore(url: url)
        try store.add(GeoCache(title: "Old oak", details: "d", creator: "c", reward: "r"))
        let controller = GeoCacheFormController(model: try CacheList(store: store))
        controller.resize(to: Size(width: 80, height: 24))
        controller.configureStoreWaits()
        let other = try PostgresConnection(url)
        try other.query("BEGIN")
        try other.query("SELECT id FROM geocache FOR UPDATE")
        _ = controller.handle(.key(.function(4)))
        _ = controller.handle(.key(.end))
        _ = controller.handle(.key(.character("!")))
        _ = controller.handle(.key(.control("s")))
        #expect(controller.render().map { $0.lines[controller.layout.status.y] }?.contains("Waiting for another session") == true)
        try other.query("ROLLBACK")
        controller.idleTick()
        #expect(try store.loadCaches().map(\.title) == ["Old oak!"])
    }

    @Test func escapeStopsAWriteWaitingForALockAndNothingIsStored() throws {
        let form = try LockedForm()
        form.type(["Impatient oak", "d", "c", "r"])
        form.press(.control("s"))
        form.press(.escape)
        #expect(form.status.contains("nothing was stored"))
        try form.release()
        form.controller.idleTick()
        #expect(try form.store.count() == 0)
        #expect(form.controller.fields[0].input.text == "Impatient oak")
    }

    @Test func onlyTheQuitKeyAResizeAndSignalsEndAWait() throws {
        let form = try LockedForm()
        let controller = form.controller
        #expect(controller.endsAWait(.input(.key(.control("q")))))
        #expect(controller.endsAWait(.input(.resize)))
        #expect(controller.endsAWait(.signal(.terminate)))
        #expect(!controller.endsAWait(.input(.key(.character("a")))))
        #expect(!controller.endsAWait(.input(.key(.control("n")))))
    }

    @Test func afterTheQuitKeyGaveAWaitUpEveryLaterWaitIsGivenUpAtOnceUntilTheKeyIsAnswered() throws {
        let form = try LockedForm()
        var typed: [TerminalEvent] = [.input(.key(.control("q")))]
        var answered = false
        form.controller.attach(WaitingInput(descriptors: [], read: {
            defer { typed = [] }
            return typed
        }, unanswered: { !answered }))
        let interruption = try #require(form.store.interruption)
        #expect(interruption.shouldGiveUp(.zero))
        // The rest of what the form was doing (a store opened again, the next change of a
        // delivery) waits no longer: the quit key is still to be answered.
        #expect(interruption.shouldGiveUp(.zero))
        answered = true
        #expect(!interruption.shouldGiveUp(.zero))
    }

    @Test func theStoreGivesUpARoundTripWhenTheWaitingInputAsksToQuitAndCallsItsOutcomeUnknown() throws {
        let form = try LockedForm()
        let url = form.url
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        var byte: UInt8 = 1
        _ = write(ends[1], &byte, 1)
        form.controller.attach(WaitingInput(descriptors: [ends[0]]) { [.input(.key(.control("q")))] })
        form.store.lockWait = 30
        // A write waiting for the lock: the quit key read while it waits gives it up.
        let error = try #require(throws: StoreError.self) {
            try form.store.add(GeoCache(title: "t", details: "d", creator: "c", reward: "r"))
        }
        // Given up after it was sent: whether it was stored is not known here, and is
        // not guessed (the model settles it later by the write's identifier).
        guard case .outcomeUnknown = error else { Issue.record("\(error)"); return }
        #expect(error.meansTheServerIsAway)
        try form.release()
        #expect(try PostgresStore(url: url).count() <= 1)
    }
}
