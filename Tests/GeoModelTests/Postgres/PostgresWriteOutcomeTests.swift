import Foundation
@testable import GeoModel
import GeoTestSupport
import Testing

/// Writes to the club store whose reply is lost, through a relay in front of a real
/// server: each is looked up by its identifier and reported as it happened, stored
/// exactly once, and each write is one round trip.
@Suite struct PostgresWriteOutcomeTests {
    /// A database, a relay in front of its server, a store through the relay with
    /// short deadlines, and a store straight to the server to check what is stored.
    struct Setup {
        let relay: FaultRelay
        let store: PostgresStore
        let direct: PostgresStore

        init(writeTimeout: TimeInterval = 1, settleTimeout: TimeInterval = 5) throws {
            let server = try PostgresTestServer.shared()
            let url = try server.makeDatabase()
            direct = try PostgresStore(url: url)
            // A little delay, as any network has: without one, the server's answer to a
            // pipeline's first segment can pass the relay before the client's last bytes
            // and count as a second round trip although none was waited for.
            relay = try FaultRelay(to: server.port, delayMilliseconds: 10)
            store = try PostgresStore(url: relay.url(through: url))
            store.writeTimeout = writeTimeout
            store.settleTimeout = settleTimeout
        }

        /// How many stored caches have `title`.
        func copies(of title: String) throws -> Int {
            try direct.loadCaches().filter { $0.title == title }.count
        }
    }

    @Test(arguments: [FaultRelay.CommitFault.dropRepliesAfterCommit, .cutAfterCommit])
    func anAddWhoseCommitReplyIsLostIsReportedAsStoredOnce(_ fault: FaultRelay.CommitFault) throws {
        let setup = try Setup()
        try setup.store.add(Samples.bridge)
        try setup.relay.arm(fault)
        let (stored, count) = try setup.store.append(Samples.oak)
        #expect(setup.relay.hasFired(fault))
        #expect(count == 2)
        #expect(try setup.direct.cache(stored.id)?.cache == stored.cache)
        #expect(try setup.copies(of: Samples.oak.title) == 1)
    }

    @Test(arguments: [FaultRelay.CommitFault.dropRepliesAfterCommit, .cutAfterCommit])
    func anEditWhoseCommitReplyIsLostIsReportedAsSaved(_ fault: FaultRelay.CommitFault) throws {
        let setup = try Setup()
        let stored = try setup.store.add(Samples.oak)
        try setup.relay.arm(fault)
        var renamed = stored.cache
        renamed.title = "Older Oak"
        let updated = try setup.store.update(stored, to: renamed)
        #expect(setup.relay.hasFired(fault))
        #expect(updated == StoredCache(id: stored.id, cache: renamed))
        #expect(try setup.direct.cache(stored.id) == updated)
    }

    @Test(arguments: [FaultRelay.CommitFault.dropRepliesAfterCommit, .cutAfterCommit])
    func aDeleteWhoseCommitReplyIsLostIsReportedAsDoneAndDeletesNothingElse(_ fault: FaultRelay.CommitFault) throws {
        let setup = try Setup()
        let first = try setup.store.add(Samples.oak)
        try setup.store.add(Samples.bridge)
        try setup.relay.arm(fault)
        #expect(try setup.store.delete(first) == 1)
        #expect(setup.relay.hasFired(fault))
        #expect(try setup.direct.loadCaches().map(\.title) == [Samples.bridge.title])
    }

    @Test(arguments: [FaultRelay.CommitFault.dropRepliesAfterCommit, .cutAfterCommit])
    func anImportWhoseCommitReplyIsLostReportsWhatItStored(_ fault: FaultRelay.CommitFault) throws {
        let setup = try Setup()
        let json = try JSONEncoder().encode([Samples.oak, Samples.bridge, Samples.mill])
        try setup.relay.arm(fault)
        let report = try setup.store.importCaches(from: .bytes(Array(json), name: "caches.json"))
        #expect(setup.relay.hasFired(fault))
        #expect(report.added == 3)
        #expect(try setup.direct.count() == 3)
    }

    @Test(arguments: [FaultRelay.CommitFault.dropRepliesAfterCommit, .cutAfterCommit])
    func aKeptDraftWhoseCommitReplyIsLostIsKeptOnce(_ fault: FaultRelay.CommitFault) throws {
        let setup = try Setup()
        let draft = FormDraft(fields: [.title: "Half typed"])
        try setup.relay.arm(fault)
        let id = try setup.store.keepDraft(draft, in: nil, holding: false)
        #expect(setup.relay.hasFired(fault))
        #expect(id != nil)
        #expect(try setup.direct.keptDrafts() == [draft])
    }

    @Test func theSameWriteSentAgainIsNeverStoredTwice() throws {
        let setup = try Setup()
        let write = WriteID()
        let first = try setup.store.append(Samples.oak, as: write)
        let again = try setup.store.append(Samples.oak, as: write)
        #expect(again.stored == first.stored)
        #expect(again.count == first.count)
        #expect(try setup.copies(of: Samples.oak.title) == 1)
    }

