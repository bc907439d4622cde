import Foundation
import Testing
@testable import GeoModel
import GeoTestSupport

/// `add --at`, `edit --at` and `--code`, `list --near` and `--codes`, `import --keep-existing`,
/// run through the built executable against both stores.
@Suite struct PlaceCommandTests {
    static let zurich = Coordinate(latitudeMicrodegrees: 47_368_717, longitudeMicrodegrees: 8_540_933)!
    static let bern = Coordinate(latitudeMicrodegrees: 46_948_090, longitudeMicrodegrees: 7_447_440)!
    static let winterthur = Coordinate(latitudeMicrodegrees: 47_499_882, longitudeMicrodegrees: 8_726_160)!

    private func add(_ store: String, _ title: String, at: String? = nil) throws -> GeocacheTUIBinary.Result {
        var arguments = ["add", "--store", store, "--title", title, "--details", "d", "--creator", "c", "--reward", "r"]
        if let at { arguments += ["--at", at] }
        return try GeocacheTUIBinary.run(arguments)
    }

    @Test("add --at stores the coordinates as a geocacher writes them",
          arguments: StoreKind.allCases)
    func addAtStoresTheCoordinates(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let result = try add(fixture.storeArgument, "Lake", at: "N 47° 22.123′ E 8° 32.456′")
        #expect(result.status == 0 && result.error.isEmpty, "\(result.error)")
        let stored = try #require(try fixture.open().first())
        #expect(stored.cache.coordinate == Coordinate(latitudeMicrodegrees: 47_368_717, longitudeMicrodegrees: 8_540_933))
    }

    @Test("add --at with minutes of 60 is refused naming them, and no store is created")
    func addAtRefusesMinutesOfSixty() throws {
        let directory = try TemporaryDirectory()
        let store = directory.file().path
        let result = try add(store, "Lake", at: "N47 60.000 E008 32.456")
        #expect(result.status == 64)
        #expect(result.error.contains("The latitude's minutes, 60.000, are 60 or more"), "\(result.error)")
        #expect(!FileManager.default.fileExists(atPath: store))
    }

    @Test("add gives the cache a GT code of the geocaching alphabet", arguments: StoreKind.allCases)
    func addGivesACode(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        _ = try add(fixture.storeArgument, "Lake")
        let code = try #require(try fixture.open().first()?.cache.code)
        #expect(code.count == 9 && code.hasPrefix("GT"), "\(code)")
        #expect(code.dropFirst(2).allSatisfy { CacheCode.alphabet.contains($0) }, "\(code)")
    }

    @Test("edit --at moves a cache and keeps its fields and code", arguments: StoreKind.allCases)
    func editAtMovesTheCache(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        _ = try add(fixture.storeArgument, "Lake", at: Self.zurich.decimalText)
        let before = try #require(try fixture.open().first())
        let result = try GeocacheTUIBinary.run(["edit", "--store", fixture.storeArgument, "--position", "1",
                                                "--at", "46.948090, 7.447440"])
        #expect(result.status == 0, "\(result.error)")
        let after = try #require(try fixture.open().first())
        #expect(after.cache.coordinate == Self.bern)
        #expect(after.cache.code == before.cache.code && after.cache.title == "Lake")
    }

    @Test("edit --at none removes the cache's place", arguments: StoreKind.allCases)
    func editAtNoneRemovesThePlace(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        _ = try add(fixture.storeArgument, "Lake", at: Self.zurich.decimalText)
        let result = try GeocacheTUIBinary.run(["edit", "--store", fixture.storeArgument, "--position", "1", "--at", "none"])
        #expect(result.status == 0, "\(result.error)")
        #expect(try fixture.open().first()?.cache.coordinate == nil)
    }

