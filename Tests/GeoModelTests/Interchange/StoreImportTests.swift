import Foundation
import Testing
@testable import GeoModel
import GeoTestSupport

@Suite("Importing into a store")
struct StoreImportTests {
    @Test(arguments: StoreKind.allCases) func importAddsEveryCacheInInputOrder(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let report = try fixture.store.importCaches(from: .file(try Interchange.fixture("caches.json").path))
        #expect(report.added == 2)
        #expect(try fixture.store.loadCaches().map(\.title) == ["Old Oak", "Bridge é 🧭"])
    }

    @Test(arguments: StoreKind.allCases) func reimportingTheSameFileAddsNothingAndCountsItsCachesUnchanged(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let source = ImportSource.file(try Interchange.fixture("pocket-query-1.0.gpx").path)
        _ = try fixture.store.importCaches(from: source)
        let second = try fixture.store.importCaches(from: source)
        #expect(second.added == 0)
        #expect(second.unchanged == 2 && second.updated == 0 && second.duplicates == 0)
        #expect(try fixture.store.count() == 2)
    }

    @Test(arguments: StoreKind.allCases) func aCacheRepeatedInTheInputIsStoredOnce(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let text = JSONInterchange.document(for: [Samples.oak, Samples.bridge, Samples.oak])
        let report = try fixture.store.importCaches(from: .bytes(Array(text.utf8), name: "x.json"))
        #expect(report.added == 2)
        #expect(report.duplicates == 1)
        #expect(try fixture.store.loadCaches().withoutCodes == [Samples.oak, Samples.bridge])
    }

    @Test(arguments: StoreKind.allCases) func aCacheAlreadyStoredByAddIsADuplicate(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        try fixture.store.add(Samples.oak)
        let text = JSONInterchange.document(for: [Samples.oak, Samples.mill])
        let report = try fixture.store.importCaches(from: .bytes(Array(text.utf8), name: "x.json"))
        #expect(report.added == 1)
        #expect(report.duplicates == 1)
    }

    @Test func summaryLineCountsAddedDuplicatesAndRejected() throws {
        var report = ImportReport()
        report.added = 3
        report.duplicates = 1
        #expect(report.description == "Added 3 caches, skipped 1 as duplicate, rejected 0.")
        report.notGeocaches = 2
        #expect(report.description.hasSuffix("Skipped 2 waypoints that are not geocaches."))
    }

    @Test(arguments: StoreKind.allCases) func anInvalidElementCancelsTheWholeImportByDefault(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        try fixture.store.add(Samples.mill)
        let path = try Interchange.fixture("missing-key.json").path
        #expect {
            _ = try fixture.store.importCaches(from: .file(path))
        } throws: { error in
            guard let error = error as? ImportError else { return false }
            return error.kind == .invalidRecords && error.rejections.map(\.location.index) == [1, 2, 3, 4]
        }
        #expect(try fixture.store.loadCaches().withoutCodes == [Samples.mill])
    }

    @Test(arguments: StoreKind.allCases) func skipInvalidStoresTheValidOnesAndListsTheRest(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let path = try Interchange.fixture("missing-key.json").path
        let report = try fixture.store.importCaches(from: .file(path), skipInvalid: true)
        #expect(report.added == 1)
        #expect(report.rejected == 4)
        #expect(report.rejections.first?.description == "\(path):3:3: element 1: missing key \"reward\"")
        #expect(try fixture.store.loadCaches().map(\.title) == ["Good one"])
    }

    @Test(arguments: StoreKind.allCases) func aMalformedFileLeavesTheStoreUnchangedEvenAfterGoodRecords(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        try fixture.store.add(Samples.mill)
        let path = try Interchange.fixture("truncated.gpx").path
        #expect(throws: ImportError.self) { _ = try fixture.store.importCaches(from: .file(path)) }
        #expect(try fixture.store.loadCaches().withoutCodes == [Samples.mill])
    }

    @Test(arguments: StoreKind.allCases) func aBadSecondFileCancelsTheFirstFileToo(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let good = ImportSource.file(try Interchange.fixture("caches.json").path)
        let bad = ImportSource.file(try Interchange.fixture("malformed.json").path)
        #expect(throws: ImportError.self) { _ = try fixture.store.importCaches(from: [good, bad]) }
        #expect(try fixture.store.count() == 0)
    }

    @Test(arguments: StoreKind.allCases) func anotherStoreOnTheSameFileNoticesTheImport(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let other = try fixture.open()
        _ = try other.hasChangedExternally()
        _ = try fixture.store.importCaches(from: .file(try Interchange.fixture("caches.json").path))
        #expect(try other.hasChangedExternally())
        #expect(try other.count() == 2)
    }

    @Test func jsonExportThenImportIntoAnEmptyStoreGivesIdenticalCaches() throws {
        let source = try StoreFixture()
        try source.store.saveCaches(Interchange.awkwardCaches)
        let document = JSONInterchange.document(for: try source.store.loadCaches())
        let target = try StoreFixture()
        let report = try target.store.importCaches(from: .bytes(Array(document.utf8), name: "export.json"))
        #expect(report.added == Interchange.awkwardCaches.count)
        #expect(try target.store.loadCaches().withoutCodes == Interchange.awkwardCaches)
    }

    @Test func gpxExportThenImportIntoAnEmptyStoreGivesIdenticalCaches() throws {
        let source = try StoreFixture()
        let placed = Interchange.placed(Interchange.awkwardCaches)
        try source.store.saveCaches(placed)
        let document = GPXWriter.document(for: try source.store.loadCaches())
        let target = try StoreFixture()
        let report = try target.store.importCaches(from: .bytes(Array(document.utf8), name: "export.gpx"))
        #expect(report.added == placed.count)
        let imported = try target.store.loadCaches()
        #expect(imported.map(Interchange.labFields) == Interchange.awkwardCaches)
        #expect(imported.map(\.coordinate) == placed.map(\.coordinate))
    }
}
