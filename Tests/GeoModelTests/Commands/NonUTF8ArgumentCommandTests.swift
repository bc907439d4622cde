import Foundation
import GeoModel
import GeoTestSupport
import Testing

/// Arguments that are not UTF-8 text (a Latin-1 file name): refused, not read as
/// another name with U+FFFD in it.
@Suite struct NonUTF8ArgumentCommandTests {
    /// Runs the program through the shell, its last argument `printf`'s expansion of
    /// `raw` (`x\377.json`: a byte that is not UTF-8), in `directory`.
    private func run(_ arguments: [String], raw: String, in directory: TemporaryDirectory) throws -> GeocacheTUIBinary.Result {
        let script = "cd \"$1\" && shift && exec \"$0\" \"$@\" \"$(printf '\(raw)')\""
        return try GeocacheTUIBinary.runTool("/bin/sh", ["-c", script, GeocacheTUIBinary.url.path, directory.url.path]
                                                + arguments)
    }

    @Test("an import of a file whose name is not UTF-8 is a usage error showing its bytes, and nothing is stored")
    func anImportOfANonUTF8NameIsAUsageError() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let result = try run(["--store", "s.sqlite", "import"], raw: "x\\377.json", in: directory)
        #expect(result.status == 64)
        #expect(result.error.contains("the argument x\\xFF.json is not UTF-8 text"), "\(result.error)")
        #expect(!FileManager.default.fileExists(atPath: directory.file("s.sqlite").path))
    }

    @Test("a store named by bytes that are not UTF-8 is refused before any file is made")
    func aNonUTF8StoreNameMakesNoFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let result = try run(["add", "--title", "t", "--details", "d", "--creator", "c", "--reward", "r", "--store"],
                             raw: "\\376.sqlite", in: directory)
        #expect(result.status == 64)
        #expect(result.error.contains("the argument \\xFE.sqlite is not UTF-8 text"), "\(result.error)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).isEmpty)
    }

    @Test("a store named by GEOCACHE_STORE in bytes that are not UTF-8 is refused before any file is made")
    func aNonUTF8StoreVariableMakesNoFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let script = "cd \"$1\" && GEOCACHE_STORE=\"$(printf 'w\\376.sqlite')\" exec \"$0\" add --title t --details d "
            + "--creator c --reward r"
        let result = try GeocacheTUIBinary.runTool("/bin/sh", ["-c", script, GeocacheTUIBinary.url.path, directory.url.path])
        #expect(result.status == 64)
        #expect(result.error.contains("the variable GEOCACHE_STORE (w\\xFE.sqlite) is not UTF-8 text"), "\(result.error)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).isEmpty)
    }

    @Test("a state directory named in bytes that are not UTF-8 is refused without advice to name the store")
    func aNonUTF8StateDirectoryIsNotTheStoresPlace() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let script = "cd \"$1\" && XDG_STATE_HOME=\"$PWD/$(printf 's\\376')\" exec \"$0\" list --store s.sqlite"
        let result = try GeocacheTUIBinary.runTool("/bin/sh", ["-c", script, GeocacheTUIBinary.url.path, directory.url.path])
        #expect(result.status == 64)
        #expect(result.error.contains("s\\xFE) is not UTF-8 text: geocache-tui keeps its records there"), "\(result.error)")
        #expect(!result.error.contains("--store"), "\(result.error)")
    }

    @Test("a visit's text that is not UTF-8 is refused without speaking of a file to rename")
    func aVisitTextThatIsNotUTF8SpeaksOfNoFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let result = try run(["log", "--store", "s.sqlite", "GC1A2B3", "note"], raw: "w\\205x", in: directory)
        #expect(result.status == 64)
        #expect(result.error.contains("the argument w\\x85x is not UTF-8 text"), "\(result.error)")
        #expect(result.error.contains("give it in UTF-8, renaming the file if it names one"), "\(result.error)")
    }
}
