import Foundation
@testable import GeoModel
import GeoTestSupport
import Testing

/// The finder's loop on the command line (issue 38): `log`, `own`, `list --found`,
/// `export --format fieldnotes` and `import` of field notes, on both stores; each
/// member's own on a club store; and visits kept on this machine while the club store
/// is away, delivered once.
@Suite struct FinderCommandTests {
    static let oak: GeoCache = {
        var cache = GeoCache(title: "Oak", details: "d", creator: "c", reward: "r", code: "GC1OAK")
        cache.coordinate = Coordinate(latitudeMicrodegrees: 47_000_900, longitudeMicrodegrees: 8_000_000)
        return cache
    }()
    static let mill: GeoCache = {
        var cache = GeoCache(title: "Mill", details: "d", creator: "c", reward: "r", code: "GC2MILL")
        cache.coordinate = Coordinate(latitudeMicrodegrees: 47_027_000, longitudeMicrodegrees: 8_000_000)
        return cache
    }()

    private func fixture(_ kind: StoreKind) throws -> StoreFixture {
        let fixture = try StoreFixture(kind)
        try fixture.store.saveCaches([Self.oak, Self.mill])
        return fixture
    }

    private func run(_ fixture: StoreFixture, _ arguments: [String]) throws -> GeocacheTUIBinary.Result {
        try GeocacheTUIBinary.run(arguments + ["--store", fixture.storeArgument])
    }

