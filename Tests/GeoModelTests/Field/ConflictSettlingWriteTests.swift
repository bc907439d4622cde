import Foundation
@testable import GeoModel
import GeoTestSupport
import Testing

/// The write that settles a kept change in conflict (a save over the club's version in
/// the conflict's own edit, ``WriteSession/settlesWaiting``), while more kept changes of
/// the same cache wait behind it.
@Suite struct ConflictSettlingWriteTests {
    /// A club store whose Mill another session retitled after this machine kept two
    /// edits of it (the first in conflict, the second held behind it), and a session
    /// on it with this machine's outbox; the kept changes' numbers.
    private func millInConflict(_ setup: OutboxDeliveryTests.Setup) throws -> (session: WriteSession, first: Int64, second: Int64) {
        let mill = try setup.store.add(Samples.mill)
        let first = try setup.outbox.queueEdit(of: mill.cache, to: mill.cache.titled("Ana's Mill"))
        let second = try setup.outbox.queueEdit(of: mill.cache.titled("Ana's Mill"), to: mill.cache.titled("Ana's Old Mill"))
        _ = try setup.store.update(mill, to: mill.cache.titled("Kim's Mill"))
        let session = WriteSession(store: setup.store, location: .server(setup.store.url), files: setup.home.files(setup.store.url))
        return (session, first.sequence, second.sequence)
    }

    @Test("a save settling a kept edit in conflict is not refused for the kept edit of the same cache held behind it")
    func aSaveSettlingAConflictIsNotRefusedForTheEditHeldBehindIt() throws {
        let setup = try OutboxDeliveryTests.Setup()
        defer { setup.home.directory.remove() }
        let (session, first, _) = try millInConflict(setup)
        let server = try #require(try setup.store.first())
        session.settlesWaiting = first
        guard case .stored(let saved) = try session.update(server, to: server.cache.titled("Ana's Mill")) else {
            Issue.record("the save was not stored")
            return
        }
        #expect(saved.cache.title == "Ana's Mill")
    }

    @Test("a change of a cache whose kept edit is held behind a conflict names the change in conflict, the one to settle")
    func aChangeRefusedForAKeptConflictNamesTheChangeInConflict() throws {
        let setup = try OutboxDeliveryTests.Setup()
        defer { setup.home.directory.remove() }
        let (session, first, _) = try millInConflict(setup)
        let server = try #require(try setup.store.first())
        #expect(throws: ChangeWaitsForTheMember(sequence: first, code: try #require(server.cache.code), title: "Ana's Mill")) {
            try session.update(server, to: server.cache.titled("Bo's Mill"))
        }
    }
}
