import Foundation
import GeoModel
import GeoTestSupport
import Testing

/// Where you stand, in the real binary under tmux with a real gpsd fed NMEA sentences
/// (``GPSDTestDaemon``): an Add stamped with the fed position, fixes that stamp nothing
/// (no time, 0,0) or stamp with a word (dated 2001), the fix lost when the feed stops,
/// and the daemon killed under the form, which keeps answering keys; and a home
/// position from the environment and a bad one on the command line.
@Suite(.serialized) final class PositionEndToEndTests {
    static let zurich = try! Coordinate(parsing: "N 47° 22.123′ E 008° 32.456′")
    let directory: TemporaryDirectory
    let store: URL

    init() throws {
        directory = try TemporaryDirectory()
        store = directory.file()
    }

    deinit { directory.remove() }

    /// The form on the store with `arguments`, once its help bar is painted.
    private func form(_ arguments: String, environment: [String: String] = [:]) throws -> TmuxSession {
        let session = try TmuxSession(command: TmuxSession.appCommand(store: store) + " " + arguments,
                                      width: 100, height: 30, environment: ["LANG": "C.UTF-8"].merging(environment) { $1 })
        try session.waitFor("the form on its open store") { $0.contains("^Q Quit") && !$0.contains("Opening\u{2026}") }
        return session
    }

    /// Waits for `text` while feeding the daemon five times a second, as a receiver
    /// would, what `sentences` gives (by default a fix at Zurich, taken now).
    private func waitFeeding(_ daemon: GPSDTestDaemon, _ session: TmuxSession, for text: String,
                             sentences: () -> [String] = {
                                 NMEASentence.fix(latitude: PositionEndToEndTests.zurich.latitude,
                                                  longitude: PositionEndToEndTests.zurich.longitude)
                             }) throws {
        var lastFeed = ContinuousClock.now - .seconds(1)
        try session.waitFor("\"\(text)\" while fed", timeout: 20) { screen in
            if ContinuousClock.now - lastFeed >= .milliseconds(200) {
                daemon.feed(sentences())
                lastFeed = .now
            }
            return screen.contains(text)
        }
    }

    /// Types a cache titled `title`, waits (feeding the daemon `sentences`) until the
    /// title bar shows `ready` again, adds it, and waits for the status line's `note`.
    private func addFeeding(_ daemon: GPSDTestDaemon, _ session: TmuxSession, title: String, ready: String,
                            until note: String, sentences: () -> [String]) throws {
        try session.typeFields([title, "Old town", "ana", "Coin"])
        try waitFeeding(daemon, session, for: ready, sentences: sentences)
        try session.send("C-s")
        try waitFeeding(daemon, session, for: note, sentences: sentences)
    }

    @Test("A fix without a time from gpsd: the title bar says it is not used, and an Add stores no place")
    func fixWithoutTime() throws {
        let daemon = try GPSDTestDaemon()
        let session = try form("--gps \(daemon.endpointText)")
        let untimed = { NMEASentence.fix(latitude: Self.zurich.latitude, longitude: Self.zurich.longitude, at: nil) }
        let title = "GPS: fix without a time, not used"
        try waitFeeding(daemon, session, for: title, sentences: untimed)
        try addFeeding(daemon, session, title: "Untimed", ready: title, until: "Added and saved", sentences: untimed)
        try session.quitApp()
        let stored = try #require(try SQLiteStore(url: store).first())
        #expect(stored.cache.title == "Untimed")
        #expect(stored.cache.coordinate == nil)
    }

    @Test("A fix at 0,0 from gpsd, whatever the signs of its zeros: the title bar says so, and an Add stores no place",
          arguments: [0.0, -0.0])
    func fixAtNullIsland(_ zero: Double) throws {
        let daemon = try GPSDTestDaemon()
        let session = try form("--gps \(daemon.endpointText)")
        let nowhere = { NMEASentence.fix(latitude: zero, longitude: zero) }
        let title = "GPS: fix at 0,0 (no position), not used"
        try waitFeeding(daemon, session, for: title, sentences: nowhere)
        try addFeeding(daemon, session, title: "Nowhere", ready: title, until: "Added and saved", sentences: nowhere)
        try session.quitApp()
        let stored = try #require(try SQLiteStore(url: store).first())
        #expect(stored.cache.title == "Nowhere")
        #expect(stored.cache.coordinate == nil)
    }

    @Test("A fix dated 2001 from gpsd: the title bar says fix and clock differ, and the Add is stamped naming the fix's time")
    func fixFrom2001() throws {
        let daemon = try GPSDTestDaemon()
        let session = try form("--gps \(daemon.endpointText)")
        // gpsd moves a date it takes for a GPS week rollover on by 1024 weeks; 25 years
        // back stays years from the clock all the same.
        let past = {
            NMEASentence.fix(latitude: Self.zurich.latitude, longitude: Self.zurich.longitude,
                             at: Date().addingTimeInterval(-25 * 365.25 * 86_400))
        }
        let title = "GPS 3D: N 47° 22.123′ E 008° 32.456′; fix and clock differ"
        try waitFeeding(daemon, session, for: title, sentences: past)
        try addFeeding(daemon, session, title: "Rolled over", ready: title,
                       until: "Added at the place of a fix dated ", sentences: past)
        let screen = try session.screen()
        let note = try #require(screen.split(separator: "\n").first { $0.contains("of a fix dated") })
        let thisYear = Calendar(identifier: .gregorian).component(.year, from: Date())
        #expect(!note.contains("of a fix dated \(thisYear)-"), "\(note)")
        #expect(screen.contains("Place:   N 47° 22.123′ E 008° 32.456′"))
        try session.quitApp()
        let stored = try #require(try SQLiteStore(url: store).first())
        #expect(stored.cache.coordinate?.geocachingText == "N 47° 22.123′ E 008° 32.456′")
    }

