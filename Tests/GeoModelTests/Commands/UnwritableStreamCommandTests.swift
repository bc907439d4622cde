import Foundation
import GeoModel
import GeoTestSupport
import Testing

/// Standard output or standard error that cannot be written (a full disk, a closed
/// descriptor, a pipe whose reader left): a command says so when it can and exits 1,
/// never traps, and what it stores is stored first, the visits of a mixed import too.
@Suite(.enabled(if: FileManager.default.isWritableFile(atPath: "/dev/full")))
struct UnwritableStreamCommandTests {
    /// A GPX file of one cache, GC1AAAA, and a field-notes file with a Found it on it.
    private func files(in directory: TemporaryDirectory) throws -> (gpx: String, notes: String) {
        let gpx = directory.file("one.gpx"), notes = directory.file("visits.txt")
        try Data("""
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx xmlns="http://www.topografix.com/GPX/1/0" version="1.0" creator="t">
            <wpt lat="47.1" lon="8.2"><name>GC1AAAA</name><desc>Oak by Ana</desc><type>Geocache|Traditional Cache</type></wpt>
            </gpx>
            """.utf8).write(to: gpx)
        try Data("GC1AAAA,2024-01-01T10:00Z,Found it,\"TFTC\"\n".utf8).write(to: notes)
        return (gpx.path, notes.path)
    }

    /// Runs the program with `arguments`, its descriptors redirected as `redirection` says (shell syntax).
    private func run(_ arguments: [String], _ redirection: String) throws -> GeocacheTUIBinary.Result {
        try GeocacheTUIBinary.runTool("/bin/sh", ["-c", "exec \"$0\" \"$@\" \(redirection)", GeocacheTUIBinary.url.path]
                                      + arguments)
    }

    @Test func anImportIntoAFullOutputStoresTheCachesAndTheVisitsThenSaysTheOutputCannotBeWritten() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (gpx, notes) = try files(in: directory)
        let store = directory.file("caches.sqlite").path
        let result = try run(["import", "--store", store, gpx, notes], "> /dev/full")
        #expect(result.status == 1)
        #expect(result.error.hasPrefix("geocache-tui: cannot write standard output (\(String(cString: strerror(ENOSPC)))); "
                                       + "it would have printed:\nAdded 1 cache, skipped 0"), "stderr was: \(result.error)")
        let own = try GeocacheTUIBinary.run(["own", "GC1AAAA", "--store", store])
        #expect(own.output.contains("found\t2024-01-01T10:00:00Z"), "own said: \(own.output) \(own.error)")
    }

    @Test("a delete whose output cannot be written says on standard error what it deleted")
    func aDeleteIntoAFullOutputSaysWhatItDeleted() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = directory.file("caches.sqlite").path
        #expect(try GeocacheTUIBinary.run(["add", "--store", store, "--title", "Mill", "--details", "Pond",
                                           "--creator", "ana", "--reward", "Coin"]).status == 0)
        let result = try run(["delete", "--store", store, "--position", "1"], "> /dev/full")
        #expect(result.status == 1)
        #expect(result.error == "geocache-tui: cannot write standard output (\(String(cString: strerror(ENOSPC)))); "
                + "it would have printed:\ndeleted: Mill\tPond\tana\tCoin\n", "stderr was: \(result.error)")
    }

    @Test func anImportWhoseReaderLeftStoresTheVisitsBeforeThePipeEndsIt() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (gpx, notes) = try files(in: directory)
        let store = directory.file("caches.sqlite").path
        _ = try GeocacheTUIBinary.runTool("/bin/sh", ["-c", "\"$0\" \"$@\" | true", GeocacheTUIBinary.url.path,
                                                      "import", "--store", store, gpx, notes])
        let own = try GeocacheTUIBinary.run(["own", "GC1AAAA", "--store", store])
        #expect(own.output.contains("found\t2024-01-01T10:00:00Z"), "own said: \(own.output) \(own.error)")
    }

    @Test("import - with standard input closed says it cannot be read, exit 1, rather than waiting on a pipe of its own")
    func anImportOfAClosedStandardInputSaysSo() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let result = try run(["import", "--store", directory.file("caches.sqlite").path, "-"], "<&-")
        #expect(result.status == 1)
        #expect(result.error == "geocache-tui: <stdin>: cannot read: \(String(cString: strerror(EBADF)))\n")
    }

    @Test("list with standard output closed says it cannot be written, exit 1")
    func aListToAClosedStandardOutputSaysSo() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = directory.file("caches.sqlite").path
        #expect(try GeocacheTUIBinary.run(["add", "--store", store, "--title", "a", "--details", "b", "--creator", "c",
                                           "--reward", "d"]).status == 0)
        let result = try run(["list", "--store", store], ">&-")
        #expect(result.status == 1)
        #expect(result.error == "geocache-tui: cannot write standard output: \(String(cString: strerror(EBADF)))\n")
    }

    @Test func aRefusedImportWithStandardErrorClosedExitsOneWithoutTrapping() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let bad = directory.file("bad.gpx")
        try Data("<gpx><wpt".utf8).write(to: bad)
        let result = try run(["import", "--store", directory.file("caches.sqlite").path, bad.path], "2>&-")
        #expect(result.status == 1)
    }

    @Test func versionIntoAFullOutputSaysSoAndExitsOne() throws {
        let result = try run(["--version"], "> /dev/full")
        #expect(result.status == 1)
        #expect(result.error.hasPrefix("geocache-tui: cannot write standard output"))
    }
}