    @Test("log records a visit with its UTC time and says so", arguments: StoreKind.allCases)
    func logRecordsAVisit(_ kind: StoreKind) throws {
        let fixture = try fixture(kind)
        let result = try run(fixture, ["log", "gc1oak", "found", "Thanks \"for\" the cache", "--time", "2026-11-28T11:32+01:00"])
        #expect(result.status == 0, "stderr was: \(result.error)")
        #expect(result.output == "Logged Found it on GC1OAK at 2026-11-28T10:32:00Z\n")
        #expect(try fixture.store.visits().map(\.visit)
                == [Visit(code: "GC1OAK", time: "2026-11-28T10:32:00Z", type: .foundIt, text: "Thanks \"for\" the cache")])
    }

    @Test("a found visit makes list --found keep the cache and --not-found leave it out", arguments: StoreKind.allCases)
    func foundFilters(_ kind: StoreKind) throws {
        let fixture = try fixture(kind)
        #expect(try run(fixture, ["log", "GC1OAK", "found"]).status == 0)
        #expect(try run(fixture, ["list", "--found"]).output.hasPrefix("Oak\t"))
        #expect(try run(fixture, ["list", "--not-found"]).output.hasPrefix("Mill\t"))
        #expect(try run(fixture, ["list", "--not-found"]).output.split(separator: "\n").count == 1)
    }

    @Test("list lines keep their columns and list --json marks a found cache", arguments: StoreKind.allCases)
    func listMarksFoundInJSONOnly(_ kind: StoreKind) throws {
        let fixture = try fixture(kind)
        let before = try run(fixture, ["list"]).output
        #expect(try run(fixture, ["log", "GC1OAK", "found", "--time", "2026-11-28T10:32Z"]).status == 0)
        #expect(try run(fixture, ["list"]).output == before)
        let json = try run(fixture, ["list", "--json"]).output
        #expect(json.contains("\"found\" : \"2026-11-28T10:32:00Z\""))
    }

    @Test("an unknown visit type and a time without a zone are usage errors", arguments: [["log", "GC1OAK", "founded"],
          ["log", "GC1OAK", "found", "--time", "2026-11-28T10:32"]])
    func badLogArguments(_ arguments: [String]) throws {
        let fixture = try fixture(.sqlite)
        let result = try run(fixture, arguments)
        #expect(result.status == 64)
        #expect(try fixture.store.visits().isEmpty)
    }

    @Test("a code that cannot be one is a usage error for log and own, as for edit --code",
          arguments: [["log", "bad code!", "found"], ["own", "bad code!"], ["own", "bad code!", "--note", "n"]])
    func aBadCodeIsAUsageError(_ arguments: [String]) throws {
        let fixture = try fixture(.sqlite)
        let result = try run(fixture, arguments)
        #expect(result.status == 64)
        #expect(result.error.contains("\"bad code!\" is not a cache code: codes are letters, digits"), "\(result.error)")
        #expect(result.error.contains("Usage: geocache-tui \(arguments[0])"), "\(result.error)")
    }

    @Test("a time without a zone is refused with the time as it would be in UTC, the option named once")
    func timeWithoutAZoneSaysSo() throws {
        let fixture = try fixture(.sqlite)
        let result = try run(fixture, ["log", "GC1OAK", "found", "--time", "2026-11-28T10:32"])
        #expect(result.status == 64)
        #expect(result.error.contains("\"2026-11-28T10:32\" has no time zone: add Z for UTC (2026-11-28T10:32Z)"))
        #expect(!result.error.contains("--time: "))
    }

    @Test("own --found with ten characters that are no date names them as typed")
    func foundNotADateNamesIt() throws {
        let fixture = try fixture(.sqlite)
        let result = try run(fixture, ["own", "GC1OAK", "--found", "2026-02-30"])
        #expect(result.status == 64)
        #expect(result.error.contains("--found: \"2026-02-30\" is not a date such as 2026-11-28"))
        #expect(!result.error.contains("T00:00Z"))
    }

    @Test("a visit to a code not stored is kept, and standard error says so", arguments: StoreKind.allCases)
    func visitToUnknownCode(_ kind: StoreKind) throws {
        let fixture = try fixture(kind)
        let result = try run(fixture, ["log", "GC9NONE", "dnf"])
        #expect(result.status == 0)
        #expect(result.error.contains("no cache with the code GC9NONE is stored; the visit is kept all the same"))
        #expect(try fixture.store.visits().map(\.visit.code) == ["GC9NONE"])
    }

    @Test("own --final moves the cache in list --near and export writes it with the listing's kept",
          arguments: StoreKind.allCases)
    func finalIsUsedByNearestAndExport(_ kind: StoreKind) throws {
        let fixture = try fixture(kind)
        let here = "47.000000, 8.000000"
        #expect(try run(fixture, ["list", "--near", here]).output.split(separator: "\n").first?.hasSuffix("Oak\td\tc\tr") == true)
        let set = try run(fixture, ["own", "GC2MILL", "--final", "47.000100, 8.000000", "--note", "solved"])
        #expect(set.status == 0, "stderr was: \(set.error)")
        #expect(set.output == "GC2MILL\nfound\tno\nfinal\tN 47° 00.006′ E 008° 00.000′\nnote\tsolved\n")
        #expect(try run(fixture, ["list", "--near", here]).output.split(separator: "\n").first == "11 m\tN\tMill\td\tc\tr")
        let gpx = try run(fixture, ["export", "--format", "gpx"]).output
        #expect(gpx.contains("<wpt lat=\"47.000100\" lon=\"8.000000\">"))
        #expect(gpx.contains("<gsak:LatBeforeCorrect>47.027000</gsak:LatBeforeCorrect>"))
        #expect(gpx.contains("<gsak:GcNote>solved</gsak:GcNote>"))
    }

    @Test("own of a cache with nothing set prints every line, each saying none", arguments: StoreKind.allCases)
    func ownOfNothingPrintsEveryLine(_ kind: StoreKind) throws {
        let fixture = try fixture(kind)
        let shown = try run(fixture, ["own", "GC2MILL"])
        #expect(shown.status == 0, "stderr was: \(shown.error)")
        #expect(shown.output == "GC2MILL\nfound\tno\nfinal\tnone\nnote\t\n")
    }

    @Test("own prints a note with a tab, a backslash, a line break and an escape sequence escaped as list escapes a field")
    func ownEscapesItsNoteAsListDoes() throws {
        let fixture = try fixture(.sqlite)
        let note = "under the\tstone\\left\nsecond line \u{1B}[2J"
        let set = try run(fixture, ["own", "GC2MILL", "--note", note])
        #expect(set.status == 0, "stderr was: \(set.error)")
        #expect(set.output == "GC2MILL\nfound\tno\nfinal\tnone\nnote\tunder the\\tstone\\\\left\\nsecond line \\u{1B}[2J\n")
        #expect(try fixture.store.ownData().byCode["GC2MILL"]?.note == note)
    }

    @Test("own prints the visits logged to the cache after its data, newest first, each text escaped as list escapes a field",
          arguments: StoreKind.allCases)
    func ownPrintsTheVisitsNewestFirst(_ kind: StoreKind) throws {
        let fixture = try fixture(kind)
        #expect(try run(fixture, ["log", "GC2MILL", "dnf", "Muggles\tall around", "--time", "2026-11-20T09:15Z"]).status == 0)
        #expect(try run(fixture, ["log", "GC2MILL", "found", "Under the wheel.\nTFTC", "--time", "2026-11-28T10:32Z"]).status == 0)
        #expect(try run(fixture, ["log", "GC1OAK", "note", "Other cache", "--time", "2026-11-29T08:00Z"]).status == 0)
        let shown = try run(fixture, ["own", "gc2mill"])
        #expect(shown.status == 0, "stderr was: \(shown.error)")
        #expect(shown.output == "GC2MILL\nfound\t2026-11-28T10:32:00Z\nfinal\tnone\nnote\t\n"
                + "visit\t2026-11-28T10:32:00Z\tFound it\tUnder the wheel.\\nTFTC\n"
                + "visit\t2026-11-20T09:15:00Z\tDidn't find it\tMuggles\\tall around\n", "\(shown.output)")
    }

    @Test("export --not-found leaves found caches out and GPX writes Geocache Found", arguments: StoreKind.allCases)
    func exportFoundCaches(_ kind: StoreKind) throws {
        let fixture = try fixture(kind)
        #expect(try run(fixture, ["log", "GC1OAK", "found"]).status == 0)
        let all = try run(fixture, ["export", "--format", "gpx"]).output
        #expect(all.components(separatedBy: "<sym>Geocache Found</sym>").count == 2)
        let left = try run(fixture, ["export", "--format", "gpx", "--not-found"]).output
        #expect(!left.contains("GC1OAK") && left.contains("GC2MILL"))
    }

    @Test("a found cache's own GPX read back changes nothing, and once the find is removed the export no longer says found",
          arguments: StoreKind.allCases)
    func ownGPXOfAFoundCacheReadsBackWithoutTakingTheFindIntoTheListing(_ kind: StoreKind) throws {
        let fixture = try fixture(kind)
        #expect(try run(fixture, ["log", "GC1OAK", "found", "--time", "2026-01-01T00:00Z"]).status == 0)
        let file = fixture.directory.file("own.gpx").path
        #expect(try run(fixture, ["export", "--format", "gpx", "-o", file]).status == 0)
        #expect(try String(contentsOfFile: file, encoding: .utf8).contains("<gsak:UserFound>2026-01-01T00:00:00Z</gsak:UserFound>"))
        let imported = try run(fixture, ["import", file])
        #expect(imported.output.contains("updated 0"), "\(imported.output)")
        #expect(try run(fixture, ["own", "GC1OAK", "--found", "none"]).status == 0)
        let after = try run(fixture, ["export", "--format", "gpx"]).output
        #expect(!after.contains("<sym>Geocache Found</sym>"), "\(after)")
    }

    @Test("a LOC export holding your final, read back, keeps the cache's own place", arguments: StoreKind.allCases)
    func ownLOCWithAFinalKeepsTheListingsPlace(_ kind: StoreKind) throws {
        let fixture = try fixture(kind)
        let place = try #require(try fixture.store.loadCaches().first { $0.code == "GC1OAK" }?.coordinate)
        #expect(try run(fixture, ["own", "GC1OAK", "--final", "47.1, 8.1"]).status == 0)
        let file = fixture.directory.file("own.loc").path
        #expect(try run(fixture, ["export", "--format", "loc", "-o", file]).status == 0)
        #expect(try String(contentsOfFile: file, encoding: .utf8).contains("lat=\"47.100000\" lon=\"8.100000\""))
        let imported = try run(fixture, ["import", file])
        #expect(imported.status == 0 && imported.output.contains("updated 0"), "\(imported.output)")
        #expect(try fixture.store.loadCaches().first { $0.code == "GC1OAK" }?.coordinate == place)
    }

    @Test("a listing's own Geocache Found symbol, from a pocket query, stays through an export read back")
    func aPocketQuerysFoundSymbolSurvivesTheRoundTrip() throws {
        let fixture = try StoreFixture(.sqlite)
        var found = Self.oak
        found.listing.symbol = Listing.foundSymbol
        try fixture.store.saveCaches([found])
        let file = fixture.directory.file("own.gpx").path
        #expect(try run(fixture, ["export", "--format", "gpx", "-o", file]).status == 0)
        #expect(!(try String(contentsOfFile: file, encoding: .utf8)).contains("UserFound"))
        #expect(try run(fixture, ["import", file]).status == 0)
        #expect(try fixture.store.loadCaches().first?.listing.symbol == Listing.foundSymbol)
    }

    @Test("export --format fieldnotes writes the visits not exported yet, byte for byte, and marks them",
          arguments: StoreKind.allCases)
    func fieldNotesExport(_ kind: StoreKind) throws {
        let fixture = try fixture(kind)
        #expect(try run(fixture, ["log", "GC1OAK", "found", "Said \"hi\"", "--time", "2026-11-28T10:32Z"]).status == 0)
        let path = fixture.directory.file("geocache_visits.txt").path
        let first = try run(fixture, ["export", "--format", "fieldnotes", "-o", path])
        #expect(first.status == 0, "stderr was: \(first.error)")
        let expected: [UInt8] = [0xFF, 0xFE] + "GC1OAK,2026-11-28T10:32Z,Found it,\"Said \"\"hi\"\"\"\r\n".utf16
            .flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: path))) == expected)
        #expect(try fixture.store.visits().map(\.exported) == [true])
        #expect(try run(fixture, ["log", "GC2MILL", "dnf", "--time", "2026-11-28T11:00Z"]).status == 0)
        try FileManager.default.removeItem(atPath: path)   // Uploaded.
        let second = try run(fixture, ["export", "--format", "fieldnotes", "-o", path])
        #expect(second.error.contains("1 visit written"))
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)).dropFirst(2))
        let units = stride(from: 0, to: bytes.count - 1, by: 2).map { UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8 }
        #expect(String(decoding: units, as: UTF16.self) == "GC2MILL,2026-11-28T11:00Z,Didn't find it,\"\"\r\n")
    }

    @Test("a visit logged with seconds, imported back from its own field-notes export, is already kept, its time as logged",
          arguments: StoreKind.allCases)
    func ownFieldNotesImportedBackAddNothing(_ kind: StoreKind) throws {
        let fixture = try fixture(kind)
        #expect(try run(fixture, ["log", "GC1OAK", "found", "Quick find", "--time", "2026-11-28T10:32:40Z"]).status == 0)
        let path = fixture.directory.file("geocache_visits.txt").path
        #expect(try run(fixture, ["export", "--format", "fieldnotes", "-o", path]).status == 0)
        let imported = try run(fixture, ["import", path])
        #expect(imported.status == 0, "stderr was: \(imported.error)")
        #expect(imported.output.contains("Visits: added 0, already kept 1"), "\(imported.output)")
        #expect(try fixture.store.visits().map(\.visit.time) == ["2026-11-28T10:32:40Z"])
        #expect(try fixture.store.ownData().byCode["GC1OAK"]?.found == "2026-11-28T10:32:40Z")
    }

    @Test("a note over its limit is refused naming the limit in bytes, a visit's text in characters")
    func theLimitsSayWhatTheyCount() throws {
        let fixture = try fixture(.sqlite)
        let note = try run(fixture, ["own", "GC1OAK", "--note", String(repeating: "é", count: 5_001)])
        #expect(note.status == 1)
        #expect(note.error.contains("the note is longer than 10000 bytes in UTF-8"), "\(note.error)")
        let visit = try run(fixture, ["log", "GC1OAK", "note", String(repeating: "x", count: 65_537)])
        #expect(visit.error.contains("the visit's text is longer than 65536 characters"), "\(visit.error)")
        #expect(try fixture.store.visits().isEmpty && fixture.store.ownData().byCode.isEmpty)
    }

    @Test("a field-notes export with no new visits leaves the file not uploaded yet as it was",
          arguments: StoreKind.allCases)
    func fieldNotesExportOfNothingLeavesTheFile(_ kind: StoreKind) throws {
        let fixture = try fixture(kind)
        #expect(try run(fixture, ["log", "GC1OAK", "found", "--time", "2026-11-28T10:32Z"]).status == 0)
        let path = fixture.directory.file("geocache_visits.txt").path
        #expect(try run(fixture, ["export", "--format", "fieldnotes", "-o", path]).status == 0)
        let written = try Data(contentsOf: URL(fileURLWithPath: path))
        let again = try run(fixture, ["export", "--format", "fieldnotes", "-o", path])
        #expect(again.status == 0)
        #expect(again.error.contains("no visits to export that were not exported before (--all writes them again); "
                                     + "\(path) was left as it was"), "\(again.error)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == written)
    }

    @Test("a field-notes export of new visits over a file holding earlier ones is refused, the file and the new visits left as they were",
          arguments: StoreKind.allCases)
    func fieldNotesExportOverEarlierVisitsIsRefused(_ kind: StoreKind) throws {
        let fixture = try fixture(kind)
        #expect(try run(fixture, ["log", "GC1OAK", "found", "--time", "2026-11-28T10:32Z"]).status == 0)
        let path = fixture.directory.file("geocache_visits.txt").path
        #expect(try run(fixture, ["export", "--format", "fieldnotes", "-o", path]).status == 0)
        let written = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(try run(fixture, ["log", "GC2MILL", "found", "--time", "2026-11-29T10:00Z"]).status == 0)
        let again = try run(fixture, ["export", "--format", "fieldnotes", "-o", path])
        #expect(again.status == 1)
        #expect(again.error.contains("\(path) holds 1 visit this export does not (from an earlier export, perhaps not "
                                     + "uploaded yet), so it was left as it was"), "\(again.error)")
        #expect(again.error.hasSuffix(", write to another file, or add --all to write every visit again\n"), "\(again.error)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == written)
        #expect(try fixture.store.visits().filter { !$0.exported }.map(\.visit.code) == ["GC2MILL"])
    }

    @Test("a field-notes file's name with a line break and a reordering control is repeated escaped, on one line, by import and export")
    func fieldNotesFileNamesAreEscaped() throws {
        let fixture = try fixture(.sqlite)
        let path = fixture.directory.file("fn\n\u{202E}.txt").path
        let escaped = fixture.directory.file("fn\\n\\u{202E}.txt").path
        try Data("GC1OAK,2026-11-28T10:32Z,Bogus,\"a\"\r\n".utf8).write(to: URL(fileURLWithPath: path))
        let imported = try run(fixture, ["import", path])
        #expect(imported.status == 1)
        #expect(imported.error.hasPrefix("geocache-tui: \(escaped), line 1: "), "\(imported.error)")
        #expect(!imported.error.unicodeScalars.contains("\u{202E}"))
        try Data("GC1OAK,2026-11-28T10:32Z,Found it,\"a\"\r\n".utf8).write(to: URL(fileURLWithPath: path))
        #expect(try run(fixture, ["log", "GC2MILL", "found", "--time", "2026-11-29T10:00Z"]).status == 0)
        let exported = try run(fixture, ["export", "--format", "fieldnotes", "-o", path])
        #expect(exported.status == 1)
        #expect(exported.error.hasPrefix("geocache-tui: \(escaped) holds 1 visit this export does not"), "\(exported.error)")
        #expect(exported.error.filter { $0 == "\n" }.count == 1)
    }

    @Test("a field-notes export with --all over a file whose times give seconds, holding only visits the store has, writes it",
          arguments: StoreKind.allCases)
    func fieldNotesExportOverAFileWithSecondsIsWritten(_ kind: StoreKind) throws {
        let fixture = try fixture(kind)
        let path = fixture.directory.file("geocache_visits.txt").path
        try Data("GC1OAK,2026-11-28T10:32:15Z,Found it,\"a\"\r\n".utf8).write(to: URL(fileURLWithPath: path))
        #expect(try run(fixture, ["import", path]).status == 0)
        let export = try run(fixture, ["export", "--format", "fieldnotes", "--all", "-o", path])
        #expect(export.status == 0, "\(export.error)")
        #expect(try String(contentsOfFile: path, encoding: .utf16).contains("GC1OAK,2026-11-28T10:32Z,Found it,\"a\""))
    }

    @Test("a field-notes export over a file holding a visit the store never had does not advise --all, which would not help",
          arguments: StoreKind.allCases)
    func fieldNotesExportOverAForeignVisitDoesNotAdviseAll(_ kind: StoreKind) throws {
        let fixture = try fixture(kind)
        #expect(try run(fixture, ["log", "GC1OAK", "found", "--time", "2026-11-28T10:32Z"]).status == 0)
        let path = fixture.directory.file("geocache_visits.txt").path
        try Data("GC9ZZZ,2026-11-27T09:00Z,Found it,\"elsewhere\"\n".utf8).write(to: URL(fileURLWithPath: path))
        for arguments in [[String](), ["--all"]] {
            let export = try run(fixture, ["export", "--format", "fieldnotes", "-o", path] + arguments)
            #expect(export.status == 1)
            #expect(export.error.hasSuffix("so it was left as it was: upload it and remove it or write to another file\n"),
                    "\(export.error)")
        }
    }

    @Test("a field-notes export over field notes that cannot be read (Latin-1) leaves them as they were, saying why",
          arguments: StoreKind.allCases)
    func fieldNotesExportOverUnreadableFieldNotesIsRefused(_ kind: StoreKind) throws {
        let fixture = try fixture(kind)
        #expect(try run(fixture, ["log", "GC1OAK", "found", "--time", "2026-11-28T10:32Z"]).status == 0)
        let path = fixture.directory.file("geocache_visits.txt").path
        let latin1 = Data("GC2MILL,2026-11-27T09:00Z,Found it,\"caf".utf8) + Data([0xE9, 0x22, 0x0A])
        try latin1.write(to: URL(fileURLWithPath: path))
        let export = try run(fixture, ["export", "--format", "fieldnotes", "-o", path])
        #expect(export.status == 1)
        #expect(export.error.contains("line 1, column 40: invalid UTF-8"), "\(export.error)")
        #expect(export.error.contains("what it holds is not known, so it was left as it was"), "\(export.error)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == latin1)
    }

    @Test("a field-notes export over a file it cannot open to read (mode 0200) leaves it as it was, saying why",
          arguments: StoreKind.allCases)
    func fieldNotesExportOverAFileItCannotReadIsRefused(_ kind: StoreKind) throws {
        let fixture = try fixture(kind)
        #expect(try run(fixture, ["log", "GC1OAK", "found", "--time", "2026-11-28T10:32Z"]).status == 0)
        let path = fixture.directory.file("geocache_visits.txt").path
        let earlier = Data("GC2MILL,2026-11-27T09:00Z,Found it,\"first trip\"\n".utf8)
        try earlier.write(to: URL(fileURLWithPath: path))
        #expect(chmod(path, 0o200) == 0)
        // Root reads any file: the export runs without the capabilities that let it.
        let export = try GeocacheTUIBinary.runTool("/usr/bin/setpriv", [
            "--bounding-set=-dac_override,-dac_read_search", "--inh-caps=-all", GeocacheTUIBinary.url.path,
            "export", "--format", "fieldnotes", "-o", path, "--store", fixture.storeArgument])
        #expect(export.status == 1)
        #expect(export.error.contains("\(path): it cannot be opened to read (Permission denied); what it holds is not known, "
                                      + "so it was left as it was"), "\(export.error)")
        #expect(chmod(path, 0o600) == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == earlier)
        #expect(try fixture.store.visits().filter { !$0.exported }.map(\.visit.code) == ["GC1OAK"])
    }

    @Test("a field-notes export with no new visits to a file not there says it was not written, and makes none",
          arguments: StoreKind.allCases)
    func fieldNotesExportOfNothingToANewFileSaysNotWritten(_ kind: StoreKind) throws {
        let fixture = try fixture(kind)
        let path = fixture.directory.file("geocache_visits.txt").path
        let result = try run(fixture, ["export", "--format", "fieldnotes", "-o", path])
        #expect(result.status == 0)
        #expect(result.error.hasSuffix("; \(path) was not written\n"), "\(result.error)")
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test("a field-notes export from a read-only store writes the file and says in one sentence that nothing was marked")
    func fieldNotesExportFromAReadOnlyStore() throws {
        let fixture = try fixture(.sqlite)
        #expect(try run(fixture, ["log", "GC1OAK", "found"]).status == 0)
        #expect(chmod(fixture.storeArgument, 0o444) == 0)
        let path = fixture.directory.file("geocache_visits.txt").path
        let result = try run(fixture, ["export", "--format", "fieldnotes", "-o", path])
        #expect(result.status == 1)
        #expect(result.error.contains("\(path) holds the field notes, but the store could not mark their visits exported, "
                                      + "so the next export writes them again. The store said: "), "\(result.error)")
        #expect(!result.error.contains("ExitCode") && !result.error.contains(".."), "\(result.error)")
        #expect(FileManager.default.fileExists(atPath: path))
    }

    @Test("field notes given on standard input are refused saying they are imported from a file")
    func fieldNotesOnStandardInputAreRefusedSayingSo() throws {
        let fixture = try fixture(.sqlite)
        let notes = fixture.directory.file("notes.txt")
        try Data("GC1OAK,2026-11-28T10:32Z,Found it,\"Nice\"\r\n".utf8).write(to: notes)
        let errors = fixture.directory.file("stderr")
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        let process = try GeocacheTUIBinary.start(["import", "--store", fixture.storeArgument, "-"],
                                                  input: try FileHandle(forReadingFrom: notes),
                                                  error: try FileHandle(forWritingTo: errors))
        try process.waitForExit(timeout: .seconds(60))
        #expect(process.terminationStatus == 1)
        let message = try String(contentsOf: errors, encoding: .utf8)
        #expect(message.contains("field notes are imported from a file, not standard input"), "\(message)")
    }

    @Test("field notes given through a pipe are refused saying they are imported from a file, not as text to convert")
    func fieldNotesThroughAPipeAreRefusedSayingSo() throws {
        let fixture = try fixture(.sqlite)
        let fifo = fixture.directory.file("notes.fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let writer = Thread {
            guard let handle = FileHandle(forWritingAtPath: fifo) else { return }
            handle.write(Data([0xFF, 0xFE]) + "GC1OAK,2026-11-28T10:32Z,Found it,\"Nice\"\r\n".data(using: .utf16LittleEndian)!)
            try? handle.close()
        }
        writer.start()
        let result = try GeocacheTUIBinary.run(["import", "--store", fixture.storeArgument, fifo])
        #expect(result.status == 1)
        #expect(result.error.contains("field notes are imported from a file, not standard input or a pipe"), "\(result.error)")
    }

    @Test("a field-notes export to standard output marks nothing exported", arguments: StoreKind.allCases)
    func fieldNotesToStandardOutput(_ kind: StoreKind) throws {
        let fixture = try fixture(kind)
        #expect(try run(fixture, ["log", "GC1OAK", "found"]).status == 0)
        #expect(try run(fixture, ["export", "--format", "fieldnotes"]).status == 0)
        #expect(try fixture.store.visits().map(\.exported) == [false])
    }

    @Test("field notes finding a cache earlier than its found date say that the found date moved earlier",
          arguments: StoreKind.allCases)
    func fieldNotesOfAnEarlierFindSayTheFoundDateMoved(_ kind: StoreKind) throws {
        let fixture = try fixture(kind)
        #expect(try run(fixture, ["log", "GC1OAK", "found", "By hand", "--time", "2026-11-28T18:00Z"]).status == 0)
        let path = fixture.directory.file("notes.txt").path
        try Data("GC1OAK,2026-11-28T10:32Z,Found it,\"TFTC\"\n".utf8).write(to: URL(fileURLWithPath: path))
        let result = try run(fixture, ["import", path])
        #expect(result.output == "Visits: added 1, already kept 0; found date moved earlier 1.\n", "stderr: \(result.error)")
    }

    @Test("import reads field notes in UTF-8 without a mark, LF and seconds, as visits; a second import adds none",
          arguments: StoreKind.allCases)
    func fieldNotesImport(_ kind: StoreKind) throws {
        let fixture = try fixture(kind)
        let path = fixture.directory.file("notes.txt").path
        try Data("GC1OAK,2026-11-28T10:32:15Z,Found it,\"Nice\"\nGC9NONE,2026-11-28T11:00Z,Write note,\"'quoted'\"\n".utf8)
            .write(to: URL(fileURLWithPath: path))
        let result = try run(fixture, ["import", path])
        #expect(result.status == 0, "stderr was: \(result.error)")
        #expect(result.output == "Visits: added 2, already kept 0; marked found 1; kept for caches not stored: 1 (GC9NONE).\n")
        #expect(try run(fixture, ["import", path]).output == "Visits: added 0, already kept 2.\n")
        #expect(try fixture.store.ownData().byCode["GC1OAK"]?.found == "2026-11-28T10:32:15Z")
    }

    @Test("two field-notes exports at once write each visit into one file only")
    func twoExportsAtOnceShareNoVisit() throws {
        let fixture = try fixture(.sqlite)
        let visits = (0..<300).map { Visit(code: "GC1OAK", time: "2026-11-2\($0 % 9 + 1)T10:\($0 % 50 + 10):00Z",
                                             type: .writeNote, text: "note \($0)") }
        _ = try fixture.store.recordVisits(visits, as: WriteID())
        let files = ["a.txt", "b.txt"].map { fixture.directory.file($0).path }
        let exports = try files.map {
            try GeocacheTUIBinary.start(["export", "--format", "fieldnotes", "-o", $0, "--store", fixture.storeArgument])
        }
        for export in exports { export.waitUntilExit() }
        let written = files.map { path in
            (try? Data(contentsOf: URL(fileURLWithPath: path))).map { FieldNotes.read(Array($0)).visits } ?? []
        }
        #expect(written[0].count + written[1].count == 300)
        #expect(Set(written[0]).isDisjoint(with: written[1]))
    }

    @Test("a field-notes file with a bad line stores nothing, naming the line; --skip-invalid keeps the rest")
    func fieldNotesWithABadLine() throws {
        let fixture = try fixture(.sqlite)
        let path = fixture.directory.file("notes.txt").path
        let text = "GC1OAK,2026-11-28T10:32Z,Found it,\"ok\"\r\nGC2MILL,2026-02-30T10:32Z,Found it,\"no such day\"\r\n"
        try Data([0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }).write(to: URL(fileURLWithPath: path))
        let refused = try run(fixture, ["import", path])
        #expect(refused.status == 1)
        #expect(refused.error.contains("notes.txt, line 2: \"2026-02-30T10:32Z\" is written as a UTC time, but no such day"))
        #expect(try fixture.store.visits().isEmpty)
        let skipping = try run(fixture, ["import", "--skip-invalid", path])
        #expect(skipping.status == 0)
        #expect(try fixture.store.visits().map(\.visit.code) == ["GC1OAK"])
    }
}

