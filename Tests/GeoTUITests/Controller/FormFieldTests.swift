import Foundation
import GeoModel
import GeoTestSupport
import Testing
@testable import GeoTUI

/// A form on a club store as the app opens it (``StoreOpening`` on a thread, the model
/// taking it over on the idle tick), with a data directory of its own for the outbox
/// and the copy; driven by keys and read back as a rendered screen.
final class ClubFormHarness {
    /// A club store URL where nothing answers: the connection is refused at once.
    static let awayURL = "postgres://geo@127.0.0.1:1/club?connect_timeout=2"

    let directory: TemporaryDirectory
    /// Whether the directory is this harness's to remove (not one an earlier form lent it).
    private let ownsDirectory: Bool
    let url: String
    let model: CacheList
    let controller: GeoCacheFormController
    private var canvas: Canvas

    /// The environment that places this machine's files.
    var environment: [String: String] { ["XDG_DATA_HOME": directory.url.path, "HOME": directory.url.path] }
    /// This machine's files for the club store.
    var files: FieldFiles { FieldFiles(serverURL: url, environment: environment) }

    /// A form opening the club store at `url` (by default one that does not answer);
    /// `prepare` runs first, with this machine's files (to make a copy, or fill the outbox).
    /// With `machineOf`, the form runs on the same machine as that earlier one.
    init(url: String = ClubFormHarness.awayURL, width: Int = 140, height: Int = 30, machineOf earlier: ClubFormHarness? = nil,
         prepare: (FieldFiles) throws -> Void = { _ in }) throws {
        directory = try earlier?.directory ?? TemporaryDirectory()
        ownsDirectory = earlier == nil
        self.url = url
        let environment = ["XDG_DATA_HOME": directory.url.path, "HOME": directory.url.path]
        try prepare(FieldFiles(serverURL: url, environment: environment))
        let opening = StoreOpening(.server(url), environment: environment)
        defer { opening.finish() }
        model = CacheList(opening: opening)
        controller = GeoCacheFormController(model: model)
        controller.resize(to: Size(width: width, height: height))
        canvas = Canvas(size: Size(width: width, height: height))
        precondition(waitUntil(timeout: .seconds(30)) { opening.isReady }, "the store did not open within 30 s")
        controller.idleTick()
        if let failure = controller.openingFailure { throw failure }
        redraw()
    }

    deinit { if ownsDirectory { directory.remove() } }

    /// A PostgreSQL server of the test's own (to stop and start) whose club store holds
    /// Old Oak and Bridge.
    static func ownServerHoldingOakAndBridge() throws -> (server: PostgresTestServer, url: String, live: PostgresStore) {
        let server = try PostgresTestServer()
        let url = try server.makeDatabase()
        let live = try PostgresStore(url: url)
        try live.add(Samples.oak)
        try live.add(Samples.bridge)
        return (server, url, live)
    }

    func press(_ keys: Key...) {
        for key in keys {
            _ = controller.handle(.key(key))
            redraw()
        }
    }

    func type(_ text: String) {
        for character in text { press(.character(character)) }
    }

    /// Types the four fields of an Add, moving with Tab.
    func typeCache(_ cache: GeoCache) {
        for (index, field) in GeoCache.Field.allCases.enumerated() {
            type(cache[field])
            if index < GeoCache.Field.allCases.count - 1 { press(.tab) }
        }
    }

    func idle() {
        controller.idleTick()
        redraw()
    }

    var title: String { row(0) }
    var status: String { row(controller.layout.status.y) }
    var screen: String { canvas.text }
    var fieldTexts: [String] { controller.fields.map(\.input.text) }

    func row(_ y: Int) -> String {
        var line = canvas.lines[y]
        while line.last == " " { line.removeLast() }
        return line
    }

    func redraw() {
        if let rendered = controller.render() { canvas = rendered }
    }
}

/// The form on a club store whose server cannot be reached: the copy, what it refuses,
/// and the writes it keeps on this machine.
@Suite struct FormFieldTests {
    /// Makes `files`' copy from a live club store holding `caches`.
    private static func copy(of caches: [GeoCache]) -> (FieldFiles) throws -> Void {
        { files in
            let live = try PostgresStore(url: try PostgresTestServer.shared().makeDatabase())
            for cache in caches { try live.add(cache) }
            try ClubCopy(files: files).refresh(from: live, area: nil)
        }
    }

    @Test func theFormOpensOnTheCopySayingHowOldItIs() throws {
        let form = try ClubFormHarness(prepare: Self.copy(of: [Samples.oak, Samples.bridge]))
        #expect(form.title.contains("club store away"))
        #expect(form.status.contains("club store away; showing the copy of"))
        #expect(form.status.hasPrefix(" Cache 1 of 2"))
        #expect(form.screen.contains("Title:   Old Oak"))
    }

    @Test func withoutACopyTheFormOpensEmptyAndSaysHowToGetOne() throws {
        let form = try ClubFormHarness()
        #expect(form.status.contains("no copy on this machine: run geocache-tui sync"))
        #expect(form.screen.contains("No caches yet."))
        #expect(form.controller.openingFailure == nil)
    }

