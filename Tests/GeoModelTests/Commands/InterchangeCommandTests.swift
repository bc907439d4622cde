import Foundation
import Testing
@testable import GeoModel
import GeoTestSupport

/// The `export` and `import` subcommands, run as separate processes.
@Suite("Import and export commands")
struct InterchangeCommandTests {
    /// Runs `geocache-tui import --store <store> <arguments>`.
    private func runImport(_ fixture: StoreFixture, _ arguments: [String]) throws -> GeocacheTUIBinary.Result {
        try GeocacheTUIBinary.run(["import", "--store", fixture.storeArgument] + arguments)
    }

    /// Asserts a refused import into `given` (a new SQLite store seeded when nil): exit 1,
    /// the message on stderr, the store as seeded.
    private func expectRefused(_ arguments: [String], message: String, in given: StoreFixture? = nil,
                               sourceLocation: SourceLocation = #_sourceLocation) throws {
        let fixture = try given ?? StoreFixture.seeded()
        let result = try runImport(fixture, arguments)
        #expect(result.status == 1, sourceLocation: sourceLocation)
        #expect(result.error.contains(message), "stderr was: \(result.error)", sourceLocation: sourceLocation)
        #expect(result.output.isEmpty, sourceLocation: sourceLocation)
        #expect(try fixture.store.loadCaches().withoutCodes == [Samples.oak, Samples.bridge], sourceLocation: sourceLocation)
    }

