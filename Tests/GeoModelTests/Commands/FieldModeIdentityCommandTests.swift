import Foundation
import GeoModel
import GeoTestSupport
import Testing

/// An identifier noted while the club store answers (`list --ids`) names the same cache
/// while it is away, and a position counts in the server's order: the copy on this
/// machine keeps the server's identifiers (issue 34). The club held A to G and lost B
/// and C, so its identifiers are 1, 4, 5, 6 and 7, not 1 to 5.
@Suite(.serialized) struct FieldModeIdentityCommandTests {
    @Test func listIdsWhileTheServerIsAwayPrintsTheServersIdentifiers() throws {
        let club = try FieldModeClub()
        defer { club.finish() }
        try club.addLettersWithGaps()
        let answering = try club.run(["list", "--ids"])
        #expect(answering.status == 0, "stderr was: \(answering.error)")
        #expect(try club.run(["sync"]).status == 0)
        try club.server.stop()
        let away = try club.run(["list", "--ids"])
        #expect(away.status == 0, "stderr was: \(away.error)")
        #expect(away.output == answering.output)
    }

    @Test func aDeleteByIdWhileTheServerIsAwayDeletesThatCacheAndNoOtherOnDelivery() throws {
        let club = try FieldModeClub()
        defer { club.finish() }
        try club.addLettersWithGaps()
        #expect(try club.run(["sync"]).status == 0)
        let id = try club.listedID(of: "E")
        try club.server.stop()
        let delete = try club.run(["delete", "--id", id])
        #expect(delete.status == 0, "stderr was: \(delete.error)")
        #expect(delete.output.hasPrefix("deleted: E\t"), "stdout was: \(delete.output)")
        try club.server.start()
        let sync = try club.run(["sync"])
        #expect(sync.status == 0, "stderr was: \(sync.error)")
        #expect(sync.output.hasPrefix("delivered 1 change; "), "stdout was: \(sync.output)")
        #expect(try club.serverCaches().map(\.title) == ["A", "D", "F", "G"])
    }

    @Test func anEditByIdWhileTheServerIsAwayEditsThatCacheAndNoOtherOnDelivery() throws {
        let club = try FieldModeClub()
        defer { club.finish() }
        try club.addLettersWithGaps()
        #expect(try club.run(["sync"]).status == 0)
        let id = try club.listedID(of: "E")
        try club.server.stop()
        let edit = try club.run(["edit", "--id", id, "--reward", "Gold coin"])
        #expect(edit.status == 0, "stderr was: \(edit.error)")
        try club.server.start()
        #expect(try club.run(["sync"]).status == 0)
        let rewards = try club.serverCaches().map { "\($0.title)/\($0.reward)" }
        #expect(rewards == ["A/r", "D/r", "E/Gold coin", "F/r", "G/r"])
    }

    @Test func aPositionWhileTheServerIsAwayCountsTheCachesInTheServersOrder() throws {
        let club = try FieldModeClub()
        defer { club.finish() }
        try club.addLettersWithGaps()
        #expect(try club.run(["sync"]).status == 0)
        try club.server.stop()
        let delete = try club.run(["delete", "--position", "3"])
        #expect(delete.status == 0, "stderr was: \(delete.error)")
        #expect(delete.output.hasPrefix("deleted: E\t"), "stdout was: \(delete.output)")
        try club.server.start()
        #expect(try club.run(["sync"]).status == 0)
        #expect(try club.serverCaches().map(\.title) == ["A", "D", "F", "G"])
    }
}

extension FieldModeClub {
    /// Stores A to G on the server and deletes B and C there, so the identifiers have a
    /// gap before E: E is the third cache and has the identifier 5.
    func addLettersWithGaps() throws {
        let store = try PostgresStore(url: url)
        var stored: [String: StoredCache] = [:]
        for title in ["A", "B", "C", "D", "E", "F", "G"] {
            stored[title] = try store.add(GeoCache(title: title, details: "d", creator: "c", reward: "r"))
        }
        for title in ["B", "C"] {
            _ = try store.delete(try #require(stored[title]))
        }
        let e = try #require(stored["E"])
        #expect(try store.position(of: e.id) == 3 && e.id.rawValue != 3, "E's identifier is its position")
    }

    /// The identifier `list --ids` prints for the cache titled `title`, while the server
    /// answers.
    func listedID(of title: String) throws -> String {
        let list = try run(["list", "--ids"])
        #expect(list.status == 0, "stderr was: \(list.error)")
        let fields = list.output.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
        let line = try #require(fields.first { $0.count > 1 && $0[1] == title }, "list --ids was: \(list.output)")
        return String(line[0])
    }
}
