import Foundation
import Testing
@testable import GeoModel
import GeoTestSupport

/// Travel bugs as a list (issue 37): each with its own id, reference and name, kept from
/// the file and written back exactly; the reward still names them.
@Suite struct TravelBugTests {
    static let twoBugs = """
        <gpx xmlns="http://www.topografix.com/GPX/1/0" xmlns:groundspeak="http://www.groundspeak.com/cache/1/0/1">
        <wpt lat="47.1" lon="8.2"><name>GC1A2B3</name><sym>Geocache</sym><type>Geocache|Traditional Cache</type>\
        <groundspeak:cache id="12345" available="True" archived="False"><groundspeak:name>Oak</groundspeak:name>\
        <groundspeak:placed_by>ana</groundspeak:placed_by><groundspeak:container>Small</groundspeak:container>\
        <groundspeak:short_description html="False">Under the oak</groundspeak:short_description>\
        <groundspeak:travelbugs>\
        <groundspeak:travelbug id="1111" ref="TB1ABCD"><groundspeak:name>Rubber duck</groundspeak:name></groundspeak:travelbug>\
        <groundspeak:travelbug id="2222" ref="TB2EFGH"><groundspeak:name>Tin robot</groundspeak:name></groundspeak:travelbug>\
        </groundspeak:travelbugs></groundspeak:cache></wpt></gpx>
        """

    private func read(_ text: String, name: String = "in.gpx") throws -> GeoCache {
        try #require(Interchange.caches(try Interchange.records(text: text, name: name)).first)
    }

