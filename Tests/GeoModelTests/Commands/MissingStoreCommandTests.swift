import Foundation
import Testing
@testable import GeoModel
import GeoTestSupport

/// A command that only reads or changes caches already stored, run on a path where no
/// file exists (a mistyped `--store`), says so and makes nothing there; one that adds
/// makes the store.
@Suite struct MissingStoreCommandTests {
    /// Every command of that kind, with the arguments it needs besides `--store`.
    static let readers: [[String]] = [
        ["list"], ["list", "--json"], ["list", "--near", "47,8", "--limit", "3"],
        ["export", "--format", "gpx"], ["edit", "--code", "GC12345", "--title", "Oak"],
        ["delete", "--code", "GC12345"], ["own", "GC12345"],
    ]

    @Test("A command that only reads or changes stored caches makes no store where none is", arguments: readers)
    func aReaderOnAMissingPathSaysSoAndMakesNothing(_ arguments: [String]) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = directory.file("mistyped.sqlite")
        let result = try GeocacheTUIBinary.run(arguments + ["--store", store.path])
        #expect(result.status == 1)
        #expect(result.output.isEmpty)
        #expect(result.error == "geocache-tui: " + StoreError.noStore(path: store.path, missingDirectory: nil).description + "\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).isEmpty)
    }

    @Test("A command that only reads or changes stored caches makes no store in an empty file", arguments: readers)
    func aReaderOnAnEmptyFileSaysSoAndLeavesItEmpty(_ arguments: [String]) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = directory.file("empty.sqlite")
        _ = FileManager.default.createFile(atPath: store.path, contents: nil)
        let result = try GeocacheTUIBinary.run(arguments + ["--store", store.path])
        #expect(result.status == 1)
        #expect(result.error == "geocache-tui: " + StoreError.noStore(path: store.path, missingDirectory: nil).description + "\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == ["empty.sqlite"])
        #expect(try Data(contentsOf: store).isEmpty)
    }

    @Test func aStoreInADirectoryThatDoesNotExistIsNamedWithTheDirectory() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let missing = directory.file("trips")
        let store = missing.appendingPathComponent("caches.sqlite")
        let result = try GeocacheTUIBinary.run(["list", "--store", store.path])
        #expect(result.status == 1)
        #expect(result.error == "geocache-tui: there is no store at \(store.path), and its directory \(missing.path) "
                + "does not exist; nothing was created. Check the path, or choose another store with --store PATH "
                + "or GEOCACHE_STORE.\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).isEmpty)
    }

    @Test func exportToAFileOnAMissingStoreLeavesNoFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let output = directory.file("out.gpx")
        let result = try GeocacheTUIBinary.run(["export", "--format", "gpx", "--output", output.path,
                                                "--store", directory.file("mistyped.sqlite").path])
        #expect(result.status == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).isEmpty)
    }

    @Test func theDefaultStoreThatDoesNotExistYetIsNotMadeByListing() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let data = directory.file("data")
        let result = try GeocacheTUIBinary.run(["list"], environment: ["HOME": directory.url.path,
                                                                       "XDG_DATA_HOME": data.path])
        #expect(result.status == 1)
        #expect(result.error.contains("there is no store at \(data.path)/geocache-tui/caches.sqlite"))
        #expect(!FileManager.default.fileExists(atPath: data.path))
    }

    @Test func settingOwnDataMakesTheStore() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = directory.file("new.sqlite")
        let result = try GeocacheTUIBinary.run(["own", "GC12345", "--note", "by the gate", "--store", store.path])
        #expect(result.status == 0)
        #expect(try SQLiteStore(url: store).ownData().byCode["GC12345"]?.note == "by the gate")
    }

    @Test func addingMakesTheStore() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = directory.file("new.sqlite")
        let result = try GeocacheTUIBinary.run(["add", "--title", "Oak", "--details", "d", "--creator", "c",
                                                "--reward", "r", "--store", store.path])
        #expect(result.status == 0)
        #expect(try SQLiteStore(url: store).count() == 1)
    }

    @Test func aListingOfAnEmptyStoreThatExistsIsEmptyAndSucceeds() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = directory.file("empty.sqlite")
        _ = try SQLiteStore(url: store)
        let result = try GeocacheTUIBinary.run(["list", "--store", store.path])
        #expect(result.status == 0)
        #expect(result.error.isEmpty)
    }
}
