import Foundation
@testable import GeoModel
import GeoTestSupport
import Testing

/// This machine's drafts file (`drafts.sqlite`) found damaged: set aside and said once,
/// as the outbox and the copy are, never passed over in silence.
@Suite struct LocalDraftsDamageTests {
    @Test("a damaged drafts file is set aside, said once, and a new one keeps the next draft",
          arguments: [FileDamage.truncated(to: 3000), .notSQLite])
    func aDamagedDraftsFileIsSetAsideAndSaid(_ damage: FileDamage) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let away = AwayClubSession.unreachable
        let draft = FormDraft(fields: [.title: "Old Oak"])
        #expect(AwayClubSession.make(in: directory).keepDraftOnThisMachine(draft, after: away))
        let path = LocalDrafts(files: try #require(AwayClubSession.make(in: directory).files)).path
        try damage.apply(to: path)
        let session = AwayClubSession.make(in: directory)
        var said: [FieldFileSetAside] = []
        session.setAsideNotice = { said.append($0) }
        #expect(session.keepDraftOnThisMachine(FormDraft(fields: [.title: "Bridge"]), after: away))
        #expect(said.map(\.kind) == [.drafts])
        #expect(said.first?.setAsidePath.hasPrefix(path + ".damaged-") == true)
        #expect(session.setAsideFiles.count == 1)
    }
}
