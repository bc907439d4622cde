import Foundation
import Testing
@testable import GeoModel
import GeoTestSupport

/// A cache's status (issue 37): available, temporarily disabled or archived, kept from
/// every producer that says it and written back exactly as it came.
@Suite("Cache status")
struct CacheStatusTests {
    /// A Groundspeak GPX 1.0 file of one cache whose `groundspeak:cache` says `status`.
    static func gpx(_ status: String) -> String {
        """
        <gpx xmlns="http://www.topografix.com/GPX/1/0" xmlns:groundspeak="http://www.groundspeak.com/cache/1/0/1">
        <wpt lat="47.1" lon="8.2"><name>GC1A2B3</name><sym>Geocache</sym><type>Geocache|Traditional Cache</type>\
        <groundspeak:cache id="12345" \(status)><groundspeak:name>Oak</groundspeak:name>\
        <groundspeak:placed_by>ana</groundspeak:placed_by></groundspeak:cache></wpt></gpx>
        """
    }

    private func read(_ text: String, name: String = "in.gpx") throws -> GeoCache {
        try #require(Interchange.caches(try Interchange.records(text: text, name: name)).first)
    }

    @Test("an archived cache is read as archived, a disabled one as disabled", arguments: [
        (#"available="False" archived="True""#, CacheStatus.archived),
        (#"available="false" archived="1""#, .archived),
        (#"available="False" archived="False""#, .disabled),
        (#"available="0""#, .disabled),
        (#"available="True" archived="False""#, .available),
        ("", .available),
    ])
    func statusIsRead(_ attributes: String, _ status: CacheStatus) throws {
        #expect(try read(Self.gpx(attributes)).listing.status == status)
    }

    @Test("a cache that is simply available keeps no status: its listing is what a cache typed in has")
    func anAvailableCacheKeepsNothing() throws {
        let cache = try read(Self.gpx(#"available="True" archived="False""#))
        #expect(cache.listing.available == nil)
        #expect(cache.listing.archived == nil)
    }

    @Test("an archived cache is exported to GPX as archived and reads back the same", arguments: [
        (#"available="False" archived="True""#, #"available="False" archived="True""#),
        (#"available="False" archived="False""#, #"available="False" archived="False""#),
        (#"available="True" archived="True""#, #"available="True" archived="True""#),
        (#"available="True" archived="False""#, #"available="True" archived="False""#),
    ])
    func gpxExportSaysTheStatusAsItCame(_ attributes: String, _ written: String) throws {
        let cache = try read(Self.gpx(attributes))
        let exported = GPXWriter.document(for: [cache])
        #expect(exported.contains(written), "exported: \(exported)")
        #expect(try read(exported, name: "again.gpx").listing == cache.listing)
    }

    @Test("a status with one flag unsaid reads back from its own GPX export as it was read from JSON",
          arguments: [#""archived": true"#, #""available": false"#])
    func aStatusWithOneFlagUnsaidReadsBackFromGPX(_ flag: String) throws {
        let json = #"[{"title": "t", "details": "d", "creator": "c", "reward": "r", "code": "GC777", "#
            + #""latitude": 1, "longitude": 2, "# + flag + "}]"
        let cache = try read(json, name: "in.json")
        #expect(try read(GPXWriter.document(for: [cache]), name: "again.gpx").listing == cache.listing)
    }

    @Test("JSON carries a status that is not simply available, and reads it back")
    func jsonCarriesTheStatus() throws {
        let cache = try read(Self.gpx(#"available="False" archived="True""#))
        let document = JSONInterchange.document(for: [cache])
        #expect(document.contains("\"archived\": true"), "document: \(document)")
        #expect(document.contains("\"available\": false"), "document: \(document)")
        #expect(try read(document, name: "again.json").listing.status == .archived)
        let available = try read(Self.gpx(""))
        #expect(!JSONInterchange.document(for: [available]).contains("archived"))
    }

    @Test("a JSON status that is not a boolean is refused, naming the key")
    func aJSONStatusThatIsNoBooleanIsRefused() throws {
        let text = #"[{"title": "t", "details": "d", "creator": "c", "reward": "r", "archived": "yes"}]"#
        let rejections = Interchange.rejections(try Interchange.records(text: text, name: "in.json"))
        #expect(rejections.map(\.reason) == [#""archived" is a string, not a boolean"#])
    }

    @Test("the status survives the listing's encoding in a store")
    func theEncodingKeepsTheStatus() throws {
        let listing = Listing(type: "Traditional Cache", available: false, archived: true)
        #expect(ListingEncoding.decode(ListingEncoding.encode(listing)) == listing)
        #expect(ListingEncoding.decode([1, 11, 2]) == nil)
    }

    @Test("a newer file that says the cache is available again clears an archived status")
    func aNewerFileBringsTheCacheBack() throws {
        let archived = try read(Self.gpx(#"available="False" archived="True""#))
        let again = try read(Self.gpx(#"available="True" archived="False""#))
        #expect(archived.updated(byImporting: again, coverage: .complete).listing.status == .available)
        #expect(again.updated(byImporting: archived, coverage: .complete).listing.status == .archived)
    }

    @Test("the dictionary form keeps the status", arguments: [CacheStatus.archived, .disabled])
    func theDictionaryKeepsTheStatus(_ status: CacheStatus) throws {
        var cache = Samples.oak
        (cache.listing.available, cache.listing.archived) = (false, status == .archived)
        #expect(GeoCache(fromDictionary: cache.dictionary) == cache)
    }

    @Test("a waypoint's symbol that is not the plain one is kept and written back: Geocache Found stays found")
    func theSymbolIsKept() throws {
        let text = Self.gpx("").replacingOccurrences(of: "<sym>Geocache</sym>", with: "<sym>Geocache Found</sym>")
        let cache = try read(text)
        #expect(cache.listing.symbol == "Geocache Found")
        let exported = GPXWriter.document(for: [cache])
        #expect(exported.contains("<sym>Geocache Found</sym>"), "exported: \(exported)")
        #expect(try read(exported, name: "again.gpx").listing == cache.listing)
        #expect(try read(Self.gpx("")).listing.symbol == nil)
        #expect(JSONInterchange.document(for: [cache]).contains("\"symbol\": \"Geocache Found\""))
    }
}
