import Foundation
import Testing
@testable import GeoModel
import GeoTestSupport

/// Import, export, import: every producer's caches come back waypoint for waypoint, at
/// the reader and writer level (no store), through our own GPX, LOC and JSON and
/// through GPSBabel.
@Suite("Round trips")
struct RoundTripTests {
    /// The GPX files of every producer.
    static let gpxProducers = ["groundspeak-1.0.gpx", "groundspeak-1.0.1.gpx", "groundspeak-1.0.2.gpx", "gsak.gpx",
                               "opencaching.gpx", "terracaching.gpx", "geotoad.gpx", "gpsbabel.gpx", "lab.gpx"]

    /// The caches of `Fixtures/producers/NAME`.
    static func caches(_ name: String) throws -> [GeoCache] {
        Interchange.caches(try Interchange.records(.file(try Interchange.fixture("producers/" + name).path)))
    }

    /// What a round trip must keep of a cache: code, coordinates, type, container, D/T,
    /// hint and logs.
    struct Kept: Equatable, CustomStringConvertible {
        var code: String?
        var coordinate: Coordinate?
        var type: String?
        var container: String?
        var difficulty: Rating?
        var terrain: Rating?
        var hint: String?
        var logs: [CacheLog]

        init(_ cache: GeoCache) {
            code = cache.code
            coordinate = cache.coordinate
            type = cache.listing.type
            container = cache.listing.container
            difficulty = cache.listing.difficulty
            terrain = cache.listing.terrain
            hint = cache.listing.hint
            logs = cache.listing.logs
        }

        var description: String {
            "\(code ?? "-") \(coordinate.map(String.init(describing:)) ?? "-") \(type ?? "-") \(container ?? "-") "
                + "D\(difficulty?.text ?? "-")/T\(terrain?.text ?? "-") hint \(hint ?? "-") logs \(logs.count)"
        }
    }

    @Test("a producer's file exported as GPX reads back to the same caches, every fact included", arguments: gpxProducers)
    func aProducersFileExportedAsGPXReadsBackToTheSameCaches(_ name: String) throws {
        let imported = try Self.caches(name)
        let document = GPXWriter.document(for: imported)
        let again = Interchange.caches(try Interchange.records(text: document, name: "export.gpx"))
        #expect(again.map(Kept.init) == imported.map(Kept.init))
        // Our own export is read back exactly: the four fields and every listing fact.
        #expect(again == imported)
    }

    @Test("a producer's file exported as JSON reads back to the same caches", arguments: gpxProducers + ["geocaching.loc"])
    func aProducersFileExportedAsJSONReadsBackToTheSameCaches(_ name: String) throws {
        let imported = try Self.caches(name)
        let document = JSONInterchange.document(for: imported)
        #expect(Interchange.caches(try Interchange.records(text: document, name: "export.json")) == imported)
    }

    @Test("a producer's file exported as LOC reads back to the same codes, places, titles, creators, ratings, containers and URLs", arguments: gpxProducers + ["geocaching.loc"])
    func aProducersFileExportedAsLOCReadsBackToTheSameCodesPlacesTitlesAndRatings(_ name: String) throws {
        let imported = try Self.caches(name)
        let document = LOCWriter.document(for: imported)
        let again = Interchange.caches(try Interchange.records(text: document, name: "export.loc"))
        #expect(again.map(\.code) == imported.map(\.code))
        #expect(again.map(\.coordinate) == imported.map(\.coordinate))
        #expect(again.map(\.title) == imported.map(\.title))
        #expect(again.map(\.creator) == imported.map(\.creator))
        #expect(again.map(\.listing.difficulty) == imported.map(\.listing.difficulty))
        #expect(again.map(\.listing.terrain) == imported.map(\.listing.terrain))
        #expect(again.map(\.listing.container) == imported.map(\.listing.container))
        #expect(again.map(\.listing.url) == imported.map(\.listing.url))
    }

