import Foundation
import Testing
@testable import GeoModel
import GeoTestSupport

/// `CacheExporter`: every stored cache written in one format to an export destination,
/// with the count of caches written told to a progress closure.
@Suite("Exporting a store")
struct CacheExporterTests {
    /// The whole document `format`'s writer makes of `caches`.
    private static func document(_ format: ExportFormat, for caches: [GeoCache]) -> String {
        switch format {
        case .json: JSONInterchange.document(for: caches)
        case .gpx: GPXWriter.document(for: caches)
        case .gpx11: GPXWriter.document(for: caches, version: .gpx11)
        case .loc: LOCWriter.document(for: caches)
        case .fieldnotes: String(decoding: FieldNotes.document(for: []), as: UTF8.self)
        }
    }

    /// Exports `fixture`'s store (or `store`, reading through it) as `format` to a new
    /// file in the fixture's directory; returns the file's text, the count the exporter
    /// returned, the counts it told and the count it left out.
    private static func export(_ fixture: StoreFixture, as format: ExportFormat, from store: (any CacheStore)? = nil)
        throws -> (text: String, count: Int, told: [Int], withoutCoordinate: Int) {
        let path = fixture.directory.file("export.\(format.rawValue)").path
        let destination = try ExportDestination(path: path, exporting: fixture.store)
        var told: [Int] = []
        let summary = try CacheExporter.export(store ?? fixture.store, as: format, to: destination) { told.append($0) }
        return (try String(contentsOfFile: path, encoding: .utf8), summary.written, told, summary.withoutCoordinate)
    }

    @Test(arguments: StoreKind.allCases, ExportFormat.cacheFormats)
    func everyFormatWritesTheStoredCachesInStoredOrderAsItsWriterDoes(_ kind: StoreKind,
                                                                     _ format: ExportFormat) throws {
        let fixture = try StoreFixture(kind)
        try fixture.store.saveCaches(Interchange.placed([Samples.mill] + Interchange.awkwardCaches(storableOn: kind) + [Samples.bridge]))
        let exported = try Self.export(fixture, as: format)
        // As stored: a store may give each cache a code of its own.
        let stored = try fixture.store.loadCaches()
        #expect(exported.text == Self.document(format, for: stored))
        let written = format == .json ? stored : stored.filter { $0.coordinate != nil }
        #expect(exported.count == written.count)
        #expect(exported.withoutCoordinate == stored.count - written.count)
    }

    @Test("GPX and LOC leave out the caches without a coordinate, and count them", arguments: [ExportFormat.gpx, .loc])
    func gpxAndLOCLeaveOutAndCountTheCachesWithoutACoordinate(_ format: ExportFormat) throws {
        let fixture = try StoreFixture()
        let placed = Interchange.placed([Samples.mill, Samples.bridge])
        let store = ListedStore(fixture.store, caches: [placed[0], Samples.oak, placed[1], Samples.numbered(7)])
        let exported = try Self.export(fixture, as: format, from: store)
        #expect(exported.text == Self.document(format, for: placed))
        #expect(exported.text.contains("47.100000"))
        #expect(exported.count == 2)
        #expect(exported.withoutCoordinate == 2)
    }

    @Test("GPX and LOC count the additional waypoints they leave out for want of a place; JSON keeps them",
          arguments: [(ExportFormat.gpx, 1), (.gpx11, 1), (.loc, 1), (.json, 0)])
    func unplacedWaypointsAreCounted(_ format: ExportFormat, _ leftOut: Int) throws {
        let fixture = try StoreFixture()
        var mill = Interchange.placed([Samples.mill])[0]
        mill.listing.waypoints = [
            AdditionalWaypoint(code: "PK1MILL", kind: "Parking Area", name: "Parking",
                               coordinate: Coordinate(latitudeMicrodegrees: 47_100_000, longitudeMicrodegrees: 8_200_000)),
            AdditionalWaypoint(code: "FN1MILL", kind: "Final Location", name: "Final, not solved yet", coordinate: nil),
        ]
        let path = fixture.directory.file("export.\(format.rawValue)").path
        let summary = try CacheExporter.export(ListedStore(fixture.store, caches: [mill]), as: format,
                                               to: try ExportDestination(path: path, exporting: fixture.store))
        #expect(summary.written == 1)
        #expect(summary.waypointsWithoutPlace == leftOut)
    }

    @Test("GPX counts the attributes it leaves out because their id is not a number; LOC and JSON count none",
          arguments: [(ExportFormat.gpx, 2), (.gpx11, 2), (.loc, 0), (.json, 0)])
    func attributesWithoutANumberAreCounted(_ format: ExportFormat, _ leftOut: Int) throws {
        let fixture = try StoreFixture()
        var mill = Interchange.placed([Samples.mill])[0]
        mill.listing.attributes = [
            CacheAttribute(source: CacheAttribute.groundspeak, id: "x", isOn: true, name: "Mystery"),
            CacheAttribute(source: CacheAttribute.groundspeak, id: "1", isOn: true, name: "Dogs"),
            CacheAttribute(source: CacheAttribute.groundspeak, id: "", isOn: false, name: "None"),
            CacheAttribute(source: CacheAttribute.openCaching, id: "y", isOn: true, name: "Not Groundspeak's"),
        ]
        let path = fixture.directory.file("export.\(format.rawValue)").path
        let summary = try CacheExporter.export(ListedStore(fixture.store, caches: [mill]), as: format,
                                               to: try ExportDestination(path: path, exporting: fixture.store))
        #expect(summary.written == 1)
        #expect(summary.attributesWithoutNumber == leftOut)
    }

