import Foundation
import Testing
@testable import GeoModel
import GeoTestSupport

/// Importing a pocket query's zip and a GGZ (issue 37): each GPX file inside is read
/// as GPX, after every entry has been unpacked once and checked.
@Suite("Zipped pocket queries and GGZ")
struct ZipImportTests {
    typealias Entry = ZipFixture.Entry

    /// Writes `entries` as `name` in a fresh directory, for the duration of `body`.
    private func withZip<T>(_ entries: [Entry], name: String = "pq.zip", _ body: (URL) throws -> T) throws -> T {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file(name)
        try ZipFixture.write(entries, to: url)
        return try body(url)
    }

    /// The refusal of importing the archive `entries` make, or nil.
    private func refusal(_ entries: [Entry], name: String = "pq.zip") throws -> ImportError? {
        try withZip(entries, name: name) { Interchange.importError(.bytes(try Array(Data(contentsOf: $0)), name: name)) }
    }

    private static let pocketQuery = [Entry("123.gpx", ZipFixture.caches(["GC12345", "GC23456"])),
                                      Entry("123-wpts.gpx", ZipFixture.waypoints(["GC12345"]))]

    @Test func aPocketQueryZipImportsTheCachesOfItsGPXFile() throws {
        let fixture = try StoreFixture(.sqlite)
        let report = try withZip(Self.pocketQuery) { try fixture.store.importCaches(from: .file($0.path)) }
        #expect(report.added == 2)
        #expect(report.notGeocaches == 0 && report.pairedWaypoints == 1)
        #expect(Set(try fixture.store.loadCaches().map(\.title)) == ["Cache GC12345", "Cache GC23456"])
    }

    @Test func theCachesFileIsReadBeforeTheWaypointsFileWhateverTheArchiveOrder() throws {
        let entries = [ZipEntry(index: 0, path: "123-wpts.gpx", size: 1), ZipEntry(index: 1, path: "readme.txt", size: 1),
                       ZipEntry(index: 2, path: "123.gpx", size: 1)]
        let members = try CacheImporter.gpxMembers(of: entries, bytes: ArchiveBytes([]), archive: "pq.zip",
                                                   limits: .standard)
        #expect(members.map(\.entry.path) == ["123.gpx", "123-wpts.gpx"])
        #expect(members.first?.source.name == "pq.zip(123.gpx)")
    }

    @Test func aZipReadFromStandardInputAsBytesImportsTheSame() throws {
        let bytes = try withZip(Self.pocketQuery) { try Array(Data(contentsOf: $0)) }
        let records = try Interchange.records(.bytes(bytes, name: "<stdin>"))
        #expect(Interchange.caches(records).count == 2)
    }

    @Test func theProgressCountsTheArchivesBytesAsItsGPXFilesAreRead() throws {
        let bytes = try withZip(Self.pocketQuery) { try Array(Data(contentsOf: $0)) }
        let interruption = ImportInterruption()
        var progress: [Int64] = []
        try CacheImporter.readPending(.bytes(bytes, name: "pq.zip"), interruption: interruption) { _ in
            progress.append(interruption.progress.snapshot.bytes)
        }
        #expect(progress.first.map { $0 < Int64(bytes.count) } == true, "\(progress)")
        #expect(abs(interruption.progress.snapshot.bytes - Int64(bytes.count)) <= 1)
    }

    @Test func aGGZImportsTheDataFilesItsIndexNames() throws {
        let first = ZipFixture.caches(["GC11111"]), second = ZipFixture.caches(["GC22222", "GC33333"])
        let index = ZipFixture.ggzIndex([("one.gpx", [("GC11111", 0, first.utf8.count)]),
                                         ("two.gpx", [("GC22222", 10, 20), ("GC33333", 40, 20)])])
        let entries = [Entry("data/two.gpx", second), Entry("data/one.gpx", first),
                       Entry(CacheImporter.ggzIndexPath, index)]
        let records = try withZip(entries, name: "all.ggz") { try Interchange.records(.file($0.path)) }
        #expect(Interchange.caches(records).map(\.title) == ["Cache GC11111", "Cache GC22222", "Cache GC33333"])
    }

    /// What macOS's "Compress" adds beside each file: an AppleDouble header, not XML.
    private static let appleDouble: [UInt8] = [0x00, 0x05, 0x16, 0x07, 0x00, 0x02, 0x00, 0x00] + Array("Mac OS X        ".utf8)

