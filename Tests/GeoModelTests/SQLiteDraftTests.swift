import Foundation
import GRDB
import Testing
@testable import GeoModel
import GeoTestSupport

/// The draft's write in the SQLite store: committed without waiting for the disk, and
/// every other write as durable as before.
@Suite struct SQLiteDraftTests {
    private func synchronousLevel(_ store: SQLiteStore) throws -> Int {
        try store.queue.read { db in try Int.fetchOne(db, sql: "PRAGMA synchronous") ?? -1 }
    }

    @Test func theStoreIsFullySynchronousAgainAfterADraftWasSaved() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try SQLiteStore(url: directory.file())
        #expect(try synchronousLevel(store) == 2)
        try store.saveDraft([.details: "Typed, not added"])
        #expect(try synchronousLevel(store) == 2)
        #expect(try SQLiteStore(url: directory.file()).loadDraft() == [.details: "Typed, not added"])
    }

    @Test func aDraftSavedOverAnotherReplacesIt() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try SQLiteStore(url: directory.file())
        try store.saveDraft([.title: "first", .reward: "coin"])
        try store.saveDraft([.creator: "second"])
        #expect(try store.loadDraft() == [.creator: "second"])
    }
}
