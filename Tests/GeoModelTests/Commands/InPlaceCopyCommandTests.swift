import Foundation
import GRDB
import Testing
import GeoModel
import GeoTestSupport

/// A command that has the store open while another file is copied over it in place
/// (`cp other.sqlite caches.sqlite`): it writes nothing through what it remembers of
/// the old file, says so, and the file copied in stays sound and whole.
@Suite struct InPlaceCopyCommandTests {
    @Test func anImportWaitingForItsInputWhenAFileIsCopiedOverTheStoreStoresNothingAndSaysSo() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = directory.file(), other = directory.file("other.sqlite")
        try SQLiteStore(url: store).saveCaches((1...200).map(Samples.numbered))
        let copied = (1...600).map { Samples.numbered(1000 + $0) }
        try SQLiteStore(url: other).saveCaches(copied)
        let errors = directory.file("stderr")
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        let input = Pipe.forOneChild()
        let process = try GeocacheTUIBinary.start(["import", "--store", store.path, "-"], input: input,
                                                  error: try FileHandle(forWritingTo: errors))
        // The import has opened the store and reads its input; the copy comes now.
        waitUntil(timeout: .seconds(20)) { isReadingAnImport(process) || !process.isRunning }
        #expect(try GeocacheTUIBinary.runTool("/bin/cp", [other.path, store.path]).status == 0)
        input.fileHandleForWriting.write(Data(#"[{"title": "New", "details": "d", "creator": "c", "reward": "r"}]"#.utf8))
        try input.fileHandleForWriting.close()
        try process.waitForExit(timeout: .seconds(60))

        let message = try String(contentsOf: errors, encoding: .utf8)
        #expect(process.terminationStatus == 1)
        #expect(message == "geocache-tui: \(store.path) was overwritten in place (another file copied over it) while it "
            + "was open; nothing more was written through this session, so the file copied in is as it was. Reopen "
            + "the store to use it.\n")
        let queue = try DatabaseQueue(path: store.path)
        defer { try? queue.close() }
        let (titles, integrity) = try queue.read { db in
            (try String.fetchAll(db, sql: "SELECT title FROM cache ORDER BY id"),
             try String.fetchOne(db, sql: "PRAGMA integrity_check"))
        }
        #expect(titles == copied.map(\.title))
        #expect(integrity == "ok")
    }
}
