import Foundation
import Testing
@testable import GeoModel
import GeoTestSupport

/// A log its finder encrypted (`<groundspeak:text encoded="True">`) keeps that flag
/// through the store's encoding, GPX and JSON, read from Strings and from stored bytes.
@Suite struct EncryptedLogTests {
    /// A cache with three logs, the first and the last encrypted.
    static let cache: GeoCache = {
        var cache = GeoCache(title: "Old Mill", details: "By the wheel", creator: "ana", reward: "Coin", code: "GC31J2H",
                             coordinate: Coordinate(latitudeMicrodegrees: 47_100_000, longitudeMicrodegrees: 8_200_000))
        cache.listing.logs = [
            CacheLog(date: "2024-05-03T10:00:00Z", type: "Found it", finder: "bo", text: "Under the third stone",
                     id: "3", isEncoded: true),
            CacheLog(date: "2024-05-02T10:00:00Z", type: "Found it", finder: "kim", text: "TFTC", id: "2"),
            CacheLog(date: "2024-05-01T10:00:00Z", type: "Write note", finder: "ana", text: "Magnetic", id: "1",
                     isEncoded: true),
        ]
        return cache
    }()

    static func gpx(encoded: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx xmlns="http://www.topografix.com/GPX/1/0" version="1.0" creator="test">
          <wpt lat="47.1" lon="8.2">
            <name>GC31J2H</name>
            <groundspeak:cache xmlns:groundspeak="http://www.groundspeak.com/cache/1/0/1" id="1">
              <groundspeak:name>Old Mill</groundspeak:name>
              <groundspeak:logs>
                <groundspeak:log id="7">
                  <groundspeak:date>2024-05-01T10:00:00Z</groundspeak:date>
                  <groundspeak:type>Found it</groundspeak:type>
                  <groundspeak:finder id="9">bo</groundspeak:finder>
                  <groundspeak:text \(encoded)>Under the third stone</groundspeak:text>
                </groundspeak:log>
              </groundspeak:logs>
            </groundspeak:cache>
          </wpt>
        </gpx>
        """
    }

    @Test("the store's encoding keeps which logs are encrypted")
    func theEncodingKeepsTheFlag() {
        #expect(ListingEncoding.decode(ListingEncoding.encode(Self.cache.listing)) == Self.cache.listing)
    }

    @Test("a listing whose logs none is encrypted is encoded as before, without the encrypted logs' tag")
    func noEncryptedLogNoTag() throws {
        var plain = Self.cache.listing
        for index in plain.logs.indices { plain.logs[index].isEncoded = false }
        let bytes = try #require(ListingEncoding.encode(plain))
        #expect(!bytes.contains(ListingEncoding.Tag.encodedLogs.rawValue))
    }

    @Test("an encrypted log's place beyond the logs reads as a damaged listing", arguments: [[1, 5], [2, 0, 0], [1]])
    func aPlaceBeyondTheLogsIsRefused(_ tail: [UInt8]) throws {
        let listing = Listing(logs: [CacheLog(date: "d", type: "t", finder: "f", text: "x")])
        let bytes = try #require(ListingEncoding.encode(listing)) + [ListingEncoding.Tag.encodedLogs.rawValue] + tail
        #expect(ListingEncoding.decode(bytes) == nil)
        bytes.withUnsafeBytes { #expect(ListingEncoding.Facts($0) == nil) }
    }

    @Test("GPX import takes encoded=\"True\" (and 1) as an encrypted log", arguments: [#"encoded="True""#, #"encoded="1""#])
    func gpxReadsTheFlag(_ attribute: String) throws {
        let cache = try #require(Interchange.caches(try Interchange.records(text: Self.gpx(encoded: attribute))).first)
        #expect(cache.listing.logs.map(\.isEncoded) == [true])
        #expect(cache.listing.logs.first?.text == "Under the third stone")
    }

    @Test("GPX import takes encoded=\"False\" and no attribute as a plain log", arguments: [#"encoded="False""#, ""])
    func gpxReadsAPlainLog(_ attribute: String) throws {
        let cache = try #require(Interchange.caches(try Interchange.records(text: Self.gpx(encoded: attribute))).first)
        #expect(cache.listing.logs.map(\.isEncoded) == [false])
    }

    @Test("GPX export writes encoded=\"True\" for the encrypted logs alone, and reads back the same logs")
    func gpxWritesTheFlag() throws {
        let document = GPXWriter.document(for: [Self.cache])
        #expect(document.components(separatedBy: #"<groundspeak:text encoded="True">"#).count == 3)
        #expect(document.contains(#"<groundspeak:text encoded="False">TFTC<"#))
        let back = try #require(Interchange.caches(try Interchange.records(text: document)).first)
        #expect(back.listing.logs == Self.cache.listing.logs)
    }

    @Test("JSON export writes \"encoded\": true for the encrypted logs alone, and reads back the same logs")
    func jsonWritesTheFlag() throws {
        let document = JSONInterchange.document(for: [Self.cache])
        #expect(document.components(separatedBy: #""encoded": true"#).count == 3, "document: \(document)")
        let back = try #require(Interchange.caches(try Interchange.records(text: document, name: "back.json")).first)
        #expect(back.listing.logs == Self.cache.listing.logs)
    }

    @Test("a log's \"encoded\" that is no boolean is named as the problem")
    func jsonNamesANonBoolean() throws {
        let text = #"[{"title": "T", "details": "D", "creator": "C", "reward": "R", "code": "GC1", "#
            + #""logs": [{"date": "2024-05-01", "type": "Found it", "finder": "bo", "text": "x", "encoded": "yes"}]}]"#
        let rejections = Interchange.rejections(try Interchange.records(text: text, name: "bad.json"))
        #expect(rejections.first?.reason.contains(#""encoded" is a string, not a boolean"#) == true, "\(rejections)")
    }

    @Test("list --json and the JSON export from a store's bytes mark the encrypted logs", arguments: StoreKind.allCases)
    func storedBytesMarkTheFlag(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let store = try fixture.open()
        try store.add(Self.cache)
        var output = BufferedWriter()
        var isFirst = true
        try store.forEachCacheRow { row in
            JSONInterchange.writeElement(for: row, isFirst: isFirst, to: &output)
            isFirst = false
        }
        #expect(output.text + JSONInterchange.closing(isEmpty: false) == JSONInterchange.document(for: [Self.cache]))
        var listing = ListingWriter(format: .json)
        var listed = BufferedWriter()
        try store.forEachCacheRow { try listing.write($0, to: &listed) }
        #expect(listed.text.components(separatedBy: #""encoded" : true"#).count == 3, "listing: \(listed.text)")
    }
}
