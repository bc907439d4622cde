import Foundation
import Testing
@testable import GeoModel
import GeoTestSupport

/// An import reads its whole input before it locks the store: while `import -` waits
/// on a pipe that stays open and idle, other processes write as usual; once the input
/// ends, the import stores its caches beside theirs.
@Suite("An import waiting for input")
struct ImportWaitingCommandTests {
    /// Starts `geocache-tui import -` on `fixture`'s store, reading `input`; its output
    /// goes to files in the fixture's directory.
    private func startImport(_ fixture: StoreFixture, input: Pipe) throws -> Process {
        let process = Process()
        process.executableURL = GeocacheTUIBinary.url
        process.arguments = ["import", "--store", fixture.storeArgument, "-"]
        process.standardInput = input
        for name in ["stdout", "stderr"] {
            _ = FileManager.default.createFile(atPath: fixture.directory.file(name).path, contents: nil)
        }
        process.standardOutput = try FileHandle(forWritingTo: fixture.directory.file("stdout"))
        process.standardError = try FileHandle(forWritingTo: fixture.directory.file("stderr"))
        try process.run()
        return process
    }

    private func contents(_ fixture: StoreFixture, _ name: String) -> String {
        (try? String(contentsOf: fixture.directory.file(name), encoding: .utf8)) ?? ""
    }

    /// Two caches the import reads at once, and one it reads after the add.
    private static let imported = [Samples.numbered(1), Samples.numbered(2)]
    private static let importedLater = Samples.numbered(3)

    @Test("Another process adds a cache while an import waits on an idle pipe, and both are stored",
          arguments: StoreKind.allCases)
    func anAddSucceedsWhileAnImportWaitsForInput(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let input = Pipe.forOneChild()
        let process = try startImport(fixture, input: input)
        defer {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            try? process.waitForExit(timeout: .seconds(30))
        }
        let elements = Self.imported.enumerated().map { JSONInterchange.element(for: $1, isFirst: $0 == 0) }
        input.fileHandleForWriting.write(Data(elements.joined().utf8))
        #expect(waitUntil(timeout: .seconds(30)) { isReadingAnImport(process) || !process.isRunning })
        #expect(process.isRunning, "the import ended before its input did")

        // The pipe stays open: with the store locked, this add would fail after the busy
        // timeout (10 s on SQLite, the append lock's 4 s on PostgreSQL).
        let add = try GeocacheTUIBinary.run(["add", "--store", fixture.storeArgument, "--title", "Added meanwhile",
                                             "--details", "While the import waited", "--creator", "ana",
                                             "--reward", "Coin"])
        #expect(add.status == 0, "add failed: \(add.error)")
        #expect(process.isRunning, "the import ended before its input did")

        let last = JSONInterchange.element(for: Self.importedLater, isFirst: false)
        input.fileHandleForWriting.write(Data((last + "\n]\n").utf8))
        try input.fileHandleForWriting.close()
        #expect(waitUntil(timeout: .seconds(60)) { !process.isRunning })
        try process.waitForExit()
        #expect(process.terminationStatus == 0, "import failed: \(contents(fixture, "stderr"))")
        #expect(contents(fixture, "stdout") == "Added 3 caches, skipped 0 as duplicates, rejected 0.\n")
        let added = GeoCache(title: "Added meanwhile", details: "While the import waited", creator: "ana", reward: "Coin")
        #expect(try fixture.open().loadCaches().withoutCodes == [added] + Self.imported + [Self.importedLater])
    }
}
