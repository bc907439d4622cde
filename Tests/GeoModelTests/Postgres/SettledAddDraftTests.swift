import Foundation
@testable import GeoModel
import GeoTestSupport
import Testing

/// An Add whose outcome was not known, settled later as stored, stored the text the form
/// held as its draft: that draft is deleted then, as a stored Add's is, so that a form
/// killed afterwards leaves no draft offering text already stored.
@Suite struct SettledAddDraftTests {
    @Test("an Add settled as stored by a later check deletes the draft the form held, before the form quits")
    func anAddSettledAsStoredDeletesTheHeldDraft() throws {
        let url = try PostgresTestServer.shared().makeDatabase()
        let direct = try PostgresStore(url: url)
        _ = try direct.keepDraft(FormDraft(fields: [.title: Samples.oak.title]), in: nil, holding: false)
        let list = try CacheList(store: PostgresStore(url: url))
        _ = try #require(try list.takeDraft())
        // The fields filled in and added; the server stored it, and the reply never came.
        let write = PendingWrite(id: WriteID(), action: .add(Samples.oak))
        _ = try direct.append(Samples.oak, as: write.id)
        list.writeSession.adopt([write])
        var settled: [Bool] = []
        let token = list.observe { if case .writeSettled(_, let stored) = $0 { settled.append(stored) } }
        defer { token.cancel() }
        try list.checkForExternalChanges()
        #expect(settled == [true])
        // Nothing is left for a form opened after this one is killed.
        #expect(try direct.keptDrafts().isEmpty)
        #expect(try CacheList(store: PostgresStore(url: url)).takeDraft() == nil)
        #expect(try direct.loadCaches().filter { $0.title == Samples.oak.title }.count == 1)
    }

    @Test("an Add settled as not stored leaves the draft the form held as it was")
    func anAddSettledAsNotStoredKeepsTheHeldDraft() throws {
        let url = try PostgresTestServer.shared().makeDatabase()
        let direct = try PostgresStore(url: url)
        let draft = FormDraft(fields: [.title: Samples.oak.title])
        _ = try direct.keepDraft(draft, in: nil, holding: false)
        let list = try CacheList(store: PostgresStore(url: url))
        _ = try #require(try list.takeDraft())
        list.writeSession.adopt([PendingWrite(id: WriteID(), action: .add(Samples.oak))])
        try list.checkForExternalChanges()
        #expect(!list.hasUnsettledWrites)
        #expect(try direct.keptDrafts() == [draft])
    }
}
