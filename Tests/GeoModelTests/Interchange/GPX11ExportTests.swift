import Foundation
import Testing
@testable import GeoModel
import GeoTestSupport

/// The exports of issue 37: GPX 1.1 beside 1.0, additional waypoints as entries of
/// their own, elements in the order the schemas require, and GPSBabel reading every
/// export without a word.
@Suite struct GPX11ExportTests {
    /// The pocket query's cache with a parking, a stage without a place and a reward of
    /// its own, and a cache typed into the form (given a code, as a store gives it).
    static func caches() throws -> [GeoCache] {
        let records = try Interchange.records(text: PocketQueryFactTests.pocketQuery, name: "pq.gpx")
        var cache = try #require(Interchange.caches(records).first)
        cache.listing.waypoints = [
            AdditionalWaypoint(code: "PK1BKP3", kind: "Parking Area", name: "Parking",
                               coordinate: Coordinate(latitudeMicrodegrees: 46_947_000, longitudeMicrodegrees: 7_446_000),
                               comment: "Free on Sundays", time: "2010-01-01T00:00:00Z",
                               url: "https://coord.info/PK1BKP3", urlName: "Parking"),
            AdditionalWaypoint(code: "S11BKP3", kind: "Stages of a Multicache", name: "Stage 1", coordinate: nil),
        ]
        cache.listing.travelBugs = [TravelBug(id: "1111", ref: "TB1ABCD", name: "Rubber duck")]
        cache.reward = "Gold coin"
        var typed = Interchange.placed([Samples.mill])[0]
        typed.code = "GC77QQ"
        return [cache, typed]
    }

    private func read(_ text: String, name: String) throws -> [GeoCache] {
        Interchange.caches(try Interchange.records(text: text, name: name))
    }

    @Test("a GPX 1.1 export reads back exactly like a GPX 1.0 one")
    func gpx11ReadsBackLikeGPX10() throws {
        var caches = try Self.caches()
        // The reader of additional waypoints is not this test's: compare without them.
        caches[0].listing.waypoints = []
        let gpx11 = try read(GPXWriter.document(for: caches, version: .gpx11), name: "x.gpx")
        #expect(gpx11 == caches)
        #expect(gpx11 == (try read(GPXWriter.document(for: caches), name: "x.gpx")))
    }

    @Test("every producer's file exported as GPX 1.1 reads back to the same caches", arguments: RoundTripTests.gpxProducers)
    func everyProducerRoundTripsThroughGPX11(_ name: String) throws {
        let imported = try RoundTripTests.caches(name)
        #expect(try read(GPXWriter.document(for: imported, version: .gpx11), name: "x.gpx") == imported)
    }

    @Test("GPX 1.1 puts the Groundspeak extension in <extensions>, the URL in <link> and the name in <metadata>")
    func gpx11HasItsOwnShape() throws {
        let document = GPXWriter.document(for: try Self.caches(), version: .gpx11)
        #expect(document.contains(#"<gpx version="1.1" creator="geocache-tui""#))
        #expect(document.contains("<metadata>\n    <name>geocache-tui caches</name>"))
        #expect(document.contains("    <extensions>\n      <gsak:wptExtension>\n        <gsak:LastGpxDate>"))
        #expect(document.contains("      </gsak:wptExtension>\n      <groundspeak:cache id=\"1188123\""))
        #expect(document.contains("<link href=\"https://coord.info/GC1BKP3\">\n      <text>Bear Pit</text>\n    </link>"))
        #expect(!document.contains("<url>"))
    }

    @Test("an additional waypoint is its own <wpt> after its cache's, shaped as a pocket query's -wpts.gpx entry")
    func anAdditionalWaypointIsItsOwnWpt() throws {
        let waypoint = GPXWriter.waypoint(for: try Self.caches()[0])
        let expected = """
              <wpt lat="46.947000" lon="7.446000">
                <time>2010-01-01T00:00:00Z</time>
                <name>PK1BKP3</name>
                <cmt>Free on Sundays</cmt>
                <desc>Parking</desc>
                <url>https://coord.info/PK1BKP3</url>
                <urlname>Parking</urlname>
                <sym>Parking Area</sym>
                <type>Waypoint|Parking Area</type>
                <gsak:wptExtension>
                  <gsak:Parent>GC1BKP3</gsak:Parent>
                </gsak:wptExtension>
              </wpt>

            """
        #expect(waypoint.hasSuffix("  </wpt>\n" + expected), "\(waypoint)")
    }