    @Test("edit --at with a latitude beyond 90° changes nothing and says why", arguments: StoreKind.allCases)
    func editAtRefusesALatitudeBeyondNinety(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        _ = try add(fixture.storeArgument, "Lake", at: Self.zurich.decimalText)
        let result = try GeocacheTUIBinary.run(["edit", "--store", fixture.storeArgument, "--position", "1",
                                                "--at", "91.5, 8.5"])
        #expect(result.status == 64)
        #expect(result.error.contains("beyond 90°"), "\(result.error)")
        #expect(try fixture.open().first()?.cache.coordinate == Self.zurich)
    }

    @Test("edit --code names the cache by the code list --codes prints", arguments: StoreKind.allCases)
    func editByCode(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        _ = try add(fixture.storeArgument, "First")
        _ = try add(fixture.storeArgument, "Second")
        let listed = try GeocacheTUIBinary.run(["list", "--store", fixture.storeArgument, "--codes"])
        let lines = listed.output.split(separator: "\n")
        let code = try #require(lines.last?.split(separator: "\t").first).lowercased()
        #expect(lines.last?.hasSuffix("\tSecond\td\tc\tr") == true, "\(listed.output)")
        let result = try GeocacheTUIBinary.run(["edit", "--store", fixture.storeArgument, "--code", code, "--title", "Renamed"])
        #expect(result.status == 0, "\(result.error)")
        #expect(try fixture.open().loadCaches().map(\.title) == ["First", "Renamed"])
    }

    @Test("edit --code with a code nobody has says so and exits 1", arguments: StoreKind.allCases)
    func editByUnknownCode(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        _ = try add(fixture.storeArgument, "First")
        let result = try GeocacheTUIBinary.run(["edit", "--store", fixture.storeArgument, "--code", "GC0000", "--title", "X"])
        #expect(result.status == 1)
        #expect(result.error == "geocache-tui: there is no cache with the code GC0000\n")
    }

