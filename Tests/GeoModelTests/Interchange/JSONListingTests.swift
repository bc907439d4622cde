import Foundation
import Testing
@testable import GeoModel
import GeoTestSupport

/// JSON export and import of everything a cache has beyond the lab's four fields.
@Suite("JSON listing interchange")
struct JSONListingTests {
    /// A cache with every fact set.
    static let full: GeoCache = {
        var cache = Samples.oak
        cache.code = "GC1A2B3"
        cache.coordinate = Coordinate(latitudeMicrodegrees: -33_856_784, longitudeMicrodegrees: 8_000_001)
        cache.listing = Listing(type: "Multi-cache", container: "Small", difficulty: Rating(halves: 3),
                                terrain: Rating(halves: 10), hint: "Under \"the\" root", longDescription: "<p>Long</p>",
                                longDescriptionIsHTML: true, url: "https://coord.info/GC1A2B3",
                                placed: "2004-08-07T07:00:00Z",
                                logs: [CacheLog(date: "2024-05-01T19:00:00Z", type: "Found it", finder: "bo",
                                                text: "TFTC\nline two"),
                                       CacheLog(date: "2024-04-01T00:00:00Z", type: "Write note", finder: "ana", text: "")])
        return cache
    }()

    @Test("the export writes every fact after the four fields: numbers with 6 decimals, ratings as stars, logs as objects")
    func exportLayout() {
        #expect(JSONInterchange.document(for: [Self.full]) == """
            [
              {
                "title": "Old Oak",
                "details": "Behind the tree",
                "creator": "ana",
                "reward": "Travel bug",
                "code": "GC1A2B3",
                "latitude": -33.856784,
                "longitude": 8.000001,
                "type": "Multi-cache",
                "container": "Small",
                "difficulty": 1.5,
                "terrain": 5,
                "hint": "Under \\"the\\" root",
                "longDescription": "<p>Long</p>",
                "longDescriptionIsHTML": true,
                "url": "https://coord.info/GC1A2B3",
                "placed": "2004-08-07T07:00:00Z",
                "logs": [
                  {
                    "date": "2024-05-01T19:00:00Z",
                    "type": "Found it",
                    "finder": "bo",
                    "text": "TFTC\\nline two"
                  },
                  {
                    "date": "2024-04-01T00:00:00Z",
                    "type": "Write note",
                    "finder": "ana",
                    "text": ""
                  }
                ]
              }
            ]

            """)
    }

    @Test("list --json's layout sorts the facts in with the four fields, as Foundation's sorted keys do")
    func listingLayoutSortsKeys() throws {
        var cache = Samples.oak
        cache.code = "GT1234567"
        cache.listing.logs = [CacheLog(date: "d", type: "t", finder: "f", text: "x")]
        #expect(JSONInterchange.document(for: [cache], layout: .listing) == """
            [
              {
                "code" : "GT1234567",
                "creator" : "ana",
                "details" : "Behind the tree",
                "logs" : [
                  {
                    "date" : "d",
                    "finder" : "f",
                    "text" : "x",
                    "type" : "t"
                  }
                ],
                "reward" : "Travel bug",
                "title" : "Old Oak"
              }
            ]

            """)
    }

    @Test("a cache with nothing beyond the four fields is written exactly as the lab's four keys")
    func labCachesStayFourKeys() {
        let element = JSONInterchange.element(for: Samples.oak, isFirst: true)
        #expect(element == "[\n  {\n    \"title\": \"Old Oak\",\n    \"details\": \"Behind the tree\",\n"
                + "    \"creator\": \"ana\",\n    \"reward\": \"Travel bug\"\n  }")
    }

    @Test("Foundation reads the export, and the cache made from it equals the cache")
    func foundationReadsTheExport() throws {
        let data = Data(JSONInterchange.document(for: [Self.full]).utf8)
        let decoded = try JSONDecoder().decode([FlatCache].self, from: data)
        #expect(decoded.first?.latitude == -33.856784)
        #expect(decoded.first?.difficulty == 1.5)
        #expect(decoded.first?.logs?.count == 2)
    }

    @Test("the export reads back to the same caches, facts and all, in both layouts")
    func exportReadsBack() throws {
        let caches = [Self.full, Samples.bridge] + Interchange.placed(Interchange.awkwardCaches)
        for layout in [JSONInterchange.Layout.export, .listing] {
            let document = JSONInterchange.document(for: caches, layout: layout)
            #expect(Interchange.caches(try Interchange.records(text: document, name: "x.json")) == caches)
        }
    }

    @Test("awkward text in every fact comes back unchanged from the JSON export")
    func awkwardFactsReadBack() throws {
        let caches = Interchange.awkwardCaches.map { cache in
            var full = Self.full
            full.code = "GT" + String(cache.title.unicodeScalars.count)
            full.listing.type = cache.title
            full.listing.container = cache.details
            full.listing.hint = cache.creator
            full.listing.longDescription = cache.reward
            full.listing.url = cache.details
            full.listing.placed = cache.title
            full.listing.logs = [CacheLog(date: cache.reward, type: cache.title, finder: cache.creator, text: cache.details)]
            return full
        }
        let document = JSONInterchange.document(for: caches)
        #expect(Interchange.caches(try Interchange.records(text: document, name: "x.json")) == caches)
    }

    @Test("numbers are read exactly: more than 6 decimals round to the nearest microdegree, exponents are understood")
    func numbersAreReadExactly() throws {
        let text = """
            [{"title": "t", "details": "d", "creator": "c", "reward": "r",
              "latitude": 47.3687174999, "longitude": -8.5409335, "difficulty": 2.0, "terrain": 15e-1}]
            """
        let cache = Interchange.caches(try Interchange.records(text: text)).first
        #expect(cache?.coordinate == Coordinate(latitudeMicrodegrees: 47_368_717, longitudeMicrodegrees: -8_540_934))
        #expect(cache?.listing.difficulty == Rating(halves: 4))
        #expect(cache?.listing.terrain == Rating(halves: 3))
    }

    @Test("null stands for a fact that is not known")
    func nullIsAbsent() throws {
        let text = """
            [{"title": "t", "details": "d", "creator": "c", "reward": "r", "code": null, "latitude": null,
              "longitude": null, "logs": null, "hint": null}]
            """
        #expect(Interchange.caches(try Interchange.records(text: text)) == [GeoCache(title: "t", details: "d",
                                                                                      creator: "c", reward: "r")])
    }

    @Test("a fact of the wrong kind or out of range rejects the element, naming each problem", arguments: [
        (#""latitude": "47.1", "longitude": 8"#, #""latitude" is a string, not a number"#),
        (#""latitude": 90.000001, "longitude": 8"#, "latitude 90.000001 is not from -90 to 90"),
        (#""latitude": 47"#, "latitude without longitude"),
        (#""difficulty": 1.25"#, #""difficulty" 1.25 is not 1 to 5 in halves"#),
        (#""terrain": 6"#, #""terrain" 6 is not 1 to 5 in halves"#),
        (#""difficulty": "# + String(repeating: "9", count: 100), #""difficulty" "# + String(repeating: "9", count: 40)
            + "… is not 1 to 5 in halves"),
        (#""code": 7"#, #""code" is a number, not a string"#),
        (#""code": "GC 12""#, #""code" "GC 12" is not a code: letters, digits, - and _, at most 32"#),
        (#""longDescriptionIsHTML": "yes""#, #""longDescriptionIsHTML" is a string, not a boolean"#),
        (#""logs": {}"#, #""logs" is an object, not an array"#),
        (#""logs": [{"date": 1}]"#, #"log 0's "date" is a number, not a string"#),
        (#""logs": ["x"]"#, "log 0 is a string, not an object"),
        (#""url": "a", "url": "b""#, #"key "url" appears more than once"#),
        (#""waypoints": [], "code": "GC1", "waypoints": []"#, #"key "waypoints" appears more than once"#),
        (#""longitude": 8"#, "longitude without latitude"),
        (#""waypoints": [{"kind": "Parking Area", "latitude": 1, "longitude": 1}]"#,
         #"a waypoint without a "code" cannot be kept: its cache's waypoints are told apart by their codes"#),
        (#""waypoints": [{"code": " ", "latitude": 1, "longitude": 1}]"#,
         #"a waypoint without a "code" cannot be kept: its cache's waypoints are told apart by their codes"#),
        (#""waypoints": [{"code": "PK2", "latitude": 1}]"#, #"waypoint "PK2": latitude without longitude"#),
        (#""waypoints": [{"code": "PK2", "longitude": 1}]"#, #"waypoint "PK2": longitude without latitude"#),
    ])
    func wrongFactsAreRejected(_ member: String, _ reason: String) throws {
        let text = #"[{"title": "t", "details": "d", "creator": "c", "reward": "r", "# + member + "}]"
        #expect(Interchange.rejections(try Interchange.records(text: text)).map(\.reason) == [reason])
    }

    @Test("two waypoints whose codes differ only in case are one, the later in the earlier's place, as in GPX")
    func waypointCodesDifferingInCaseAreOne() throws {
        let text = #"[{"title": "t", "details": "d", "creator": "c", "reward": "r", "waypoints": ["#
            + #"{"code": "PK1JJJJ", "latitude": 47, "longitude": 8}, {"code": "FN1JJJJ", "latitude": 46, "longitude": 8}, "#
            + #"{"code": "pk1jjjj", "latitude": 47.1, "longitude": 8}]}]"#
        let waypoints = try #require(Interchange.caches(try Interchange.records(text: text)).first).listing.waypoints
        #expect(waypoints.map(\.code) == ["pk1jjjj", "FN1JJJJ"])
        #expect(waypoints.first?.coordinate == Coordinate(latitude: 47.1, longitude: 8))
    }

    @Test("an element missing a field and with a bad fact names both problems")
    func bothProblemsAreNamed() throws {
        let text = #"[{"title": "t", "details": "d", "creator": "c", "terrain": 0}]"#
        #expect(Interchange.rejections(try Interchange.records(text: text)).map(\.reason)
                == [#"missing key "reward"; "terrain" 0 is not 1 to 5 in halves"#])
    }
}

/// The export as Foundation decodes it, for checking that it is ordinary JSON.
private struct FlatCache: Decodable {
    var latitude: Double?
    var difficulty: Double?
    var logs: [CacheLog]?
}
