import Foundation
@testable import GeoModel
import GeoTestSupport
import Testing

/// This machine's drafts file (`drafts.sqlite`) found damaged: set aside and said once,
/// as the outbox and the copy are, never passed over in silence.
@Suite struct LocalDraftsDamageTests {
    static let awayURL = "postgres://geo@127.0.0.1:1/club?connect_timeout=2"

    /// A session on the away club store, its files in `directory`.
    private func awaySession(_ directory: TemporaryDirectory) -> WriteSession {
        let files = FieldFiles(serverURL: Self.awayURL, environment: ["XDG_DATA_HOME": directory.url.path])
        return WriteSession(store: nil, location: .server(Self.awayURL), files: files,
                            unreachable: .connectionLost(server: Self.awayURL, reason: "refused"))
    }

    @Test("a damaged drafts file is set aside, said once, and a new one keeps the next draft",
          arguments: [FileDamage.truncated(to: 3000), .notSQLite])
    func aDamagedDraftsFileIsSetAsideAndSaid(_ damage: FileDamage) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let away = StoreError.connectionLost(server: Self.awayURL, reason: "refused")
        let draft = FormDraft(fields: [.title: "Old Oak"])
        #expect(awaySession(directory).keepDraftOnThisMachine(draft, after: away))
        let path = LocalDrafts(files: try #require(awaySession(directory).files)).path
        try damage.apply(to: path)
        let session = awaySession(directory)
        var said: [FieldFileSetAside] = []
        session.setAsideNotice = { said.append($0) }
        #expect(session.keepDraftOnThisMachine(FormDraft(fields: [.title: "Bridge"]), after: away))
        #expect(said.map(\.kind) == [.drafts])
        #expect(said.first?.setAsidePath.hasPrefix(path + ".damaged-") == true)
        #expect(session.setAsideFiles.count == 1)
    }
}