    @Test func aWriteThatCouldNotBeSettledInTimeIsReportedUnknownAndSettledLater() throws {
        let setup = try Setup(writeTimeout: 0.5, settleTimeout: 0.5)
        try setup.store.add(Samples.bridge)
        try setup.relay.stall()
        let write = WriteID()
        #expect(throws: StoreError.self) { try setup.store.append(Samples.oak, as: write) }
        do {
            _ = try setup.store.append(Samples.mill, as: WriteID())
        } catch let error as StoreError {
            #expect(error.meansTheServerIsAway)
        }
        try setup.relay.resume()
        setup.store.settleTimeout = 5
        let outcome = try setup.store.settleWrite(write)
        #expect(try setup.copies(of: Samples.oak.title) == (outcome == .notStored ? 0 : 1))
        _ = try? setup.store.append(Samples.oak, as: write)
        #expect(try setup.copies(of: Samples.oak.title) == (outcome == .notStored ? 0 : 1))
        #expect(try setup.store.settleWrite(write) == outcome)
    }

    @Test func aWriteStalledPastItsDeadlineSaysNotKnownNeverNothingStored() throws {
        let setup = try Setup(writeTimeout: 0.5, settleTimeout: 0.5)
        try setup.relay.stall()
        defer { try? setup.relay.resume() }
        let error = #expect(throws: StoreError.self) { try setup.store.append(Samples.oak) }
        guard case .outcomeUnknown? = error else { Issue.record("\(String(describing: error))"); return }
        #expect(error?.description.contains("not known whether the change was stored") == true)
        #expect(error?.description.contains("nothing was stored") == false)
    }

    @Test func aWriteToAStoppedServerIsSettledAsNotStoredOnceItAnswers() throws {
        let server = try PostgresTestServer()
        defer { server.destroy() }
        let store = try PostgresStore(url: try server.makeDatabase())
        store.settleTimeout = 0.5
        try server.stop()
        let write = WriteID()
        let error = #expect(throws: StoreError.self) { try store.append(Samples.oak, as: write) }
        #expect(error?.meansTheServerIsAway == true)
        try server.start()
        store.settleTimeout = 5
        #expect(try store.settleWrite(write) == .notStored)
        #expect(try store.reopened().count() == 0)
    }

    @Test func aCodeGivenTwiceIsRefusedAndSettlesAsNotStored() throws {
        let setup = try Setup()
        var coded = Samples.oak
        coded.code = "GT7QH2KD"
        try setup.store.add(coded)
        let write = WriteID()
        #expect(throws: StoreError.codeInUse(path: setup.store.name, code: "GT7QH2KD")) {
            try setup.store.append(coded, as: write)
        }
        #expect(try setup.store.settleWrite(write) == .notStored)
    }

    @Test func eachWriteIsOneRoundTrip() throws {
        let setup = try Setup()
        func roundTrips(_ body: () throws -> Void) throws -> Int {
            let before = try setup.relay.counts().roundTrips
            try body()
            return try setup.relay.counts().roundTrips - before
        }
        var stored: StoredCache?
        #expect(try roundTrips { stored = try setup.store.add(Samples.oak) } == 1)
        var renamed = Samples.oak
        renamed.title = "Older Oak"
        #expect(try roundTrips { stored = try setup.store.update(stored!, to: renamed) } == 1)
        #expect(try roundTrips { _ = try setup.store.delete(stored!) } == 1)
        #expect(try roundTrips { try setup.store.saveCaches([Samples.oak, Samples.bridge]) } == 1)
        #expect(try roundTrips { _ = try setup.store.keepDraft(FormDraft(fields: [.title: "x"]), in: nil, holding: false) } == 1)
    }

    @Test func anEditThatMeetsANewerVersionNamesItInTheSameRoundTrip() throws {
        let setup = try Setup()
        let stored = try setup.store.add(Samples.oak)
        var theirs = stored.cache
        theirs.details = "Moved"
        let newer = try setup.direct.update(stored, to: theirs)
        let before = try setup.relay.counts().roundTrips
        var mine = stored.cache
        mine.reward = "Coin"
        #expect(throws: CacheEditError.changedElsewhere(newer: newer)) { try setup.store.update(stored, to: mine) }
        #expect(try setup.relay.counts().roundTrips == before + 1)
    }

    @Test func writesPruneLedgerRowsOlderThanThirtyDays() throws {
        let setup = try Setup()
        let old = WriteID()
        let ledger = try PostgresConnection(setup.direct.url)
        try ledger.query("""
            INSERT INTO geocache_write (write_id, kind, stored, written_at)
            VALUES ($1::uuid, 'append', true, now() - interval '31 days')
            """, [.text(old.description)])
        let recent = WriteID()
        _ = try setup.store.append(Samples.oak, as: recent)
        let left = try ledger.query("SELECT write_id::text FROM geocache_write ORDER BY written_at").rows
            .compactMap { $0.string(0) }
        #expect(left == [recent.description])
    }

    @Test func aWriteThatWaitsLongerThanItsLockWaitIsRefusedAsLockedAndNotStored() throws {
        let setup = try Setup()
        let stored = try setup.store.add(Samples.oak)
        let holder = try PostgresConnection(setup.direct.url)
        try holder.query("BEGIN")
        try holder.query("SELECT id FROM geocache WHERE id = $1 FOR UPDATE", [.int(Int(stored.id.rawValue))])
        setup.store.lockWait = 0.2
        var renamed = stored.cache
        renamed.title = "Older Oak"
        let write = WriteID()
        #expect(throws: StoreError.locked(path: setup.store.name, holder: nil)) {
            try setup.store.update(stored, to: renamed, as: write)
        }
        try holder.query("ROLLBACK")
        #expect(try setup.store.settleWrite(write) == .notStored)
        #expect(try setup.direct.cache(stored.id) == stored)
    }
}
