import Foundation
@testable import GeoModel
import GeoTestSupport
import Testing

/// An import's commit is copied into the store file and its log emptied: the store's
/// files are not left twice the size of what it holds.
@Suite struct ImportLogTests {
    @Test func anImportLeavesAnEmptyLog() throws {
        let fixture = try StoreFixture(.sqlite)
        let store = try fixture.open()
        let caches = (0..<200).map { GeoCache(title: "Cache \($0)", details: String(repeating: "d", count: 2_000),
                                              creator: "c", reward: "r") }
        _ = try store.importCaches(from: .bytes(Array(JSONInterchange.document(for: caches).utf8), name: "a.json"))
        guard case .file(let path, _) = fixture.location else { Issue.record("not a file store"); return }
        let log = try FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int
        #expect(log == 0)
        #expect(try store.count() == 200)
    }
}
