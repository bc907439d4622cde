import Testing
@testable import GeoModel

/// GPX files whose XML declaration names an encoding their bytes are not in: UTF-8 under
/// US-ASCII, which libxml2 would read as cut short at its first byte above 0x7F, and UTF-8
/// under a single-byte encoding (ISO-8859-1, windows-1252, ...), which it would read as
/// other characters (`Ã©` for `é`) without a word.
@Suite("GPX declared encodings")
struct GPXDeclaredEncodingTests {
    /// A GPX file declared as `encoding` whose one cache's title is `title` (its bytes as given).
    private static func declared(_ encoding: String, title: [UInt8]) -> [UInt8] {
        Array("<?xml version=\"1.0\" encoding=\"\(encoding)\"?>\n<gpx version=\"1.0\" xmlns=\"http://www.topografix.com/GPX/1/0\">\n".utf8)
            + Array("<wpt lat=\"47\" lon=\"8\"><name>GC7AAAA</name><desc>".utf8) + title
            + Array(" by Ken</desc><sym>Geocache</sym></wpt>\n</gpx>\n".utf8)
    }

    @Test("a file declared US-ASCII that holds UTF-8 is refused where the first such character stands, naming it and the declaration to fix")
    func aFileDeclaredASCIIHoldingUTF8IsRefusedAtTheCharacter() {
        let error = Interchange.importError(.bytes(Self.declared("US-ASCII", title: Array("Café".utf8)), name: "a.gpx"))
        #expect(error?.kind == .wrongEncoding)
        #expect(error?.description == "a.gpx:3:52: the XML declaration says encoding=\"US-ASCII\", but here is the UTF-8 "
                + "for \"é\", which is not ASCII; the file seems to be UTF-8: change the declaration to encoding=\"UTF-8\" "
                + "and import it again. Nothing was imported from this file.")
    }

    @Test("a file declared ASCII that holds a byte of another encoding is refused naming the byte and asking for the real encoding")
    func aFileDeclaredASCIIHoldingLatin1IsRefusedNamingTheByte() {
        let error = Interchange.importError(.bytes(Self.declared("ascii", title: Array("Caf".utf8) + [0xE9]), name: "a.gpx"))
        #expect(error?.kind == .wrongEncoding)
        #expect(error?.description == "a.gpx:3:52: the XML declaration says encoding=\"ascii\", but here is byte 0xE9, "
                + "which is not ASCII; write the encoding the file is really in there (ISO-8859-1 or windows-1252, say) "
                + "and import it again. Nothing was imported from this file.")
    }

    @Test func aFileDeclaredASCIIThatIsASCIIIsRead() throws {
        let records = try Interchange.records(.bytes(Self.declared("US-ASCII", title: Array("Cafe".utf8)), name: "a.gpx"))
        #expect(Interchange.caches(records).map(\.title) == ["Cafe"])
    }

    @Test("a file declared ISO-8859-1 whose bytes are UTF-8 throughout is refused at its first UTF-8 character, naming it and the declaration to fix")
    func aFileDeclaredLatin1HoldingUTF8IsRefusedAtTheCharacter() {
        let error = Interchange.importError(.bytes(Self.declared("ISO-8859-1", title: Array("Café".utf8)), name: "a.gpx"))
        #expect(error?.kind == .wrongEncoding)
        #expect(error?.description == "a.gpx:3:52: the XML declaration says encoding=\"ISO-8859-1\", but the file is UTF-8 "
                + "throughout (here is the UTF-8 for \"é\", which would be read as other characters); change the declaration "
                + "to encoding=\"UTF-8\" and import it again. Nothing was imported from this file.")
    }

    @Test("a file declared windows-1252 whose UTF-8-looking bytes are followed by one of its own is read in windows-1252")
    func aFileDeclaredWindows1252WithItsOwnByteIsReadInIt() throws {
        // "Café" in UTF-8, then windows-1252's own é: the file is not UTF-8, so its first é is "Ã©" as declared.
        let title = Array("Café".utf8) + [0x20, 0xE9]
        let records = try Interchange.records(.bytes(Self.declared("windows-1252", title: title), name: "a.gpx"))
        #expect(Interchange.caches(records).map(\.title) == ["CafÃ© é"])
    }

    @Test("a file declared ISO-8859-1 that is ASCII throughout is read")
    func aFileDeclaredLatin1ThatIsASCIIIsRead() throws {
        let records = try Interchange.records(.bytes(Self.declared("ISO-8859-1", title: Array("Cafe".utf8)), name: "a.gpx"))
        #expect(Interchange.caches(records).map(\.title) == ["Cafe"])
    }
}