    @Test("an additional waypoint without a place is left out of GPX and LOC")
    func aWaypointWithoutAPlaceIsLeftOut() throws {
        let caches = try Self.caches()
        #expect(!GPXWriter.document(for: caches).contains("S11BKP3"))
        #expect(!GPXWriter.document(for: caches, version: .gpx11).contains("S11BKP3"))
        #expect(!LOCWriter.document(for: caches).contains("S11BKP3"))
    }

    @Test("in LOC an additional waypoint is its own <waypoint> after its cache's")
    func inLOCAWaypointIsItsOwnEntry() throws {
        let document = LOCWriter.document(for: try Self.caches())
        let expected = """
            </waypoint>
            <waypoint>
              <name id="PK1BKP3"><![CDATA[Parking]]></name>
              <coord lat="46.947000" lon="7.446000"/>
              <type>Waypoint|Parking Area</type>
            </waypoint>

            """
        #expect(document.contains(expected), "\(document)")
    }

    @Test("`--format gpx11` exports GPX 1.1", arguments: StoreKind.allCases)
    func theExporterWritesGPX11(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        try fixture.store.saveCaches(try Self.caches())
        let path = fixture.directory.file("export.gpx").path
        try CacheExporter.export(fixture.store, as: .gpx11, to: try ExportDestination(path: path, exporting: fixture.store))
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text == GPXWriter.document(for: try fixture.store.loadCaches(), version: .gpx11))
    }

    // MARK: - GPSBabel and the schemas

    /// What GPSBabel says on standard error reading `document` as `format`.
    static func gpsBabelComplaints(_ document: String, format: String) throws -> String {
        let executable = GPSBabelRoundTripTests.executable
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            throw GPSBabelRoundTripTests.Failure(message: "\(executable) is missing: install the gpsbabel package (make test does)")
        }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let source = directory.file("in")
        try document.write(to: source, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["-i", format, "-f", source.path, "-o", "gpx", "-F", "/dev/null"]
        let errors = Pipe.forOneChild()
        process.standardError = errors
        try process.run()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        try process.waitForExit()
        return String(decoding: message, as: UTF8.self) + (process.terminationStatus == 0 ? "" : "exit \(process.terminationStatus)")
    }

    @Test("GPSBabel reads the GPX 1.0, GPX 1.1 and LOC exports without a word on standard error")
    func gpsBabelReadsEveryExportSilently() throws {
        let caches = try Self.caches() + RoundTripTests.gpxProducers.flatMap(RoundTripTests.caches)
        #expect(try Self.gpsBabelComplaints(GPXWriter.document(for: caches), format: "gpx") == "")
        #expect(try Self.gpsBabelComplaints(GPXWriter.document(for: caches, version: .gpx11), format: "gpx") == "")
        #expect(try Self.gpsBabelComplaints(LOCWriter.document(for: caches), format: "geo") == "")
    }

    /// The sequences of the GPX 1.0 and 1.1 and Groundspeak 1.0.1 schemas, as they
    /// document them; elements of other namespaces come at the end of a 1.0 `<wpt>`.
    static let gpx10Waypoint = ["ele", "time", "magvar", "geoidheight", "name", "cmt", "desc", "src", "url", "urlname",
                                "sym", "type", "fix", "sat", "hdop", "vdop", "pdop", "ageofdgpsdata", "dgpsid"]
    static let gpx11Waypoint = ["ele", "time", "magvar", "geoidheight", "name", "cmt", "desc", "src", "link", "sym",
                                "type", "fix", "sat", "hdop", "vdop", "pdop", "ageofdgpsdata", "dgpsid", "extensions"]
    static let gpx11Metadata = ["name", "desc", "author", "copyright", "link", "time", "keywords", "bounds", "extensions"]
    static let gpx10Document = ["name", "desc", "author", "email", "url", "urlname", "time", "keywords", "bounds", "wpt",
                                "rte", "trk"]
    static let groundspeakCache = ["name", "placed_by", "owner", "type", "container", "attributes", "difficulty",
                                   "terrain", "country", "state", "short_description", "long_description",
                                   "encoded_hints", "logs", "travelbugs"].map { "groundspeak:" + $0 }
    static let groundspeakLog = ["date", "type", "finder", "text", "log_wpt"].map { "groundspeak:" + $0 }

    /// Each element of `document` named `name`, with the names of its children in order.
    static func children(of name: String, in document: String) -> [[String]] {
        var stack: [(name: String, children: [String])] = []
        var found: [[String]] = []
        var rest = document[...]
        while let open = rest.firstIndex(of: "<") {
            rest = rest[rest.index(after: open)...]
            guard let close = rest.firstIndex(of: ">") else { break }
            let tag = rest[..<close]
            rest = rest[rest.index(after: close)...]
            if tag.hasPrefix("?") || tag.hasPrefix("!") { continue }
            if tag.hasPrefix("/") {
                let ended = stack.removeLast()
                if ended.name == name { found.append(ended.children) }
                continue
            }
            let tagName = String(tag.prefix { $0 != " " && $0 != "/" && $0 != "\n" })
            if !stack.isEmpty { stack[stack.count - 1].children.append(tagName) }
            if tag.hasSuffix("/") {
                if tagName == name { found.append([]) }
            } else {
                stack.append((tagName, []))
            }
        }
        return found
    }

    /// Whether `names` follow `order` (each known, none before one it must follow);
    /// with `othersLast`, names with a namespace prefix may follow at the end.
    static func follows(_ names: [String], _ order: [String], othersLast: Bool = false) -> Bool {
        var last = -1
        var inOthers = false
        for name in names {
            if othersLast, name.contains(":") { inOthers = true; continue }
            guard !inOthers, let index = order.firstIndex(of: name), index >= last else { return false }
            last = index
        }
        return true
    }

    @Test("GPX 1.0 exports keep the order of the GPX 1.0 and Groundspeak 1.0.1 schemas")
    func gpx10KeepsTheSchemasOrder() throws {
        let document = GPXWriter.document(for: try Self.caches() + RoundTripTests.gpxProducers.flatMap(RoundTripTests.caches))
        let gpx = Self.children(of: "gpx", in: document)
        #expect(gpx.count == 1 && Self.follows(gpx[0], Self.gpx10Document))
        let waypoints = Self.children(of: "wpt", in: document)
        #expect(waypoints.count > 10)
        for waypoint in waypoints { #expect(Self.follows(waypoint, Self.gpx10Waypoint, othersLast: true), "\(waypoint)") }
        for cache in Self.children(of: "groundspeak:cache", in: document) {
            #expect(Self.follows(cache, Self.groundspeakCache), "\(cache)")
        }
        for log in Self.children(of: "groundspeak:log", in: document) { #expect(Self.follows(log, Self.groundspeakLog)) }
    }

    @Test("GPX 1.1 exports keep the order of the GPX 1.1 and Groundspeak 1.0.1 schemas")
    func gpx11KeepsTheSchemasOrder() throws {
        let caches = try Self.caches() + RoundTripTests.gpxProducers.flatMap(RoundTripTests.caches)
        let document = GPXWriter.document(for: caches, version: .gpx11)
        let gpx = Self.children(of: "gpx", in: document)
        #expect(gpx.count == 1 && Self.follows(gpx[0], ["metadata", "wpt", "rte", "trk", "extensions"]))
        for metadata in Self.children(of: "metadata", in: document) { #expect(Self.follows(metadata, Self.gpx11Metadata)) }
        for waypoint in Self.children(of: "wpt", in: document) {
            #expect(Self.follows(waypoint, Self.gpx11Waypoint), "\(waypoint)")
        }
        for cache in Self.children(of: "groundspeak:cache", in: document) {
            #expect(Self.follows(cache, Self.groundspeakCache), "\(cache)")
        }
        #expect(Self.children(of: "extensions", in: document).allSatisfy { $0.allSatisfy { $0.contains(":") } })
    }
}