    @Test func aPocketQueryZipRemadeOnAMacImportsItsCachesAndLeavesTheResourceForks() throws {
        let entries = Self.pocketQuery + [Entry("__MACOSX/", ""), Entry("__MACOSX/._123.gpx", bytes: Self.appleDouble),
                                          Entry("__MACOSX/._123-wpts.gpx", bytes: Self.appleDouble)]
        let records = try withZip(entries) { try Interchange.records(.file($0.path)) }
        #expect(Set(Interchange.caches(records).map(\.title)) == ["Cache GC12345", "Cache GC23456"])
    }

    @Test func aGGZsAppleDoubleFileBesideItsDataIsNotTakenForAFileMissingFromTheIndex() throws {
        let data = ZipFixture.caches(["GC11111"])
        let index = ZipFixture.ggzIndex([("one.gpx", [("GC11111", 0, data.utf8.count)])])
        let entries = [Entry("data/one.gpx", data), Entry("data/._one.gpx", bytes: Self.appleDouble),
                       Entry(CacheImporter.ggzIndexPath, index)]
        let records = try withZip(entries, name: "all.ggz") { try Interchange.records(.file($0.path)) }
        #expect(Interchange.caches(records).map(\.title) == ["Cache GC11111"])
    }

    @Test func aGGZWhoseIndexNamesAFileTheArchiveLacksIsRefused() throws {
        let index = ZipFixture.ggzIndex([("one.gpx", []), ("gone.gpx", [])])
        let error = try refusal([Entry("data/one.gpx", ZipFixture.caches(["GC11111"])),
                                 Entry(CacheImporter.ggzIndexPath, index)], name: "all.ggz")
        #expect(error?.kind == .zipArchive)
        #expect(error?.description.hasSuffix("all.ggz: refused: the archive is a GGZ whose index names data/gone.gpx, "
                                             + "which the archive does not hold") == true, "\(String(describing: error))")
    }

    @Test func aGGZWhoseIndexPlacesACacheBeyondItsFileIsRefused() throws {
        let text = ZipFixture.caches(["GC11111"])
        let index = ZipFixture.ggzIndex([("one.gpx", [("GC11111", 10, text.utf8.count)])])
        let error = try refusal([Entry("data/one.gpx", text), Entry(CacheImporter.ggzIndexPath, index)], name: "all.ggz")
        #expect(error?.description.contains("the entry data/one.gpx has \(text.utf8.count) bytes, but the GGZ's index "
                                            + "places GC11111 at byte 10, \(text.utf8.count) bytes long") == true,
                "\(String(describing: error))")
    }

    @Test func aGGZDataFileTheIndexDoesNotNameIsRefused() throws {
        let index = ZipFixture.ggzIndex([("one.gpx", [])])
        let error = try refusal([Entry("data/one.gpx", ZipFixture.caches(["GC11111"])),
                                 Entry("data/extra.gpx", ZipFixture.caches(["GC22222"])),
                                 Entry(CacheImporter.ggzIndexPath, index)], name: "all.ggz")
        #expect(error?.description == "all.ggz: refused: the entry data/extra.gpx is not in the GGZ's index")
    }

    @Test func aGGZFileOfCachesOutsideItsDataFolderIsRefused() throws {
        let index = ZipFixture.ggzIndex([("one.gpx", [])])
        let error = try refusal([Entry("data/one.gpx", ZipFixture.caches(["GC11111"])),
                                 Entry("extra.gpx", ZipFixture.caches(["GC22222"])),
                                 Entry(CacheImporter.ggzIndexPath, index)], name: "all.ggz")
        #expect(error?.description == "all.ggz: refused: the entry extra.gpx is not in the GGZ's index")
    }

    @Test(arguments: [("<!DOCTYPE ggz [<!ENTITY a \"aaaa\">]><ggz>&a;</ggz>", "the GGZ's index declares entities"),
                      ("<!DOCTYPE ggz [<!ATTLIST file name CDATA \"x\">]><ggz/>",
                       "the GGZ's index declares attributes (<!ATTLIST>)"),
                      ("<ggz><file>", "the GGZ's index is not a well-formed <ggz> document"),
                      ("<kml/>", "the GGZ's index has the root element <kml>, not <ggz>")])
    func aGGZIndexThatIsNotAnIndexIsRefused(_ index: String, _ reason: String) throws {
        let error = try refusal([Entry("data/one.gpx", ZipFixture.caches(["GC11111"])),
                                 Entry(CacheImporter.ggzIndexPath, index)], name: "all.ggz")
        #expect(error?.description.hasPrefix("all.ggz: refused: \(reason)") == true, "\(String(describing: error))")
    }

    @Test func aZipBombIsRefusedNamingTheEntry() throws {
        let error = try refusal([Entry("bomb.gpx", bytes: [UInt8](repeating: 0x20, count: 24 << 20))])
        #expect(error?.kind == .zipArchive)
        #expect(error?.description.hasPrefix("pq.zip: refused: the entry bomb.gpx unpacks to more than 100 times "
                                             + "the archive's size") == true, "\(String(describing: error))")
    }

    @Test func anArchiveWithMoreEntriesThanTheLimitIsRefused() throws {
        let entries = (0...ArchiveLimits.standard.entries).map { Entry("n\($0).txt", "x", deflated: false) }
        let error = try refusal(entries)
        #expect(error?.description == "pq.zip: refused: the archive holds more than 1000 entries "
                + "(the most geocache-tui reads in an archive)")
    }

    @Test(arguments: ["../123.gpx", "/tmp/123.gpx", "data/../../123.gpx", "C:/123.gpx"])
    func anEntryWhosePathLeavesTheArchiveIsRefused(_ path: String) throws {
        let error = try refusal([Entry(path, ZipFixture.caches(["GC12345"]))])
        #expect(error?.description == "pq.zip: refused: the entry \(path) has a path outside the archive "
                + "(absolute, or with '..')")
    }

    @Test("A zip holding two entries of one name is refused naming it")
    func twoEntriesOfOneName() throws {
        let error = try refusal([Entry("1.gpx", ZipFixture.caches(["GC12345"])), Entry("1.gpx", ZipFixture.caches(["GC23456"]))])
        #expect(error?.description == "pq.zip: refused: the entry 1.gpx is in the archive twice "
                + "(zip readers differ on which one counts)")
    }

    @Test("A zip holding two names of one unpacked file is refused naming the second",
          arguments: [("1.gpx", "./1.gpx"), ("data/1.gpx", "data//1.gpx"), ("data/1.gpx", "data/./1.gpx")])
    func twoNamesOfOneFile(_ first: String, _ second: String) throws {
        let error = try refusal([Entry(first, ZipFixture.caches(["GC12345"])), Entry(second, ZipFixture.caches(["GC23456"]))])
        #expect(error?.description == "pq.zip: refused: the entry \(second) is in the archive twice "
                + "(zip readers differ on which one counts)")
    }

    @Test("A GGZ holding two data files of the name its index gives is refused naming it")
    func twoGGZDataFilesOfOneName() throws {
        let index = ZipFixture.ggzIndex([("1.gpx", [])])
        let error = try refusal([Entry("data/1.gpx", ZipFixture.caches(["GC12345"])),
                                 Entry("data/1.gpx", ZipFixture.caches(["GC23456"])),
                                 Entry(CacheImporter.ggzIndexPath, index)], name: "all.ggz")
        #expect(error?.description == "all.ggz: refused: the entry data/1.gpx is in the archive twice "
                + "(zip readers differ on which one counts)")
    }

    @Test func anEncryptedEntryIsRefused() throws {
        var entry = Entry("123.gpx", ZipFixture.caches(["GC12345"]))
        entry.encrypted = true
        let error = try refusal([entry])
        #expect(error?.description == "pq.zip: refused: the entry 123.gpx is encrypted; "
                + "geocache-tui reads no encrypted archives", "\(String(describing: error))")
    }

    @Test func anEntryCompressedWithAnUnknownMethodIsRefused() throws {
        var entry = Entry("123.gpx", ZipFixture.caches(["GC12345"]))
        entry.method = 97
        let error = try refusal([entry])
        #expect(error?.description.hasPrefix("pq.zip: refused: the entry 123.gpx uses a compression "
                                             + "geocache-tui cannot unpack") == true, "\(String(describing: error))")
    }

    @Test func compressedDataItsMethodCannotUnpackIsCalledDamage() {
        #expect(ZipArchive.unreadable("ZIP decompression failed (-3)")
                == "cannot be unpacked, the archive is damaged (ZIP decompression failed (-3))")
    }

    @Test("libarchive's message that ends with a line feed (a size the headers get wrong) is said on one line")
    func aMessageWithALineFeedIsOneLine() throws {
        var bytes = try withZip([Entry("1.gpx", ZipFixture.caches(["GC12345"]))]) { try Array(Data(contentsOf: $0)) }
        // The uncompressed size, 100 bytes too many, in the local header and the central directory.
        func patch(_ offset: Int) {
            let size = bytes[offset..<offset + 4].reversed().reduce(0) { $0 << 8 | Int($1) } + 100
            for index in 0..<4 { bytes[offset + index] = UInt8(truncatingIfNeeded: size >> (8 * index)) }
        }
        patch(22)
        let central = try #require((0..<bytes.count - 4).last { bytes[$0..<$0 + 4] == [0x50, 0x4B, 0x01, 0x02] })
        patch(central + 24)
        let error = try #require(Interchange.importError(.bytes(bytes, name: "size.zip")))
        #expect(error.description.contains("wrong size"), "\(error)")
        #expect(!error.description.contains("\n"), "\(error)")
    }

    @Test func aTruncatedZipIsRefusedAsDamaged() throws {
        let bytes = try withZip(Self.pocketQuery) { try Array(Data(contentsOf: $0)) }
        let error = Interchange.importError(.bytes(Array(bytes.prefix(bytes.count / 2)), name: "cut.zip"))
        #expect(error?.kind == .zipArchive)
        #expect(error?.description.hasPrefix("cut.zip: not a readable zip archive") == true, "\(String(describing: error))")
    }

    @Test func aZipHoldingNoGPXFileIsRefused() throws {
        let error = try refusal([Entry("readme.txt", "nothing here")])
        #expect(error?.description == "pq.zip: refused: the archive holds no GPX file "
                + "(a pocket query's zip holds NNN.gpx and NNN-wpts.gpx)")
    }

    @Test func anEmptyZipIsRefusedAsHoldingNoGPXFileNotAsDamaged() throws {
        let emptyArchive: [UInt8] = [0x50, 0x4B, 0x05, 0x06] + Array(repeating: 0, count: 18)
        let error = Interchange.importError(.bytes(emptyArchive, name: "pq.zip"))
        #expect(error?.description == "pq.zip: refused: the archive holds no GPX file "
                + "(a pocket query's zip holds NNN.gpx and NNN-wpts.gpx)")
    }

    @Test func aZipInsideTheZipIsRefused() throws {
        let inner = try withZip(Self.pocketQuery) { try Array(Data(contentsOf: $0)) }
        let error = try refusal([Entry("inner.gpx", bytes: inner)])
        #expect(error?.description == "pq.zip: refused: the entry inner.gpx is itself an archive; "
                + "geocache-tui does not open archives inside archives")
    }

    @Test func aMalformedGPXInsideTheZipIsRefusedNamingTheArchiveAndTheEntry() throws {
        let error = try refusal([Entry("123.gpx", "<gpx><wpt></gpx>")])
        #expect(error?.kind == .malformedXML)
        #expect(error?.description.hasPrefix("pq.zip(123.gpx):1:") == true, "\(String(describing: error))")
    }

    @Test func anInvalidWaypointInsideTheZipRefusesTheImportNamingTheArchive() throws {
        let fixture = try StoreFixture(.sqlite)
        let nameless = #"<gpx xmlns="http://www.topografix.com/GPX/1/0"><wpt lat="0" lon="0"><type>Geocache</type></wpt></gpx>"#
        let error = try withZip([Self.pocketQuery[0], Entry("9.gpx", nameless)]) { url -> ImportError? in
            do {
                _ = try fixture.store.importCaches(from: .file(url.path))
                return nil
            } catch let error as ImportError {
                return error
            }
        }
        #expect(error?.kind == .invalidRecords)
        #expect(error?.source.hasSuffix("/pq.zip") == true, "\(String(describing: error))")
        #expect(error?.rejections.map(\.location.source).allSatisfy { $0.hasSuffix("/pq.zip(9.gpx)") } == true)
        #expect(try fixture.store.count() == 0)
    }

    /// Hostile and damaged archives, each holding a good cache file first.
    static let refused: [String: [Entry]] = {
        let good = Entry("1.gpx", ZipFixture.caches(["GC12345"]))
        var encrypted = Entry("2.gpx", ZipFixture.caches(["GC23456"]))
        encrypted.encrypted = true
        return ["a malformed second GPX": [good, Entry("2.gpx", "<gpx><wpt></gpx>")],
                "an encrypted entry": [good, encrypted],
                "a path with ..": [good, Entry("../2.gpx", ZipFixture.caches(["GC23456"]))],
                "two entries of one name": [good, Entry("1.gpx", ZipFixture.caches(["GC23456"]))],
                "a zip bomb": [good, Entry("2.gpx", bytes: [UInt8](repeating: 0x20, count: 24 << 20))],
                "a GGZ index naming a missing file": [good, Entry(CacheImporter.ggzIndexPath,
                                                                  ZipFixture.ggzIndex([("1.gpx", []), ("9.gpx", [])]))]]
    }()

    @Test(arguments: refused.keys.sorted())
    func aRefusedArchiveLeavesTheStoreAsItWas(_ kind: String) throws {
        let fixture = try StoreFixture(.sqlite)
        try fixture.store.add(Samples.oak)
        let entries = try #require(Self.refused[kind])
        #expect(throws: ImportError.self) {
            try withZip(entries) { _ = try fixture.store.importCaches(from: .file($0.path)) }
        }
        #expect(try fixture.store.loadCaches().map(\.title) == ["Old Oak"])
    }
}
