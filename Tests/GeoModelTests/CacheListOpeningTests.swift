import Foundation
import Testing
@testable import GeoModel
import GeoTestSupport

/// A list started while its store is still being opened on another thread
/// (``CacheList/init(opening:)``), then taken over with ``CacheList/finishOpening()``.
@Suite struct CacheListOpeningTests {
    @Test(arguments: StoreKind.allCases) func listIsEmptyAndOpeningUntilTheStoreIsTakenOver(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        try fixture.store.saveCaches([Samples.oak])
        let opening = StoreOpening(fixture.location)
        defer { opening.finish() }
        let list = CacheList(opening: opening)
        #expect(list.isOpening)
        #expect(list.count == 0)
        #expect(list.current == nil)
        #expect(list.position == nil)
        #expect(list.changeDescriptor == nil)
        #expect(list.recheckDelay == nil)
    }

    @Test(arguments: StoreKind.allCases) func finishingShowsTheFirstCacheAndBroadcastsOpenedOnce(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        try fixture.store.saveCaches([Samples.oak, Samples.bridge])
        let opening = StoreOpening(fixture.location)
        defer { opening.finish() }
        let list = CacheList(opening: opening)
        let recorder = ChangeRecorder(list)
        try list.finishOpening()
        #expect(!list.isOpening)
        #expect(list.current?.cache.withoutCode == Samples.oak)
        #expect(list.positionText == "1 of 2")
        #expect(recorder.changes == [.opened(count: 2, draft: nil)])
    }

    @Test(arguments: StoreKind.allCases) func openedBroadcastCarriesTheKeptDraft(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        try fixture.store.leaveDraft(FormDraft(fields: [.title: "Half typed", .reward: "Coin"]))
        let opening = StoreOpening(fixture.location)
        defer { opening.finish() }
        let list = CacheList(opening: opening)
        let recorder = ChangeRecorder(list)
        try list.finishOpening()
        guard case .opened(count: 0, let draft?)? = recorder.changes.first else {
            Issue.record("no .opened with a draft: \(recorder.changes)")
            return
        }
        #expect(draft.draft == FormDraft(fields: [.title: "Half typed", .reward: "Coin"]))
        #expect(draft.othersKept == 0)
        #expect(recorder.changes.count == 1)
    }

    @Test func finishingAgainChangesAndBroadcastsNothing() throws {
        let fixture = try StoreFixture()
        try fixture.store.saveCaches([Samples.oak])
        let opening = StoreOpening(fixture.location)
        defer { opening.finish() }
        let list = CacheList(opening: opening)
        try list.finishOpening()
        let recorder = ChangeRecorder(list)
        try list.finishOpening()
        #expect(recorder.changes.isEmpty)
        #expect(list.count == 1)
    }

    /// A store holding own data and visits on two caches, a find on the first.
    private func storeWithOwnData(_ kind: StoreKind) throws -> (StoreFixture, found: Visit, dnf: Visit) {
        let fixture = try StoreFixture(kind)
        var (oak, bridge) = (Samples.oak, Samples.bridge)
        (oak.code, bridge.code) = ("GC1OAK", "GC2BRDG")
        let store = try fixture.open()
        try store.saveCaches([oak, bridge])
        let found = Visit(code: "GC1OAK", time: "2026-11-20T08:00:00Z", type: .foundIt, text: "first")
        let dnf = Visit(code: "GC2BRDG", time: "2026-11-21T08:00:00Z", type: .didNotFindIt, text: "not yet")
        _ = try store.recordVisits([found, dnf], as: WriteID())
        try store.setOwnData(OwnData(note: "by the bridge"), forCode: "GC2BRDG", as: WriteID())
        return (fixture, found, dnf)
    }

    @Test func anOpenedFileHoldsTheFirstCachesOwnDataAloneUntilAMoveReadsTheFactsOfEveryCache() throws {
        let (fixture, found, _) = try storeWithOwnData(.sqlite)
        let opening = StoreOpening(fixture.location)
        defer { opening.finish() }
        let list = CacheList(opening: opening)
        try list.finishOpening()
        #expect(list.ownIsPartial)
        #expect(list.own == OwnData.Book(["GC1OAK": OwnData(found: found.time)], visitsByCode: ["GC1OAK": [found]]))
        #expect(list.ownFacts == OwnData.Facts())
        let recorder = ChangeRecorder(list)
        list.showNext()
        #expect(!list.ownIsPartial)
        var facts = OwnData.Facts()
        facts.markFound(code: "GC1OAK")
        #expect(list.ownFacts == facts)
        #expect(recorder.changes.first == .ownDataChanged(code: nil))
    }

