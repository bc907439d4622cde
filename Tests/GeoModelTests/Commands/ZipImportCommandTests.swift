import Foundation
import Testing
@testable import GeoModel
import GeoTestSupport

/// `import` with a pocket query's zip and a GGZ, run as a separate process.
@Suite("Zip import commands")
struct ZipImportCommandTests {
    private static let pocketQuery = [ZipFixture.Entry("123.gpx", ZipFixture.caches(["GC12345", "GC23456"])),
                                      ZipFixture.Entry("123-wpts.gpx", ZipFixture.waypoints(["GC12345"]))]

    @Test func importOfAPocketQueryZipAddsItsCachesAndCountsItsWaypoints() throws {
        let fixture = try StoreFixture()
        let zip = fixture.fileURL.deletingLastPathComponent().appendingPathComponent("123.zip")
        try ZipFixture.write(Self.pocketQuery, to: zip)
        let result = try GeocacheTUIBinary.run(["import", "--store", fixture.storeArgument, zip.path])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output == "Added 2 caches, skipped 0 as duplicates, rejected 0. "
                + "Paired 1 additional waypoint with its cache.\n")
    }

    @Test func importOfAZipOnStandardInputAddsItsCaches() throws {
        let fixture = try StoreFixture()
        let zip = fixture.fileURL.deletingLastPathComponent().appendingPathComponent("123.zip")
        try ZipFixture.write(Self.pocketQuery, to: zip)
        let result = try GeocacheTUIBinary.runTool("/bin/sh", ["-c", #""$0" import --store "$1" - < "$2""#,
                                                               GeocacheTUIBinary.url.path, fixture.storeArgument, zip.path])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.hasPrefix("Added 2 caches"))
    }

    @Test func aZipBombIsRefusedInOneLineAndStoresNothing() throws {
        let fixture = try StoreFixture.seeded()
        let zip = fixture.fileURL.deletingLastPathComponent().appendingPathComponent("bomb.zip")
        try ZipFixture.write(Self.pocketQuery + [ZipFixture.Entry("z.gpx", bytes: [UInt8](repeating: 0x20, count: 24 << 20))],
                             to: zip)
        let result = try GeocacheTUIBinary.run(["import", "--store", fixture.storeArgument, zip.path])
        #expect(result.status == 1)
        #expect(result.error == "geocache-tui: \(zip.path): refused: the entry z.gpx unpacks to more than 100 times "
                + "the archive's size (a zip bomb?)\n")
        #expect(try fixture.store.loadCaches().withoutCodes == [Samples.oak, Samples.bridge])
    }

    @Test("A zip with an entry named beyond ASCII imports its caches in the C locale")
    func entryNamedBeyondASCIIInTheCLocale() throws {
        let fixture = try StoreFixture()
        let zip = fixture.fileURL.deletingLastPathComponent().appendingPathComponent("123.zip")
        try ZipFixture.write(Self.pocketQuery + [ZipFixture.Entry("Lies mich – Übersicht.txt", "hello")], to: zip)
        var environment = GeocacheTUIBinary.inheritedEnvironment
        for name in ["LANG", "LC_ALL", "LC_CTYPE"] { environment[name] = nil }
        let result = try GeocacheTUIBinary.runTool(GeocacheTUIBinary.url.path,
                                                   ["import", "--store", fixture.storeArgument, zip.path],
                                                   environment: environment)
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.hasPrefix("Added 2 caches"))
    }

    @Test("An entry's name with control characters is printed escaped, in a message of one line")
    func entryNameWithControlCharacters() throws {
        let fixture = try StoreFixture.seeded()
        let zip = fixture.fileURL.deletingLastPathComponent().appendingPathComponent("ctrl.zip")
        try ZipFixture.write([ZipFixture.Entry("evil\u{1B}[31m\n.gpx", "<gpx><bad")], to: zip)
        let result = try GeocacheTUIBinary.run(["import", "--store", fixture.storeArgument, zip.path])
        #expect(result.status == 1)
        #expect(result.error.hasPrefix("geocache-tui: \(zip.path)(evil\\u{1B}[31m\\n.gpx):1:10: malformed XML"),
                "\(result.error)")
        #expect(result.error.filter { $0 == "\n" }.count == 1)
    }
}
