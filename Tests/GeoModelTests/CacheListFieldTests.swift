import Foundation
import GeoModel
import GeoTestSupport
import Testing

/// A club store's list in field mode (issue 28): the copy shown while the server cannot
/// be reached, writes kept in this machine's outbox, and their delivery, broadcast.
@Suite struct CacheListFieldTests {
    /// A club store URL where nothing answers: the connection is refused at once.
    static let awayURL = "postgres://geo@127.0.0.1:1/club?connect_timeout=2"

    /// A data directory of its own, as `XDG_DATA_HOME` names it.
    private struct Machine {
        let directory: TemporaryDirectory
        var environment: [String: String] { ["XDG_DATA_HOME": directory.url.path, "HOME": directory.url.path] }

        init() throws { directory = try TemporaryDirectory() }

        func files(_ url: String) -> FieldFiles { FieldFiles(serverURL: url, environment: environment) }

        /// A list opened as the form opens it, with every change it broadcasts from the start.
        func open(_ url: String, refreshingCopyAfter first: Duration = .seconds(600))
            throws -> (list: CacheList, changes: Recorder) {
            let opening = StoreOpening(.server(url), environment: environment)
            defer { opening.finish() }
            let list = CacheList(opening: opening)
            list.copyRefreshDelays = (first, .seconds(600))
            let recorder = Recorder()
            recorder.token = list.observe { recorder.changes.append($0) }
            try list.finishOpening()
            return (list, recorder)
        }
    }

    /// The changes a list broadcast.
    private final class Recorder {
        var changes: [CacheListChange] = []
        var token: ObservationToken?
    }

    @Test func aClubStoreWhoseServerIsAwayOpensThisMachinesCopy() throws {
        let machine = try Machine()
        defer { machine.directory.remove() }
        let live = try PostgresStore(url: try PostgresTestServer.shared().makeDatabase())
        try live.add(Samples.oak)
        try live.add(Samples.bridge)
        try ClubCopy(files: machine.files(Self.awayURL)).refresh(from: live, area: nil)
        let (list, _) = try machine.open(Self.awayURL)
        guard case .copy? = list.clubAway else {
            Issue.record("not on the copy: \(String(describing: list.clubAway))")
            return
        }
        #expect(list.count == 2)
        #expect(list.current?.cache.title == "Old Oak")
        #expect(list.keepsWritesOnThisMachine)
    }

    @Test func aListOnAClubStoreThatAnswersMakesNoOutboxFileJustToLook() throws {
        let machine = try Machine()
        defer { machine.directory.remove() }
        let url = try PostgresTestServer.shared().makeDatabase()
        let (list, _) = try machine.open(url)
        #expect(list.clubAway == nil)
        #expect(list.waitingChanges == 0)
        try list.deliverOutbox()
        #expect(try list.queuedChanges().isEmpty)
        #expect(!FileManager.default.fileExists(atPath: machine.files(url).outboxPath))
    }

    @Test func withoutACopyTheListOpensEmpty() throws {
        let machine = try Machine()
        defer { machine.directory.remove() }
        let (list, _) = try machine.open(Self.awayURL)
        #expect(list.clubAway == .noCopy)
        #expect(list.count == 0)
        #expect(list.current == nil)
    }

    @Test func anAddWhileAwayIsKeptInTheOutboxAndBroadcast() throws {
        let machine = try Machine()
        defer { machine.directory.remove() }
        let (list, recorder) = try machine.open(Self.awayURL)
        guard case .kept(let kept, let waiting) = try list.add(Samples.oak) else {
            Issue.record("the add was not kept on this machine")
            return
        }
        #expect(waiting == 1)
        #expect(recorder.changes.last == .queued(kept, waiting: 1))
        #expect(try list.queuedChanges().map(\.title) == ["Old Oak"])
        #expect(list.count == 0)
    }

