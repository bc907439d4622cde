import Foundation
import Testing
@testable import GeoModel
import GeoTestSupport

/// What a pocket query carries beyond the lab's fields (issue 37): the real ids (cache,
/// owner, log, finder), country and state, the owner when not the creator, the short
/// description as it came and the attributes; read from each producer's shape and
/// written back exactly.
@Suite struct PocketQueryFactTests {
    /// A geocaching.com pocket query's waypoint (GPX 1.0, Groundspeak 1.0.1).
    static let pocketQuery = """
        <?xml version="1.0" encoding="utf-8"?>
        <gpx xmlns="http://www.topografix.com/GPX/1/0" version="1.0" creator="Groundspeak Pocket Query" \
        xmlns:groundspeak="http://www.groundspeak.com/cache/1/0/1">
          <wpt lat="46.948020" lon="7.447440">
            <time>2004-08-07T07:00:00</time>
            <name>GC1BKP3</name>
            <desc>Bear Pit by Ursula, Multi-cache (2.5/1.5)</desc>
            <url>https://coord.info/GC1BKP3</url>
            <urlname>Bear Pit</urlname>
            <sym>Geocache Found</sym>
            <type>Geocache|Multi-cache</type>
            <groundspeak:cache id="1188123" available="True" archived="False">
              <groundspeak:name>Bear Pit</groundspeak:name>
              <groundspeak:placed_by>Ursula</groundspeak:placed_by>
              <groundspeak:owner id="4242">ursula_b</groundspeak:owner>
              <groundspeak:type>Multi-cache</groundspeak:type>
              <groundspeak:container>Regular</groundspeak:container>
              <groundspeak:attributes>
                <groundspeak:attribute id="14" inc="1">Recommended at night</groundspeak:attribute>
                <groundspeak:attribute id="1" inc="0">Dogs</groundspeak:attribute>
              </groundspeak:attributes>
              <groundspeak:difficulty>2.5</groundspeak:difficulty>
              <groundspeak:terrain>1.5</groundspeak:terrain>
              <groundspeak:country>Switzerland</groundspeak:country>
              <groundspeak:state>Bern</groundspeak:state>
              <groundspeak:short_description html="True">&lt;p&gt;Two &lt;b&gt;stages&lt;/b&gt;.&lt;/p&gt;</groundspeak:short_description>
              <groundspeak:long_description html="True">&lt;p&gt;Count the bears.&lt;/p&gt;</groundspeak:long_description>
              <groundspeak:encoded_hints>Behind the post</groundspeak:encoded_hints>
              <groundspeak:logs>
                <groundspeak:log id="987654321">
                  <groundspeak:date>2008-02-28T08:00:00Z</groundspeak:date>
                  <groundspeak:type>Found it</groundspeak:type>
                  <groundspeak:finder id="77">Hans</groundspeak:finder>
                  <groundspeak:text encoded="False">Quick find.</groundspeak:text>
                </groundspeak:log>
              </groundspeak:logs>
            </groundspeak:cache>
          </wpt>
        </gpx>
        """

    /// `cache` without the facts these tests cover, for tests of the other facts.
    static func withoutPocketQueryFacts(_ cache: GeoCache) -> GeoCache {
        var stripped = cache
        stripped.listing.shortDescription = nil
        stripped.listing.shortDescriptionIsHTML = false
        stripped.listing.country = nil
        stripped.listing.state = nil
        stripped.listing.cacheID = nil
        stripped.listing.ownerName = nil
        stripped.listing.ownerID = nil
        stripped.listing.attributes = []
        stripped.listing.logs = cache.listing.logs.map { CacheLog(date: $0.date, type: $0.type, finder: $0.finder, text: $0.text) }
        return stripped
    }

    private func read(_ text: String, name: String = "pq.gpx") throws -> GeoCache {
        try #require(Interchange.caches(try Interchange.records(text: text, name: name)).first)
    }

    @Test("a pocket query's cache id, owner and owner id, country and state are kept as written")
    func idsOwnerCountryAndStateAreKept() throws {
        let listing = try read(Self.pocketQuery).listing
        #expect(listing.cacheID == "1188123")
        #expect(listing.ownerName == "ursula_b")
        #expect(listing.ownerID == "4242")
        #expect(listing.country == "Switzerland")
        #expect(listing.state == "Bern")
    }

    @Test("the owner is kept only when it is not the creator")
    func theOwnerIsKeptOnlyWhenItIsNotTheCreator() throws {
        let same = Self.pocketQuery.replacingOccurrences(of: ">ursula_b<", with: ">Ursula<")
        let listing = try read(same).listing
        #expect(listing.ownerName == nil)
        #expect(listing.ownerID == "4242")
    }