    @Test("list --near prints the caches nearest first with distance and bearing, unplaced last",
          arguments: StoreKind.allCases)
    func listNearOrdersByDistance(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        _ = try add(fixture.storeArgument, "Bern", at: Self.bern.decimalText)
        _ = try add(fixture.storeArgument, "Nowhere")
        _ = try add(fixture.storeArgument, "Winterthur", at: Self.winterthur.decimalText)
        let result = try GeocacheTUIBinary.run(["list", "--store", fixture.storeArgument, "--near", "N47 22.123 E008 32.456"])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output == """
            20.2 km\tNE\tWinterthur\td\tc\tr
            95.0 km\tSW\tBern\td\tc\tr
            -\t-\tNowhere\td\tc\tr

            """)
    }

    @Test("list --near --limit prints only the nearest caches", arguments: StoreKind.allCases)
    func listNearLimit(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        _ = try add(fixture.storeArgument, "Bern", at: Self.bern.decimalText)
        _ = try add(fixture.storeArgument, "Winterthur", at: Self.winterthur.decimalText)
        let result = try GeocacheTUIBinary.run(["list", "--store", fixture.storeArgument, "--near", "46.9, 7.4", "--limit", "1"])
        #expect(result.output.split(separator: "\n").map { $0.split(separator: "\t")[2] } == ["Bern"])
    }

    @Test("list --near gps measures from the position gpsd reports")
    func listNearGPS() throws {
        let fixture = try StoreFixture()
        _ = try add(fixture.storeArgument, "Bern", at: Self.bern.decimalText)
        _ = try add(fixture.storeArgument, "Winterthur", at: Self.winterthur.decimalText)
        let daemon = try GPSDTestDaemon()
        let feeding = FeedLoop(daemon: daemon, latitude: 46.95, longitude: 7.45)
        defer { feeding.stop() }
        let result = try GeocacheTUIBinary.run(["list", "--store", fixture.storeArgument, "--near", "gps",
                                                "--gps", daemon.endpointText])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.split(separator: "\n").map { $0.split(separator: "\t")[2] } == ["Bern", "Winterthur"])
    }

    @Test("list --near gps without a daemon says there is no position and exits 1")
    func listNearGPSWithoutDaemon() throws {
        let fixture = try StoreFixture()
        let port = try SilentListener.closedPort()
        let result = try GeocacheTUIBinary.run(["list", "--store", fixture.storeArgument, "--near", "gps",
                                                "--gps", "127.0.0.1:\(port)"])
        #expect(result.status == 1)
        #expect(result.error.hasPrefix("geocache-tui: --near gps: no position from gpsd on 127.0.0.1:\(port): "
            + "nothing answers there (is gpsd running?)."), "\(result.error)")
    }

    @Test("list --near with a wrong coordinate is a usage error naming the problem")
    func listNearRefusesAMissingHemisphere() throws {
        let fixture = try StoreFixture()
        let result = try GeocacheTUIBinary.run(["list", "--store", fixture.storeArgument, "--near", "47 22.123 8 32.456"])
        #expect(result.status == 64)
        #expect(result.error.contains("has no hemisphere"), "\(result.error)")
    }

    static func gpx(title: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.0" creator="test" xmlns="http://www.topografix.com/GPX/1/0"
             xmlns:groundspeak="http://www.groundspeak.com/cache/1/0/1">
          <wpt lat="47.368717" lon="8.540933">
            <name>GC1A2B3</name>
            <type>Geocache|Traditional Cache</type>
            <groundspeak:cache id="1" available="True" archived="False">
              <groundspeak:name>\(title)</groundspeak:name>
              <groundspeak:placed_by>ana</groundspeak:placed_by>
              <groundspeak:owner>ana</groundspeak:owner>
              <groundspeak:type>Traditional Cache</groundspeak:type>
              <groundspeak:container>Micro</groundspeak:container>
              <groundspeak:difficulty>1.5</groundspeak:difficulty>
              <groundspeak:terrain>2</groundspeak:terrain>
              <groundspeak:short_description html="False">By the lake</groundspeak:short_description>
            </groundspeak:cache>
          </wpt>
        </gpx>
        """
    }

    @Test("importing a newer version of a stored cache updates it, and --keep-existing leaves it",
          arguments: StoreKind.allCases)
    func importUpdatesByCode(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let first = try fixture.write(Self.gpx(title: "Lake"), to: "a.gpx")
        let newer = try fixture.write(Self.gpx(title: "Lake, moved"), to: "b.gpx")
        #expect(try GeocacheTUIBinary.run(["import", "--store", fixture.storeArgument, first]).status == 0)
        let kept = try GeocacheTUIBinary.run(["import", "--store", fixture.storeArgument, "--keep-existing", newer])
        #expect(kept.output.contains("updated 0, unchanged 1"), "\(kept.output)")
        #expect(try fixture.open().loadCaches().map(\.title) == ["Lake"])
        let updated = try GeocacheTUIBinary.run(["import", "--store", fixture.storeArgument, newer])
        #expect(updated.output.contains("updated 1, unchanged 0"), "\(updated.output)")
        #expect(try fixture.open().loadCaches().map(\.title) == ["Lake, moved"])
    }

    @Test("a failed import into a store that did not exist leaves no store file behind")
    func failedImportLeavesNoStoreFile() throws {
        let directory = try TemporaryDirectory()
        let store = directory.file().path
        let bad = directory.file("bad.json")
        try Data("[{\"title\": 1}]".utf8).write(to: bad)
        let result = try GeocacheTUIBinary.run(["import", "--store", store, bad.path])
        #expect(result.status == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == ["bad.json"])
    }
}

/// Feeds a gpsd test daemon a fix five times a second, as a receiver reports, on its
/// own thread until stopped.
final class FeedLoop: @unchecked Sendable {
    private let lock = NSLock()
    private var running = true

    /// Feeds a fix at `latitude`, `longitude`, taken at the time of each feed.
    convenience init(daemon: GPSDTestDaemon, latitude: Double, longitude: Double) {
        self.init(daemon: daemon) { NMEASentence.fix(latitude: latitude, longitude: longitude) }
    }

    /// Feeds what `sentences` gives at the time of each feed.
    init(daemon: GPSDTestDaemon, sentences: @escaping @Sendable () -> [String]) {
        Thread.detachNewThread { [self] in
            while isRunning {
                daemon.feed(sentences())
                Thread.sleep(forTimeInterval: 0.2)
            }
        }
    }

    var isRunning: Bool { lock.withLock { running } }

    func stop() { lock.withLock { running = false } }
}

/// `import --skip-invalid` with several files, one of which cannot be read.
@Suite struct SkippedFileCommandTests {
    @Test("import --skip-invalid leaves out a whole unreadable file of several and names it",
          arguments: StoreKind.allCases)
    func unreadableFilesAreSkippedWhole(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let good = try fixture.write(JSONInterchange.document(for: [Samples.oak]), to: "good.json")
        let broken = try fixture.write("<gpx version=\"1.0\"><wpt lat=\"1\" lon=\"2\"><name>GC1</name></gpx>", to: "broken.gpx")
        let missing = fixture.directory.file("missing.gpx").path
        let result = try GeocacheTUIBinary.run(["import", "--store", fixture.storeArgument, "--skip-invalid",
                                                good, broken, missing])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.error.contains("geocache-tui: skipped unreadable \(broken)"), "\(result.error)")
        #expect(result.error.contains("geocache-tui: skipped unreadable \(missing)"), "\(result.error)")
        #expect(result.output.contains("Stored from \(good); skipped \(broken) and \(missing) as unreadable."),
                "\(result.output)")
        #expect(try fixture.open().loadCaches().withoutCodes == [Samples.oak])
    }

    @Test("without --skip-invalid an unreadable file of several stores nothing")
    func unreadableFileCancelsTheImport() throws {
        let fixture = try StoreFixture()
        let good = try fixture.write(JSONInterchange.document(for: [Samples.oak]), to: "good.json")
        let broken = try fixture.write("<gpx version=\"1.0\"><wpt lat=\"1\" lon=\"2\"><name>GC1</name></gpx>", to: "broken.gpx")
        let result = try GeocacheTUIBinary.run(["import", "--store", fixture.storeArgument, good, broken])
        #expect(result.status == 1)
        #expect(try fixture.open().count() == 0)
    }
}

/// Coordinates in the south and west written as signed decimal degrees start with a
/// dash; the options that take coordinates read them as values, not as options.
@Suite struct SignedCoordinateCommandTests {
    static let sydney = Coordinate(latitudeMicrodegrees: -33_856_784, longitudeMicrodegrees: 151_215_297)!

    @Test("add --at takes a southern latitude written with a minus sign")
    func addAtTakesANegativeLatitude() throws {
        let fixture = try StoreFixture()
        let result = try GeocacheTUIBinary.run(["add", "--store", fixture.storeArgument, "--title", "Opera",
                                                "--details", "d", "--creator", "c", "--reward", "r",
                                                "--at", "-33.856784, 151.215297"])
        #expect(result.status == 0, "\(result.error)")
        #expect(try fixture.open().first()?.cache.coordinate == Self.sydney)
    }

    @Test("edit --at and list --near take western and southern angles written with a minus sign")
    func editAndNearTakeNegativeAngles() throws {
        let fixture = try StoreFixture()
        _ = try GeocacheTUIBinary.run(["add", "--store", fixture.storeArgument, "--title", "Opera",
                                       "--details", "d", "--creator", "c", "--reward", "r"])
        let edit = try GeocacheTUIBinary.run(["edit", "--store", fixture.storeArgument, "--position", "1",
                                              "--at", "-33.856784, 151.215297"])
        #expect(edit.status == 0, "\(edit.error)")
        let near = try GeocacheTUIBinary.run(["list", "--store", fixture.storeArgument, "--near", "-33.8, 151.2"])
        #expect(near.status == 0, "\(near.error)")
        #expect(near.output.hasSuffix("\tOpera\td\tc\tr\n"), "\(near.output)")
    }
}
