import Foundation
import Testing
@testable import GeoModel
import GeoTestSupport
#if canImport(FoundationXML)
import FoundationXML
#endif

@Suite("GPX reading")
struct GPXReaderTests {
    @Test func aPocketQueryInGPX10StyleMapsEachField() throws {
        let records = try Interchange.records(.file(try Interchange.fixture("pocket-query-1.0.gpx").path))
        let caches = Interchange.labCaches(records)
        #expect(caches.count == 2)
        #expect(caches.first == GeoCache(
            title: "Café Corner",
            details: "GC1A2B3: Near the café & the fountain.\n\nBring a pen – the log is tiny.\nLook <under> the bench.",
            creator: "Marie & Paul",
            reward: "Rubber Duck, Geocoin \"Compass\""))
    }

    @Test func cjkTextPlainDescriptionsAndTheOwnerFallbackAreRead() throws {
        let records = try Interchange.records(.file(try Interchange.fixture("pocket-query-1.0.gpx").path))
        #expect(Interchange.labCaches(records).last == GeoCache(
            title: "東京タワーの下", details: "GC9TOKY: 赤い柱の後ろ。\n二行目。", creator: "山田太郎",
            reward: "Container: Micro"))
    }

    @Test func aParkingWaypointIsReadAsAnAdditionalWaypointWithItsPlaceInTheFile() throws {
        let records = try Interchange.records(.file(try Interchange.fixture("pocket-query-1.0.gpx").path))
        let waypoints = records.compactMap { if case .waypoint(_, _, let location, _, _) = $0 { location } else { nil } }
        #expect(waypoints.map(\.code) == ["PK1A2B3"])
        #expect(waypoints.first?.position?.line == 59)
    }

    @Test func gpx11WithTheCacheInsideExtensionsIsRead() throws {
        let records = try Interchange.records(.file(try Interchange.fixture("gsak-1.1.gpx").path))
        #expect(Interchange.labCaches(records).first == GeoCache(
            title: "Big Clock (link text)", details: "OC12345: Two stages.\n- Count the steps\n- Add 3",
            creator: "Ben", reward: "Container: Regular"))
        #expect(Interchange.waypoints(records).map(\.parent) == ["OC12345"])
    }

    @Test func aGroundspeakCacheWithoutAnOwnerGetsTheCreatorUnknown() throws {
        let records = try Interchange.records(.file(try Interchange.fixture("gsak-1.1.gpx").path))
        #expect(Interchange.labCaches(records).last == GeoCache(
            title: "Nobody placed me", details: "GC5EMPT: No owner anywhere.", creator: "unknown",
            reward: "Container: Large"))
    }

    @Test("a geocache with nothing to name it is rejected naming the empty title, and the missing code behind its empty details")
    func aGeocacheWithNothingToNameItIsRejectedNamingTheEmptyField() throws {
        let text = """
            <gpx xmlns="http://www.topografix.com/GPX/1/0"><wpt lat="0" lon="0"><type>Geocache</type>\
            </wpt></gpx>
            """
        let rejections = Interchange.rejections(try Interchange.records(text: text))
        #expect(rejections.map(\.reason)
                == ["Title is empty; no code (its <name> is empty) and no description, so Details is empty"])
    }

    @Test func titleFallsBackToUrlnameThenName() throws {
        func title(_ inner: String) throws -> String? {
            let text = """
                <gpx xmlns="http://www.topografix.com/GPX/1/0" xmlns:groundspeak="http://www.groundspeak.com/cache/1/0">
                <wpt lat="0" lon="0">\(inner)<groundspeak:cache><groundspeak:owner>o</groundspeak:owner>\
                <groundspeak:container>Small</groundspeak:container></groundspeak:cache></wpt></gpx>
                """
            return Interchange.caches(try Interchange.records(text: text)).first?.title
        }
        #expect(try title("<name>GC1</name><urlname>From urlname</urlname>") == "From urlname")
        #expect(try title("<name>GC1</name><urlname>  </urlname>") == "GC1")
    }

    @Test func billionLaughsIsRefusedAtItsDeclarationWithoutExpanding() throws {
        let error = Interchange.importError(.file(try Interchange.fixture("billion-laughs.gpx").path))
        #expect(error?.kind == .hostileXML)
        #expect(error?.position == TextPosition(line: 3, column: 3))
        #expect(error?.reason.contains("billion laughs") == true)
    }

    @Test("a document type declaring attribute defaults is refused: a default would stand for a value no element wrote")
    func attributeDefaultsAreRefused() {
        let document = "<?xml version=\"1.0\"?>\n<!DOCTYPE gpx [ <!ATTLIST wpt lat CDATA \"5\"> ]>\n"
            + "<gpx version=\"1.0\"><wpt lon=\"1\"><name>GC11114</name></wpt></gpx>"
        let error = Interchange.importError(.bytes(Array(document.utf8), name: "attlist.gpx"))
        #expect(error?.kind == .hostileXML)
        #expect(error?.reason.hasPrefix("refused: the document type declares attributes (<!ATTLIST>)") == true)
    }

    @Test("an entity declaration inside a comment of the document type declares nothing")
    func anEntityInACommentIsNoDeclaration() {
        let document = "<?xml version=\"1.0\"?>\n<!DOCTYPE gpx [ <!-- <!ENTITY x \"y\"> --> ]>\n"
            + "<gpx version=\"1.0\"><wpt lat=\"1\" lon=\"1\"><name>GC11114</name></wpt></gpx>"
        #expect(Interchange.importError(.bytes(Array(document.utf8), name: "comment.gpx")) == nil)
    }

    @Test func anExternalEntityIsRefusedUnread() throws {
        let error = Interchange.importError(.file(try Interchange.fixture("external-entity.gpx").path))
        #expect(error?.kind == .hostileXML)
        #expect(error?.position == TextPosition(line: 2, column: 17))
    }

    @Test func malformedXMLIsReportedWithLineAndColumn() throws {
        let path = try Interchange.fixture("truncated.gpx").path
        let error = Interchange.importError(.file(path))
        #expect(error?.kind == .malformedXML)
        #expect(error?.position?.line == 14)
        #expect(error?.description.hasPrefix("\(path):14:") == true)
    }

    @Test("malformed XML is said in words, not as libxml2's number", arguments: [
        ("  <?xml version=\"1.0\"?><gpx/>", "an XML declaration that is not at the very start of the file"),
        ("<?xml version=\"1.0\" encoding=\"EBCDIC-bogus\"?><gpx/>", "the XML declaration names an encoding that cannot be read"),
        ("<?xml version=\"2.0\"?><gpx/>", "an XML version other than 1.0"),
        ("<gpx><groundspeak:cache/></gpx>", "a prefix whose namespace is never declared"),
    ])
    func malformedXMLIsSaidInWords(_ document: String, _ reason: String) {
        let error = Interchange.importError(.bytes(Array(document.utf8), name: "bad.gpx"))
        #expect(error?.reason.hasPrefix("malformed XML: " + reason) == true, "\(String(describing: error))")
    }

    @Test func utf32TextIsCalledUTF32() {
        let error = Interchange.importError(.bytes([0xFF, 0xFE, 0, 0, 0x3C, 0, 0, 0], name: "wide.gpx"))
        #expect(error?.reason == "this is UTF-32 text; convert it to UTF-8 (iconv -f UTF-32 -t UTF-8)")
    }

    @Test("UTF-16 or UTF-32 text without a byte-order mark, in either byte order, is called what it is",
          arguments: [("<?xml version=\"1.0\" encoding=\"UTF-16\"?><gpx/>", String.Encoding.utf16LittleEndian, "UTF-16"),
                      ("[{\"title\": \"t\"}]", .utf16BigEndian, "UTF-16"),
                      (" <gpx/>", .utf32LittleEndian, "UTF-32"), ("<gpx/>", .utf32BigEndian, "UTF-32")])
    func unmarkedWideTextIsCalledWhatItIs(_ text: String, _ encoding: String.Encoding, _ name: String) throws {
        let bytes = Array(try #require(text.data(using: encoding)))
        let error = Interchange.importError(.bytes(bytes, name: "wide.gpx"))
        #expect(error?.reason.hasPrefix("this is \(name) text; convert it to UTF-8") == true, "\(String(describing: error))")
    }

    @Test("UTF-16 text with an odd number of bytes is called cut short, not sent to be converted")
    func oddLengthUTF16IsCalledCutShort() {
        // Field notes cut off in their first line, before anything shows them to be field notes.
        let whole = [UInt8]([0xFF, 0xFE]) + "GC1A2B3,2024-03-05T10:32Z,Found it".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let error = Interchange.importError(.bytes(Array(whole.prefix(51)), name: "x.txt"))
        #expect(error?.reason == "cut short: UTF-16 text with an odd number of bytes ends in half a character")
    }

    @Test func aDocumentThatIsNotGPXIsRefused() throws {
        let error = Interchange.importError(.file(try Interchange.fixture("not-gpx.kml").path))
        #expect(error?.kind == .notGPX)
        #expect(error?.reason == "not a GPX or LOC document: the root element is <kml>, not <gpx> or <loc>")
    }

    @Test func invalidUTF8IsReportedAtTheBadByte() {
        var bytes = Array("<gpx>\n  <wpt>ok é".utf8)
        bytes += [0xC3, 0x28]
        bytes += Array("</wpt></gpx>".utf8)
        let error = Interchange.importError(.bytes(bytes, name: "bad.gpx"))
        #expect(error?.kind == .invalidUTF8)
        #expect(error?.position == TextPosition(line: 2, column: 12))
        #expect(error?.description == "bad.gpx:2:12: invalid UTF-8: byte 0xC3 is followed by 0x28")
    }

    @Test func aDeclaredLatin1EncodingIsDecodedNotRefused() throws {
        var bytes = Array("""
            <?xml version="1.0" encoding="ISO-8859-1"?>
            <gpx xmlns="http://www.topografix.com/GPX/1/0" xmlns:groundspeak="http://www.groundspeak.com/cache/1/0/1">
            <wpt lat="0" lon="0"><name>GC1</name><groundspeak:cache><groundspeak:name>Caf
            """.utf8)
        bytes.append(0xE9)
        bytes += Array("</groundspeak:name><groundspeak:placed_by>p</groundspeak:placed_by>"
            .appending("<groundspeak:container>Small</groundspeak:container></groundspeak:cache></wpt></gpx>").utf8)
        let caches = Interchange.caches(try Interchange.records(.bytes(bytes, name: "latin1.gpx")))
        #expect(caches.map(\.title) == ["Café"])
    }

    /// Three geocaches in a file declared windows-1252 whose second holds `byte`.
    private static func declaredWindows1252(withByte byte: UInt8) -> [UInt8] {
        func waypoint(_ code: String, _ text: [UInt8]) -> [UInt8] {
            Array("<wpt lat=\"47\" lon=\"8\"><name>\(code)</name><desc>".utf8) + text
                + Array(" by Ken</desc><sym>Geocache</sym></wpt>\n".utf8)
        }
        return Array("<?xml version=\"1.0\" encoding=\"windows-1252\"?>\n".utf8)
            + Array("<gpx version=\"1.0\" creator=\"x\" xmlns=\"http://www.topografix.com/GPX/1/0\">\n".utf8)
            + waypoint("GC7AAAA", Array("First".utf8)) + waypoint("GC7BBBB", Array("Second ".utf8) + [byte])
            + waypoint("GC7CCCC", Array("Third".utf8)) + Array("</gpx>\n".utf8)
    }

    @Test func aByteTheDeclaredEncodingLacksRefusesTheFileWhereItStandsRatherThanEndingItThere() {
        let error = Interchange.importError(.bytes(Self.declaredWindows1252(withByte: 0x81), name: "cp.gpx"))
        #expect(error?.description == "cp.gpx:4:49: malformed XML: bytes that are not in the encoding the XML declaration names")
    }

    @Test func everyCacheOfAFileInItsDeclaredEncodingIsRead() throws {
        let records = try Interchange.records(.bytes(Self.declaredWindows1252(withByte: 0x80), name: "cp.gpx"))
        #expect(Interchange.caches(records).map(\.title) == ["First", "Second \u{20AC}", "Third"])
    }
}

