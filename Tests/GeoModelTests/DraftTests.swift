import Foundation
import Testing
@testable import GeoModel
import GeoTestSupport

/// Drafts on both stores (issue 26): each form's draft is kept whatever order forms quit
/// in, a form takes one and is told of the others, a draft a live form holds is never
/// taken by another, and an edit in progress is kept as that edit.
@Suite struct DraftTests {
    private let first = FormDraft(fields: [.title: "First form's text", .reward: "🪙"])
    private let second = FormDraft(fields: [.details: "Second form's\ntext \u{0}"])

    @Test("a draft carrying a write of unknown outcome holds the same text as the form's own")
    func carryingAPendingWriteKeepsTheSameText() {
        let carried = first.carrying([PendingWrite(id: WriteID(), action: .add(Samples.oak))])
        #expect(carried.holdsSameText(as: first))
        #expect(carried != first)
        #expect(!carried.holdsSameText(as: second))
    }

    @Test("two forms quitting with text leave two drafts, in either order",
          arguments: StoreKind.allCases, [false, true])
    func twoFormsQuittingLeaveTwoDrafts(_ kind: StoreKind, secondQuitsFirst: Bool) throws {
        let fixture = try StoreFixture(kind)
        let (one, two) = (try fixture.list(), try fixture.list())
        if secondQuitsFirst {
            try two.keepDraft(second, finishing: true)
            try one.keepDraft(first, finishing: true)
        } else {
            try one.keepDraft(first, finishing: true)
            try two.keepDraft(second, finishing: true)
        }
        #expect(Set(try fixture.open().keptDrafts().map(\.fields)) == [first.fields, second.fields])
    }

    @Test("a form opening takes the most recent draft and is told how many others are kept",
          arguments: StoreKind.allCases)
    func openingTakesTheMostRecentDraft(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        try fixture.open().leaveDraft(first)
        try fixture.open().leaveDraft(second)
        let taken = try fixture.list().takeDraft()
        #expect(taken?.draft == second)
        #expect(taken?.othersKept == 1)
    }

    @Test("the next draft is the other one, and the fields are kept in place of the one shown",
          arguments: StoreKind.allCases)
    func theNextDraftIsTheOther(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        try fixture.open().leaveDraft(first)
        try fixture.open().leaveDraft(second)
        let list = try fixture.list()
        _ = try list.takeDraft()
        let edited = FormDraft(fields: [.details: "Second form's text, edited"])
        let next = try list.takeNextDraft(puttingBack: edited)
        #expect(next?.draft == first)
        #expect(next?.othersKept == 1)
        #expect(try list.takeNextDraft(puttingBack: first)?.draft == edited)
        #expect(try fixture.open().keptDrafts().count == 2)
    }

    @Test("a draft another form kept after this one took its own is the next one, the fields changed or not",
          arguments: StoreKind.allCases, [false, true])
    func aDraftKeptMeanwhileIsTheNext(_ kind: StoreKind, changed: Bool) throws {
        let fixture = try StoreFixture(kind)
        try fixture.open().leaveDraft(first)
        let list = try fixture.list()
        _ = try list.takeDraft()
        try fixture.open().leaveDraft(second)
        let shown = changed ? FormDraft(fields: [.title: "First form's text, edited"]) : first
        #expect(try list.takeNextDraft(puttingBack: shown)?.draft == second)
    }

    @Test("a form quitting with its draft's text unchanged keeps it, and says nothing, when releasing the hold fails")
    func anUnchangedDraftIsKeptWhenItsReleaseFails() throws {
        let fixture = try StoreFixture(.sqlite)
        try fixture.open().leaveDraft(first)
        let list = try CacheList(store: ReleaseFails(try fixture.open()))
        #expect(try list.takeDraft()?.draft == first)
        #expect(try list.keepDraft(first, finishing: true) == false)
        #expect(try fixture.open().keptDrafts() == [first])
    }

    /// A store whose release of a draft's hold fails, as a club store's does once its
    /// connection is gone.
    private final class ReleaseFails: ForwardingStore {
        override func releaseDraft(_ id: DraftID) throws {
            throw StoreError.connectionLost(server: "club", reason: "the connection was closed")
        }
    }

