import Foundation
import Testing
@testable import GeoModel
import GeoTestSupport

/// A command closes its store when it ends, as the form does: the store file is all it
/// leaves in the directory (SQLite deletes `-wal` and `-shm` when the last connection
/// closes), unless another session still has the store open.
@Suite struct CommandSideFileTests {
    /// Commands that open the store, with the arguments each needs besides `--store`.
    static let commands: [[String]] = [
        ["add", "--title", "Pine", "--details", "d", "--creator", "c", "--reward", "r"],
        ["log", "GC12345", "found", "by the gate"], ["own", "GC12345", "--note", "by the gate"],
        ["edit", "--position", "1", "--title", "Birch"], ["delete", "--position", "1"],
        ["list"], ["export", "--format", "gpx"],
    ]

    /// A directory holding a store of one cache, the store closed.
    private static func storeOfOne() throws -> (TemporaryDirectory, URL) {
        let directory = try TemporaryDirectory()
        let store = directory.file()
        _ = try SQLiteStore(url: store).add(Samples.oak)
        return (directory, store)
    }

    private static func names(in directory: TemporaryDirectory) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.url.path).sorted()
    }

    @Test("A command leaves only the store file beside it when it ends", arguments: commands)
    func aCommandLeavesNoSideFiles(_ arguments: [String]) throws {
        let (directory, store) = try Self.storeOfOne()
        defer { directory.remove() }
        let result = try GeocacheTUIBinary.run(arguments + ["--store", store.path])
        #expect(result.status == 0)
        #expect(try Self.names(in: directory) == [store.lastPathComponent])
    }

    @Test func aFailedCommandLeavesNoSideFiles() throws {
        let (directory, store) = try Self.storeOfOne()
        defer { directory.remove() }
        let result = try GeocacheTUIBinary.run(["delete", "--position", "5", "--store", store.path])
        #expect(result.status == 1)
        #expect(try Self.names(in: directory) == [store.lastPathComponent])
    }

    @Test func anImportIntoANewStoreLeavesNoSideFiles() throws {
        let (source, store) = try Self.storeOfOne()
        defer { source.remove() }
        let export = source.file("caches.json")
        #expect(try GeocacheTUIBinary.run(["export", "--format", "json", "--output", export.path,
                                           "--store", store.path]).status == 0)
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let result = try GeocacheTUIBinary.run(["import", export.path, "--store", directory.file().path])
        #expect(result.status == 0)
        #expect(try Self.names(in: directory) == [directory.file().lastPathComponent])
    }

    @Test func aCommandLeavesTheLogOfASessionStillOpenAndItsWriteIsSeenThere() throws {
        let (directory, store) = try Self.storeOfOne()
        defer { directory.remove() }
        let open = try SQLiteStore(url: store)
        let result = try GeocacheTUIBinary.run(Self.commands[0] + ["--store", store.path])
        #expect(result.status == 0)
        #expect(FileManager.default.fileExists(atPath: store.path + "-wal"))
        #expect(try open.loadCaches().map(\.title) == [Samples.oak.title, "Pine"])
    }
}