@Suite("GPX writing")
struct GPXWriterTests {
    @Test func exportIsWellFormedGPX10WithTheGroundspeakNamespace() throws {
        let document = GPXWriter.document(for: Interchange.placed(Interchange.awkwardCaches))
        let parser = XMLParser(data: Data(document.utf8))
        let collector = ElementCollector()
        parser.delegate = collector
        parser.shouldProcessNamespaces = true
        #expect(parser.parse(), "export is not well-formed: \(String(describing: parser.parserError))")
        #expect(collector.elements.first == "http://www.topografix.com/GPX/1/0 gpx")
        #expect(collector.elements.filter { $0 == "http://www.topografix.com/GPX/1/0 wpt" }.count
                == Interchange.awkwardCaches.count)
        #expect(collector.elements.contains("http://www.groundspeak.com/cache/1/0/1 cache"))
        #expect(document.contains(#"<gpx version="1.0""#))
    }

    @Test("a cache without a code of its own gets a stable code derived from its fields")
    func aCacheWithoutItsOwnCodeGetsAStableCodeDerivedFromItsFields() {
        let waypoint = GPXWriter.waypoint(for: Interchange.placed([Samples.oak])[0])
        #expect(waypoint.contains(#"<wpt lat="47.100000" lon="8.500000">"#))
        #expect(waypoint.contains("<name>\(Samples.oak.interchangeCode)</name>"))
        #expect(Samples.oak.interchangeCode.count == 10)
        #expect(Samples.oak.interchangeCode.hasPrefix("GT"))
        #expect(Samples.oak.interchangeCode != Samples.bridge.interchangeCode)
    }

    @Test("a cache is written under its own code at its coordinate")
    func aCacheIsWrittenUnderItsOwnCodeAtItsCoordinate() {
        var cache = Samples.oak
        cache.code = "GC1A2B3"
        cache.coordinate = Coordinate(latitudeMicrodegrees: -33_856_784, longitudeMicrodegrees: 151_215_297)
        let waypoint = GPXWriter.waypoint(for: cache)
        #expect(waypoint.contains(#"<wpt lat="-33.856784" lon="151.215297">"#))
        #expect(waypoint.contains("<name>GC1A2B3</name>"))
    }

    @Test("a cache without a coordinate is not written")
    func aCacheWithoutACoordinateIsNotWritten() {
        #expect(GPXWriter.waypoint(for: Samples.oak).isEmpty)
        #expect(GPXWriter.document(for: [Samples.oak]) == GPXWriter.header + GPXWriter.footer)
    }

    @Test func markupAndCarriageReturnsAreEscaped() {
        let escaped = GPXWriter.escaped("<a href=\"x\">&</a>\r\n\u{1}")
        #expect(escaped == "&lt;a href=&quot;x&quot;&gt;&amp;&lt;/a&gt;&#13;\n\u{2401}")
    }

    @Test func exportThenReadGivesIdenticalCachesForAwkwardStrings() throws {
        let placed = Interchange.placed(Interchange.awkwardCaches)
        let document = GPXWriter.document(for: placed)
        let caches = Interchange.caches(try Interchange.records(text: document, name: "export.gpx"))
        #expect(caches.map(Interchange.labFields) == Interchange.awkwardCaches)
        #expect(caches.map(\.coordinate) == placed.map(\.coordinate))
        #expect(caches.map(\.code) == placed.map { $0.interchangeCode })
    }

    @Test func nonCharactersXMLCannotCarryComeBackAsReplacementCharacters() throws {
        let cache = GeoCache(title: "t", details: "a\u{FFFE}b\u{FFFF}c", creator: "c", reward: "r")
        let document = GPXWriter.document(for: Interchange.placed([cache]))
        let caches = Interchange.labCaches(try Interchange.records(text: document, name: "export.gpx"))
        #expect(caches == [GeoCache(title: "t", details: "a\u{FFFD}b\u{FFFD}c", creator: "c", reward: "r")])
    }

    @Test func nonCharactersBesideControlCharactersStillReadVerbatim() throws {
        let cache = GeoCache(title: "esc \u{1B} and \u{FFFF}", details: "  nul \u{0} ", creator: "\u{FFFE}",
                             reward: "bell \u{7}")
        let document = GPXWriter.document(for: Interchange.placed([cache]))
        let caches = Interchange.labCaches(try Interchange.records(text: document, name: "export.gpx"))
        #expect(caches == [GeoCache(title: "esc \u{1B} and \u{FFFD}", details: "  nul \u{0} ", creator: "\u{FFFD}",
                                    reward: "bell \u{7}")])
    }

    @Test func aRewardWithAControlCharacterComesBackWithoutATravelBugOfItsOwn() throws {
        let cache = GeoCache(title: "t", details: "d", creator: "c", reward: "r\u{0}x")
        let document = GPXWriter.document(for: Interchange.placed([cache]))
        let read = Interchange.caches(try Interchange.records(text: document, name: "export.gpx"))
        #expect(read.map(\.reward) == ["r\u{0}x"])
        #expect(read.map(\.listing.travelBugs) == [[]])
    }

    @Test func aWaypointEditedByAnotherToolIsReadByTheGeneralMapping() throws {
        let document = GPXWriter.document(for: Interchange.placed([Samples.oak]))
            .replacingOccurrences(of: "Behind the tree", with: "Behind the big tree")
        let caches = Interchange.labCaches(try Interchange.records(text: document, name: "edited.gpx"))
        #expect(caches == [GeoCache(title: "Old Oak", details: "\(Samples.oak.interchangeCode): Behind the big tree",
                                    creator: "ana", reward: "Travel bug")])
    }
}