/// Each member's own data and visits on a club store: row-level security keeps them to
/// the role, from the program and from psql.
@Suite struct FinderClubTests {
    @Test func aMembersVisitsAndOwnDataAreTheirsAlone() throws {
        let club = try ClubFixture.make()
        let ana = try PostgresStore(url: club.url(as: club.ana), purpose: .command)
        let bo = try PostgresStore(url: club.url(as: club.bo), purpose: .command)
        _ = try ana.recordVisits([Visit(code: "GC1OAK", time: "2026-11-28T10:32:00Z", type: .foundIt, text: "mine")],
                                 as: WriteID())
        try ana.setOwnData(OwnData(note: "ana's"), forCode: "GC2MILL", as: WriteID())
        #expect(try bo.visits().isEmpty)
        #expect(try bo.ownData().byCode.isEmpty)
        #expect(try ana.visits().count == 1)
        #expect(try ana.ownData().byCode["GC2MILL"]?.note == "ana's")
        // From psql, bo sees none of ana's rows and cannot write one as hers.
        #expect(try club.sql(as: club.bo, "SELECT count(*) FROM geocache_visit").rows.first?.int(0) == 0)
        #expect(throws: PostgresError.self) {
            try club.sql(as: club.bo, "INSERT INTO geocache_own (member, code) VALUES ($1, 'GC3X')", [.text(club.ana)])
        }
    }
}

