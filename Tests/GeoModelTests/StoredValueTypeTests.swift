import Foundation
import GRDB
import Testing
@testable import GeoModel
import GeoTestSupport

/// Values of another type than the program writes, put in a store file by another
/// program (or found in a damaged copy): a row read on its own goes through GRDB's
/// throwing API, the value reading as none, never a trap (a row read from a cursor is
/// converted by SQLite itself); and a server's row missing a column asked for reads as
/// NULL.
@Suite struct StoredValueTypeTests {
    /// A store file holding Old Oak at Zürich, then `sql` run on it by plain SQL.
    private static func store(after sql: String) throws -> (TemporaryDirectory, String) {
        let directory = try TemporaryDirectory()
        let path = directory.file("caches.sqlite").path
        var oak = Samples.oak
        oak.coordinate = Coordinate(latitude: 47.368717, longitude: 8.540933)
        try SQLiteStore(path: path).add(oak)
        try FileDamage.sql(sql).apply(to: path)
        return (directory, path)
    }

    @Test(arguments: [
        "UPDATE cache SET code = x'00ff'",
        "UPDATE cache SET latitude = 'north'",
        "UPDATE cache SET longitude = 1e300",
        "UPDATE cache SET latitude = 99999999999",
    ])
    func aCodeOrPlaceOfAnotherTypeReadsAsNone(_ sql: String) throws {
        let (directory, path) = try Self.store(after: sql)
        defer { directory.remove() }
        let cache = try #require(try SQLiteStore(path: path).first()).cache
        #expect(cache.title == "Old Oak")
        #expect(sql.contains("code") ? cache.code == nil : cache.coordinate == nil)
    }

    @Test func listPrintsARowWithAPlaceOfAnotherTypeWithoutIt() throws {
        let (directory, path) = try Self.store(after: "UPDATE cache SET latitude = 'north'")
        defer { directory.remove() }
        let list = try GeocacheTUIBinary.run(["list", "--store", path])
        #expect(list.status == 0, "stderr was: \(list.error)")
        #expect(list.output.hasPrefix("Old Oak\tBehind the tree\tana\tTravel bug"), "stdout was: \(list.output)")
    }

    @Test func deleteByPositionOfARowWithAPlaceOfAnotherTypeDeletesIt() throws {
        let (directory, path) = try Self.store(after: "UPDATE cache SET longitude = 'east'")
        defer { directory.remove() }
        let delete = try GeocacheTUIBinary.run(["delete", "--store", path, "--position", "1"])
        #expect(delete.status == 0, "stderr was: \(delete.error)")
        #expect(delete.output.hasPrefix("deleted: Old Oak\t"), "stdout was: \(delete.output)")
        #expect(try SQLiteStore(path: path).count() == 0)
    }

    /// `list` and `export` read every row's fields uncast, from SQLite's copy of each
    /// value: a number, a NUL inside a text and a BLOB read as the same bytes as a
    /// cache read on its own, whose fields are selected cast to BLOB.
    @Test(arguments: [
        "UPDATE cache SET title = 42",
        "UPDATE cache SET details = 2.5",
        "UPDATE cache SET creator = 'a' || char(0) || 'b'",
        "UPDATE cache SET reward = x'4f4b00ff'",
    ])
    func aFieldOfAnotherTypeReadsAsTheSameBytesWhenEveryRowIsWalked(_ sql: String) throws {
        let (directory, path) = try Self.store(after: sql)
        defer { directory.remove() }
        let store = try SQLiteStore(path: path)
        let alone = try #require(try store.first()).cache
        func texts(_ fields: CacheFieldBytes) -> [String] {
            GeoCache.Field.allCases.map { String(decoding: fields[$0], as: UTF8.self) }
        }
        var walked: [[String]] = []
        try store.forEachCacheRow { walked.append(texts($0.fields)) }
        try store.forEachCacheFields { walked.append(texts($0)) }
        let expected = GeoCache.Field.allCases.map { alone[$0] }
        #expect(walked == [expected, expected])
        #expect(sql.contains("title") ? alone.title == "42" : alone.title == "Old Oak")
    }

    @Test func aColumnTheServerDidNotSendReadsAsNull() {
        let row = PostgresRow(columnNames: ["id"], values: [Array("7".utf8)])
        #expect(row.int(0) == 7)
        #expect(row[8] == nil)
        #expect(row.string(3) == nil)
    }
}