    @Test("each log keeps its own id and its finder's id")
    func logsKeepTheirIds() throws {
        let log = try #require(try read(Self.pocketQuery).listing.logs.first)
        #expect(log.id == "987654321")
        #expect(log.finderID == "77")
    }

    @Test("an id of 0, which producers write for none, is no id")
    func anIdOfZeroIsNoId() throws {
        let zeros = Self.pocketQuery.replacingOccurrences(of: #"id="4242""#, with: #"id="0""#)
            .replacingOccurrences(of: #"id="77""#, with: #"id="0""#)
            .replacingOccurrences(of: #"cache id="1188123""#, with: #"cache id="0""#)
        let listing = try read(zeros).listing
        #expect(listing.ownerID == nil)
        #expect(listing.cacheID == nil)
        #expect(listing.logs.first?.finderID == "")
    }

    @Test("the short description is kept as it came, HTML flag included, and the details keep usage's mapping")
    func theShortDescriptionIsKeptAsItCame() throws {
        let cache = try read(Self.pocketQuery)
        #expect(cache.listing.shortDescription == "<p>Two <b>stages</b>.</p>")
        #expect(cache.listing.shortDescriptionIsHTML)
        #expect(cache.details == "GC1BKP3: Two stages.")
    }

    @Test("Groundspeak attributes are kept in order, on and off, with their ids and names")
    func groundspeakAttributesAreKept() throws {
        #expect(try read(Self.pocketQuery).listing.attributes == [
            CacheAttribute(source: "groundspeak", id: "14", isOn: true, name: "Recommended at night"),
            CacheAttribute(source: "groundspeak", id: "1", isOn: false, name: "Dogs"),
        ])
    }

    @Test("Opencaching's own attributes in its extension are kept as Opencaching's")
    func openCachingAttributesAreKeptAsOpencachings() throws {
        let text = """
            <gpx xmlns="http://www.topografix.com/GPX/1/0" version="1.0" creator="Opencaching.de">
            <wpt lat="50.9" lon="6.9"><name>OC10F3A</name><sym>Geocache</sym><type>Geocache|Unknown Cache</type>
            <oc:cache xmlns:oc="https://github.com/opencaching/gpx-extension-v1"><oc:type>Quiz Cache</oc:type>
            <oc:attributes><oc:attribute id="59" inc="1">Near the parking area</oc:attribute>
            <oc:attribute id="6" inc="0">Only at night</oc:attribute></oc:attributes></oc:cache></wpt></gpx>
            """
        #expect(try read(text).listing.attributes == [
            CacheAttribute(source: "opencaching", id: "59", isOn: true, name: "Near the parking area"),
            CacheAttribute(source: "opencaching", id: "6", isOn: false, name: "Only at night"),
        ])
    }

    @Test("TerraCaching's cache, owner, log and user ids, country and state are kept")
    func terraCachingIdsAreKept() throws {
        let text = """
            <gpx xmlns="http://www.topografix.com/GPX/1/0" version="1.0" xmlns:terra="http://www.TerraCaching.com/GPX/1/0">
            <wpt lat="40.6" lon="-74.0"><name>TC7X2K</name><sym>Terracache</sym>
            <terra:terracache id="18213"><terra:name>Liberty View</terra:name><terra:owner id="774">Hawk</terra:owner>
            <terra:country>United States</terra:country><terra:state>New York</terra:state>
            <terra:logs><terra:log id="9981"><terra:date>2022-06-30T16:00:00</terra:date><terra:type>Found it</terra:type>
            <terra:user id="31">Gotham Geo</terra:user><terra:entry>Great view.</terra:entry></terra:log></terra:logs>
            </terra:terracache></wpt></gpx>
            """
        let listing = try read(text).listing
        #expect([listing.cacheID, listing.ownerID, listing.country, listing.state] == ["18213", "774", "United States", "New York"])
        #expect(listing.logs.map(\.id) == ["9981"])
        #expect(listing.logs.map(\.finderID) == ["31"])
    }

    @Test("a pocket query exported as GPX writes its ids, owner, attributes, country, state and short description back exactly")
    func thePocketQueryIsWrittenBackExactly() throws {
        let exported = GPXWriter.document(for: [try read(Self.pocketQuery)])
        for expected in [#"<groundspeak:cache id="1188123" available="True" archived="False">"#,
                         #"<groundspeak:owner id="4242">ursula_b</groundspeak:owner>"#,
                         #"<groundspeak:attribute id="14" inc="1">Recommended at night</groundspeak:attribute>"#,
                         #"<groundspeak:attribute id="1" inc="0">Dogs</groundspeak:attribute>"#,
                         "<groundspeak:country>Switzerland</groundspeak:country>",
                         "<groundspeak:state>Bern</groundspeak:state>",
                         #"<groundspeak:short_description html="True">&lt;p&gt;Two &lt;b&gt;stages&lt;/b&gt;.&lt;/p&gt;</groundspeak:short_description>"#,
                         #"<groundspeak:log id="987654321">"#, #"<groundspeak:finder id="77">Hans</groundspeak:finder>"#,
                         "<cmt>GC1BKP3: Two stages.</cmt>"] {
            #expect(exported.contains(expected), "\(expected)")
        }
    }

    @Test("a pocket query's cache with its real id, exported as GPX, reads back exactly")
    func aCacheWithARealIdReadsBackExactly() throws {
        let cache = try read(Self.pocketQuery)
        #expect(try read(GPXWriter.document(for: [cache]), name: "again.gpx") == cache)
    }

    @Test("edited fields of a cache with a real id read back exactly, as the digest in <src> proves them")
    func editedFieldsOfACacheWithARealIdReadBackExactly() throws {
        var cache = try read(Self.pocketQuery)
        cache.details = "my own notes\u{1}"
        cache.reward = "Gold coin"
        cache.title = "Bear Pit (again)"
        #expect(try read(GPXWriter.document(for: [cache]), name: "again.gpx") == cache)
    }

    @Test("a cache without ids writes 0 for owner and finder and minus its place for a log, and reads back without ids")
    func aCacheWithoutIdsReadsBackWithoutIds() throws {
        var cache = Interchange.placed([Samples.mill])[0]
        cache.code = "GC77QQ"
        cache.listing.logs = [CacheLog(date: "2024-05-01T00:00:00Z", type: "Found it", finder: "ana", text: "ok"),
                              CacheLog(date: "2024-04-01T00:00:00Z", type: "Write note", finder: "bo", text: "hm", id: "55")]
        let exported = GPXWriter.document(for: [cache])
        #expect(exported.contains(#"<groundspeak:log id="-1">"#))
        #expect(exported.contains(#"<groundspeak:log id="55">"#))
        #expect(exported.contains(#"<groundspeak:owner id="0">"#))
        #expect(exported.contains(#"<groundspeak:finder id="0">ana</groundspeak:finder>"#))
        #expect(try read(exported, name: "again.gpx") == cache)
    }

    @Test("ids of any number of digits are written as they are and read back whole")
    func idsOfNineteenAndMoreDigitsAreWrittenAsTheyAre() throws {
        var cache = Interchange.placed([Samples.mill])[0]
        cache.code = "GC77QR"
        cache.listing.cacheID = "1000000000000000000"
        cache.listing.ownerID = "98765432109876543210"
        cache.listing.logs = [CacheLog(date: "2024-05-01T00:00:00Z", type: "Found it", finder: "ana", text: "ok",
                                       id: "12345678901234567890", finderID: "1000000000000000001")]
        let exported = GPXWriter.document(for: [cache])
        #expect(exported.contains(#"<groundspeak:cache id="1000000000000000000""#))
        #expect(exported.contains(#"<groundspeak:owner id="98765432109876543210">"#))
        #expect(exported.contains(#"<groundspeak:log id="12345678901234567890">"#))
        #expect(exported.contains(#"<groundspeak:finder id="1000000000000000001">"#))
        #expect(try read(exported, name: "again.gpx") == cache)
    }

    @Test("an id that is not a number is not written as one")
    func anIdThatIsNotANumberIsNotWritten() throws {
        var cache = Interchange.placed([Samples.mill])[0]
        cache.listing.cacheID = "OC-12"
        cache.listing.ownerID = "x1"
        let exported = GPXWriter.document(for: [cache])
        #expect(!exported.contains("OC-12"))
        #expect(exported.contains(#"<groundspeak:owner id="0">"#))
    }

    @Test("Opencaching's attributes are left out of a GPX export, Groundspeak's written")
    func openCachingAttributesAreLeftOutOfGPX() throws {
        var cache = Interchange.placed([Samples.mill])[0]
        cache.listing.attributes = [CacheAttribute(source: "opencaching", id: "59", isOn: true, name: "Parking"),
                                    CacheAttribute(source: "groundspeak", id: "14", isOn: true, name: "Night")]
        let exported = GPXWriter.document(for: [cache])
        #expect(!exported.contains("Parking"))
        #expect(exported.contains(#"<groundspeak:attribute id="14" inc="1">Night</groundspeak:attribute>"#))
    }

    @Test("a listing without a short description of its own writes the details there, as before")
    func withoutAShortDescriptionTheDetailsAreWritten() throws {
        let cache = Interchange.placed([Samples.mill])[0]
        let exported = GPXWriter.document(for: [cache])
        #expect(exported.contains(#"<groundspeak:short_description html="False">"# + GPXWriter.escaped(cache.details)))
        #expect(!exported.contains("<cmt>"))
    }
}
