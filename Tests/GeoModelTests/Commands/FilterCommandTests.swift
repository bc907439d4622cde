import Foundation
import Testing
@testable import GeoModel
import GeoTestSupport

/// The finder's filters on the command line (issue 38, begun): `list` and `export` keep
/// only the caches every filter given names, on both stores; bad values are usage
/// errors that name them.
@Suite struct FilterCommandTests {
    static func cache(_ title: String, type: String?, container: String?, difficulty: Int?, terrain: Int?,
                      archived: Bool = false, north metres: Int) -> GeoCache {
        var cache = GeoCache(title: title, details: "d", creator: "c", reward: "r")
        cache.coordinate = Coordinate(latitudeMicrodegrees: 47_000_000 + Int32(metres * 9), longitudeMicrodegrees: 8_000_000)
        cache.listing = Listing(type: type, container: container, difficulty: difficulty.flatMap { Rating(halves: $0) },
                                terrain: terrain.flatMap { Rating(halves: $0) }, available: archived ? false : nil,
                                archived: archived ? true : nil)
        return cache
    }

    static let caches = [
        cache("Oak", type: "Traditional Cache", container: "Small", difficulty: 3, terrain: 2, north: 100),
        cache("Mill", type: "Multi-cache", container: "Regular", difficulty: 6, terrain: 8, north: 3000),
        cache("Gone", type: "Traditional Cache", container: "Micro", difficulty: 2, terrain: 2, archived: true, north: 500),
        cache("Plain", type: nil, container: nil, difficulty: nil, terrain: nil, north: 200),
    ]

    private func list(_ kind: StoreKind, _ options: [String]) throws -> GeocacheTUIBinary.Result {
        let fixture = try StoreFixture(kind)
        try fixture.store.saveCaches(Self.caches)
        return try GeocacheTUIBinary.run(["list", "--store", fixture.storeArgument] + options)
    }

    @Test("--status keeps the caches of the statuses named", arguments: StoreKind.allCases)
    func statusFilters(_ kind: StoreKind) throws {
        let result = try list(kind, ["--status", "archived"])
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("Gone\t"))
        #expect(result.output.split(separator: "\n").count == 1)
    }

    @Test("--type, --container, --difficulty and --terrain combine; a cache that does not say is left out",
          arguments: StoreKind.allCases)
    func filtersCombine(_ kind: StoreKind) throws {
        let result = try list(kind, ["--type", "traditional cache,multi-cache", "--difficulty", "1-2", "--terrain", "1"])
        #expect(result.output.split(separator: "\n").map { $0.split(separator: "\t")[0] } == ["Oak", "Gone"])
    }

    @Test("--within with --near keeps the caches that near, nearest first", arguments: StoreKind.allCases)
    func withinKeepsTheNear(_ kind: StoreKind) throws {
        let result = try list(kind, ["--near", "47.000000, 8.000000", "--within", "1km", "--status", "available"])
        #expect(result.output.split(separator: "\n").map { $0.split(separator: "\t")[2] } == ["Oak", "Plain"])
    }

    @Test("--numbered keeps the positions of stored order under a filter", arguments: StoreKind.allCases)
    func numberedKeepsStoredPositions(_ kind: StoreKind) throws {
        let result = try list(kind, ["--container", "regular", "--numbered"])
        #expect(result.output.hasPrefix("2\tMill\t"))
    }

    @Test("export writes only the caches the filters keep", arguments: StoreKind.allCases)
    func exportFilters(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        try fixture.store.saveCaches(Self.caches)
        let result = try GeocacheTUIBinary.run(["export", "--store", fixture.storeArgument, "--format", "gpx",
                                                "--status", "available", "--difficulty", "3"])
        #expect(result.status == 0)
        #expect(result.output.contains("<groundspeak:name>Mill</groundspeak:name>"))
        #expect(!result.output.contains("<groundspeak:name>Oak</groundspeak:name>"))
        #expect(!result.output.contains("<groundspeak:name>Gone</groundspeak:name>"))
    }

    @Test("export --near writes nearest first, and --within only the near ones", arguments: StoreKind.allCases)
    func exportNearestFirst(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        try fixture.store.saveCaches(Self.caches)
        let result = try GeocacheTUIBinary.run(["export", "--store", fixture.storeArgument, "--format", "loc",
                                                "--near", "47.000000, 8.000000", "--within", "1km"])
        #expect(result.status == 0)
        let names = result.output.components(separatedBy: "<![CDATA[").dropFirst().map { $0.prefix { $0 != " " } }
        #expect(names == ["Oak", "Plain", "Gone"], "\(result.output)")
    }

    @Test("a bad filter value is a usage error naming it", arguments: [
        (["--status", "lost"], #""lost" is not a status; give available, disabled or archived"#),
        (["--difficulty", "1-6"], #""1-6" is not a rating from 1 to 5 in halves"#),
        (["--near", "47, 8", "--within", "far"], #""far" is not a distance such as 5km"#),
        (["--near", "47, 8", "--within", "0m"], #""0m" is not a distance such as 5km, 500m or 3mi (more than 0, "#),
        (["--within", "5km"], "--within needs --near"),
        (["--type", ""], "--type is empty: give one or more cache types (commas between several), or leave --type out."),
        (["--container", " , "], "--container is empty: give one or more containers"),
        (["--status", ","], "--status is empty: give one or more statuses"),
    ])
    func badValuesAreUsageErrors(_ options: [String], _ message: String) throws {
        let result = try GeocacheTUIBinary.run(["list", "--store", "/nonexistent/x.sqlite"] + options)
        #expect(result.status == 64)
        #expect(result.error.contains(message), "\(result.error)")
    }
}