/// Collects "namespace localName" for every element start.
private final class ElementCollector: NSObject, XMLParserDelegate {
    var elements: [String] = []

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]) {
        elements.append("\(namespaceURI ?? "") \(elementName)")
    }
}

@Suite("Format detection")
struct FormatDetectionTests {
    @Test func anEmptyFileIsRefused() {
        let error = Interchange.importError(.bytes([], name: "empty.gpx"))
        #expect(error?.kind == .empty)
        #expect(error?.description == "empty.gpx: the file is empty: nothing to import")
    }

    @Test("a file holding a byte-order mark alone is empty, not text in another encoding",
          arguments: [[0xEF, 0xBB, 0xBF], [0xFF, 0xFE], [0xFE, 0xFF]] as [[UInt8]])
    func aByteOrderMarkAloneIsEmpty(_ mark: [UInt8]) {
        let error = Interchange.importError(.bytes(mark, name: "fn.txt"))
        #expect(error?.kind == .empty)
        #expect(error?.description == "fn.txt: the file holds only a byte-order mark: nothing to import")
    }

    @Test("an SQLite database is named as one, with the way to read a store")
    func anSQLiteDatabaseIsNamed() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file("caches.sqlite")
        _ = try SQLiteStore(url: url)
        let error = Interchange.importError(.file(url.path))
        #expect(error?.kind == .unknownFormat)
        #expect(error?.reason.hasPrefix("this is an SQLite database, not a file to import") == true)
    }

    @Test("an image, a document, a program or another compression is named for what it is, not as invalid UTF-8",
          arguments: [([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "a PNG image"),
                      ([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10], "a JPEG image"),
                      (Array("%PDF-1.7\n".utf8), "a PDF document"),
                      ([0x7F, 0x45, 0x4C, 0x46, 0x02, 0x01], "an ELF program or library"),
                      ([0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00, 0x00], "xz-compressed data")] as [([UInt8], String)])
    func aBinaryFormatIsNamed(bytes: [UInt8], name: String) {
        let error = Interchange.importError(.bytes(bytes + Array(repeating: 0, count: 64), name: "caches.gpx"))
        #expect(error?.kind == .unknownFormat)
        #expect(error?.reason == "this is \(name), not a file to import: give a GPX, JSON, zip, GGZ or field-notes file")
    }

    @Test func aFileOfWhitespaceIsRefusedAsEmpty() {
        #expect(Interchange.importError(.bytes(Array(" \n\t\n".utf8), name: "blank.json"))?.kind == .empty)
    }

    @Test func aDamagedZipRenamedToGPXIsRefusedAsAnArchive() {
        let zip: [UInt8] = [0x50, 0x4B, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00, 0x08, 0x00] + Array(repeating: 0, count: 40)
        let error = Interchange.importError(.bytes(zip, name: "caches.gpx"))
        #expect(error?.kind == .zipArchive)
        #expect(error?.description.hasPrefix("caches.gpx: not a readable zip archive") == true)
    }

    @Test func aByteOrderMarkAndLeadingWhitespaceAreSkipped() throws {
        let text = "\u{FEFF}\n  " + JSONInterchange.document(for: [Samples.oak])
        #expect(Interchange.caches(try Interchange.records(text: text)) == [Samples.oak])
    }

    @Test func textThatIsNeitherJSONNorXMLIsRefusedWithItsPosition() {
        let error = Interchange.importError(.bytes(Array("\n  hello".utf8), name: "notes.txt"))
        #expect(error?.kind == .unknownFormat)
        #expect(error?.position == TextPosition(line: 2, column: 3))
    }

    @Test func invalidUTF8InJSONIsReportedAtTheBadByte() {
        var bytes = Array("[\n {\"title\": \"caf".utf8)
        bytes += [0xFF]
        bytes += Array("\"}]".utf8)
        let error = Interchange.importError(.bytes(bytes, name: "bad.json"))
        #expect(error?.kind == .invalidUTF8)
        #expect(error?.position == TextPosition(line: 2, column: 16))
    }

    @Test func aMissingFileIsReportedByName() {
        let error = Interchange.importError(.file("/nonexistent/caches.gpx"))
        #expect(error?.kind == .unreadable)
        #expect(error?.description == "/nonexistent/caches.gpx: cannot open: No such file or directory")
    }

    @Test("a waypoint holding another is rejected with the line of the inner one, not read with the inner one dropped")
    func aWaypointInsideAnotherIsRejectedNotDropped() throws {
        let records = try Interchange.records(text: """
            <?xml version="1.0"?><gpx version="1.0" creator="x" xmlns="http://www.topografix.com/GPX/1/0">
            <wpt lat="47.1" lon="8.2"><name>GC1AAA</name><desc>Old Mill by ana</desc><type>Geocache</type>
            <wpt lat="47.2" lon="8.2"><name>GC1BBB</name><desc>Inner by bo</desc><type>Geocache</type></wpt>
            </wpt>
            </gpx>
            """)
        #expect(Interchange.caches(records).isEmpty)
        let rejection = try #require(Interchange.rejections(records).first)
        #expect(rejection.location.code == "GC1AAA")
        #expect(rejection.reason == "holds another <wpt> (line 3): waypoints do not nest, so neither is imported")
    }

    @Test("a waypoint holding two Groundspeak listings is rejected with the line of the second, not the two merged")
    func aWaypointWithTwoListingsIsRejected() throws {
        let records = try Interchange.records(text: """
            <?xml version="1.0"?><gpx version="1.0" creator="x" xmlns="http://www.topografix.com/GPX/1/0" \
            xmlns:groundspeak="http://www.groundspeak.com/cache/1/0/1">
            <wpt lat="47.1" lon="8.2"><name>GC1AAA</name><type>Geocache</type>
            <groundspeak:cache id="1"><groundspeak:name>Old Mill</groundspeak:name></groundspeak:cache>
            <groundspeak:cache id="2"><groundspeak:name>Second Mill</groundspeak:name></groundspeak:cache>
            </wpt>
            </gpx>
            """)
        #expect(Interchange.caches(records).isEmpty)
        let rejection = try #require(Interchange.rejections(records).first)
        #expect(rejection.location.code == "GC1AAA")
        #expect(rejection.reason == "holds a second <groundspeak:cache> (line 4): a waypoint is one cache, so it is not imported")
    }
}