    @Test("An Add made while gpsd reports a fix stamps the new cache with the fed position and says so")
    func addIsStamped() throws {
        let daemon = try GPSDTestDaemon()
        let session = try form("--gps \(daemon.endpointText)")
        try waitFeeding(daemon, session, for: "GPS 3D: N 47° 22.123′ E 008° 32.456′")
        try session.typeFields(["Lindenhof", "Old town", "ana", "Coin"])
        try waitFeeding(daemon, session, for: "GPS 3D: N 47° 22.123′ E 008° 32.456′")
        try session.send("C-s")
        try session.waitFor("Added at N 47° 22.123′ E 008° 32.456′")
        try session.waitFor("Place:   N 47° 22.123′ E 008° 32.456′")
        try session.quitApp()
        let stored = try #require(try SQLiteStore(url: store).first())
        #expect(stored.cache.title == "Lindenhof")
        #expect(stored.cache.coordinate?.geocachingText == "N 47° 22.123′ E 008° 32.456′")
    }

    @Test("When the feed stops, the title bar says the fix is gone and the form still answers keys")
    func fixLost() throws {
        let daemon = try GPSDTestDaemon()
        let session = try form("--gps \(daemon.endpointText)")
        try waitFeeding(daemon, session, for: "GPS 3D: N 47° 22.123′")
        // No more sentences: after GPSDClient.staleAfter the fix is no longer used.
        try session.waitFor("the fix lost", timeout: 20) { $0.contains("GPS: fix lost") || $0.contains("GPS: no fix") }
        try session.type("Still here")
        try session.waitFor("Title   [Still here")
        try session.quitApp()
    }

    @Test("The daemon killed under the form: the title bar says gpsd is not answering and keys still work")
    func daemonKilled() throws {
        let daemon = try GPSDTestDaemon()
        let session = try form("--gps \(daemon.endpointText)")
        try waitFeeding(daemon, session, for: "GPS 3D: N 47° 22.123′")
        daemon.stop()
        try session.waitFor("GPS: gpsd not answering on \(daemon.endpointText)")
        try session.type("Still here")
        try session.waitFor("Title   [Still here")
        try session.send("F1")
        try session.waitFor("Help: browsing")
        try session.send("Escape")
        try session.quitApp()
    }

    @Test("^G sets the shown cache's coordinates, a wrong one is refused, and ^O goes nearest first from home")
    func coordinatesAndNearestFirst() throws {
        try SQLiteStore(url: store).add(GeoCache(title: "Lindenhof", details: "Old town", creator: "ana", reward: "Coin"))
        let session = try form("--home '46.948020, 7.447440'")
        try session.waitFor("Place:   none (^G sets it)")
        try session.send("C-g")
        try session.waitFor("Coordinates:")
        try session.type("N47 61.000 E008 32.456")
        try session.send("Enter")
        try session.waitFor("The latitude's minutes, 61.000, are 60 or more; nothing stored")
        try session.send("C-u")
        try session.type("N47 22.123 E008 32.456")
        try session.send("Enter")
        try session.waitFor("Placed at N 47° 22.123′ E 008° 32.456′")
        try session.waitFor("Away:    95.0 km NE from home")
        try session.send("C-o")
        try session.waitFor("Nearest first from home")
        try session.waitFor("Nearest 1 of 1")
        try session.send("C-o")
        try session.waitFor("Stored order")
        try session.quitApp()
    }

    @Test("GEOCACHE_HOME gives a home position, shown in the title bar")
    func homeFromTheEnvironment() throws {
        let home = try Coordinate(parsing: "46.948020, 7.447440")
        let session = try form("", environment: ["GEOCACHE_HOME": "46.948020, 7.447440"])
        try session.waitFor("Home: \(home.geocachingText)")
        try session.quitApp()
    }

    @Test("--gps without a value reads gpsd at localhost:2947")
    func gpsWithoutValue() throws {
        let session = try form("--gps")
        try session.waitFor("the GPS line") { screen in
            let title = screen.split(separator: "\n").first ?? ""
            return title.contains("localhost:2947") || title.contains("GPS: no fix") || title.contains("GPS 3D")
                || title.contains("GPS 2D") || title.contains("GPS: fix lost")
        }
        try session.quitApp()
    }

    @Test("A bad --home is a usage error naming what is wrong")
    func badHome() throws {
        let session = try TmuxSession(command: TmuxSession.appCommand(store: store) + " --home 'N 95 00.000 E 008 00.000'",
                                      environment: ["LANG": "C.UTF-8"])
        try session.waitFor("--home “N 95 00.000 E 008 00.000”: The latitude N 95 00.000 is beyond 90°")
        try session.waitFor("[exited 64]")
    }
}
