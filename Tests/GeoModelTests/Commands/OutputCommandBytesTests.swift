import Foundation
import Testing
@testable import GeoModel
import GeoTestSupport

/// What the commands print, byte for byte, for a store of awkward caches: `list`
/// (plain, `--numbered`, `--ids`), `list --json`, `export --format json` and
/// `export --format gpx` against ``OutputReference``.
@Suite("Command output bytes")
struct OutputCommandBytesTests {
    /// Every awkward string in every field (fields must not be empty to be stored).
    private static let caches: [GeoCache] = (OutputReference.awkward + OutputReference.generated(count: 60, seed: 7))
        .map { GeoCache(title: "t" + $0, details: $0 + "d", creator: "c" + $0, reward: $0 + "r") }

    private func fixture() throws -> StoreFixture {
        let fixture = try StoreFixture()
        try fixture.store.saveCaches(Self.caches)
        return fixture
    }

    /// Standard output of the binary, as bytes; the run must succeed.
    private func output(_ arguments: [String], _ fixture: StoreFixture) throws -> [UInt8] {
        let result = try GeocacheTUIBinary.run(arguments + ["--store", fixture.storeArgument])
        #expect(result.status == 0, "\(arguments): \(result.error)")
        return Array(result.output.utf8)
    }

    @Test func listPrintsTheReferenceLines() throws {
        let fixture = try fixture()
        let expected = Self.caches.map { OutputReference.tabSeparatedLine($0) + "\n" }.joined()
        #expect(try output(["list"], fixture) == Array(expected.utf8))
    }

    @Test func listNumberedStartsEachReferenceLineWithItsPosition() throws {
        let fixture = try fixture()
        let expected = Self.caches.enumerated().map { "\($0 + 1)\t" + OutputReference.tabSeparatedLine($1) + "\n" }.joined()
        #expect(try output(["list", "--numbered"], fixture) == Array(expected.utf8))
    }

    @Test func listIdsStartsEachReferenceLineWithItsIdentifier() throws {
        let fixture = try fixture()
        var expected = ""
        try fixture.store.forEachCache { expected += "\($0.id.rawValue)\t" + OutputReference.tabSeparatedLine($0.cache) + "\n" }
        #expect(try output(["list", "--ids"], fixture) == Array(expected.utf8))
    }

    @Test func listJSONPrintsTheReferenceListingDocument() throws {
        let fixture = try fixture()
        let stored = try fixture.open().loadCaches()
        #expect(try output(["list", "--json"], fixture) == Array(OutputReference.jsonDocument(stored, listing: true).utf8))
    }

    @Test func exportJSONWritesTheReferenceDocument() throws {
        let fixture = try fixture()
        let stored = try fixture.open().loadCaches()
        #expect(try output(["export", "--format", "json"], fixture)
                == Array(OutputReference.jsonDocument(stored, listing: false).utf8))
    }

    @Test func exportGPXWritesTheReferenceDocument() throws {
        let fixture = try fixture()
        #expect(try output(["export", "--format", "gpx"], fixture) == Array(OutputReference.gpxDocument(Self.caches).utf8))
    }

    @Test func exportToAFileWritesTheSameBytesAsToStandardOutput() throws {
        let fixture = try fixture()
        let path = fixture.directory.file("out.gpx").path
        _ = try output(["export", "--format", "gpx", "--output", path], fixture)
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: path))) == Array(OutputReference.gpxDocument(Self.caches).utf8))
    }
}
