import Foundation
@testable import GeoModel
import GeoTestSupport
import Testing

/// A form that quits (or hangs up) while a write of its text has an outcome not known
/// yet keeps that write in its draft: the form that restores the draft sends the same
/// text under the same identifier, or settles it first, and a cache is never stored twice.
@Suite struct DraftPendingWriteTests {
    /// A list on a club store whose Add of `cache` has an outcome not known to it (the
    /// server stored it under its identifier, and the reply never came: the state a lost
    /// reply and a silent path leave the session in), and which then quit with the text
    /// still in the fields. Returns the store's URL.
    private func quitAfterAnUnknownAdd(of cache: GeoCache) throws -> PostgresStore {
        let url = try PostgresTestServer.shared().makeDatabase()
        let direct = try PostgresStore(url: url)
        let first = try CacheList(store: PostgresStore(url: url))
        let write = PendingWrite(id: WriteID(), action: .add(cache))
        _ = try direct.append(cache, as: write.id)
        first.writeSession.adopt([write])
        try first.keepDraft(FormDraft(fields: cache.valuesByField), finishing: true)
        return direct
    }

    private func copies(of title: String, in store: PostgresStore) throws -> Int {
        try store.loadCaches().filter { $0.title == title }.count
    }

    @Test("a draft kept while an Add's outcome is not known carries it, and the same text added from it is stored once")
    func theRestoredDraftsAddOfTheSameTextIsStoredOnce() throws {
        let direct = try quitAfterAnUnknownAdd(of: Samples.oak)
        let second = try CacheList(store: PostgresStore(url: direct.url))
        let taken = try #require(try second.takeDraft())
        #expect(taken.draft.pending.map(\.title) == [Samples.oak.title])
        #expect(second.unsettledWrites.map(\.title) == [Samples.oak.title])
        // ^S at once, before any check: the same identifier, which the ledger answers as done.
        let added = try #require(try second.add(GeoCache(fields: taken.draft.fields)).storedValue)
        #expect(added.cache.title == Samples.oak.title)
        #expect(try copies(of: Samples.oak.title, in: direct) == 1)
        #expect(!second.hasUnsettledWrites)
    }

    @Test("a draft carrying an Add of unknown outcome is settled by the next form's first check, which says it was stored")
    func theRestoredDraftsPendingAddIsSettledByTheFirstCheck() throws {
        let direct = try quitAfterAnUnknownAdd(of: Samples.oak)
        let second = try CacheList(store: PostgresStore(url: direct.url))
        var changes: [CacheListChange] = []
        let token = second.observe { changes.append($0) }
        defer { token.cancel() }
        _ = try #require(try second.takeDraft())
        try second.checkForExternalChanges()
        #expect(changes.contains { if case .writeSettled(let write, true) = $0 { write.title == Samples.oak.title } else { false } })
        #expect(!second.hasUnsettledWrites)
        // What the form holds then (the fields cleared) keeps no draft, and carries nothing.
        try second.keepDraft(FormDraft(fields: [:]), finishing: true)
        #expect(try direct.keptDrafts().isEmpty)
        #expect(try copies(of: Samples.oak.title, in: direct) == 1)
    }

    @Test("a corrected Add from a draft carrying the Add it corrects ends as one cache with the corrected text")
    func aCorrectionOfTheRestoredDraftIsSavedOverTheStoredCache() throws {
        let direct = try quitAfterAnUnknownAdd(of: Samples.oak)
        let second = try CacheList(store: PostgresStore(url: direct.url))
        let taken = try #require(try second.takeDraft())
        var corrected = GeoCache(fields: taken.draft.fields)
        corrected.reward = "Gold coin"
        let stored = try #require(try second.add(corrected).storedValue)
        #expect(stored.cache.reward == "Gold coin")
        #expect(try copies(of: Samples.oak.title, in: direct) == 1)
        #expect(try direct.loadCaches().map(\.reward) == ["Gold coin"])
    }

    @Test("a draft with no write of unknown outcome is kept exactly as before")
    func anOrdinaryDraftIsEncodedAsBefore() throws {
        let draft = FormDraft(fields: [.title: "Half typed"]).carrying([])
        #expect(String(decoding: draft.encoded(), as: UTF8.self) == #"{"fields":{"title":"SGFsZiB0eXBlZA=="}}"#)
        #expect(FormDraft(encoded: draft.encoded()) == draft)
        #expect(draft.pending.isEmpty)
        // A draft with no text carries nothing, and stays empty.
        let write = PendingWrite(id: WriteID(), action: .add(Samples.oak))
        #expect(FormDraft(fields: [:]).carrying([write]).isEmpty)
        #expect(FormDraft(fields: [:]).carrying([write]).pending.isEmpty)
    }

    @Test("an Add and a Save of unknown outcome come back from a kept draft as they were sent; other writes are not carried")
    func pendingWritesRoundTrip() throws {
        let base = StoredCache(id: CacheID(rawValue: 7), cache: Samples.oak)
        var renamed = Samples.oak
        renamed.title = "Older Oak"
        let writes = [PendingWrite(id: WriteID(), action: .add(Samples.bridge)),
                      PendingWrite(id: WriteID(), action: .update(base: base, to: renamed)),
                      PendingWrite(id: WriteID(), action: .delete(base))]
        let draft = FormDraft(fields: [.title: "Older Oak"], editing: base).carrying(writes)
        #expect(draft.pending == Array(writes.prefix(2)))
        #expect(FormDraft(encoded: draft.encoded()) == draft)
    }
}

/// A draft carrying a write of unknown outcome restored by a form that opens on this
/// machine's copy (the club store still away): the copy cannot tell what the write came
/// to, so the draft's text is neither sent nor kept until the server answers.
@Suite struct DraftPendingWriteAwayTests {
    @Test("on the copy, the text of a draft carrying an Add of unknown outcome is neither kept nor sent, corrected or not")
    func onTheCopyARestoredPendingAddIsNeitherKeptNorSent() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let environment = ["XDG_DATA_HOME": directory.url.path, "HOME": directory.url.path]
        let files = FieldFiles(serverURL: CacheListFieldTests.awayURL, environment: environment)
        let live = try PostgresStore(url: try PostgresTestServer.shared().makeDatabase())
        try live.add(Samples.bridge)
        try ClubCopy(files: files).refresh(from: live, area: nil)
        let pending = PendingWrite(id: WriteID(), action: .add(Samples.oak))
        let local = try LocalDrafts(files: files).open()
        try local.keepDraft(FormDraft(fields: Samples.oak.valuesByField).carrying([pending]), in: nil, holding: false)
        local.prepareForExit()
        let opening = StoreOpening(.server(CacheListFieldTests.awayURL), environment: environment)
        defer { opening.finish() }
        let list = CacheList(opening: opening)
        try list.finishOpening()
        guard case .copy? = list.clubAway else {
            Issue.record("not on the copy: \(String(describing: list.clubAway))")
            return
        }
        #expect(list.unsettledWrites == [pending])
        var corrected = Samples.oak
        corrected.reward = "Gold coin"
        for cache in [Samples.oak, corrected] {
            let result = try list.add(cache)
            guard case .outcomeUnknown = result else { Issue.record("\(result)"); continue }
        }
        #expect(try list.queuedChanges().isEmpty)
        #expect(list.unsettledWrites == [pending])
    }
}