    @Test("each travel bug is kept with its id, reference and name, and the reward names them all")
    func eachBugIsKept() throws {
        let cache = try read(Self.twoBugs)
        #expect(cache.listing.travelBugs == [TravelBug(id: "1111", ref: "TB1ABCD", name: "Rubber duck"),
                                             TravelBug(id: "2222", ref: "TB2EFGH", name: "Tin robot")])
        #expect(cache.reward == "Rubber duck, Tin robot")
    }

    @Test("two travel bugs are exported as two, with their own references, and read back the same")
    func twoBugsAreExportedAsTwo() throws {
        let cache = try read(Self.twoBugs)
        let exported = GPXWriter.document(for: [cache])
        #expect(exported.contains(#"<groundspeak:travelbug id="1111" ref="TB1ABCD">"#), "exported: \(exported)")
        #expect(exported.contains(#"<groundspeak:travelbug id="2222" ref="TB2EFGH">"#), "exported: \(exported)")
        #expect(exported.components(separatedBy: "<groundspeak:travelbug ").count == 3)
        let again = try read(exported, name: "again.gpx")
        #expect(again == cache, "again: \(again.dictionary)\ncache: \(cache.dictionary)")
    }

    @Test("a cache with one travel bug reads back with it from our own export")
    func oneBugReadsBack() throws {
        let one = Self.twoBugs.replacingOccurrences(
            of: #"<groundspeak:travelbug id="2222" ref="TB2EFGH"><groundspeak:name>Tin robot</groundspeak:name></groundspeak:travelbug>"#,
            with: "")
        let cache = try read(one)
        #expect(cache.listing.travelBugs.count == 1)
        #expect(try read(GPXWriter.document(for: [cache]), name: "again.gpx") == cache)
    }

    @Test("a travel bug without a name is kept by its id and reference, and reads back from our own export")
    func aBugWithoutANameIsKept() throws {
        let unnamed = Self.twoBugs.replacingOccurrences(of: "<groundspeak:name>Tin robot</groundspeak:name>", with: "")
        let cache = try read(unnamed)
        #expect(cache.listing.travelBugs == [TravelBug(id: "1111", ref: "TB1ABCD", name: "Rubber duck"),
                                             TravelBug(id: "2222", ref: "TB2EFGH", name: "")])
        #expect(try read(GPXWriter.document(for: [cache]), name: "again.gpx") == cache)
    }

    @Test("a reward typed over a cache with travel bugs is written beside them, the bugs kept")
    func aTypedRewardIsWrittenBesideTheBugs() throws {
        var cache = try read(Self.twoBugs)
        cache.reward = "Gold coin"
        let exported = GPXWriter.document(for: [cache])
        #expect(exported.contains("<groundspeak:name>Gold coin</groundspeak:name>"))
        #expect(exported.contains(#"ref="TB1ABCD""#))
        #expect(exported.contains(#"ref="TB2EFGH""#))
    }

    @Test("a typed cache's reward still reads back exactly, and no travel bug is made of it")
    func aTypedRewardReadsBackWithoutABug() throws {
        var typed = Samples.oak
        typed.code = "GC77777"
        typed.coordinate = Coordinate(latitudeMicrodegrees: 47_000_000, longitudeMicrodegrees: 8_000_000)
        let back = try read(GPXWriter.document(for: [typed]))
        #expect(back == typed)
        #expect(back.listing.travelBugs.isEmpty)
    }

    /// A Groundspeak cache whose listing names neither a type nor a container, with
    /// `bugs` in its inventory.
    static func typeless(bugs: String = "") -> String {
        """
        <gpx xmlns="http://www.topografix.com/GPX/1/0" xmlns:groundspeak="http://www.groundspeak.com/cache/1/0/1">
        <wpt lat="47.1" lon="8.2"><name>GC1A2B3</name><sym>Geocache</sym><type>Geocache</type>\
        <groundspeak:cache id="12345" available="True" archived="False"><groundspeak:name>Oak</groundspeak:name>\
        <groundspeak:placed_by>ana</groundspeak:placed_by>\
        <groundspeak:short_description html="False">Under the oak</groundspeak:short_description>\
        \(bugs.isEmpty ? "" : "<groundspeak:travelbugs>\(bugs)</groundspeak:travelbugs>")</groundspeak:cache></wpt></gpx>
        """
    }

    @Test("the Type: Geocache an import makes up for a plain waypoint is exported as no travel bug, in GPX 1.0 and 1.1")
    func aMadeUpRewardIsNoTravelBug() throws {
        let plain = """
            <gpx xmlns="http://www.topografix.com/GPX/1/1" version="1.1" creator="Locus Map">
            <wpt lat="50.2" lon="14.5"><name>GC7PLN2</name><cmt>a comment</cmt></wpt></gpx>
            """
        let cache = try read(plain)
        #expect(cache.reward == "Type: Geocache")
        for version in [GPXWriter.Version.gpx10, .gpx11] {
            let exported = GPXWriter.document(for: [cache], version: version)
            #expect(!exported.contains("travelbug"), "\(exported)")
        }
    }

    @Test("a cache whose listing has neither type nor container reads back exactly from an export that writes it no travel bug")
    func aTypelessCacheReadsBackWithoutATravelBug() throws {
        let cache = try read(Self.typeless())
        #expect(cache.reward == "Type: Geocache" && cache.listing.travelBugs.isEmpty)
        var typed = cache
        typed.details = "  typed over, with a tab\tand no code in front "
        for version in [GPXWriter.Version.gpx10, .gpx11] {
            let exported = GPXWriter.document(for: [cache, typed], version: version)
            #expect(!exported.contains("travelbug"), "\(exported)")
            #expect(Interchange.caches(try Interchange.records(text: exported, name: "again.gpx")) == [cache, typed])
        }
    }

    @Test("a real travel bug in a cache whose listing has neither type nor container is still written and read back")
    func aRealBugInATypelessCacheIsKept() throws {
        let cache = try read(Self.typeless(bugs: #"<groundspeak:travelbug id="1111" ref="TB1ABCD">"#
                                           + "<groundspeak:name>Rubber duck</groundspeak:name></groundspeak:travelbug>"))
        #expect(cache.reward == "Rubber duck")
        let exported = GPXWriter.document(for: [cache])
        #expect(exported.contains(#"<groundspeak:travelbug id="1111" ref="TB1ABCD">"#), "\(exported)")
        #expect(exported.components(separatedBy: "<groundspeak:travelbug ").count == 2)
        #expect(try read(exported, name: "again.gpx") == cache)
    }

    @Test("JSON carries the travel bugs as objects and reads them back; the listing's encoding keeps them")
    func jsonAndTheEncodingKeepTheBugs() throws {
        let cache = try read(Self.twoBugs)
        let document = JSONInterchange.document(for: [cache])
        #expect(document.contains("\"travelBugs\": ["), "document: \(document)")
        #expect(try read(document, name: "again.json").listing.travelBugs == cache.listing.travelBugs)
        #expect(ListingEncoding.decode(ListingEncoding.encode(cache.listing)) == cache.listing)
        #expect(GeoCache(fromDictionary: cache.dictionary) == cache)
    }

    @Test("a travel bug in JSON whose name is not a string is refused, naming it")
    func aJSONBugThatIsNotAStringIsRefused() throws {
        let text = #"[{"title": "t", "details": "d", "creator": "c", "reward": "r", "travelBugs": [{"name": 7}]}]"#
        let rejections = Interchange.rejections(try Interchange.records(text: text, name: "in.json"))
        #expect(rejections.map(\.reason) == [#"travel bug 0's "name" is a number, not a string"#])
    }

    @Test("a newer file's inventory replaces the older one: travel bugs move on")
    func aNewerInventoryReplacesTheOlder() throws {
        let before = try read(Self.twoBugs)
        let after = try read(Self.twoBugs.replacingOccurrences(
            of: #"<groundspeak:travelbug id="1111" ref="TB1ABCD"><groundspeak:name>Rubber duck</groundspeak:name></groundspeak:travelbug>"#,
            with: ""))
        #expect(before.updated(byImporting: after, coverage: .complete).listing.travelBugs.map(\.ref) == ["TB2EFGH"])
    }
}
