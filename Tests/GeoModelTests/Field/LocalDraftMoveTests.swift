import Foundation
@testable import GeoModel
import GeoTestSupport
import Testing

/// Drafts kept on this machine while a club store's copy was shown move to the club
/// store once its server answers (issue 34, fault 4): when an open list takes the club
/// store over, and when a later list opens live on it. Against a real server the test
/// stops and starts.
@Suite struct LocalDraftMoveTests {
    /// Text typed on the copy.
    static let typed = FormDraft(fields: [.title: "Typed on the copy"])

    /// A club store on a server of its own, stopped, and this machine's data directory.
    private final class Club {
        let server: PostgresTestServer
        let url: String
        let home: FieldHome

        init() throws {
            server = try PostgresTestServer()
            url = try server.makeDatabase()
            home = try FieldHome()
            try server.stop()
        }

        deinit {
            server.destroy()
            home.directory.remove()
        }

        var files: FieldFiles { home.files(url) }

        /// A list opened as the form opens it (on the copy while the server is stopped).
        func open() throws -> CacheList {
            try openRestoring().list
        }

        /// A list opened as the form opens it, and the draft its opening restored.
        func openRestoring() throws -> (list: CacheList, restored: FormDraft?) {
            let opening = StoreOpening(.server(url), environment: home.environment)
            defer { opening.finish() }
            let list = CacheList(opening: opening)
            list.copyRefreshDelays = (.seconds(600), .seconds(600))
            var restored: FormDraft?
            let token = list.observe { if case .opened(_, let draft) = $0 { restored = draft?.draft } }
            try list.finishOpening()
            withExtendedLifetime(token) {}
            return (list, restored)
        }

        /// The drafts the club store keeps for this role, read by a session of its own.
        func clubDrafts() throws -> [FormDraft] { try PostgresStore(url: url).keptDrafts() }

        /// The drafts this machine's draft file keeps.
        func localDrafts() throws -> [FormDraft] { try LocalDrafts(files: files).open().keptDrafts() }

        /// Starts the server and ticks `list` until it shows the club store again.
        func comeBack(to list: CacheList) throws -> Bool {
            try server.start()
            return waitUntil(timeout: .seconds(30)) {
                try? list.checkForExternalChanges()
                return list.clubAway == nil
            }
        }
    }

    // MARK: - A list on the copy that sees the club store come back

    @Test func aDraftKeptOnTheCopyIsOnTheClubStoreOnceTheServerAnswers() throws {
        let club = try Club()
        let list = try club.open()
        #expect(list.clubAway == .noCopy)
        try list.keepDraft(Self.typed)
        #expect(try club.comeBack(to: list))
        #expect(try club.clubDrafts() == [Self.typed])
    }

    @Test func theDraftTheFormHeldOnTheCopyStaysHeldByItOnTheClubStore() throws {
        let club = try Club()
        let list = try club.open()
        try list.keepDraft(Self.typed)
        #expect(try club.comeBack(to: list))
        #expect(try PostgresStore(url: club.url).takeDraft(before: nil) == nil)
        // Quitting without typing more writes nothing and leaves it to the next form.
        #expect(try list.keepDraft(Self.typed, finishing: true) == false)
        #expect(try PostgresStore(url: club.url).takeDraft(before: nil)?.draft == Self.typed)
    }

    @Test func draftsOtherFormsLeftOnTheCopyMoveTooFreeForAnyForm() throws {
        let club = try Club()
        let list = try club.open()
        let other = FormDraft(fields: [.title: "Left by another form"])
        _ = try LocalDrafts(files: club.files).open().keepDraft(other, in: nil, holding: false)
        #expect(try club.comeBack(to: list))
        #expect(try PostgresStore(url: club.url).takeDraft(before: nil)?.draft == other)
    }

    @Test func aDraftMovedToTheClubStoreIsNoLongerInTheLocalFile() throws {
        let club = try Club()
        let list = try club.open()
        try list.keepDraft(Self.typed)
        #expect(try club.comeBack(to: list))
        #expect(try club.localDrafts().isEmpty)
    }

    // MARK: - A list whose server went away while it showed the club store

    /// A list opened live on the club store with `kept` as its most recent draft, whose
    /// server then went away: it shows a copy, made before.
    private static func listWhoseServerWentAway(restoring kept: FormDraft, in club: Club) throws -> CacheList {
        try club.server.start()
        let live = try PostgresStore(url: club.url)
        _ = try live.keepDraft(kept, in: nil, holding: false)
        try ClubCopy(files: club.files).refresh(from: live, area: nil)
        let (list, restored) = try club.openRestoring()
        #expect(restored == kept)
        try club.server.stop()
        try list.checkForExternalChanges()
        #expect(list.clubAway != nil)
        return list
    }

    @Test func aQuitOnTheCopyWithoutTypingLeavesTheClubStoresDraftAsItWas() throws {
        let club = try Club()
        let list = try Self.listWhoseServerWentAway(restoring: Self.typed, in: club)
        #expect(try list.keepDraft(Self.typed, finishing: true) == false)
        try club.server.start()
        #expect(try club.clubDrafts() == [Self.typed])
        #expect(try LocalDrafts(files: club.files).openIfPresent()?.keptDrafts().isEmpty ?? true)
    }

