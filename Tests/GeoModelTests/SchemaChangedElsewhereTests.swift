import Foundation
@testable import GeoModel
import GeoTestSupport
import Testing

/// An import drops and makes again the store's triggers and indexes; a store that
/// read the store before (the form, open in another terminal, or the store that
/// imported) writes afterwards as before, each write reading the changed schema.
@Suite struct SchemaChangedElsewhereTests {
    private static let imported = ImportSource.bytes(Array(JSONInterchange.document(for: [Samples.bridge]).utf8),
                                                     name: "caches.json")

    /// Mill, with a place: its insert writes the place index.
    private static let mill: GeoCache = {
        var mill = Samples.mill
        mill.coordinate = Coordinate(latitude: 47.37, longitude: 8.54)
        return mill
    }()

    @Test("a store that imported adds a cache afterwards", arguments: StoreKind.allCases)
    func aStoreThatImportedAddsACache(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let store = try fixture.open()
        _ = try store.importCaches(from: Self.imported)
        _ = try store.append(Self.mill)
        #expect(try store.count() == 2)
    }

    @Test("a store that read before another imported adds a cache afterwards", arguments: StoreKind.allCases)
    func aStoreOpenDuringAnotherImportAddsACache(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let open = try fixture.open()
        #expect(try open.count() == 0)
        _ = try fixture.open().importCaches(from: Self.imported)
        _ = try open.append(Self.mill)
        #expect(try open.count() == 2)
    }
}
