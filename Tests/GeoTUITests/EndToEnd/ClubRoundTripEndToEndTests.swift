import Foundation
import GeoModel
import GeoTestSupport
import Testing

/// The real form under tmux on a PostgreSQL store reached through a relay that delays
/// each way by 25 ms: what opening and pressing Next cost in round trips, as the relay
/// counts them.
@Suite(.serialized) struct ClubRoundTripEndToEndTests {
    @Test func theFormShowsItsFirstCacheWithinFiveRoundTripsAndNextWaitsOnNone() throws {
        let server = try PostgresTestServer.shared()
        let url = try server.makeDatabase()
        try PostgresStore(url: url).saveCaches((1...60).map {
            GeoCache(title: "Cache number \($0)", details: "d", creator: "c", reward: "r")
        })
        let relay = try FaultRelay(to: server.port, delayMilliseconds: 25)
        let session = try TmuxSession.app(storeArgument: relay.url(through: url))
        try session.waitFor("Cache 1 of 60")
        #expect(try relay.counts().roundTrips <= 5)
        let opened = try relay.counts().roundTrips
        // While the server does not answer, the first window still answers Next.
        try relay.stall()
        for _ in 1...20 { try session.send("C-n") }
        try session.waitFor("Cache 21 of 60")
        try relay.resume()
        for _ in 1...39 { try session.send("C-n") }
        try session.waitFor("Cache 60 of 60")
        try session.waitFor("Cache number 60")
        // 59 Nexts: the windows read ahead, a few round trips in all, none per cache.
        #expect(try relay.counts().roundTrips - opened <= 4)
        try session.quitApp()
    }
}
