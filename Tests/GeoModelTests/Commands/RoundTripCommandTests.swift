import Foundation
import Testing
@testable import GeoModel
import GeoTestSupport

/// A store exported and imported again through the built binary: into the same store
/// (nothing changes) and through Debian's GPSBabel.
@Suite struct RoundTripCommandTests {
    /// A store holding every producer's GPX caches.
    private func producersStore(_ kind: StoreKind) throws -> StoreFixture {
        let fixture = try StoreFixture(kind)
        for name in ["groundspeak-1.0.gpx", "groundspeak-1.0.1.gpx", "groundspeak-1.0.2.gpx", "gsak.gpx",
                     "opencaching.gpx", "terracaching.gpx", "geotoad.gpx", "lab.gpx"] {
            let path = try Interchange.fixture("producers/" + name).path
            let result = try GeocacheTUIBinary.run(["import", "--store", fixture.storeArgument, path])
            #expect(result.status == 0, "\(name): \(result.error)")
        }
        return fixture
    }

    private func export(_ fixture: StoreFixture, _ format: String) throws -> String {
        let file = fixture.directory.file("export." + format).path
        let result = try GeocacheTUIBinary.run(["export", "--store", fixture.storeArgument, "--format", format,
                                                "--output", file])
        #expect(result.status == 0, "\(result.error)")
        return file
    }

    @Test("a GPX export imported into the same store changes nothing and counts every cache unchanged",
          arguments: StoreKind.allCases)
    func gpxExportReimportedLeavesTheStore(_ kind: StoreKind) throws {
        let fixture = try producersStore(kind)
        let before = try fixture.open().loadCaches()
        let file = try export(fixture, "gpx")
        let result = try GeocacheTUIBinary.run(["import", "--store", fixture.storeArgument, file])
        #expect(result.output.hasPrefix("Added 0 caches, skipped 0 as duplicates, rejected 0. "
                                        + "Already stored: updated 0, unchanged \(before.count)."), "\(result.output)")
        #expect(try fixture.open().loadCaches() == before)
    }

    @Test("a LOC export imported into the same store changes nothing", arguments: StoreKind.allCases)
    func locExportReimportedLeavesTheStore(_ kind: StoreKind) throws {
        let fixture = try producersStore(kind)
        let before = try fixture.open().loadCaches()
        let file = try export(fixture, "loc")
        let result = try GeocacheTUIBinary.run(["import", "--store", fixture.storeArgument, file])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains("updated 0, unchanged \(before.count)."), "\(result.output)")
        #expect(try fixture.open().loadCaches() == before)
    }

    @Test("GPSBabel's GPX of a GPX export imports back into the same store unchanged")
    func gpsBabelOutputImportsBackUnchanged() throws {
        let fixture = try producersStore(.sqlite)
        let before = try fixture.open().loadCaches()
        let exported = try String(contentsOfFile: try export(fixture, "gpx"), encoding: .utf8)
        let converted = try fixture.write(try GPSBabelRoundTripTests.convert(exported, from: "gpx", to: "gpx"),
                                          to: "gpsbabel.gpx")
        let result = try GeocacheTUIBinary.run(["import", "--store", fixture.storeArgument, converted])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains("Added 0 caches"), "\(result.output)")
        #expect(try fixture.open().loadCaches() == before)
    }

    @Test("a LOC export imported into an empty store gives the same codes, places and titles")
    func locExportIntoAnEmptyStore() throws {
        let source = try producersStore(.sqlite)
        let file = try export(source, "loc")
        let target = try StoreFixture()
        let result = try GeocacheTUIBinary.run(["import", "--store", target.storeArgument, file])
        #expect(result.status == 0, "\(result.error)")
        let key = { (cache: GeoCache) in "\(cache.code ?? "-") \(cache.coordinate.map(\.decimalText) ?? "-") \(cache.title)" }
        let placed = try source.open().loadCaches().filter { $0.coordinate != nil }
        #expect(try target.open().loadCaches().map(key) == placed.map(key))
    }
}