/// `log` while the club store's server is down: kept on this machine, delivered by the
/// next command once it answers, exactly once.
@Suite(.serialized) struct FinderFieldModeCommandTests {
    @Test func aVisitLoggedWhileTheServerIsDownIsDeliveredOnceBySync() throws {
        let club = try FieldModeClub()
        defer { club.finish() }
        try club.server.stop()
        let logged = try club.run(["log", "GC1OAK", "found", "on the spot", "--time", "2026-11-28T10:32Z"])
        #expect(logged.status == 0, "stderr was: \(logged.error)")
        #expect(logged.error.contains("kept on this machine: 1 change waiting for the club store"))
        try club.server.start()
        #expect(try club.run(["sync"]).status == 0)
        #expect(try club.run(["sync"]).status == 0)
        let store = try PostgresStore(url: club.url)
        #expect(try store.visits().map(\.visit.text) == ["on the spot"])
        #expect(try store.ownData().byCode["GC1OAK"]?.found == "2026-11-28T10:32:00Z")
    }
}

/// A club set up before the finder's tables (schema version 6) is migrated to them with
/// its members' grants: a member logs a visit right after the upgrade.
@Suite struct FinderClubUpgradeTests {
    @Test func aClubSetUpBeforeVersion7LetsItsMembersLogAfterTheUpgrade() throws {
        let club = try ClubFixture.make()
        // Back to version 6, as a club set up before this version left it.
        for statement in ["DROP TABLE geocache_own", "DROP TABLE geocache_visit",
                          "DELETE FROM geocache_schema WHERE version >= 7"] {
            try club.sql(as: club.admin, statement)
        }
        _ = try PostgresStore(url: club.url(as: club.admin), purpose: .command).count()
        let ana = try PostgresStore(url: club.url(as: club.ana), purpose: .command)
        let recorded = try ana.recordVisits([Visit(code: "GC1OAK", time: "2026-11-28T10:32:00Z", type: .writeNote,
                                                   text: "after the upgrade")], as: WriteID())
        #expect(recorded.added == 1)
    }
}
