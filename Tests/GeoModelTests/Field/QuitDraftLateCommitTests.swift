import Foundation
@testable import GeoModel
import GeoTestSupport
import Testing

/// A form quitting while its club store's server hangs keeps its text on this machine;
/// the draft it had sent may still be committed once the server wakes up. Moving the
/// text from this machine to the club store then recognises that write (its identifier
/// is kept with the text) and stores the draft no second time. Against a real server,
/// reached through a relay that delays every byte longer than the form waits.
@Suite struct QuitDraftLateCommitTests {
    static let typed = FormDraft(fields: [.title: "Typed before the server hung"])

    @Test func aDraftTheServerCommitsAfterTheQuitGaveUpIsStoredOnceWhenTheNextFormMovesItsCopy() throws {
        let server = try PostgresTestServer()
        defer { server.destroy() }
        let home = try FieldHome()
        defer { home.directory.remove() }
        let relay = try FaultRelay(to: server.port)
        let url = relay.url(through: try server.makeDatabase())

        func open() throws -> CacheList {
            let opening = StoreOpening(.server(url), environment: home.environment)
            defer { opening.finish() }
            let list = CacheList(opening: opening)
            list.copyRefreshDelays = (.seconds(600), .seconds(600))
            try list.finishOpening()
            return list
        }
        func clubDrafts() throws -> [FormDraft] { try PostgresStore(url: url).keptDrafts() }

        let list = try open()
        #expect(list.clubAway == nil)
        let store = try #require(list.store as? PostgresStore)
        store.replyWait = 0.3
        // Each byte now takes longer than the form waits for a reply or an outcome.
        try relay.delay(milliseconds: 1500)
        #expect(try list.keepDraft(Self.typed, finishing: true))
        #expect(try LocalDrafts(files: home.files(url)).open().keptDrafts() == [Self.typed])
        // The server commits the draft the quit had sent, late.
        try relay.delay(milliseconds: 0)
        #expect(waitUntil(timeout: .seconds(10)) { (try? clubDrafts()) == [Self.typed] })

        _ = try open()
        #expect(try clubDrafts() == [Self.typed])
        #expect(try LocalDrafts(files: home.files(url)).open().keptDrafts().isEmpty)
    }
}
