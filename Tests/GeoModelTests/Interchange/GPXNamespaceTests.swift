import Testing
@testable import GeoModel

/// Whatever the prefix, a Groundspeak namespace is recognised, with the scoping rules
/// of XML namespaces (libxml2 resolves them; the reader looks at the namespace URI).
@Suite("GPX namespaces")
struct GPXNamespaceTests {
    private static func cache(_ body: String, root: String = #"xmlns="http://www.topografix.com/GPX/1/0""#)
        throws -> [ImportRecord] {
        try Interchange.records(text: "<gpx \(root)><wpt lat=\"0\" lon=\"0\"><name>GC1</name>\(body)</wpt></gpx>")
    }

    @Test func anyPrefixBoundToGroundspeakWorks() throws {
        let records = try Self.cache("""
            <gs:cache xmlns:gs="https://www.groundspeak.com/cache/1/0/1"><gs:name>Oak</gs:name>\
            <gs:placed_by>Ann</gs:placed_by><gs:container>Small</gs:container></gs:cache>
            """)
        #expect(Interchange.labCaches(records) == [GeoCache(title: "Oak", details: "GC1", creator: "Ann",
                                                         reward: "Container: Small")])
    }

    @Test func groundspeakAsTheDefaultNamespaceOfTheCacheElement() throws {
        let records = try Self.cache("""
            <cache xmlns="http://www.groundspeak.com/cache/1/0"><name>Oak</name><owner>Bo</owner>\
            <container>Micro</container></cache>
            """)
        #expect(Interchange.labCaches(records) == [GeoCache(title: "Oak", details: "GC1", creator: "Bo",
                                                         reward: "Container: Micro")])
    }

    @Test func aPrefixBoundElsewhereIsNotGroundspeak() throws {
        // `groundspeak:` here names another namespace: the waypoint is no geocache (its
        // symbol is another one, so its GC code alone does not make it a plain geocache).
        let records = try Self.cache("""
            <sym>Flag, Blue</sym><groundspeak:cache xmlns:groundspeak="http://example.com/other"><groundspeak:name>X</groundspeak:name>\
            </groundspeak:cache>
            """)
        #expect(records.count == 1)
        guard case .notAGeocache = records.first else {
            Issue.record("expected a waypoint that is not a geocache, got \(records)")
            return
        }
    }

    @Test func aDeclarationEndsWithItsElement() throws {
        // The binding on the first <gs:cache> does not reach the second waypoint.
        let text = """
            <gpx xmlns="http://www.topografix.com/GPX/1/0">\
            <wpt lat="0" lon="0"><name>GC1</name><gs:cache xmlns:gs="http://www.groundspeak.com/cache/1/0/1">\
            <gs:name>Oak</gs:name><gs:owner>Ann</gs:owner><gs:container>Small</gs:container></gs:cache></wpt>\
            <wpt lat="0" lon="0"><name>GC2</name><type>Waypoint|Parking</type>\
            <gs:cache xmlns:gs="http://example.com/other"><gs:name>No</gs:name></gs:cache></wpt></gpx>
            """
        let records = try Interchange.records(text: text)
        #expect(Interchange.caches(records).map(\.title) == ["Oak"])
        #expect(records.count == 2)
    }

    @Test func aRootInTheGroundspeakNamespaceIsNotGPX() {
        let error = Interchange.importError(.bytes(Array("""
            <gs:gpx xmlns:gs="http://www.groundspeak.com/cache/1/0/1"></gs:gpx>
            """.utf8), name: "input"))
        #expect(error?.kind == .notGPX)
        #expect(error?.reason.contains("<gs:gpx>") == true)
    }

    @Test("elements of three namespaces by turns are each told apart, waypoint after waypoint")
    func threeNamespacesByTurns() throws {
        let waypoint = { (code: String) in
            """
            <wpt lat="1" lon="2"><name>Oak</name><sym>Geocache</sym>\
            <gsak:wptExtension xmlns:gsak="http://www.gsak.net/xmlv1/6"><gsak:Code>\(code)</gsak:Code></gsak:wptExtension>\
            <groundspeak:cache xmlns:groundspeak="http://www.groundspeak.com/cache/1/0/1">\
            <groundspeak:name>N\(code)</groundspeak:name>\
            <gsak:wptExtension xmlns:gsak="http://www.gsak.net/xmlv1/6"><gsak:FavPoints>3</gsak:FavPoints></gsak:wptExtension>\
            <groundspeak:placed_by>P\(code)</groundspeak:placed_by></groundspeak:cache>\
            <urlname>U\(code)</urlname></wpt>
            """
        }
        let caches = Interchange.caches(try Interchange.records(text: #"<gpx xmlns="http://www.topografix.com/GPX/1/0">"# + waypoint("GC1") + waypoint("GC2") + "</gpx>"))
        #expect(caches.map(\.code) == ["GC1", "GC2"])
        #expect(caches.map(\.title) == ["NGC1", "NGC2"])
        #expect(caches.map(\.creator) == ["PGC1", "PGC2"])
    }
}
