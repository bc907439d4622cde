import Foundation
@testable import GeoModel
import GeoTestSupport
import Testing

/// The finder's loop in the real binary under tmux (issue 38): a visit logged on the
/// spot with Alt-L, a final kept with Alt-C, a filter that leaves the found cache out,
/// and the field notes exported for the upload.
@Suite(.serialized) final class FinderEndToEndTests {
    let directory: TemporaryDirectory
    let store: URL

    init() throws {
        directory = try TemporaryDirectory()
        store = directory.file()
        let sqlite = try SQLiteStore(url: store)
        for (title, code, north) in [("Mill Race", "GC31J2H", 0), ("Old Oak", "GC4OAK", 900)] {
            var cache = GeoCache(title: title, details: "d", creator: "ana", reward: "r", code: code)
            cache.coordinate = Coordinate(latitudeMicrodegrees: 47_368_717 + Int32(north * 9), longitudeMicrodegrees: 8_540_933)
            try sqlite.add(cache)
        }
    }

    deinit { directory.remove() }

    @Test("a visit logged with Alt-L marks the cache found, a filter leaves it out, and field notes carry it")
    func logFilterAndExport() throws {
        let session = try TmuxSession(command: TmuxSession.appCommand(store: store), width: 100, height: 32,
                                      environment: ["LANG": "C.UTF-8"])
        try session.waitFor("Title:   Mill Race")
        try session.send("M-l")
        try session.waitFor("Found it:")
        try session.type("Quick find, \"thanks\"")
        try session.send("Enter")
        try session.waitFor("Logged Found it on GC31J2H")
        try session.waitFor("Found:   by you on ")
        let shown = try session.waitFor("Quick find, \"thanks\"")
        #expect(shown.contains(" UTC Found it"), "the pane lists the visit: \(shown)")
        try session.send("M-c")
        try session.waitFor("Final:")
        try session.type("N 47 22.200 E 008 32.500")
        try session.send("Enter")
        try session.waitFor("Final:   N 47° 22.200′ E 008° 32.500′ (yours")
        try session.send("M-s")
        try session.type("not found")
        try session.send("Enter")
        let filtered = try session.waitFor("1 of 2 shown")
        #expect(filtered.contains("Title:   Old Oak"), "\(filtered)")
        try session.quitApp()
        let notes = directory.file("geocache_visits.txt").path
        let export = try GeocacheTUIBinary.run(["export", "--format", "fieldnotes", "-o", notes, "--store", store.path])
        #expect(export.status == 0, "stderr was: \(export.error)")
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: notes)))
        #expect(FieldNotes.read(bytes).visits.map { "\($0.code) \($0.type.rawValue) \($0.text)" }
                == ["GC31J2H Found it Quick find, \"thanks\""])
    }
}
