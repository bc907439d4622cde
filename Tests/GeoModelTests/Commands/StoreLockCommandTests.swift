import Foundation
import Testing
@testable import GeoModel
import GeoTestSupport

/// A write lock another program holds on the store (a transaction left open in
/// `sqlite3`), met by a command run through the built executable.
@Suite struct StoreLockCommandTests {
    @Test("add refused by a write lock another program holds names the holder and gives no disk advice")
    func addNamesTheLockHolder() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = directory.file()
        try SQLiteStore(url: store).add(Samples.oak)

        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        holder.arguments = [store.path]
        let input = Pipe()
        holder.standardInput = input
        holder.standardOutput = FileHandle.nullDevice
        try holder.run()
        defer {
            try? input.fileHandleForWriting.close()
            holder.waitUntilExit()
        }
        input.fileHandleForWriting.write(Data("BEGIN IMMEDIATE;\n".utf8))
        #expect(waitUntil(timeout: .seconds(10)) { writeLockIsHeld(store) }, "sqlite3 took the write lock")

        let result = try GeocacheTUIBinary.run(["add", "--store", store.path, "--title", "Mill",
                                                "--details", "d", "--creator", "c", "--reward", "r"])
        #expect(result.status == 1)
        #expect(result.error.contains("another program (sqlite3, process \(holder.processIdentifier)) "
                                      + "holds the store's write lock; nothing was written"), "\(result.error)")
        #expect(!result.error.contains("Check the disk"), "\(result.error)")
        #expect(try SQLiteStore(url: store).count() == 1)
    }
}
