import Foundation
import GeoModel
import GeoTestSupport
import Testing

/// The navigation view in the real binary under tmux, led by a real gpsd fed NMEA
/// (``GPSDTestDaemon``): a walk toward the cache turns the arrow and the distance falls.
@Suite(.serialized) final class NavigationEndToEndTests {
    static let cache = try! Coordinate(parsing: "N 47° 22.000′ E 008° 32.000′")
    let directory: TemporaryDirectory
    let store: URL

    init() throws {
        directory = try TemporaryDirectory()
        store = directory.file()
        try SQLiteStore(url: store).add(GeoCache(title: "Mill", details: "d", creator: "ana", reward: "r",
                                                 code: "GC12345", coordinate: Self.cache))
    }

    deinit { directory.remove() }

    /// Feeds a fix at `place` moving at `knots` along `course` five times a second until
    /// the screen shows all of `texts`.
    private func walk(_ daemon: GPSDTestDaemon, _ session: TmuxSession, at place: Coordinate, knots: Double,
                      course: Double, until texts: [String]) throws -> String {
        var lastFeed = ContinuousClock.now - .seconds(1)
        return try session.waitFor(texts.joined(separator: ", "), timeout: 20) { screen in
            if ContinuousClock.now - lastFeed >= .milliseconds(200) {
                daemon.feed(NMEASentence.fix(latitude: place.latitude, longitude: place.longitude, knots: knots, course: course))
                lastFeed = .now
            }
            return texts.allSatisfy(screen.contains)
        }
    }

    @Test("walking toward the cache, the distance falls and the arrow turns as the walk turns")
    func aWalkTowardTheCache() throws {
        let daemon = try GPSDTestDaemon()
        let session = try TmuxSession(command: TmuxSession.appCommand(store: store) + " --gps \(daemon.endpointText)",
                                      width: 80, height: 24, environment: ["LANG": "C.UTF-8"])
        try session.waitFor("the form") { $0.contains("^Q Quit") && $0.contains("Title:   Mill") }
        try session.send("M-g")
        try session.waitFor("Going to GC12345 Mill")
        let start = try Coordinate(parsing: "N 47° 21.000′ E 008° 31.000′")
        let first = try walk(daemon, session, at: start, knots: 2, course: 0, until: [
            "Distance  " + Coordinate.distanceText(metres: start.distance(to: Self.cache)),
            "your way up, moving", "↗",
        ])
        #expect(!first.contains("↑"), "\(first)")
        let nearer = try Coordinate(parsing: "N 47° 21.900′ E 008° 31.000′")
        let second = try walk(daemon, session, at: nearer, knots: 2, course: 90, until: [
            "Distance  " + Coordinate.distanceText(metres: nearer.distance(to: Self.cache)), "↑",
        ])
        #expect(!second.contains("↗"), "\(second)")
        try session.send("Escape")
        try session.waitFor("Title:   Mill")
        try session.quitApp()
    }
}