    @Test func aQuitAfterTheServerCameBackWithoutTypingKeepsNoSecondCopyOfTheDraft() throws {
        let club = try Club()
        let list = try Self.listWhoseServerWentAway(restoring: Self.typed, in: club)
        #expect(try club.comeBack(to: list))
        #expect(try list.keepDraft(Self.typed, finishing: true) == false)
        #expect(try club.clubDrafts() == [Self.typed])
    }

    @Test func textChangedOnTheCopyIsKeptBesideTheClubStoresDraft() throws {
        let club = try Club()
        let list = try Self.listWhoseServerWentAway(restoring: Self.typed, in: club)
        let changed = FormDraft(fields: [.title: "Typed on the copy, and more"])
        #expect(try list.keepDraft(changed, finishing: true))
        #expect(try club.comeBack(to: try club.open()))
        #expect(try club.clubDrafts() == [changed, Self.typed])
    }

    @Test func textLeftByAQuitWhileTheServerIsAwayWithNoCopyIsKeptOnThisMachineForTheNextForm() throws {
        let club = try Club()
        try club.server.start()
        let list = try club.open()
        #expect(list.clubAway == nil)
        try club.server.stop()
        #expect(throws: StoreError.self) { try list.checkForExternalChanges() }
        #expect(try list.keepDraft(Self.typed, finishing: true))
        #expect(try club.localDrafts() == [Self.typed])
        try club.server.start()
        #expect(try club.openRestoring().restored == Self.typed)
    }

    // MARK: - A list opened live later

    @Test func aListOpenedLiveLaterTakesTheDraftKeptOnTheCopy() throws {
        let club = try Club()
        try club.open().keepDraft(Self.typed, finishing: true)
        try club.server.start()
        let (list, restored) = try club.openRestoring()
        #expect(list.clubAway == nil)
        #expect(restored == Self.typed)
    }

    @Test func theDraftKeptOnTheCopyIsRestoredBeforeAnOlderOneOfTheClubStore() throws {
        let club = try Club()
        try club.server.start()
        let older = FormDraft(fields: [.title: "Kept on the club store before"])
        _ = try PostgresStore(url: club.url).keepDraft(older, in: nil, holding: false)
        try club.server.stop()
        try club.open().keepDraft(Self.typed, finishing: true)
        try club.server.start()
        #expect(try club.openRestoring().restored == Self.typed)
        #expect(try club.clubDrafts() == [Self.typed, older])
    }

    @Test func aListOpenedLiveLeavesNoDraftInTheLocalFile() throws {
        let club = try Club()
        try club.open().keepDraft(Self.typed, finishing: true)
        try club.server.start()
        _ = try club.open()
        #expect(try club.localDrafts().isEmpty)
    }

    // MARK: - A move cut short

    @Test func aMoveTheServerDoesNotAnswerLeavesEveryDraftInTheLocalFileFree() throws {
        let club = try Club()
        let local = try LocalDrafts(files: club.files).open()
        _ = try local.keepDraft(Self.typed, in: nil, holding: false)
        try club.server.start()
        let store = try PostgresStore(url: club.url)
        #expect(try store.count() == 0)
        try club.server.stop()
        let move = LocalDrafts(files: club.files).move(from: local, to: store)
        #expect(move.moved == 0)
        #expect(move.stoppedBy != nil)
        #expect(try LocalDrafts(files: club.files).open().takeDraft(before: nil)?.draft == Self.typed)
    }

    @Test func aDraftAnEarlierMoveStoredWithoutHearingBackIsNotWrittenTwice() throws {
        let club = try Club()
        try club.server.start()
        let drafts = LocalDrafts(files: club.files)
        let local = try drafts.open()
        let id = try #require(try local.keepDraft(Self.typed, in: nil, holding: false))
        // What a move killed right after the club store committed leaves behind.
        let write = WriteID()
        try drafts.record(write, of: id, digest: LocalDrafts.digest(of: Self.typed))
        let store = try PostgresStore(url: club.url)
        _ = try store.keepDraft(Self.typed, in: nil, holding: false, as: write)
        let move = drafts.move(from: local, to: store)
        #expect(move.stoppedBy == nil)
        #expect(try club.clubDrafts() == [Self.typed])
        #expect(try local.keptDrafts().isEmpty)
    }

    @Test func aDraftWhoseRecordedWriteNeverArrivedIsSentUnderANewIdentifier() throws {
        let club = try Club()
        try club.server.start()
        let drafts = LocalDrafts(files: club.files)
        let local = try drafts.open()
        let id = try #require(try local.keepDraft(Self.typed, in: nil, holding: false))
        let write = WriteID()
        try drafts.record(write, of: id, digest: LocalDrafts.digest(of: Self.typed))
        let store = try PostgresStore(url: club.url)
        #expect(drafts.move(from: local, to: store).moved == 1)
        #expect(try club.clubDrafts() == [Self.typed])
        #expect(try store.settleWrite(write) == .notStored)
    }
}
