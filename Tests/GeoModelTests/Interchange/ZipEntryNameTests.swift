import Foundation
import Testing
@testable import GeoModel
import GeoTestSupport

/// The names of a zip's entries, as a message names them: read from the bytes the
/// archive stores, whatever the process's locale (the commands run in "C").
@Suite("Zip entry names")
struct ZipEntryNameTests {
    typealias Entry = ZipFixture.Entry

    /// The refusal of importing the archive `entries` make, named `pq.zip`, or nil.
    private func refusal(_ entries: [Entry]) throws -> ImportError? {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file("pq.zip")
        try ZipFixture.write(entries, to: url)
        return Interchange.importError(.bytes(try Array(Data(contentsOf: url)), name: "pq.zip"))
    }

    /// A GPX document that stops inside its first tag.
    private static let malformed = "<gpx><bad"

    @Test("An entry whose name is marked as UTF-8 is named by its text")
    func markedUTF8Name() throws {
        let error = try refusal([Entry("café – Übersicht.gpx", Self.malformed)])
        #expect(error?.description.hasPrefix("pq.zip(café – Übersicht.gpx):1:") == true, "\(String(describing: error))")
    }

    @Test("A pocket query's zip with a readme named beyond ASCII imports its caches")
    func readmeNamedBeyondASCII() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file("pq.zip")
        try ZipFixture.write([Entry("123.gpx", ZipFixture.caches(["GC12345"])),
                              Entry("Lies mich – Übersicht.txt", "hello")], to: url)
        #expect(Interchange.caches(try Interchange.records(.file(url.path))).map(\.code) == ["GC12345"])
    }

    @Test("An unmarked name that is valid UTF-8 is read as UTF-8")
    func unmarkedUTF8Name() throws {
        let error = try refusal([Entry(storedName: Array("café.gpx".utf8), Self.malformed)])
        #expect(error?.description.hasPrefix("pq.zip(café.gpx):1:") == true, "\(String(describing: error))")
    }

    @Test("An unmarked name that is not UTF-8 is read as CP437, zip's own character set")
    func unmarkedCP437Name() throws {
        let error = try refusal([Entry(storedName: [0x81, 0x2E, 0x67, 0x70, 0x78], Self.malformed)])
        #expect(error?.description.hasPrefix("pq.zip(ü.gpx):1:") == true, "\(String(describing: error))")
    }

    @Test("A name marked as UTF-8 that is not UTF-8 is refused as not text")
    func markedNameThatIsNotUTF8() throws {
        let error = try refusal([Entry(storedName: [0x81, 0x2E, 0x67, 0x70, 0x78], markedUTF8: true, Self.malformed)])
        #expect(error?.description == "pq.zip: refused: the entry #1 has a name that is not text")
    }

    @Test("CP437 gives every byte the character Python's cp437 codec gives it")
    func cp437AgreesWithPython() throws {
        let python = try GeocacheTUIBinary.runTool(
            "/usr/bin/python3", ["-c", "import sys; sys.stdout.buffer.write(bytes(range(128, 256)).decode('cp437').encode())"])
        #expect(python.status == 0, "\(python.error)")
        let high = (0x80...0xFF).map(UInt8.init)
        #expect(ZipArchive.entryName([0x41] + high) == "A" + python.output)
    }

    @Test("A source inside the archive names its entry with control characters escaped as list escapes them")
    func controlCharactersInTheSourcesName() throws {
        let error = try refusal([Entry("evil\u{1B}[31m\n.gpx", Self.malformed)])
        #expect(error?.description.hasPrefix("pq.zip(evil\\u{1B}[31m\\n.gpx):1:") == true, "\(String(describing: error))")
    }

    @Test("A refusal naming an entry escapes its control characters as list escapes them")
    func controlCharactersInARefusal() throws {
        let error = try refusal([Entry("../x\ny\r\t.gpx", ZipFixture.caches(["GC12345"]))])
        #expect(error?.description == "pq.zip: refused: the entry ../x\\ny\\r\\t.gpx has a path outside the archive "
                + "(absolute, or with '..')")
    }

    @Test("A GGZ's index naming a file with control characters is refused with them escaped")
    func controlCharactersInAnIndexName() throws {
        let index = ZipFixture.ggzIndex([("1.gpx", []), ("gone&#10;&#9;.gpx", [])])
        let error = try refusal([Entry("data/1.gpx", ZipFixture.caches(["GC12345"])),
                                 Entry(CacheImporter.ggzIndexPath, index)])
        #expect(error?.description == "pq.zip: refused: the archive is a GGZ whose index names data/gone\\n\\t.gpx, "
                + "which the archive does not hold")
    }
}
