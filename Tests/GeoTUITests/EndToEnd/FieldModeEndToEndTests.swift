import Foundation
import GeoModel
import GeoTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Field mode with the real binary (issue 28): a form in tmux and commands on one club
/// store whose server the test stops and starts, each with this machine's files under a
/// data directory of the test's own.
@Suite(.serialized) struct FieldModeEndToEndTests {
    /// A club store on a server of its own, and this machine's data directory.
    private final class Club {
        let server: PostgresTestServer
        let url: String
        let data: TemporaryDirectory

        init() throws {
            server = try PostgresTestServer()
            url = try server.makeDatabase()
            data = try TemporaryDirectory()
        }

        deinit {
            server.destroy()
            data.remove()
        }

        var environment: [String: String] {
            ["LANG": "C.UTF-8", "HOME": data.url.path, "XDG_DATA_HOME": data.url.path,
             "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]
        }

        /// Runs the binary on the club store, for at most a minute (timeout(1) ends it).
        func run(_ arguments: [String]) throws -> GeocacheTUIBinary.Result {
            try GeocacheTUIBinary.runTool("/usr/bin/timeout", ["-s", "KILL", "60", GeocacheTUIBinary.url.path]
                                          + arguments + ["--store", url], environment: environment)
        }

        /// The form in tmux on the club store.
        func form() throws -> TmuxSession {
            try TmuxSession(command: TmuxSession.appCommand(storeArgument: url), width: 120, height: 30,
                            environment: ["LANG": "C.UTF-8", "XDG_DATA_HOME": data.url.path])
        }

        func serverCaches() throws -> [GeoCache] { try PostgresStore(url: url).loadCaches() }
    }

    static func fields(_ title: String) -> [String] {
        ["--title", title, "--details", "d", "--creator", "c", "--reward", "r"]
    }

    @Test func writesMadeWhileTheServerIsDownArriveOnceInOrderAndAConflictShowsBothVersions() throws {
        let club = try Club()
        #expect(try club.run(["add"] + Self.fields("Old Oak")).status == 0)
        #expect(try club.run(["add"] + Self.fields("Bridge")).status == 0)
        #expect(try club.run(["sync"]).status == 0)
        let codes = try club.serverCaches().map { $0.code ?? "" }
        try club.server.stop()

        // A form opens on the copy and keeps two adds.
        let form = try club.form()
        try form.waitFor("club store away; showing the copy of", timeout: 15)
        try form.waitFor("Old Oak")
        for title in ["Field one", "Field two"] {
            try form.typeFields([title, "d", "c", "r"])
            try form.send("C-s")
        }
        try form.waitFor("Kept on this machine: 2 changes waiting for the club store")

        // Commands add a third and edit two caches of the copy.
        #expect(try club.run(["add"] + Self.fields("Field three")).status == 0)
        #expect(try club.run(["edit", "--code", codes[0], "--details", "In the hollow"]).status == 0)
        #expect(try club.run(["edit", "--code", codes[1], "--reward", "Mine"]).status == 0)

        // The form dies without a word; the copy is read with the server down.
        let pid = try #require(try form.programPID())
        kill(pid, SIGKILL)
        try form.waitFor("[exited")
        let list = try club.run(["list"])
        #expect(list.status == 0)
        #expect(list.output.contains("Old Oak") && list.output.contains("Bridge"))
        #expect(list.error.contains("club store away; showing the copy of"))

        // Bridge changes on the server meanwhile: the kept edit of it is a conflict.
        try club.server.start()
        let live = try PostgresStore(url: club.url)
        let bridge = try #require(try live.cache(withCode: codes[1]))
        var theirs = bridge.cache
        theirs.reward = "Coin"
        _ = try live.update(bridge, to: theirs)

        let sync = try club.run(["sync"])
        #expect(sync.status == 1, "sync said: \(sync.output) \(sync.error)")
        let report = sync.output + sync.error
        #expect(report.contains("server: Coin"))
        #expect(report.contains("yours: Mine"))
        let stored = try club.serverCaches()
        #expect(stored.map(\.title) == ["Old Oak", "Bridge", "Field one", "Field two", "Field three"])
        #expect(stored.map(\.details) == ["In the hollow", "d", "d", "d", "d"])
        #expect(stored[1].reward == "Coin")

        // A second sync delivers nothing twice.
        _ = try club.run(["sync"])
        #expect(try club.serverCaches().count == 5)
    }

    @Test func aFormOnTheCopySwitchesToTheClubStoreWhenItAnswersAndDeliversWhatItKept() throws {
        let club = try Club()
        #expect(try club.run(["add"] + Self.fields("Old Oak")).status == 0)
        #expect(try club.run(["sync"]).status == 0)
        try club.server.stop()
        let form = try club.form()
        try form.waitFor("club store away; showing the copy of", timeout: 15)
        try form.typeFields(["Field one", "d", "c", "r"])
        try form.send("C-s")
        try form.waitFor("Kept on this machine: 1 change waiting for the club store")
        try form.send("F4")
        try form.waitFor("The copy is read-only until the club store answers")
        try club.server.start()
        try form.waitFor("Delivered 1 change kept on this machine", timeout: 20)
        try form.waitFor("Cache 1 of 2")
        let screen = try form.screen()
        #expect(!screen.contains("club store away"))
        try form.quitApp()
        #expect(try club.serverCaches().map(\.title) == ["Old Oak", "Field one"])
    }

    @Test func aFormWhoseServerStopsShowsTheCopyAndGoesOnThroughIt() throws {
        let club = try Club()
        #expect(try club.run(["add"] + Self.fields("Old Oak")).status == 0)
        #expect(try club.run(["add"] + Self.fields("Bridge")).status == 0)
        #expect(try club.run(["sync"]).status == 0)
        let form = try club.form()
        try form.waitFor("Cache 1 of 2", timeout: 15)
        try club.server.stop()
        try form.waitFor("Showing the copy made", timeout: 20)
        try form.send("C-n")
        try form.waitFor("Title:   Bridge")
        try form.waitFor("Cache 2 of 2")
        try club.server.start()
        try form.waitFor("Club store reachable again", timeout: 20)
        let screen = try form.screen()
        #expect(!screen.contains("club store away"))
        #expect(screen.contains("Title:   Bridge"))
        try form.quitApp()
    }

    @Test func textLeftInAFormOnTheCopyIsBackInTheNextFormOnceTheServerAnswers() throws {
        let club = try Club()
        #expect(try club.run(["add"] + Self.fields("Old Oak")).status == 0)
        #expect(try club.run(["sync"]).status == 0)
        try club.server.stop()
        let away = try club.form()
        try away.waitFor("club store away; showing the copy of", timeout: 15)
        try away.type("Typed on the copy")
        try away.waitFor("Title   [Typed on the copy")
        try away.quitApp()

        try club.server.start()
        let back = try club.form()
        try back.waitFor("Draft restored", timeout: 15)
        let screen = try back.waitFor("Title   [Typed on the copy")
        #expect(!screen.contains("club store away"))
        try back.quitApp()
    }
}