    @Test(arguments: StoreKind.allCases) func importPrintsTheSummaryLineAndExitsZero(_ kind: StoreKind) throws {
        let fixture = try StoreFixture.seeded(kind)
        let result = try runImport(fixture, [try Interchange.fixture("pocket-query-1.0.gpx").path])
        #expect(result.status == 0)
        #expect(result.output == "Added 2 caches, skipped 0 as duplicates, rejected 0. "
                + "Paired 1 additional waypoint with its cache.\n")
        #expect(try fixture.store.count() == 4)
    }

    @Test func importReadsStandardInputForADash() throws {
        let fixture = try StoreFixture.seeded()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        let outputURL = fixture.fileURL.deletingLastPathComponent().appendingPathComponent("import-stdout")
        // The output goes to a file, not a pipe: a pipe inherited by another test's
        // long-lived child would keep a reader waiting for end-of-file.
        process.arguments = ["-c", #""$0" import --store "$1" - < "$2" > "$3""#, GeocacheTUIBinary.url.path,
                             fixture.storeArgument, try Interchange.fixture("caches.json").path, outputURL.path]
        try process.run()
        try process.waitForExit()
        let text = try String(contentsOf: outputURL, encoding: .utf8)
        #expect(process.terminationStatus == 0)
        #expect(text == "Added 1 cache, skipped 1 as duplicate, rejected 0.\n")
    }

    @Test(arguments: StoreKind.allCases) func exportJSONIsTheArrayOfDictionariesInStoredOrder(_ kind: StoreKind) throws {
        let fixture = try StoreFixture.seeded(kind)
        let result = try GeocacheTUIBinary.run(["export", "--store", fixture.storeArgument])
        #expect(result.status == 0)
        #expect(result.output == JSONInterchange.document(for: try fixture.open().loadCaches()))
        #expect(try fixture.open().loadCaches().withoutCodes == [Samples.oak, Samples.bridge])
    }

    @Test func exportWritesTheChosenFormatToTheOutputFile() throws {
        let fixture = try StoreFixture.seeded()
        let file = fixture.directory.file("out.gpx")
        let result = try GeocacheTUIBinary.run(["export", "--store", fixture.storeArgument,
                                                "--format", "gpx", "--output", file.path])
        #expect(result.status == 0)
        #expect(result.output.isEmpty)
        #expect(try String(contentsOf: file, encoding: .utf8) == GPXWriter.document(for: [Samples.oak, Samples.bridge]))
    }

    @Test func exportedFilesImportIntoAnEmptyStoreUnchanged() throws {
        let source = try StoreFixture()
        // Placed: GPX writes only caches with a coordinate.
        let placed = Interchange.placed(Interchange.awkwardCaches)
        try source.store.saveCaches(placed)
        for format in ["json", "gpx"] {
            let file = source.directory.file("export.\(format)")
            let export = try GeocacheTUIBinary.run(["export", "--store", source.storeArgument,
                                                    "--format", format, "-o", file.path])
            #expect(export.status == 0)
            let target = try StoreFixture()
            let result = try runImport(target, [file.path])
            #expect(result.status == 0, "\(format): \(result.error)")
            let imported = try target.store.loadCaches()
            #expect(imported.map(Interchange.labFields) == Interchange.awkwardCaches, "\(format)")
            #expect(imported.map(\.coordinate) == placed.map(\.coordinate), "\(format)")
        }
    }

    @Test func invalidElementsCancelTheImportAndAreListedWithTheirIndex() throws {
        let path = try Interchange.fixture("missing-key.json").path
        try expectRefused([path], message: "\(path): 4 records are invalid, so nothing was imported")
        try expectRefused([path], message: "\(path):3:3: element 1: missing key \"reward\"")
    }

    /// Writes `text` to a file of its own named `name`; its path.
    private func file(_ name: String, _ text: String, in directory: TemporaryDirectory) throws -> String {
        let url = directory.file(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    @Test func aValueFromTheFileIsRepeatedWithItsControlCharactersEscapedNeverRaw() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = try file("escape.json", #"[{"title":"t","details":"d","creator":"c","reward":"r","code":"\u001b[2J\nx"}]"#,
                            in: directory)
        try expectRefused([path], message: #""code" "\u{1B}[2J\nx" is not a code"#)
        let fixture = try StoreFixture.seeded()
        #expect(!(try runImport(fixture, [path]).error.contains("\u{1B}")))
    }

    @Test("A file's name given to import is repeated with its control characters escaped, on one line")
    func fileNameWithControlCharacters() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = try file("f\nx\u{1B}[2J.gpx", "<gpx><bad", in: directory)
        let escaped = path.replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\u{1B}", with: "\\u{1B}")
        let fixture = try StoreFixture.seeded()
        let result = try runImport(fixture, [path])
        #expect(result.error.hasPrefix("geocache-tui: \(escaped):1:10: malformed XML"), "\(result.error)")
        #expect(result.error.filter { $0 == "\n" }.count == 1)
    }

    @Test("A reordering control in a waypoint's code is escaped in every message import writes, never turning a line around")
    func aReorderingControlInACodeIsEscaped() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = try file("w.gpx", #"<gpx><wpt lat="x\#u{202E}" lon="2"><name>GC1\#u{202E}AB</name><type>Geocache</type></wpt></gpx>"#,
                            in: directory)
        let result = try runImport(try StoreFixture.seeded(), [path])
        #expect(result.error.contains("GC1\\u{202E}AB"), "\(result.error)")
        #expect(!result.error.unicodeScalars.contains("\u{202E}"), "\(result.error)")
    }

    @Test func aHugeValueFromTheFileIsRepeatedCutShort() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let digits = "4" + String(repeating: "0", count: 100_000)
        let path = try file("huge.json", #"[{"title":"t","details":"d","creator":"c","reward":"r","latitude":"#
                            + digits + #","longitude":8}]"#, in: directory)
        try expectRefused([path], message: "latitude 4" + String(repeating: "0", count: 39) + "… is not from -90 to 90")
        let fixture = try StoreFixture.seeded()
        #expect(try runImport(fixture, [path]).error.utf8.count < 1_000)
    }

    @Test(arguments: StoreKind.allCases) func skipInvalidImportsTheGoodOnesAndListsTheRestOnStderr(_ kind: StoreKind) throws {
        let fixture = try StoreFixture.seeded(kind)
        let path = try Interchange.fixture("missing-key.json").path
        let result = try runImport(fixture, ["--skip-invalid", path])
        #expect(result.status == 0)
        #expect(result.output == "Added 1 cache, skipped 0 as duplicates, rejected 4.\n")
        #expect(result.error.contains("skipped invalid \(path):5:3: element 3: \"title\" is a number, not a string"))
        #expect(try fixture.store.count() == 3)
    }

    @Test("import's summary names a cache whose record gave two logs one id")
    func theSummaryNamesARepeatedLogID() throws {
        let fixture = try StoreFixture()
        let path = try fixture.write(RepeatedLogIDTests.pocketQuery, to: "pq.gpx")
        let result = try runImport(fixture, [path])
        #expect(result.status == 0)
        #expect(result.output == "Added 1 cache, skipped 0 as duplicates, rejected 0. 1 cache has two logs with the same id, "
                + "kept as one (the later, in the earlier's place): GC1A2B3.\n")
    }

    @Test func malformedXMLIsRefusedWithFileLineAndColumn() throws {
        let path = try Interchange.fixture("truncated.gpx").path
        try expectRefused([path], message: "geocache-tui: \(path):14:55: malformed XML: ")
    }

    @Test func malformedJSONIsRefusedWithFileLineAndColumn() throws {
        let path = try Interchange.fixture("malformed.json").path
        try expectRefused([path], message: "geocache-tui: \(path):3:17: malformed JSON: expected ',' or '}'")
    }

    @Test func anEndlessStreamOfZeroBytesIsRefusedAtByteTwoWithoutReadingOn() throws {
        let fixture = try StoreFixture.seeded()
        let directory = fixture.directory.url.path
        // dd ignores SIGPIPE, so it reports how much it could write before the importer left.
        let script = #"( trap '' PIPE; printf '['; dd if=/dev/zero bs=65536 count=800 2>"$DIR/dd.log" ) "#
            + #"| "$BIN" import --store "$STORE" - 2>"$DIR/stderr"; echo $? > "$DIR/status""#
        let process = try GeocacheTUIBinary.startShell(script, extra: ["DIR": directory, "STORE": fixture.storeArgument])
        try process.waitForExit()
        let read = { (name: String) in (try? String(contentsOfFile: directory + "/" + name, encoding: .utf8)) ?? "" }
        #expect(read("status") == "1\n")
        #expect(read("stderr") == "geocache-tui: <stdin>:1:2: malformed JSON: expected a value, found byte 0x00 "
                + "(byte 2 of the input)\n")
        let recordsOut = read("dd.log").split(separator: "\n").first { $0.hasSuffix("records out") }
        let written = recordsOut.flatMap { Int($0.prefix { $0.isNumber }) }
        #expect(written.map { $0 < 800 } == true, "dd wrote all 50 MiB: \(read("dd.log"))")
        #expect(try fixture.store.loadCaches().withoutCodes == [Samples.oak, Samples.bridge])
    }

    @Test(arguments: StoreKind.allCases) func invalidUTF8IsRefusedWithFileLineAndColumn(_ kind: StoreKind) throws {
        let fixture = try StoreFixture.seeded(kind)
        var bytes = Array("<?xml version=\"1.0\"?>\n<gpx>\n<wpt>".utf8)
        bytes += [0xE2, 0x82]
        bytes += Array("</wpt></gpx>\n".utf8)
        let path = try fixture.write(bytes, to: "bad.gpx")
        try expectRefused([path], message: "\(path):3:6: invalid UTF-8")
    }

    @Test("a GPX or LOC file declared US-ASCII holding UTF-8 is refused naming the character and the fix, and the store is unchanged",
          arguments: StoreKind.allCases)
    func aFileDeclaredASCIIHoldingUTF8IsRefusedAndTheStoreUnchanged(_ kind: StoreKind) throws {
        try expectUTF8UnderAnotherNameRefused(kind, gpxDeclared: "US-ASCII", locDeclared: "ASCII") { character, declared in
            "the XML declaration says encoding=\"\(declared)\", but here is the UTF-8 for \"\(character)\", which is not "
                + "ASCII; the file seems to be UTF-8: change the declaration to encoding=\"UTF-8\" and import it again. "
                + "Nothing was imported from this file."
        }
    }

    /// Imports a GPX file declared `gpxDeclared` and a LOC file declared `locDeclared`, both
    /// UTF-8 with a character beyond ASCII, into a seeded store of `kind`: each is refused
    /// with `reason` (given the character and the declared name) at that character, exit
    /// status 1, and the store is unchanged.
    private func expectUTF8UnderAnotherNameRefused(_ kind: StoreKind, gpxDeclared: String, locDeclared: String,
                                                   reason: (String, String) -> String) throws {
        let fixture = try StoreFixture.seeded(kind)
        let gpx = try fixture.write(Array("""
            <?xml version="1.0" encoding="\(gpxDeclared)"?>
            <gpx version="1.0" xmlns="http://www.topografix.com/GPX/1/0">
            <wpt lat="47" lon="8"><name>GC7AAAA</name><desc>Plain by Ken</desc><sym>Geocache</sym></wpt>
            <wpt lat="47" lon="8"><name>GC7BBBB</name><desc>Café by Ken</desc><sym>Geocache</sym></wpt>
            </gpx>

            """.utf8), to: "declared.gpx")
        let loc = try fixture.write(Array("""
            <?xml version="1.0" encoding="\(locDeclared)"?>
            <loc version="1.0"><waypoint><name id="GC7CCCC"><![CDATA[Brücke by Bo]]></name><coord lat="47" lon="8"/></waypoint></loc>

            """.utf8), to: "declared.loc")
        let before = try fixture.store.loadCaches()
        for (path, at, character, declared) in [(gpx, "4:52", "é", gpxDeclared), (loc, "2:60", "ü", locDeclared)] {
            let result = try runImport(fixture, [path])
            #expect(result.status == 1)
            #expect(result.output.isEmpty, "\(result.output)")
            #expect(result.error == "geocache-tui: \(path):\(at): " + reason(character, declared) + "\n", "\(result.error)")
        }
        #expect(try fixture.store.loadCaches() == before)
    }

    @Test("a GPX export of another tool's travel bug and attribute ids that are not numbers writes none of them, and says the attribute was left out")
    func anExportLeavesOutIDsThatAreNotNumbersAndSaysSo() throws {
        let fixture = try StoreFixture()
        let gpx = try fixture.write("""
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.0" xmlns="http://www.topografix.com/GPX/1/0" xmlns:groundspeak="http://www.groundspeak.com/cache/1/0/1">
            <wpt lat="47" lon="8"><name>GC7AAAA</name><sym>Geocache</sym><groundspeak:cache id="12" available="True" archived="False">
            <groundspeak:name>Oak</groundspeak:name><groundspeak:placed_by>Ken</groundspeak:placed_by>
            <groundspeak:attributes><groundspeak:attribute id="x" inc="1">Mystery</groundspeak:attribute>\
            <groundspeak:attribute id="1" inc="0">Dogs</groundspeak:attribute></groundspeak:attributes>
            <groundspeak:travelbugs><groundspeak:travelbug id="abc" ref="TB123"><groundspeak:name>Frog</groundspeak:name></groundspeak:travelbug></groundspeak:travelbugs>
            </groundspeak:cache></wpt>
            </gpx>

            """, to: "other.gpx")
        #expect(try runImport(fixture, [gpx]).status == 0)
        let result = try GeocacheTUIBinary.run(["export", "--store", fixture.storeArgument, "--format", "gpx"])
        #expect(result.status == 0)
        #expect(result.error == "geocache-tui: 1 attribute whose id is not a number not written (GPX numbers attributes, "
                + "and a reader could not tell what they mean; the store and JSON keep them)\n", "\(result.error)")
        #expect(result.output.contains("<groundspeak:travelbug ref=\"TB123\">\n"), "\(result.output)")
        #expect(result.output.contains(#"<groundspeak:attribute id="1" inc="0">Dogs</groundspeak:attribute>"#))
        #expect(!result.output.contains("abc") && !result.output.contains("Mystery"))
    }

    @Test("a GPX or LOC file declared ISO-8859-1 or windows-1252 that is UTF-8 throughout is refused naming its first UTF-8 character and the fix, and the store is unchanged",
          arguments: StoreKind.allCases)
    func aFileDeclaredSingleByteThatIsUTF8IsRefusedAndTheStoreUnchanged(_ kind: StoreKind) throws {
        try expectUTF8UnderAnotherNameRefused(kind, gpxDeclared: "ISO-8859-1", locDeclared: "windows-1252") { character, declared in
            "the XML declaration says encoding=\"\(declared)\", but the file is UTF-8 throughout (here is the UTF-8 for "
                + "\"\(character)\", which would be read as other characters); change the declaration to encoding=\"UTF-8\" "
                + "and import it again. Nothing was imported from this file."
        }
    }

    @Test(arguments: StoreKind.allCases) func aDamagedZipRenamedToGPXIsRefused(_ kind: StoreKind) throws {
        let fixture = try StoreFixture.seeded(kind)
        let path = try fixture.write([0x50, 0x4B, 0x03, 0x04] + Array(repeating: 0, count: 60), to: "caches.gpx")
        try expectRefused([path], message: "\(path): not a readable zip archive (damaged or cut short)", in: fixture)
    }

    @Test(arguments: StoreKind.allCases) func anEmptyFileIsRefused(_ kind: StoreKind) throws {
        let fixture = try StoreFixture.seeded(kind)
        let path = try fixture.write([], to: "empty.gpx")
        try expectRefused([path], message: "\(path): the file is empty", in: fixture)
    }

    @Test func billionLaughsIsRefusedQuickly() throws {
        let path = try Interchange.fixture("billion-laughs.gpx").path
        let start = ContinuousClock.now
        try expectRefused([path], message: "\(path):3:3: refused: the document type declares entities")
        #expect(ContinuousClock.now - start < .seconds(5))
    }

    @Test func anExternalEntityIsRefused() throws {
        let path = try Interchange.fixture("external-entity.gpx").path
        try expectRefused([path], message: "\(path):2:17: refused")
    }

    @Test func aMissingFileIsRefusedByName() throws {
        try expectRefused(["/nonexistent/caches.gpx"], message: "/nonexistent/caches.gpx: cannot open: No such file")
    }

    @Test func oneBadFileAmongSeveralCancelsThemAll() throws {
        let good = try Interchange.fixture("pocket-query-1.0.gpx").path
        let bad = try Interchange.fixture("malformed.json").path
        try expectRefused([good, bad], message: "\(bad):3:17:")
    }

    @Test(arguments: StoreKind.allCases) func importWithoutFilesIsAUsageError(_ kind: StoreKind) throws {
        let fixture = try StoreFixture.seeded(kind)
        let result = try runImport(fixture, [])
        #expect(result.status != 0)
        #expect(result.error.contains("Name at least one file"))
    }

    @Test("import of a file named by an empty string (an unset variable) is a usage error, exit 64")
    func importOfAnEmptyNameIsAUsageError() throws {
        let result = try runImport(try StoreFixture.seeded(), [""])
        #expect(result.status == 64)
        #expect(result.error.hasPrefix("Error: a file to import is named by an empty string"), "\(result.error)")
    }

    @Test func aFileNamedLikeAnOptionAloneIsAUsageErrorThatSaysHowToNameIt() throws {
        let fixture = try StoreFixture.seeded(.sqlite)
        let result = try runImport(fixture, ["-x.gpx"])
        #expect(result.status == 64)
        #expect(result.error.contains("Unknown option '-x.gpx'. A value that begins with - goes after --"), "\(result.error)")
    }

    // MARK: LOC and plain waypoints

    @Test func exportFormatLocWritesTheStoreAsLOC() throws {
        let fixture = try StoreFixture.seeded(.sqlite)
        let result = try GeocacheTUIBinary.run(["export", "--format", "loc", "--store", fixture.storeArgument])
        #expect(result.status == 0, "stderr: \(result.error)")
        #expect(result.output == LOCWriter.document(for: [Samples.oak, Samples.bridge]))
    }

    @Test func importOfALOCPrintsTheSummaryWithTheUnknownCreators() throws {
        let fixture = try StoreFixture(.sqlite)
        let path = try Interchange.fixture("plain-text.loc").path
        let result = try GeocacheTUIBinary.run(["import", "--store", fixture.storeArgument, path, path])
        #expect(result.status == 0, "stderr: \(result.error)")
        #expect(result.output == "Added 2 caches, skipped 0 as duplicates, rejected 0. Already stored: updated 0, unchanged 2. "
                + "Skipped 2 waypoints that are not geocaches. 2 caches named no owner: creator \"unknown\".\n")
        #expect(try fixture.store.count() == 2)
    }

    @Test func importingPlainWaypointsPrintsHowManyCreatorsWereFilledIn() throws {
        let fixture = try StoreFixture(.sqlite)
        let result = try GeocacheTUIBinary.run(["import", "--store", fixture.storeArgument,
                                                try Interchange.fixture("plain-gps-unit.gpx").path,
                                                try Interchange.fixture("plain-easygps.gpx").path])
        #expect(result.status == 0, "stderr: \(result.error)")
        #expect(result.output == "Added 4 caches, skipped 0 as duplicates, rejected 0. "
                + "Skipped 1 waypoint that is not a geocache. "
                + "3 caches named no owner: creator \"unknown\" for 2, the file's author for 1.\n")
    }
}