    /// A store holding a cache without a listing place whose final the person kept
    /// (GCFO1), and one with neither (`Samples.oak`).
    private static func storeWithOnlyAFinal(_ kind: StoreKind = .sqlite) throws -> StoreFixture {
        let fixture = try StoreFixture(kind)
        try fixture.store.saveCaches([GeoCache(title: "NoPlace", details: "d", creator: "c", reward: "r", code: "GCFO1"),
                                      Samples.oak])
        try fixture.store.setOwnData(OwnData(corrected: onlyFinal), forCode: "GCFO1", as: WriteID())
        return fixture
    }
    private static let onlyFinal = Coordinate(latitudeMicrodegrees: 47_500_000, longitudeMicrodegrees: 8_500_000)!

    /// Exports `fixture`'s store as `format` with the person's own data, as `export` does.
    private static func exportWithOwn(_ fixture: StoreFixture, as format: ExportFormat)
        throws -> (path: String, summary: CacheExporter.Summary) {
        let path = fixture.directory.file("export.\(format.rawValue)").path
        let summary = try CacheExporter.export(fixture.store, as: format,
                                               to: try ExportDestination(path: path, exporting: fixture.store),
                                               own: try fixture.store.ownData())
        return (path, summary)
    }

    @Test("GPX and LOC write a cache with only the person's final at the final, and count only a cache with neither",
          arguments: [ExportFormat.gpx, .gpx11, .loc])
    func aCacheWithOnlyAFinalIsWrittenAtTheFinal(_ format: ExportFormat) throws {
        let fixture = try Self.storeWithOnlyAFinal()
        let exported = try Self.exportWithOwn(fixture, as: format)
        #expect(exported.summary.written == 1)
        #expect(exported.summary.withoutCoordinate == 1)
        let text = try String(contentsOfFile: exported.path, encoding: .utf8)
        #expect(text.contains("lat=\"47.500000\" lon=\"8.500000\""), "\(text)")
    }

    @Test("a cache with only a final, exported as GPX or LOC and imported back, keeps no place and its final",
          arguments: [ExportFormat.gpx, .gpx11, .loc])
    func aCacheWithOnlyAFinalReadsBackUnchanged(_ format: ExportFormat) throws {
        let fixture = try Self.storeWithOnlyAFinal()
        let before = try fixture.store.loadCaches()
        let exported = try Self.exportWithOwn(fixture, as: format)
        let report = try fixture.store.importCaches(from: .file(exported.path))
        #expect(report.unchanged == 1 && report.updated == 0 && report.added == 0)
        #expect(try fixture.store.loadCaches() == before)
        #expect(try fixture.store.ownData().byCode["GCFO1"]?.corrected == Self.onlyFinal)
    }

    @Test("a GPX export of a cache with only a final, imported into another store, gives the cache without a place",
          arguments: [ExportFormat.gpx, .gpx11])
    func aCacheWithOnlyAFinalReadsIntoAnotherStoreWithoutAPlace(_ format: ExportFormat) throws {
        let fixture = try Self.storeWithOnlyAFinal()
        let exported = try Self.exportWithOwn(fixture, as: format)
        let other = try StoreFixture()
        let report = try other.store.importCaches(from: .file(exported.path))
        #expect(report.added == 1)
        let read = try other.store.loadCaches()
        #expect(read.map(\.code) == ["GCFO1"] && read.first?.coordinate == nil)
    }

    @Test("JSON writes the caches without a coordinate too")
    func jsonWritesTheCachesWithoutACoordinateToo() throws {
        let fixture = try StoreFixture()
        let caches = [Samples.oak] + Interchange.placed([Samples.bridge])
        let exported = try Self.export(fixture, as: .json, from: ListedStore(fixture.store, caches: caches))
        #expect(exported.text == JSONInterchange.document(for: caches))
        #expect(exported.count == 2)
        #expect(exported.withoutCoordinate == 0)
    }

    @Test(arguments: ExportFormat.cacheFormats)
    func anEmptyStoreIsExportedAsAnEmptyDocument(_ format: ExportFormat) throws {
        let fixture = try StoreFixture()
        let exported = try Self.export(fixture, as: format)
        #expect(exported.text == Self.document(format, for: []))
        #expect(exported.count == 0)
        #expect(exported.told.isEmpty)
    }

    @Test func gpxWaypointCodesWorkedOutInBatchesAreTheCodesOfEachCache() throws {
        let fixture = try StoreFixture()
        let caches = Interchange.placed((1...(CacheExporter.digestBatch * 2 + 3)).map(Samples.numbered))
        let exported = try Self.export(fixture, as: .gpx, from: ListedStore(fixture.store, caches: caches))
        #expect(exported.text == GPXWriter.document(for: caches))
        #expect(exported.count == caches.count)
    }

    @Test(arguments: ExportFormat.cacheFormats)
    func progressIsToldTheCountWrittenEveryInterval(_ format: ExportFormat) throws {
        let fixture = try StoreFixture()
        let total = CacheExporter.progressInterval * 2 + 100
        let caches = Interchange.placed((1...total).map(Samples.numbered))
        let exported = try Self.export(fixture, as: format, from: ListedStore(fixture.store, caches: caches))
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

/// A store whose reading gives the caches it was made with, in order (with their
/// coordinates and codes, whatever the store under it keeps).
private final class ListedStore: ForwardingStore {
    let caches: [GeoCache]

    init(_ base: any CacheStore, caches: [GeoCache]) {
        self.caches = caches
        super.init(base)
    }

    override func forEachCache(_ body: (StoredCache) throws -> Void) throws {
        for (index, cache) in caches.enumerated() {
            try body(StoredCache(id: CacheID(rawValue: Int64(index + 1)), cache: cache))
        }
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
