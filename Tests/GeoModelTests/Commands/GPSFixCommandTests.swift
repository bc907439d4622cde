import Foundation
import Testing
@testable import GeoModel
import GeoTestSupport

/// `list --near gps` and `sync --near gps` against a real gpsd fed fixes that are no
/// position (no time; 0,0 with either sign), which they refuse as they refuse no fix,
/// and a fix dated years back, which they use with a warning naming both times; run
/// through the built executable.
@Suite struct GPSFixCommandTests {
    /// Where the one cache of the tests' stores is.
    static let bern = Coordinate(latitudeMicrodegrees: 46_948_090, longitudeMicrodegrees: 7_447_440)!

    /// A store holding one cache, at Bern.
    private func storeWithBern() throws -> StoreFixture {
        let fixture = try StoreFixture()
        try fixture.store.add(GeoCache(title: "Bern", details: "d", creator: "c", reward: "r", coordinate: Self.bern))
        return fixture
    }

    @Test("list --near gps refuses a fix without a time, saying so, and exits 1")
    func listRefusesAFixWithoutATime() throws {
        let fixture = try storeWithBern()
        let daemon = try GPSDTestDaemon()
        let feeding = FeedLoop(daemon: daemon) { NMEASentence.fix(latitude: 46.95, longitude: 7.45, at: nil) }
        defer { feeding.stop() }
        let result = try GeocacheTUIBinary.run(["list", "--store", fixture.storeArgument, "--near", "gps",
                                                "--gps", daemon.endpointText])
        #expect(result.status == 1)
        #expect(result.output.isEmpty)
        #expect(result.error == "geocache-tui: --near gps: no position from gpsd on \(daemon.endpointText) within 10 s, "
            + "only a fix without a time, which cannot be told from a receiver's guess. Give coordinates instead, "
            + "such as --near \"N47 22.123 E008 32.456\".\n")
    }

    @Test("list --near gps refuses a fix at 0,0, whatever the signs of its zeros, and exits 1", arguments: [0.0, -0.0])
    func listRefusesAFixAtNullIsland(_ zero: Double) throws {
        let fixture = try storeWithBern()
        let daemon = try GPSDTestDaemon()
        let feeding = FeedLoop(daemon: daemon) { NMEASentence.fix(latitude: zero, longitude: zero) }
        defer { feeding.stop() }
        let result = try GeocacheTUIBinary.run(["list", "--store", fixture.storeArgument, "--near", "gps",
                                                "--gps", daemon.endpointText])
        #expect(result.status == 1)
        #expect(result.output.isEmpty)
        #expect(result.error.hasPrefix("geocache-tui: --near gps: no position from gpsd on \(daemon.endpointText) "
            + "within 10 s, only a fix at 0,0, which receivers report when they have no position."), "\(result.error)")
    }

    @Test("sync --near gps refuses a fix at 0,0 before it connects, as it refuses no fix")
    func syncRefusesAFixAtNullIsland() throws {
        let daemon = try GPSDTestDaemon()
        let feeding = FeedLoop(daemon: daemon) { NMEASentence.fix(latitude: -0.0, longitude: -0.0) }
        defer { feeding.stop() }
        let port = try SilentListener.closedPort()
        let result = try GeocacheTUIBinary.run(["sync", "--store", "postgres://nobody@127.0.0.1:\(port)/club",
                                                "--within", "5km", "--near", "gps", "--gps", daemon.endpointText],
                                               environment: GeocacheTUIBinary.inheritedEnvironment)
        #expect(result.status == 1)
        #expect(result.error.contains("only a fix at 0,0"), "\(result.error)")
    }

    @Test("list --near gps uses a fix dated years back, warning on standard error with both times")
    func listWarnsOfAFixFromThePast() throws {
        let fixture = try storeWithBern()
        let daemon = try GPSDTestDaemon()
        // 25 years back: 2001 in 2026 (gpsd may move it on by 1024 weeks for a rollover).
        let feeding = FeedLoop(daemon: daemon) {
            NMEASentence.fix(latitude: 46.95, longitude: 7.45, at: Date().addingTimeInterval(-25 * 365.25 * 86_400))
        }
        defer { feeding.stop() }
        let result = try GeocacheTUIBinary.run(["list", "--store", fixture.storeArgument, "--near", "gps",
                                                "--gps", daemon.endpointText])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.split(separator: "\t").dropFirst(2).first == "Bern", "\(result.output)")
        #expect(result.error.hasPrefix("geocache-tui: --near gps: the GPS fix is dated "), "\(result.error)")
        #expect(result.error.contains(" and this machine's clock says \(GPSFix.timeText(Date()).prefix(10))"),
                "\(result.error)")
        #expect(result.error.hasSuffix("one of them is wrong (a receiver's GPS week rollover, a clock without its "
            + "battery). Its position is used.\n"), "\(result.error)")
    }
}