    @Test func aFilesListHoldsTheWholeOwnDataOfTheShownCacheAlone() throws {
        let (fixture, _, dnf) = try storeWithOwnData(.sqlite)
        let list = try CacheList(store: fixture.open())
        list.showNext()
        let bridge = try #require(list.current).cache
        #expect(list.currentOwn.note == "by the bridge")
        #expect(list.visits(to: bridge) == [dnf])
        #expect(list.own.byCode.keys.sorted() == ["GC2BRDG"])
        #expect(list.own.visitsByCode.keys.sorted() == ["GC2BRDG"])
    }

    @Test func anOpenedClubStoreHoldsTheWholeOwnDataAtOnce() throws {
        let (fixture, found, dnf) = try storeWithOwnData(.postgres)
        let opening = StoreOpening(fixture.location)
        defer { opening.finish() }
        let list = CacheList(opening: opening)
        try list.finishOpening()
        #expect(!list.ownIsPartial)
        #expect(list.own.visitsByCode == ["GC1OAK": [found], "GC2BRDG": [dnf]])
        #expect(list.ownFacts == OwnData.Facts(list.own))
    }

    @Test func takenOverStoreIsUsableFromTheCallingThread() throws {
        let fixture = try StoreFixture()
        let opening = StoreOpening(fixture.location)
        defer { opening.finish() }
        let list = CacheList(opening: opening)
        try list.finishOpening()
        let stored = try #require(try list.add(Samples.mill).storedValue)
        #expect(try fixture.open().cache(stored.id)?.cache.withoutCode == Samples.mill)
    }

    @Test func storeThatCannotBeOpenedIsThrownByEveryFinishAndTheListStaysOpening() throws {
        let fixture = try StoreFixture()
        let path = try fixture.write("not a database, just text\n", to: "notes.txt")
        let opening = StoreOpening(.file(path, createsDirectories: false))
        defer { opening.finish() }
        let list = CacheList(opening: opening)
        let recorder = ChangeRecorder(list)
        for _ in 1...2 {
            #expect { try list.finishOpening() } throws: { error in
                if case .notAStore? = error as? StoreError { true } else { false }
            }
        }
        #expect(list.isOpening)
        #expect(recorder.changes.isEmpty)
    }

    @Test func fileStoreIsNamedByItsFileWhileOpeningAndOnceOpen() throws {
        let fixture = try StoreFixture()
        let opening = StoreOpening(fixture.location)
        defer { opening.finish() }
        let list = CacheList(opening: opening)
        #expect(list.storeName == fixture.fileURL.lastPathComponent)
        try list.finishOpening()
        #expect(list.storeName == fixture.fileURL.lastPathComponent)
    }

    @Test func serverLocationIsNamedByItsDatabaseAndServerBeforeConnecting() throws {
        let location = try StoreLocation("postgres://ana:secret@db.example.org:6543/club")
        #expect(location.shortName == "club on db.example.org:6543")
    }

    @Test(arguments: StoreKind.allCases) func openingNamesTheStoreAsTheOpenStoreDoes(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        #expect(fixture.location.shortName == fixture.store.shortName)
    }

    @Test func aWaitForAnOpeningThatIsDoneSaysOpen() throws {
        let fixture = try StoreFixture()
        try fixture.store.saveCaches([Samples.oak])
        let opening = StoreOpening(fixture.location)
        defer { opening.finish() }
        let list = CacheList(opening: opening)
        #expect(list.waitForOpening(upTo: .seconds(60)) == .open)
        try list.finishOpening()
        #expect(list.current?.cache.withoutCode == Samples.oak)
    }

    /// A list opening a club store whose caches another session holds locked, with its
    /// opening waiting that lock out; the lock goes when `body` returns.
    private func withLockedClubOpening(_ body: (CacheList, StoreOpening) throws -> Void) throws {
        try withLockedClubStore(holding: Samples.oak) { url, _ in
            let opening = StoreOpening(.server(url))
            defer { opening.finish() }
            try body(CacheList(opening: opening), opening)
        }
    }

    @Test func aWaitForAnOpeningThatWaitsOutAnotherSessionsLockEndsSayingSo() throws {
        try withLockedClubOpening { list, opening in
            #expect(waitUntil(timeout: .seconds(60)) { opening.waitsForLock != nil })
            #expect(list.waitForOpening(upTo: .seconds(600)) == .waitsForLock)
            #expect(list.isOpening)
        }
    }

    @Test func aWaitForAnOpeningEndsWhenItsCallerSaysToStop() throws {
        try withLockedClubOpening { list, _ in
            var asked = 0
            #expect(list.waitForOpening(upTo: .seconds(600)) { asked += 1; return true } == .stopped)
            #expect(asked == 1)
            #expect(list.isOpening)
        }
    }
}
