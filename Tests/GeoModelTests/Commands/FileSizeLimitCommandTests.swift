import Foundation
import Testing
@testable import GeoModel
import GeoTestSupport

/// Commands run under a file size limit (`ulimit -f`, set here with `prlimit`) that the
/// store or the export would pass: the write fails as on a full disk, and the command says
/// so, rather than the system ending it with SIGXFSZ before it says anything (exit 153).
@Suite struct FileSizeLimitCommandTests {
    /// 100 KiB, as `ulimit -f 100` sets it.
    static let limit = 102_400

    static let hasPrlimit = FileManager.default.isExecutableFile(atPath: "/usr/bin/prlimit")
        && FileManager.default.isExecutableFile(atPath: "/usr/bin/env")

    /// A store of one cache, and the text of a cache too large to be written within the limit.
    private struct Fixture {
        let directory: TemporaryDirectory
        let store: URL
        /// Larger than the limit, and within what one argument may hold (128 KiB).
        let large = String(repeating: "x", count: 120_000)

        init() throws {
            directory = try TemporaryDirectory()
            store = directory.file()
            try SQLiteStore(url: store).add(GeoCache(title: "Large", details: large, creator: "ana", reward: "Coin"))
        }
    }

    /// Runs the binary with `arguments` under the limit, SIGXFSZ at its default action
    /// (ending the process), as a shell leaves it: the test runner's may be ignored.
    private func runLimited(_ arguments: [String], limit: Int = limit) throws -> GeocacheTUIBinary.Result {
        try GeocacheTUIBinary.runTool("/usr/bin/env", ["--default-signal=XFSZ", "/usr/bin/prlimit",
                                                       "--fsize=\(limit)", GeocacheTUIBinary.url.path] + arguments)
    }

    @Test("an add the store's log cannot hold within ulimit -f is refused naming the limit, and nothing is stored",
          .enabled(if: hasPrlimit, "needs prlimit"))
    func anAddPastTheLimitIsRefusedNamingIt() throws {
        let fixture = try Fixture()
        defer { fixture.directory.remove() }
        let result = try runLimited(["add", "--store", fixture.store.path, "--title", "Larger",
                                     "--details", fixture.large, "--creator", "bo", "--reward", "Coin"])
        #expect(result.status == 1)
        #expect(result.error == "geocache-tui: \(fixture.store.path): the file size limit (ulimit -f, 100 KiB) was "
            + "reached; nothing was written. Raise the limit (ulimit -f unlimited), then try again.\n")
        #expect(try SQLiteStore(url: fixture.store).loadCaches().map(\.title) == ["Large"])
    }

    @Test("an export past ulimit -f is refused naming the limit, and leaves no file behind",
          .enabled(if: hasPrlimit, "needs prlimit"))
    func anExportPastTheLimitIsRefusedNamingIt() throws {
        let fixture = try Fixture()
        defer { fixture.directory.remove() }
        let output = fixture.directory.file("out.json")
        let result = try runLimited(["export", "--store", fixture.store.path, "--output", output.path])
        #expect(result.status == 1)
        #expect(result.error == "geocache-tui: cannot write \(output.path): "
            + "the file size limit (ulimit -f, 100 KiB) was reached\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.directory.url.path).sorted()
            == ["caches.sqlite"])
    }

    @Test("an import whose spool passes ulimit -f names the limit and advises raising it, not another TMPDIR",
          .enabled(if: hasPrlimit, "needs prlimit"))
    func anImportPastTheLimitInItsSpoolNamesTheLimit() throws {
        let fixture = try Fixture()
        defer { fixture.directory.remove() }
        let input = fixture.directory.file("many.json")
        let caches = (0..<400).map { number in
            #"{"title": "Cache \#(number)", "details": "\#(String(repeating: "d", count: 500))", "creator": "ana", "reward": "Coin"}"#
        }
        try Data(("[" + caches.joined(separator: ",\n") + "]").utf8).write(to: input)
        let result = try runLimited(["import", "--store", fixture.store.path, input.path])
        #expect(result.status == 1)
        #expect(result.error.contains("the file size limit (ulimit -f, 100 KiB) was reached"), "\(result.error)")
        #expect(result.error.contains("raise the limit (ulimit -f unlimited)"), "\(result.error)")
        #expect(!result.error.contains("TMPDIR"), "\(result.error)")
        #expect(try SQLiteStore(url: fixture.store).loadCaches().map(\.title) == ["Large"])
    }

    @Test("a store whose log index cannot be made within ulimit -f opens read-only, listed, no side files left",
          .enabled(if: hasPrlimit, "needs prlimit"))
    func aStoreOpenedUnderTooSmallALimitIsReadOnly() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = directory.file()
        try SQLiteStore(url: store).add(Samples.oak)
        // Smaller than the 32 KiB index (-shm) SQLite makes beside the store.
        let list = try runLimited(["list", "--store", store.path], limit: 20_480)
        #expect(list.status == 0, "stderr was: \(list.error)")
        #expect(list.output == "Old Oak\tBehind the tree\tana\tTravel bug\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == ["caches.sqlite"])
        let add = try runLimited(["add", "--store", store.path, "--title", "Mill", "--details", "d",
                                  "--creator", "bo", "--reward", "Coin"], limit: 20_480)
        #expect(add.status == 1)
        #expect(add.error == "geocache-tui: \(store.path) is read-only (the file size limit (ulimit -f, 20 KiB) "
            + "was reached when it was opened); nothing was written. Listing and exporting work; to change it, raise "
            + "the limit (ulimit -f unlimited) and open it again.\n")
    }
}