    @Test func anInvalidAddWhileAwayIsRefusedAndNothingIsKept() throws {
        let machine = try Machine()
        defer { machine.directory.remove() }
        let (list, _) = try machine.open(Self.awayURL)
        #expect(throws: GeoCacheValidationError.self) {
            try list.add(GeoCache(title: "Half", details: "", creator: "", reward: ""))
        }
        #expect(list.waitingChanges == 0)
    }

    @Test func whenTheServerAnswersTheListTakesItOverAndDeliversInOrderOnce() throws {
        let server = try PostgresTestServer()
        defer { server.destroy() }
        let url = try server.makeDatabase()
        try server.stop()
        let machine = try Machine()
        defer { machine.directory.remove() }
        let (list, recorder) = try machine.open(url)
        #expect(list.clubAway == .noCopy)
        try list.add(Samples.oak)
        try list.add(Samples.bridge)
        try server.start()
        let back = try waitUntil(timeout: .seconds(30)) {
            try list.checkForExternalChanges()
            return list.clubAway == nil
        }
        #expect(back)
        #expect(recorder.changes.contains(.clubStoreBack(count: 0)))
        guard case .outboxDelivered(let report, let waiting)? = recorder.changes.last else {
            Issue.record("no delivery broadcast: \(recorder.changes)")
            return
        }
        #expect(report.delivered.map(\.title) == ["Old Oak", "Bridge"])
        #expect(waiting == 0)
        #expect(try PostgresStore(url: url).loadCaches().map(\.title) == ["Old Oak", "Bridge"])
        #expect(list.count == 2)
    }

    @Test func aListThatOpensOnTheClubStoreDeliversWhatEarlierFormsKept() throws {
        let url = try PostgresTestServer.shared().makeDatabase()
        let machine = try Machine()
        defer { machine.directory.remove() }
        let outbox = try Outbox(files: machine.files(url))
        try outbox.queueAdd(Samples.mill)
        try outbox.queueAdd(Samples.oak)
        let (list, recorder) = try machine.open(url)
        guard case .outboxDelivered(let report, 0)? = recorder.changes.last else {
            Issue.record("no delivery broadcast: \(recorder.changes)")
            return
        }
        #expect(report.delivered.map(\.title) == ["Mill", "Old Oak"])
        #expect(list.count == 2)
        #expect(try outbox.count() == 0)
    }

    @Test("a kept note the server refuses at delivery is no longer shown: the server's note is")
    func aKeptNoteRefusedAtDeliveryGivesWayToTheServersNote() throws {
        let url = try PostgresTestServer.shared().makeDatabase()
        let live = try PostgresStore(url: url)
        let code = try #require(try live.add(Samples.oak).cache.code)
        try live.setOwnData(OwnData(note: "server note"), forCode: code, as: WriteID())
        let machine = try Machine()
        defer { machine.directory.remove() }
        let away = WriteSession(store: nil, location: .server(url), files: machine.files(url),
                                unreachable: .connectionLost(server: url, reason: "refused"))
        _ = try away.setOwnData(OwnData(note: "kept note"), forCode: code, from: OwnData())
        let (list, recorder) = try machine.open(url)
        guard case .outboxDelivered(let report, _)? = recorder.changes.last else {
            Issue.record("no delivery broadcast: \(recorder.changes)")
            return
        }
        #expect(report.finderRefused.count == 1)
        #expect(list.currentOwn.note == "server note")
    }

    @Test func aKeptEditOfACacheChangedOnTheServerIsBroadcastAsAConflictAndStaysKept() throws {
        let url = try PostgresTestServer.shared().makeDatabase()
        let live = try PostgresStore(url: url)
        let original = try live.add(Samples.oak)
        let machine = try Machine()
        defer { machine.directory.remove() }
        let outbox = try Outbox(files: machine.files(url))
        var mine = original.cache
        mine.details = "In the hollow"
        try outbox.queueEdit(of: original.cache, to: mine)
        var theirs = original.cache
        theirs.reward = "Coin"
        let changed = try live.update(original, to: theirs)
        let (list, recorder) = try machine.open(url)
        guard case .outboxDelivered(let report, 1)? = recorder.changes.last else {
            Issue.record("no delivery broadcast: \(recorder.changes)")
            return
        }
        #expect(report.delivered.isEmpty)
        #expect(report.conflicts.map(\.conflict) == [.changed(server: changed)])
        #expect(list.waitingChanges == 1)
    }

    @Test func anOpenListRefreshesTheCopyWhileTheServerAnswers() throws {
        let url = try PostgresTestServer.shared().makeDatabase()
        try PostgresStore(url: url).add(Samples.oak)
        let machine = try Machine()
        defer { machine.directory.remove() }
        let (list, _) = try machine.open(url, refreshingCopyAfter: .milliseconds(10))
        let copy = ClubCopy(files: machine.files(url))
        let refreshed = waitUntil(timeout: .seconds(30)) { ((try? copy.refreshedAt()) ?? nil) != nil }
        #expect(refreshed)
        #expect(try copy.open().loadCaches().map(\.title) == ["Old Oak"])
        #expect(list.recheckDelay == nil)
    }

    @Test func whenTheServerGoesAwayWhileOpenWritesWaitAndAreDeliveredWhenItAnswers() throws {
        let server = try PostgresTestServer()
        defer { server.destroy() }
        let url = try server.makeDatabase()
        let machine = try Machine()
        defer { machine.directory.remove() }
        let (list, recorder) = try machine.open(url)
        try server.stop()
        #expect(throws: StoreError.self) { try list.checkForExternalChanges() }
        #expect(list.keepsWritesOnThisMachine)
        try list.add(Samples.bridge)
        try server.start()
        let delivered = waitUntil(timeout: .seconds(30)) {
            try? list.checkForExternalChanges()
            return list.waitingChanges == 0
        }
        #expect(delivered)
        #expect(recorder.changes.contains { if case .outboxDelivered = $0 { true } else { false } })
        #expect(try PostgresStore(url: url).loadCaches().map(\.title) == ["Bridge"])
        #expect(!list.keepsWritesOnThisMachine)
    }

    // MARK: - The server goes away while the club store is shown

    /// A list on its own server holding Old Oak and Bridge, of which this machine holds a
    /// copy (when `withCopy`), showing Bridge (or searching for `search`), whose server
    /// has just stopped.
    private static func listWhoseServerWentAway(withCopy: Bool = true, searching search: String? = nil,
                                                draft: FormDraft? = nil)
        throws -> (server: PostgresTestServer, url: String, machine: Machine, list: CacheList, changes: Recorder) {
        let server = try PostgresTestServer()
        let url = try server.makeDatabase()
        let live = try PostgresStore(url: url)
        try live.add(Samples.oak)
        try live.add(Samples.bridge)
        if let draft { try live.leaveDraft(draft) }
        let machine = try Machine()
        if withCopy { try ClubCopy(files: machine.files(url)).refresh(from: live, area: nil) }
        let (list, recorder) = try machine.open(url)
        if let search { _ = try list.beginSearch(search) } else { list.showNext() }
        try server.stop()
        return (server, url, machine, list, recorder)
    }

    @Test func whenTheServerGoesAwayWhileShownTheListShowsTheCopyKeepingTheCacheShown() throws {
        let (server, _, machine, list, recorder) = try Self.listWhoseServerWentAway()
        defer { server.destroy(); machine.directory.remove() }
        try list.checkForExternalChanges()
        guard case .copy? = list.clubAway else {
            Issue.record("not on the copy: \(String(describing: list.clubAway))")
            return
        }
        #expect(list.current?.cache.title == "Bridge")
        #expect(list.position == 2)
        #expect(recorder.changes.contains { if case .clubStoreAway(_, count: 2) = $0 { true } else { false } })
    }

    @Test func onTheCopyShownForAServerThatWentAwayTheListMovesAndKeepsWrites() throws {
        let (server, _, machine, list, _) = try Self.listWhoseServerWentAway()
        defer { server.destroy(); machine.directory.remove() }
        try list.checkForExternalChanges()
        list.showNext()
        #expect(list.current?.cache.title == "Old Oak")
        #expect(list.keepsWritesOnThisMachine)
    }

    @Test func aSearchGoesOnOnTheCopyWhenTheServerGoesAway() throws {
        let (server, _, machine, list, _) = try Self.listWhoseServerWentAway(searching: "oak")
        defer { server.destroy(); machine.directory.remove() }
        try list.checkForExternalChanges()
        #expect(list.isSearching)
        #expect(list.current?.cache.title == "Old Oak")
    }

    @Test func withoutACopyAListWhoseServerGoesAwayGoesOnShowingTheClubStore() throws {
        let (server, _, machine, list, _) = try Self.listWhoseServerWentAway(withCopy: false)
        defer { server.destroy(); machine.directory.remove() }
        #expect(throws: StoreError.self) { try list.checkForExternalChanges() }
        #expect(list.clubAway == nil)
        #expect(list.current?.cache.title == "Bridge")
    }

    @Test func aChangeKeptOnTheCopyShownForAServerThatWentAwayIsDeliveredWhenItAnswers() throws {
        let (server, url, machine, list, _) = try Self.listWhoseServerWentAway()
        defer { server.destroy(); machine.directory.remove() }
        try list.checkForExternalChanges()
        try list.add(Samples.mill)
        try server.start()
        let back = waitUntil(timeout: .seconds(30)) {
            try? list.checkForExternalChanges()
            return list.clubAway == nil && list.waitingChanges == 0
        }
        #expect(back)
        #expect(try PostgresStore(url: url).loadCaches().map(\.title) == ["Old Oak", "Bridge", "Mill"])
    }

    @Test func anEditSavedBeforeTheServerWentAwayIsOnTheCopyAndTheNextEditIsDeliveredWithoutAConflict() throws {
        let server = try PostgresTestServer()
        let url = try server.makeDatabase()
        let live = try PostgresStore(url: url)
        try live.add(Samples.oak)
        let machine = try Machine()
        defer { server.destroy(); machine.directory.remove() }
        try ClubCopy(files: machine.files(url)).refresh(from: live, area: nil)
        let (list, recorder) = try machine.open(url)
        _ = try list.updateCurrent(Samples.oak.withReward("Gold coin"))
        try server.stop()
        try list.checkForExternalChanges()
        #expect(list.clubAway != nil)
        #expect(list.current?.cache.reward == "Gold coin")
        _ = try list.updateCurrent(Samples.oak.withReward("Gold coin").titled("Older Oak"))
        try server.start()
        let back = waitUntil(timeout: .seconds(30)) {
            try? list.checkForExternalChanges()
            return list.clubAway == nil && list.waitingChanges == 0
        }
        #expect(back)
        #expect(try PostgresStore(url: url).loadCaches().map { "\($0.title)/\($0.reward)" } == ["Older Oak/Gold coin"])
        #expect(!recorder.changes.contains { if case .outboxDelivered(let report, _) = $0 { !report.conflicts.isEmpty } else { false } })
    }

    /// Whether `list`, on the copy since its server went away, shows the club store again
    /// within 30 s of `server` starting again.
    private static func showsTheClubStoreAgain(_ list: CacheList, once server: PostgresTestServer) throws -> Bool {
        try list.checkForExternalChanges()
        try server.start()
        return waitUntil(timeout: .seconds(30)) {
            try? list.checkForExternalChanges()
            return list.clubAway == nil
        }
    }

    @Test func whenTheServerAnswersAgainTheListShowsTheClubStoreAtTheSearchItHad() throws {
        let (server, _, machine, list, _) = try Self.listWhoseServerWentAway(searching: "bridge")
        defer { server.destroy(); machine.directory.remove() }
        #expect(try Self.showsTheClubStoreAgain(list, once: server))
        #expect(list.isSearching)
        #expect(list.current?.cache.title == "Bridge")
    }

    @Test("a draft taken before the server went away is the list's again when it answers: emptied, it is offered no more")
    func theDraftHeldBeforeTheServerWentAwayIsHeldAgainWhenItAnswers() throws {
        let draft = FormDraft(fields: [.title: "Stale"])
        let (server, url, machine, list, _) = try Self.listWhoseServerWentAway(draft: draft)
        defer { server.destroy(); machine.directory.remove() }
        #expect(list.holdsDraft)
        #expect(try Self.showsTheClubStoreAgain(list, once: server))
        // The form added the draft's text: its fields are empty now.
        try list.keepDraft(FormDraft(fields: [:]))
        #expect(try PostgresStore(url: url).keptDrafts().isEmpty)
    }

    @Test func nearestFirstGoesOnOnTheCopyWhenTheServerGoesAway() throws {
        let server = try PostgresTestServer()
        defer { server.destroy() }
        let url = try server.makeDatabase()
        let live = try PostgresStore(url: url)
        for (cache, latitude) in [(Samples.oak, 48.0), (Samples.bridge, 47.0), (Samples.mill, 47.5)] {
            var placed = cache
            placed.coordinate = Coordinate(latitude: latitude, longitude: 8.0)
            try live.add(placed)
        }
        let machine = try Machine()
        defer { machine.directory.remove() }
        try ClubCopy(files: machine.files(url)).refresh(from: live, area: nil)
        let (list, _) = try machine.open(url)
        try list.browseNearestFirst(from: #require(Coordinate(latitude: 47.0, longitude: 8.0)))
        try server.stop()
        try list.checkForExternalChanges()
        #expect(list.isNearestFirst)
        list.showNext()
        #expect(list.current?.cache.title == "Mill")
    }
}
