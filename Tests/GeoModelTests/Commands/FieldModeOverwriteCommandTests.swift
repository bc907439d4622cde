import Foundation
import GeoModel
import GeoTestSupport
import Testing

/// `sync --overwrite N` with the real binary against a real PostgreSQL server: the
/// member's kept edit is applied to the server's version, field by field, and the
/// conflict `sync` reports shows base, server and yours only where they differ.
@Suite(.serialized) struct FieldModeOverwriteCommandTests {
    @Test func syncShowsBaseServerAndYoursForEachFieldThatDiffersAndNoOther() throws {
        let club = try FieldModeClub()
        defer { club.finish() }
        try club.makeConflict(editing: ["--reward", "My coin"]) { $0.details = "Their details" }
        let sync = try club.run(["sync"])
        #expect(sync.status == 1, "stderr was: \(sync.error)")
        #expect(sync.output.contains("""
              the cache was changed on the server meanwhile
              Details
                base: d
                server: Their details
                yours: unchanged
              Reward
                base: r
                server: unchanged
                yours: My coin
              keep your changes: sync --overwrite 1; give it up: sync --discard 1

            """), "stdout was: \(sync.output)")
        #expect(!sync.output.contains("  Title\n") && !sync.output.contains("  Creator\n"))
    }

    @Test func overwriteKeepsTheServersDetailsAndTheMembersReward() throws {
        let club = try FieldModeClub()
        defer { club.finish() }
        try club.makeConflict(editing: ["--reward", "My coin"]) { $0.details = "Their details" }
        #expect(try club.run(["sync"]).status == 1)
        let overwrite = try club.run(["sync", "--overwrite", "1"])
        #expect(overwrite.status == 0, "stdout was: \(overwrite.output), stderr: \(overwrite.error)")
        let stored = try #require(try club.serverCaches().first)
        #expect([stored.title, stored.details, stored.creator, stored.reward] == ["Old Oak", "Their details", "c", "My coin"])
        #expect(try Outbox(files: club.files).count() == 0)
    }

    @Test func overwriteOfAPlaceChangedHereKeepsItAndTheServersReward() throws {
        let club = try FieldModeClub()
        defer { club.finish() }
        try club.makeConflict(editing: ["--at", "N47 30.000 E008 15.000"]) { $0.reward = "Their coin" }
        let sync = try club.run(["sync"])
        #expect(sync.output.contains("  Place\n    base: none\n    server: unchanged\n    yours: N 47° 30.000′ E 008° 15.000′\n"),
                "stdout was: \(sync.output)")
        #expect(try club.run(["sync", "--overwrite", "1"]).status == 0)
        let stored = try #require(try club.serverCaches().first)
        #expect(stored.coordinate == Coordinate(latitude: 47.5, longitude: 8.25))
        #expect(stored.reward == "Their coin")
    }

    @Test("a kept edit of a cache the server deleted meanwhile is shown field by field: base, server deleted, yours")
    func syncShowsAnEditOfACacheTheServerDeletedFieldByField() throws {
        let club = try FieldModeClub()
        defer { club.finish() }
        #expect(try club.run(["add"] + FieldModeClub.fields("Old Oak")).status == 0)
        #expect(try club.run(["sync"]).status == 0)
        let code = try club.serverCodes()[0]
        try club.server.stop()
        #expect(try club.run(["edit", "--code", code, "--reward", "My coin"]).status == 0)
        try club.server.start()
        let store = try PostgresStore(url: club.url)
        try store.delete(try #require(try store.cache(withCode: code)))
        let sync = try club.run(["sync"])
        #expect(sync.status == 1, "stderr was: \(sync.error)")
        #expect(sync.output.contains("""
              the cache was deleted on the server meanwhile
              Reward
                base: r
                server: deleted
                yours: My coin
              add it again with your changes: sync --overwrite 1; give it up: sync --discard 1

            """), "stdout was: \(sync.output)")
        #expect(!sync.output.contains("\t"), "stdout was: \(sync.output)")
    }

    @Test("a kept delete whose cache the server deleted meanwhile is delivered by sync, no conflict")
    func aDeleteAlreadyDoneOnTheServerIsDelivered() throws {
        let club = try FieldModeClub()
        defer { club.finish() }
        let (store, code) = try club.keptDeleteOfOldOak()
        try store.delete(try #require(try store.cache(withCode: code)))
        let sync = try club.run(["sync"])
        #expect(sync.status == 0, "stdout was: \(sync.output), stderr: \(sync.error)")
        #expect(sync.output.hasPrefix("delivered 1 change"), "stdout was: \(sync.output)")
        #expect(try Outbox(files: club.files).count() == 0)
    }

    @Test("overwrite of a delete whose cache the server changed and then deleted settles it in one run")
    func overwriteOfADeleteOfAChangedThenDeletedCacheSettlesIt() throws {
        let club = try FieldModeClub()
        defer { club.finish() }
        let (store, code) = try club.keptDeleteOfOldOak()
        let stored = try #require(try store.cache(withCode: code))
        _ = try store.update(stored, to: stored.cache.titled("Their Oak"))
        #expect(try club.run(["sync"]).status == 1)
        try store.delete(try #require(try store.cache(withCode: code)))
        let overwrite = try club.run(["sync", "--overwrite", "1"])
        #expect(overwrite.status == 0, "stdout was: \(overwrite.output), stderr: \(overwrite.error)")
        #expect(try Outbox(files: club.files).count() == 0)
        #expect(try club.serverCodes().isEmpty)
    }
}

extension FieldModeClub {
    /// Old Oak added and synced; then, with the server stopped, its delete kept on this
    /// machine; the server started again. Returns a store on the server and the code.
    func keptDeleteOfOldOak() throws -> (PostgresStore, String) {
        #expect(try run(["add"] + Self.fields("Old Oak")).status == 0)
        #expect(try run(["sync"]).status == 0)
        let code = try serverCodes()[0]
        try server.stop()
        #expect(try run(["delete", "--code", code]).status == 0)
        try server.start()
        return (try PostgresStore(url: url), code)
    }

    /// Old Oak added and synced; then, with the server stopped, `edit --code` with
    /// `editing` is kept on this machine, and, with the server back, the server's
    /// version is changed by `theirs` (so the next delivery finds a conflict).
    func makeConflict(editing: [String], theirs: (inout GeoCache) -> Void) throws {
        #expect(try run(["add"] + Self.fields("Old Oak")).status == 0)
        #expect(try run(["sync"]).status == 0)
        let code = try serverCodes()[0]
        try server.stop()
        #expect(try run(["edit", "--code", code] + editing).status == 0)
        try server.start()
        let store = try PostgresStore(url: url)
        let stored = try #require(try store.cache(withCode: code))
        var changed = stored.cache
        theirs(&changed)
        _ = try store.update(stored, to: changed)
    }
}
