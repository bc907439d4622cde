import Foundation
import Testing
@testable import GeoModel
import GeoTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A store the user may read but not write, through the built executable: a file
/// without write permission, and a directory without it (no `-wal` or `-shm` can be
/// created). Root may write whatever the permissions say, so as root (as CI runs) the
/// commands run as `nobody` through `setpriv`; otherwise as the user running the tests.
@Suite struct ReadOnlyStoreCommandTests {
    /// What cannot be written.
    enum Restriction: String, CaseIterable, CustomStringConvertible {
        case file, directory
        var description: String { rawValue }
    }

    /// A store holding ``Samples/oak`` and a JSON file to import beside it, then made
    /// readable but not writable for the user the commands run as.
    private struct ReadOnlyStore {
        let directory: TemporaryDirectory
        let store: URL
        let importFile: URL

        init(_ restriction: Restriction) throws {
            directory = try TemporaryDirectory()
            store = directory.file()
            importFile = directory.file("more.json")
            try SQLiteStore(url: store).add(Samples.oak)
            try Data(#"[{"title": "Mill", "details": "d", "creator": "c", "reward": "r"}]"#.utf8).write(to: importFile)
            chmod(importFile.path, 0o644)
            switch restriction {
            case .file:
                chmod(store.path, 0o444)
                chmod(directory.url.path, 0o755)
            case .directory:
                chmod(store.path, geteuid() == 0 ? 0o644 : 0o600)
                chmod(directory.url.path, 0o555)
            }
        }

        func remove() {
            chmod(directory.url.path, 0o755)
            directory.remove()
        }
    }

    /// Runs the binary with `arguments` as a user that the permissions apply to.
    private func run(_ arguments: [String]) throws -> GeocacheTUIBinary.Result {
        guard geteuid() == 0 else { return try GeocacheTUIBinary.run(arguments) }
        return try GeocacheTUIBinary.runTool("/usr/bin/setpriv",
                                             ["--reuid=65534", "--regid=65534", "--clear-groups",
                                              GeocacheTUIBinary.url.path] + arguments)
    }

    @Test("list prints the caches of a store that cannot be written", arguments: Restriction.allCases)
    func listWorks(_ restriction: Restriction) throws {
        let fixture = try ReadOnlyStore(restriction)
        defer { fixture.remove() }
        let result = try run(["list", "--store", fixture.store.path])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.hasPrefix("Old Oak\tBehind the tree\tana\tTravel bug"), "\(result.output)")
        #expect(!FileManager.default.fileExists(atPath: fixture.store.path + "-wal"))
    }

    @Test("export writes the caches of a store that cannot be written", arguments: Restriction.allCases)
    func exportWorks(_ restriction: Restriction) throws {
        let fixture = try ReadOnlyStore(restriction)
        defer { fixture.remove() }
        let result = try run(["export", "--store", fixture.store.path, "--format", "json"])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains(#""title": "Old Oak""#), "\(result.output)")
    }

    @Test("add, edit, delete and import say the store is read-only and change nothing",
          arguments: Restriction.allCases, ["add", "edit", "delete", "import"])
    func writesAreRefused(_ restriction: Restriction, _ command: String) throws {
        let fixture = try ReadOnlyStore(restriction)
        defer { fixture.remove() }
        let before = try Data(contentsOf: fixture.store)
        let rest: [String] = switch command {
        case "add": ["--title", "Mill", "--details", "d", "--creator", "c", "--reward", "r"]
        case "edit": ["--position", "1", "--title", "Renamed"]
        case "delete": ["--position", "1"]
        default: [fixture.importFile.path]
        }
        let result = try run([command, "--store", fixture.store.path] + rest)
        #expect(result.status == 1)
        #expect(result.error.contains("\(fixture.store.path) is read-only ("), "\(result.error)")
        #expect(result.error.contains("nothing was written"), "\(result.error)")
        #expect(try Data(contentsOf: fixture.store) == before)
    }
}
