import Foundation
@testable import GeoModel
import GeoTestSupport
import Testing

/// An outbox damaged on this machine: the whole file set aside, never emptied in place;
/// one row that cannot be read set aside on its own, never delivered, the others
/// delivered.
@Suite struct OutboxDamageTests {
    /// An outbox holding adds of Old Oak, Bridge and Mill, in that order.
    private static func outboxOfThree(in home: FieldHome, url: String? = nil) throws -> Outbox {
        let outbox = try url.map { try Outbox(files: home.files($0)) } ?? Outbox(files: home.files())
        try outbox.queueAdd(Samples.oak)
        try outbox.queueAdd(Samples.bridge)
        try outbox.queueAdd(Samples.mill)
        return outbox
    }

    @Test(arguments: [FileDamage.truncated(to: 0), .truncated(to: 5000), .garbagePages, .notSQLite,
                      .sql("DROP TABLE change"), .sql("PRAGMA user_version = 0")])
    func aDamagedOutboxIsSetAsideUntouchedAndANewOneStarts(_ damage: FileDamage) throws {
        let home = try FieldHome()
        defer { home.directory.remove() }
        let path = try Self.outboxOfThree(in: home).files.outboxPath
        try damage.apply(to: path)
        let damaged = try Data(contentsOf: URL(fileURLWithPath: path))
        let outbox = try Outbox(files: home.files())
        let setAside = try #require(outbox.setAside)
        #expect(setAside.kind == .outbox)
        #expect(setAside.path == path)
        #expect(setAside.setAsidePath.hasPrefix(path + ".damaged-"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: setAside.setAsidePath)) == damaged)
        #expect(try outbox.count() == 0)
        try outbox.queueAdd(Samples.numbered(1))
        #expect(try Outbox(files: home.files()).setAside == nil)
        #expect(try Outbox(files: home.files()).changes().map(\.title) == ["Cache 1"])
    }

    @Test func aWholeOutboxIsNeverSetAside() throws {
        let home = try FieldHome()
        defer { home.directory.remove() }
        _ = try Self.outboxOfThree(in: home)
        let again = try Outbox(files: home.files())
        #expect(again.setAside == nil)
        #expect(try again.changes().map(\.title) == ["Old Oak", "Bridge", "Mill"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: again.files.directory).sorted() == ["outbox.sqlite"])
    }

    @Test func aNewOutboxFileLeftByAProcessThatEndedIsRemovedAtTheNextOpening() throws {
        let home = try FieldHome()
        defer { home.directory.remove() }
        let directory = try Self.outboxOfThree(in: home).files.directory
        let ended = Process()
        ended.executableURL = URL(fileURLWithPath: "/bin/true")
        try ended.run()
        ended.waitUntilExit()
        let left = directory + "/outbox.sqlite.new-\(ended.processIdentifier)-0BADF00D"
        for path in [left, left + "-journal"] { #expect(FileManager.default.createFile(atPath: path, contents: Data([1]))) }
        let again = try Outbox(files: home.files())
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == ["outbox.sqlite"])
        #expect(try again.changes().map(\.title) == ["Old Oak", "Bridge", "Mill"])
    }

    @Test func aNewOutboxFileOfAProcessStillRunningIsLeftWhereItIs() throws {
        let home = try FieldHome()
        defer { home.directory.remove() }
        let directory = try Self.outboxOfThree(in: home).files.directory
        let running = directory + "/outbox.sqlite.new-\(getpid())-0BADF00D"
        #expect(FileManager.default.createFile(atPath: running, contents: Data([1])))
        _ = try Outbox(files: home.files())
        #expect(FileManager.default.fileExists(atPath: running))
    }

