import Foundation
@testable import GeoModel
import GeoTestSupport
import Testing

/// An outbox damaged while a session (a form's) holds it open: set aside as at an
/// opening, said once, and the write kept in a new outbox, not refused for ever.
@Suite struct OutboxDamagedMidSessionTests {
    @Test("a write after the open outbox was damaged sets it aside, says so and is kept in a new outbox",
          arguments: [FileDamage.truncated(to: 2000), .notSQLite])
    func aWriteAfterTheOutboxWasDamagedIsKeptInANewOne(_ damage: FileDamage) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let session = AwayClubSession.make(in: directory)
        var said: [FieldFileSetAside] = []
        session.setAsideNotice = { said.append($0) }
        guard case .kept = try session.add(Samples.oak) else {
            Issue.record("the first add was not kept")
            return
        }
        let path = try #require(session.files).outboxPath
        try damage.apply(to: path)
        guard case .kept(_, let waiting) = try session.add(Samples.bridge) else {
            Issue.record("the add after the damage was not kept")
            return
        }
        #expect(waiting == 1)
        #expect(said.map(\.kind) == [.outbox])
        #expect(said.first?.setAsidePath.hasPrefix(path + ".damaged-") == true)
        #expect(try Outbox(files: try #require(session.files)).changes().map(\.title) == ["Bridge"])
        guard case .kept(_, let after) = try session.add(Samples.mill) else {
            Issue.record("a later add was not kept")
            return
        }
        #expect(after == 2)
        #expect(said.count == 1)
    }
}
