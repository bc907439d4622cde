import Foundation
import GRDB
import Testing
@testable import GeoModel
import GeoTestSupport

/// A row whose text another program wrote as bytes that are not UTF-8: it reads with
/// U+FFFD in their place, and can be deleted and edited (the edit replacing them), by
/// the store and by the commands, on both stores. The club store's `text` columns take
/// no such bytes since schema version 4: there the row is one of an older store's, which
/// the migration converts (keeping the original bytes aside).
@Suite struct InvalidUTF8RowTests {
    /// "f", the byte 0xFF, "o": not UTF-8.
    static let invalidTitle: [UInt8] = [0x66, 0xFF, 0x6F]

    /// A store holding one cache whose title was then overwritten with
    /// ``invalidTitle`` by plain SQL, as another program would; on the club store, one
    /// of schema version 3 (`bytea` fields) that the next session opening it migrates.
    private func storeWithInvalidTitle(_ kind: StoreKind) throws -> StoreFixture {
        let fixture = try StoreFixture(kind)
        try fixture.open().add(Samples.oak)
        switch fixture.location {
        case .file(let path, _):
            let queue = try DatabaseQueue(path: path)
            try queue.write { db in
                try db.execute(sql: "UPDATE cache SET title = CAST(? AS TEXT)", arguments: [Data(Self.invalidTitle)])
            }
            try queue.close()
        case .server(let url):
            let connection = try PostgresConnection(url)
            try connection.query("DROP SCHEMA public CASCADE")
            try connection.query("CREATE SCHEMA public")
            connection.close()
            var row = VersionThreeStore.Row(Samples.oak)
            row.title = Self.invalidTitle
            try VersionThreeStore.fill(url, rows: [row])
        }
        return fixture
    }

    @Test("a title that is not UTF-8 reads with U+FFFD in place of the bad byte", arguments: StoreKind.allCases)
    func readsWithReplacementCharacter(_ kind: StoreKind) throws {
        let fixture = try storeWithInvalidTitle(kind)
        #expect(try fixture.open().first()?.cache.title == "f\u{FFFD}o")
    }

    @Test("a row whose title is not UTF-8 can be deleted", arguments: StoreKind.allCases)
    func canBeDeleted(_ kind: StoreKind) throws {
        let fixture = try storeWithInvalidTitle(kind)
        let store = try fixture.open()
        let stored = try #require(try store.first())
        #expect(try store.delete(stored) == 0)
        #expect(try store.first() == nil)
    }

    @Test("an edit of a row whose title is not UTF-8 replaces the bad bytes", arguments: StoreKind.allCases)
    func canBeEdited(_ kind: StoreKind) throws {
        let fixture = try storeWithInvalidTitle(kind)
        let store = try fixture.open()
        let stored = try #require(try store.first())
        var edited = stored.cache
        edited.title = "Fixed"
        try store.update(stored, to: edited)
        #expect(try fixture.open().first()?.cache == edited)
    }

    @Test("a row whose title is not UTF-8 and was changed since it was read is not overwritten",
          arguments: StoreKind.allCases)
    func aChangedRowIsStillAConflict(_ kind: StoreKind) throws {
        let fixture = try storeWithInvalidTitle(kind)
        let store = try fixture.open()
        let stored = try #require(try store.first())
        var theirs = stored.cache
        theirs.details = "Moved to the gate"
        try fixture.open().update(stored, to: theirs)
        #expect(throws: CacheEditError.self) { try store.delete(stored) }
        #expect(try store.first()?.cache.details == "Moved to the gate")
    }

    @Test("delete --position deletes a row whose title is not UTF-8", arguments: StoreKind.allCases)
    func deleteCommand(_ kind: StoreKind) throws {
        let fixture = try storeWithInvalidTitle(kind)
        let result = try GeocacheTUIBinary.run(["delete", "--store", fixture.storeArgument, "--position", "1"])
        #expect(result.status == 0, "\(result.error)")
        #expect(try fixture.open().count() == 0)
    }

    @Test("edit --position replaces a title that is not UTF-8", arguments: StoreKind.allCases)
    func editCommand(_ kind: StoreKind) throws {
        let fixture = try storeWithInvalidTitle(kind)
        let result = try GeocacheTUIBinary.run(["edit", "--store", fixture.storeArgument, "--position", "1",
                                                "--title", "Fixed"])
        #expect(result.status == 0, "\(result.error)")
        #expect(try fixture.open().first()?.cache.title == "Fixed")
    }
}
