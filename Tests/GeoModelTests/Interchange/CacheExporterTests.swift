import Foundation
import Testing
@testable import GeoModel
import GeoTestSupport

/// `CacheExporter`: every stored cache written in one format to an export destination,
/// with the count of caches written told to a progress closure.
@Suite("Exporting a store")
struct CacheExporterTests {
    /// The whole document `format`'s writer makes of `caches`.
    private static func document(_ format: InterchangeFormat, for caches: [GeoCache]) -> String {
        switch format {
        case .json: JSONInterchange.document(for: caches)
        case .gpx: GPXWriter.document(for: caches)
        case .loc: LOCWriter.document(for: caches)
        }
    }

    /// Exports `fixture`'s store as `format` to a new file in the fixture's directory;
    /// returns the file's text, the count the exporter returned and the counts it told.
    private static func export(_ fixture: StoreFixture, as format: InterchangeFormat)
        throws -> (text: String, count: Int, told: [Int], withoutCoordinate: Int) {
        let path = fixture.directory.file("export.\(format.rawValue)").path
        let destination = try ExportDestination(path: path, exporting: fixture.store)
        var told: [Int] = []
        let summary = try CacheExporter.export(fixture.store, as: format, to: destination) { told.append($0) }
        return (try String(contentsOfFile: path, encoding: .utf8), summary.written, told, summary.withoutCoordinate)
    }

    @Test(arguments: StoreKind.allCases, InterchangeFormat.allCases)
    func everyFormatWritesTheStoredCachesInStoredOrderAsItsWriterDoes(_ kind: StoreKind,
                                                                     _ format: InterchangeFormat) throws {
        let fixture = try StoreFixture(kind)
        let caches = [Samples.mill] + Interchange.awkwardCaches + [Samples.bridge]
        try fixture.store.saveCaches(caches)
        let exported = try Self.export(fixture, as: format)
        #expect(exported.text == Self.document(format, for: caches))
        #expect(exported.count == caches.count)
    }

    @Test(arguments: InterchangeFormat.allCases)
    func anEmptyStoreIsExportedAsAnEmptyDocument(_ format: InterchangeFormat) throws {
        let fixture = try StoreFixture()
        let exported = try Self.export(fixture, as: format)
        #expect(exported.text == Self.document(format, for: []))
        #expect(exported.count == 0)
        #expect(exported.told.isEmpty)
    }

    @Test func gpxWaypointCodesWorkedOutInBatchesAreTheCodesOfEachCache() throws {
        let fixture = try StoreFixture()
        let caches = (1...(CacheExporter.digestBatch * 2 + 3)).map(Samples.numbered)
        try fixture.store.saveCaches(caches)
        let exported = try Self.export(fixture, as: .gpx)
        #expect(exported.text == GPXWriter.document(for: caches))
        #expect(exported.count == caches.count)
    }

    @Test(arguments: InterchangeFormat.allCases)
    func progressIsToldTheCountWrittenEveryInterval(_ format: InterchangeFormat) throws {
        let fixture = try StoreFixture()
        let total = CacheExporter.progressInterval * 2 + 100
        try fixture.store.saveCaches((1...total).map(Samples.numbered))
        let exported = try Self.export(fixture, as: format)
        #expect(exported.told == [CacheExporter.progressInterval, CacheExporter.progressInterval * 2])
        #expect(exported.count == total)
    }

    @Test(.enabled(if: FileManager.default.isWritableFile(atPath: "/dev/full")))
    func aWriteThatFailsWhileTheStoreIsReadIsThrownAsTheExportError() throws {
        let fixture = try StoreFixture()
        // More than one chunk of output, so that a write fails inside the store's walk.
        try fixture.store.saveCaches((1...2_000).map(Samples.numbered))
        let destination = try ExportDestination(path: "/dev/full", exporting: fixture.store)
        #expect(throws: ExportError(path: "/dev/full", reason: String(cString: strerror(ENOSPC)))) {
            try CacheExporter.export(fixture.store, as: .json, to: destination)
        }
    }

    @Test func aFailedExportLeavesTheFileItWasToReplaceAsItWas() throws {
        let fixture = try StoreFixture()
        try fixture.store.saveCaches((1...2_000).map(Samples.numbered))
        let path = try fixture.write("kept\n", to: "export.json")
        let destination = try ExportDestination(path: path, exporting: fixture.store)
        // The store goes away under the export: reading it fails.
        let failing = FailingStore(fixture.store)
        #expect(throws: FailingStore.Failure.self) {
            try CacheExporter.export(failing, as: .json, to: destination)
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "kept\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.directory.url.path)
            .filter { $0.hasSuffix(".tmp") }.isEmpty)
    }
}

/// A store whose reading gives out after its first thousand caches.
private final class FailingStore: ForwardingStore {
    struct Failure: Error {}

    override func forEachCache(_ body: (StoredCache) throws -> Void) throws {
        var given = 0
        try base.forEachCache { stored in
            if given < 1_000 { try body(stored) }
            given += 1
        }
        throw Failure()
    }
}