    @Test(arguments: [
        ("UPDATE change SET cache = '{not json' WHERE sequence = 2", "its cache is not a cache this version can read"),
        ("UPDATE change SET cache = NULL WHERE sequence = 2", "its cache is missing"),
        ("UPDATE change SET queued_at = 'abc' WHERE sequence = 2", "its time is not what the outbox writes"),
        ("UPDATE change SET queued_at = -1e300 WHERE sequence = 2", "its time, -1e+300, is not a time"),
        ("UPDATE change SET write_id = 'not a uuid' WHERE sequence = 2", "its write identifier is not one"),
        ("UPDATE change SET cache = json_set(cache, '$.listing.difficulty', 1e300) WHERE sequence = 2",
         "its cache is not a cache this version can read"),
        ("UPDATE change SET state = 'conflict', server_id = 'abc' WHERE sequence = 2",
         "its server identifier is not what the outbox writes"),
    ])
    func aRowThatCannotBeReadIsSetAsideOnItsOwnWithWhatCouldBeReadOfIt(_ sql: String, _ reason: String) throws {
        let home = try FieldHome()
        defer { home.directory.remove() }
        let outbox = try Self.outboxOfThree(in: home)
        let bridge = try outbox.changes()[1]
        try FileDamage.sql(sql).apply(to: outbox.files.outboxPath)
        #expect(try outbox.changes().map(\.title) == ["Old Oak", "Mill"])
        let unreadable = try #require(try outbox.unreadableChanges().first)
        #expect(unreadable.sequence == bridge.sequence)
        #expect(unreadable.kind == .add)
        #expect(unreadable.code == bridge.code)
        #expect(unreadable.reason == reason)
        #expect(try outbox.count() == 3)
    }

    @Test func whatCanStillBeReadOfAnUnreadableRowIsKept() throws {
        let home = try FieldHome()
        defer { home.directory.remove() }
        let outbox = try Self.outboxOfThree(in: home)
        let bridge = try outbox.changes()[1]
        try FileDamage.sql("UPDATE change SET write_id = 'x' WHERE sequence = 2").apply(to: outbox.files.outboxPath)
        let unreadable = try #require(try outbox.unreadableChanges().first)
        #expect(unreadable.title == "Bridge")
        #expect(unreadable.queuedAt == bridge.queuedAt)
    }

    @Test func discardDropsAChangeThatCannotBeReadAndOverwriteIsRefused() throws {
        let home = try FieldHome()
        defer { home.directory.remove() }
        let outbox = try Self.outboxOfThree(in: home)
        let sequence = try outbox.changes()[1].sequence
        try FileDamage.sql("UPDATE change SET cache = 'x' WHERE sequence = 2").apply(to: outbox.files.outboxPath)
        #expect(throws: OutboxError.unreadable(sequence, reason: "its cache is not a cache this version can read")) {
            try outbox.overwrite(sequence)
        }
        try outbox.discard(sequence)
        #expect(try outbox.unreadableChanges().isEmpty)
        #expect(try outbox.count() == 2)
    }

    @Test func aChangeThatCannotBeReadIsNeverSentAndTheOthersAre() throws {
        let home = try FieldHome()
        defer { home.directory.remove() }
        let url = try PostgresTestServer.shared().makeDatabase()
        let store = try PostgresStore(url: url, purpose: .command)
        let outbox = try Self.outboxOfThree(in: home, url: url)
        try FileDamage.sql("UPDATE change SET base = cache, cache = '{' WHERE sequence = 2").apply(to: outbox.files.outboxPath)
        let report = try OutboxDelivery.deliverWhenFree(outbox, to: store)
        #expect(report.delivered.map(\.title) == ["Old Oak", "Mill"])
        #expect(report.unreadable.map(\.sequence) == [2])
        #expect(try store.loadCaches().map(\.title) == ["Old Oak", "Mill"])
        #expect(try outbox.count() == 1)
    }

    @Test func laterChangesOfACacheWaitBehindOneThatCannotBeRead() throws {
        let home = try FieldHome()
        defer { home.directory.remove() }
        let url = try PostgresTestServer.shared().makeDatabase()
        let store = try PostgresStore(url: url, purpose: .command)
        let outbox = try Outbox(files: home.files(url))
        let added = try outbox.queueAdd(Samples.oak)
        try outbox.queueEdit(of: try #require(added.cache), to: try #require(added.cache).withReward("Coin"))
        try FileDamage.sql("UPDATE change SET cache = '[]' WHERE sequence = 1").apply(to: outbox.files.outboxPath)
        let report = try OutboxDelivery.deliverWhenFree(outbox, to: store)
        #expect(report.unreadable.map(\.sequence) == [1])
        #expect(report.held.map(\.sequence) == [2])
        #expect(report.delivered.isEmpty)
        #expect(try store.count() == 0)
    }
}