    @Test(arguments: [FileDamage.garbagePages, .sql("UPDATE club_copy SET refreshed_at = 'abc'"), .notSQLite])
    func aDamagedCopyIsSetAsideAndTheFormOpensWithoutItSayingSoAndKeepsAnAdd(_ damage: FileDamage) throws {
        let form = try ClubFormHarness { files in
            try Self.copy(of: [Samples.oak])(files)
            try damage.apply(to: files.copyPath)
        }
        #expect(form.controller.openingFailure == nil)
        #expect(form.title.contains("club store away"))
        #expect(form.status.contains("The copy on this machine was damaged: set aside as copy.sqlite.damaged-"),
                "the status line was: \(form.status)")
        #expect(form.screen.contains("No caches yet."))
        form.typeCache(Samples.bridge)
        form.press(.control("s"))
        #expect(form.model.waitingChanges == 1)
        #expect(form.status.contains("Kept on this machine: 1 change waiting"))
    }

    @Test func aDamagedOutboxIsSetAsideAsTheFormOpensAndTheStatusLineSaysWhereItIs() throws {
        let form = try ClubFormHarness { files in
            try Outbox(files: files).queueAdd(Samples.oak)
            try FileDamage.garbagePages.apply(to: files.outboxPath)
        }
        #expect(form.controller.openingFailure == nil)
        #expect(form.status.contains("The outbox on this machine was damaged: set aside as outbox.sqlite.damaged-"),
                "the status line was: \(form.status)")
        form.typeCache(Samples.bridge)
        form.press(.control("s"))
        #expect(form.model.waitingChanges == 1)
    }

    @Test func editAndDeleteOnTheCopyAreRefusedWithANote() throws {
        let form = try ClubFormHarness(prepare: Self.copy(of: [Samples.oak]))
        form.press(.function(4))
        #expect(form.status.contains(FormText.copyIsReadOnly))
        #expect(form.controller.mode.editSession == nil)
        form.press(.function(8))
        #expect(form.status.contains(FormText.copyIsReadOnly))
        #expect(form.controller.mode.deleteQuestion == nil)
    }

    @Test("at 80 columns the copy's refusal of F4, F8 and ^G shows whole beside the position",
          arguments: [Key.function(4), .function(8), .control("g")])
    func theCopysRefusalFitsEightyColumns(_ key: Key) throws {
        let form = try ClubFormHarness(width: 80, height: 24, prepare: Self.copy(of: [Samples.oak, Samples.bridge]))
        form.press(key)
        #expect(form.status.contains(FormText.copyIsReadOnly), "the status line was: \(form.status)")
    }

    @Test func addsWhileAwayAreKeptOnThisMachineAndTheFieldsClear() throws {
        let form = try ClubFormHarness(prepare: Self.copy(of: [Samples.oak]))
        form.typeCache(Samples.bridge)
        form.press(.control("s"))
        #expect(form.fieldTexts == ["", "", "", ""])
        #expect(form.status.contains("Kept on this machine: 1 change waiting for the club store"))
        form.typeCache(Samples.mill)
        form.press(.control("s"))
        #expect(form.status.contains("Kept on this machine: 2 changes waiting for the club store"))
        #expect(try form.model.queuedChanges().map(\.title) == ["Bridge", "Mill"])
    }

    @Test func textTypedOnTheCopyIsKeptOnThisMachineAndRestoredByTheNextForm() throws {
        let form = try ClubFormHarness()
        form.type("Half typed")
        form.controller.finish()
        #expect(form.controller.finishProblems.isEmpty)
        let next = try ClubFormHarness(machineOf: form)
        #expect(next.fieldTexts == ["Half typed", "", "", ""])
        #expect(next.status.contains("Draft restored"))
        withExtendedLifetime(form) {}
    }

    @Test func anAddThatCannotBeKeptSaysSoInThePaneAndTheStatusLineAlike() throws {
        let form = try ClubFormHarness()
        // The club's directory on this machine is a file now: no outbox can be made there.
        let directory = form.files.directory
        try? FileManager.default.removeItem(atPath: directory)
        try FileManager.default.createDirectory(atPath: (directory as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: directory, contents: Data("not a directory".utf8)))
        form.typeCache(Samples.bridge)
        form.press(.control("s"))
        #expect(form.screen.contains("Could not save the cache"))
        #expect(form.controller.statusBar.note == FormText.nothingStoredSeePane)
        #expect(form.fieldTexts.first == "Bridge")
        #expect(form.model.waitingChanges == 0)
    }

    @Test func anIncompleteAddWhileAwayKeepsNothingAndSaysWhatIsMissing() throws {
        let form = try ClubFormHarness()
        form.type("Half typed")
        form.press(.control("s"))
        #expect(form.fieldTexts.first == "Half typed")
        #expect(form.screen.contains("Cannot add this cache"))
        #expect(form.model.waitingChanges == 0)
    }

    @Test func nearestFirstWorksOnTheCopy() throws {
        var near = Samples.bridge
        near.coordinate = Coordinate(latitude: 47.0, longitude: 8.0)
        var far = Samples.oak
        far.coordinate = Coordinate(latitude: 48.0, longitude: 9.0)
        let form = try ClubFormHarness(prepare: Self.copy(of: [far, near]))
        try form.model.browseNearestFirst(from: #require(Coordinate(latitude: 47.0, longitude: 8.0)))
        form.redraw()
        #expect(form.model.current?.cache.title == "Bridge")
    }

    @Test func whenTheServerAnswersTheFormShowsTheClubsCachesAndDeliversWhatWasKept() throws {
        let server = try PostgresTestServer()
        defer { server.destroy() }
        let url = try server.makeDatabase()
        try server.stop()
        let form = try ClubFormHarness(url: url)
        form.typeCache(Samples.oak)
        form.press(.control("s"))
        form.typeCache(Samples.bridge)
        form.press(.control("s"))
        try server.start()
        let delivered = waitUntil(timeout: .seconds(30)) {
            form.idle()
            return form.status.contains("Delivered 2 changes kept on this machine")
        }
        #expect(delivered)
        #expect(!form.title.contains("club store away"))
        #expect(try PostgresStore(url: url).loadCaches().map(\.title) == ["Old Oak", "Bridge"])
        #expect(form.status.hasPrefix(" Cache 1 of 2"))
    }
}