    @Test("a draft a live form holds is not taken by a second form", arguments: StoreKind.allCases)
    func aHeldDraftIsNotTakenTwice(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        try fixture.open().leaveDraft(first)
        let holder = try fixture.list()
        #expect(try holder.takeDraft()?.draft == first)
        #expect(try fixture.list().takeDraft() == nil)
        // Once the holder quits without changing it, the draft is free again.
        try holder.keepDraft(first, finishing: true)
        #expect(try fixture.list().takeDraft()?.draft == first)
    }

    @Test("forms opening at once take a draft once", arguments: StoreKind.allCases)
    func formsOpeningAtOnceTakeADraftOnce(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        try fixture.open().leaveDraft(first)
        let location = fixture.location
        let sessions = Sessions()
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            guard let store = try? location.open() else { return }
            let taken = try? store.takeDraft(before: nil)
            sessions.lock.withLock {
                // Kept open until the end: a store released would free what it took.
                sessions.stores.append(store)
                if let taken { sessions.taken.append(taken.draft) }
            }
        }
        #expect(sessions.stores.count == 4)
        #expect(sessions.taken == [first])
    }

    /// What the sessions of ``formsOpeningAtOnceTakeADraftOnce(_:)`` opened and took.
    private final class Sessions: @unchecked Sendable {
        let lock = NSLock()
        var stores: [any CacheStore] = []
        var taken: [FormDraft] = []
    }

    @Test("a draft held by a session that ended without quitting is taken by the next form",
          arguments: StoreKind.allCases)
    func aDraftOfAnEndedSessionIsFree(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        try fixture.open().leaveDraft(first)
        var holder: CacheList? = try fixture.list()
        #expect(try holder?.takeDraft()?.draft == first)
        holder = nil
        // A server ends the backend of a closed connection a moment later.
        let taker = try fixture.list()
        #expect(try waitUntil(timeout: .seconds(10)) { try taker.takeDraft() != nil })
    }

    @Test("an edit in progress is kept as that edit of that cache, with the version it started from",
          arguments: StoreKind.allCases)
    func anEditIsKeptAsThatEdit(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        var placed = Samples.oak
        placed.coordinate = Coordinate(latitude: 47.368717, longitude: 8.540933)
        let stored = try fixture.store.add(placed)
        try fixture.list().keepDraft(FormDraft(fields: [.title: "Old Oak, renamed"], editing: stored,
                                               putAside: [.creator: "for the next Add"]), finishing: true)
        let taken = try #require(try fixture.list().takeDraft())
        #expect(taken.draft.editing == stored)
        #expect(taken.draft.fields == [.title: "Old Oak, renamed"])
        #expect(taken.draft.putAside == [.creator: "for the next Add"])
    }

    @Test("saving a restored edit compares with the version it started from and writes over it",
          arguments: StoreKind.allCases)
    func aRestoredEditIsSavedByCompareAndWrite(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let stored = try fixture.store.add(Samples.oak)
        try fixture.list().keepDraft(FormDraft(fields: [.title: "Renamed"], editing: stored), finishing: true)
        let list = try fixture.list()
        let base = try #require(try list.takeDraft()?.draft.editing)
        try list.update(base, to: base.cache.replacingFields([.title: "Renamed", .details: base.cache.details,
                                                               .creator: base.cache.creator, .reward: base.cache.reward]))
        #expect(try fixture.open().loadCaches().map(\.title) == ["Renamed"])
    }

    @Test("saving a restored edit of a cache changed since is refused as a conflict",
          arguments: StoreKind.allCases)
    func aRestoredEditOfAChangedCacheConflicts(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let stored = try fixture.store.add(Samples.oak)
        try fixture.list().keepDraft(FormDraft(fields: [.title: "Mine"], editing: stored), finishing: true)
        try fixture.open().update(stored, to: stored.cache.replacingFields(stored.cache.valuesByField
            .merging([.title: "Theirs"]) { $1 }))
        let list = try fixture.list()
        let base = try #require(try list.takeDraft()?.draft.editing)
        #expect { try list.update(base, to: base.cache.replacingFields(stored.cache.valuesByField
                    .merging([.title: "Mine"]) { $1 })) } throws: { error in
            if case .changedElsewhere? = error as? CacheEditError { true } else { false }
        }
        #expect(try fixture.open().loadCaches().map(\.title) == ["Theirs"])
    }
}