    @Test("coordinates with 6 decimals, the poles and antimeridian included, come back exactly from every format")
    func coordinatesWithSixDecimalsComeBackExactlyFromEveryFormat() throws {
        let corners: [(Int32, Int32)] = [(90_000_000, 180_000_000), (-90_000_000, -180_000_000), (1, -1),
                                         (47_368_717, 8_540_933), (-33_856_784, 151_215_297), (999_999, -999_999)]
        let caches = corners.enumerated().map { index, corner in
            var cache = Samples.numbered(index + 1)
            cache.coordinate = Coordinate(latitudeMicrodegrees: corner.0, longitudeMicrodegrees: corner.1)
            return cache
        }
        for (document, name) in [(GPXWriter.document(for: caches), "x.gpx"), (LOCWriter.document(for: caches), "x.loc"),
                                 (JSONInterchange.document(for: caches), "x.json")] {
            let again = Interchange.caches(try Interchange.records(text: document, name: name))
            #expect(again.map(\.coordinate) == caches.map(\.coordinate), "\(name)")
        }
    }

    @Test("tabs and line feeds in attribute values (a URL, a travel bug's reference) come back from GPX",
          arguments: [GPXWriter.Version.gpx10, .gpx11])
    func tabsAndLineFeedsInAttributeValuesComeBack(_ version: GPXWriter.Version) throws {
        var cache = Samples.numbered(1)
        cache.coordinate = Coordinate(latitudeMicrodegrees: 47_000_000, longitudeMicrodegrees: 8_000_000)
        cache.listing.url = "https://example.org/a\nb"
        cache.listing.travelBugs = [TravelBug(id: "1", ref: "TB1\tX", name: "Bug")]
        cache.reward = "Bug"
        let document = GPXWriter.document(for: [cache], version: version)
        let again = try #require(Interchange.caches(try Interchange.records(text: document, name: "x.gpx")).first)
        #expect(again.listing.travelBugs == cache.listing.travelBugs)
        if version == .gpx11 { #expect(again.listing.url == cache.listing.url) }
    }
}

/// Our exports through Debian's GPSBabel and back.
@Suite("GPSBabel round trips")
struct GPSBabelRoundTripTests {
    /// Where Debian installs gpsbabel.
    static let executable = "/usr/bin/gpsbabel"

    /// Runs gpsbabel reading `input` as `inputFormat` and writing `outputFormat`; returns
    /// what it wrote.
    static func convert(_ input: String, from inputFormat: String, to outputFormat: String) throws -> String {
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            throw Failure(message: "\(executable) is missing: install the gpsbabel package (make test does)")
        }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let source = directory.file("in." + inputFormat)
        let target = directory.file("out." + outputFormat)
        try input.write(to: source, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["-i", inputFormat, "-f", source.path, "-o", outputFormat, "-F", target.path]
        let errors = Pipe.forOneChild()
        process.standardError = errors
        try process.run()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        try process.waitForExit()
        guard process.terminationStatus == 0 else {
            throw Failure(message: "gpsbabel failed: " + String(decoding: message, as: UTF8.self))
        }
        return try String(contentsOf: target, encoding: .utf8)
    }

    struct Failure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    @Test("GPSBabel's GPX of our GPX export reads back to the same codes, places, types, containers, ratings, hints, logs and four fields", arguments: RoundTripTests.gpxProducers)
    func gpsBabelsGPXOfOurGPXExportReadsBackToTheSameCaches(_ name: String) throws {
        let imported = try RoundTripTests.caches(name)
        let converted = try Self.convert(GPXWriter.document(for: imported), from: "gpx", to: "gpx")
        let again = Interchange.caches(try Interchange.records(text: converted, name: "gpsbabel.gpx"))
        // GPSBabel keeps the Groundspeak elements, logs included.
        #expect(again.map(RoundTripTests.Kept.init) == imported.map(RoundTripTests.Kept.init))
        #expect(again.map(Interchange.labFields) == imported.map(Interchange.labFields))
    }

    @Test("GPSBabel's LOC of our LOC export reads back to the same codes, coordinates and titles")
    func gpsBabelsLOCOfOurLOCExportReadsBackToTheSameCodesCoordinatesAndTitles() throws {
        let imported = try RoundTripTests.gpxProducers.flatMap(RoundTripTests.caches)
        let converted = try Self.convert(LOCWriter.document(for: imported), from: "geo", to: "geo")
        let again = Interchange.caches(try Interchange.records(text: converted, name: "gpsbabel.loc"))
        #expect(again.map(\.code) == imported.map(\.code))
        #expect(again.map(\.coordinate) == imported.map(\.coordinate))
        #expect(again.map(\.title) == imported.map(\.title))
        #expect(again.map(\.creator) == imported.map(\.creator))
    }
}
