import Foundation
import Testing
@testable import GeoModel
import GeoTestSupport

/// A store and another SQLite database never share files: one named as the other's
/// write-ahead log, index or journal would be taken for it by SQLite and deleted.
@Suite struct StoreSideFileNameTests {
    @Test("a store named as the -wal, -shm or -journal file of a database beside it is refused, and nothing is made",
          arguments: ["-wal", "-shm", "-journal"])
    func aStoreAtASideFileNameIsRefused(suffix: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let database = directory.file()
        try SQLiteStore(url: database).add(Samples.oak)
        let side = database.path + suffix
        #expect {
            _ = try SQLiteStore(path: side)
        } throws: { error in
            guard case .notAStore(let path, let reason)? = error as? StoreError else { return false }
            return path == side && reason.contains("the \(suffix) file of the database \(database.path)")
        }
        #expect(!FileManager.default.fileExists(atPath: side))
        #expect(try SQLiteStore(url: database).loadCaches().map(\.title) == ["Old Oak"])
    }

    @Test("a store whose -wal or -journal name holds a database of its own is not opened, and that database is kept",
          arguments: ["-wal", "-journal"])
    func aDatabaseAtAStoresSideFileNameIsKept(suffix: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = directory.file()
        let other = URL(fileURLWithPath: store.path + suffix)
        // Made first under that name, then moved there: the store beside it is new.
        let made = directory.file("other.sqlite")
        try SQLiteStore(url: made).add(Samples.bridge)
        try FileManager.default.moveItem(at: made, to: other)
        let before = try Data(contentsOf: other)
        #expect(throws: StoreError.sideFileIsADatabase(path: store.path, sideFile: other.path)) {
            try SQLiteStore(url: store)
        }
        #expect(try Data(contentsOf: other) == before)
        #expect(!FileManager.default.fileExists(atPath: store.path))
    }
}
