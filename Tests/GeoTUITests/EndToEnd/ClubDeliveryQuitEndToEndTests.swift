import Foundation
import GeoModel
import GeoTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The real binary under tmux on a club store reached over a slow link (a relay that
/// delays every packet), opening with changes kept on this machine: ^Q and SIGHUP during
/// the delivery end the form there, the changes not delivered stay kept, and the next
/// delivery stores each exactly once.
@Suite(.serialized) struct ClubDeliveryQuitEndToEndTests {
    /// A club store behind a slow relay, this machine's data directory, and an outbox
    /// there holding six adds.
    private final class SlowClub {
        let club: ClubWithKeptAdds
        static let titles = (1...6).map { "Kept \($0)" }

        init() throws {
            club = try ClubWithKeptAdds(keeping: Self.titles.map { GeoCache(title: $0, details: "d", creator: "c", reward: "r") },
                                        parameters: "connect_timeout=30")
            try club.relay.delay(milliseconds: 300)
        }

        /// The outbox, holding what was not delivered.
        var outbox: Outbox { club.outbox }

        /// The form on the club store; returns once the delivery sends its first change.
        func formDelivering() throws -> TmuxSession {
            let session = try TmuxSession(command: TmuxSession.appCommand(storeArgument: club.relayed), width: 120, height: 30,
                                          environment: ["LANG": "C.UTF-8", "XDG_DATA_HOME": club.data.url.path])
            #expect(waitUntil(timeout: .seconds(60)) { club.firstChangeIsBeingSent }, "the form did not begin to deliver")
            return session
        }

        /// What waits here once the form has ended, then delivered by another delivery:
        /// each change once, on the server.
        func expectDeliveredOnceAfterwards() throws {
            try club.relay.delay(milliseconds: 0)
            let store = try PostgresStore(url: club.relayed, purpose: .command)
            #expect(try waitUntil(timeout: .seconds(60), polling: .milliseconds(100)) {
                _ = try OutboxDelivery.deliver(outbox, to: store)
                return try outbox.count() == 0
            })
            #expect(try club.titlesOnTheServer() == Self.titles)
        }
    }

    @Test("^Q during the delivery over a slow link quits there, restoring the terminal, and the rest stays kept")
    func ctrlQDuringTheDelivery() throws {
        let club = try SlowClub()
        let session = try club.formDelivering()
        try session.send("C-q")
        let screen = try session.waitFor("[exited", timeout: 15)
        #expect(!screen.contains("^Q Quit"))
        #expect(try club.outbox.count() > 0)
        try club.expectDeliveredOnceAfterwards()
    }

    @Test("SIGHUP during the delivery over a slow link ends the form there, and the rest stays kept")
    func hangUpDuringTheDelivery() throws {
        let club = try SlowClub()
        let session = try club.formDelivering()
        let pid = try #require(try session.programPID())
        kill(pid, SIGHUP)
        let screen = try session.waitFor("[exited", timeout: 15)
        #expect(!screen.contains("^Q Quit"))
        #expect(try club.outbox.count() > 0)
        try club.expectDeliveredOnceAfterwards()
    }
}
