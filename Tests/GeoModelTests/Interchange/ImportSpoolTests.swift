import Foundation
import Testing
@testable import GeoModel
import GeoTestSupport

/// The spool an import reads its input into before it locks the store gives back
/// exactly what went in, in order, and leaves no file behind.
@Suite("The import's spool file")
struct ImportSpoolTests {
    private static let listed: GeoCache = {
        var cache = GeoCache(title: "Tōkyō 🗼", details: "A\u{0}B\r\n\tC", creator: "Ken 健", reward: "",
                             code: "GC1A2B3", coordinate: Coordinate(latitudeMicrodegrees: -35_659_190, longitudeMicrodegrees: 139_745_433))
        cache.listing = Listing(type: "Traditional Cache", container: "Small", difficulty: Rating(halves: 3),
                                terrain: Rating(halves: 9), hint: "Under the bench", longDescription: "<p>Long</p>",
                                longDescriptionIsHTML: true, url: "https://example.org/GC1A2B3", placed: "2020-02-02",
                                logs: [CacheLog(date: "2021-01-01", type: "Found it", finder: "ana", text: "TFTC")])
        return cache
    }()

    @Test("Caches, their coverage and their extra bytes come back exactly, in the order they went in")
    func entriesComeBackExactly() throws {
        let long = GeoCache(title: String(repeating: "t", count: 600_000), details: String(repeating: "é", count: 400_000),
                            creator: "c", reward: "r")
        let entries: [(GeoCache, GeoCache.Coverage, [UInt8]?)] = [
            (Self.listed, .complete, [1, 2, 3]),
            (Samples.oak, .location, nil),
            (long, .complete, []),
            (Samples.oak, .plainWaypoint(gives: [.title, .reward]), [4]),
            (Samples.oak, .plainWaypoint(gives: []), nil),
            (Samples.oak, .wholeListing, nil),
        ] + (1...3000).map { (Samples.numbered($0), .complete, Array("fold \($0)".utf8)) }
        let spool = try ImportSpool(names: "test")
        for (cache, coverage, extra) in entries { try spool.append(cache, coverage: coverage, extra: extra) }
        try spool.rewind()
        var read: [ImportSpool.Entry] = []
        while let entry = try spool.next() { read.append(entry) }
        #expect(spool.count == entries.count)
        #expect(read.map { $0.withListing() } == entries.map(\.0))
        #expect(read.map(\.coverage) == entries.map(\.1))
        #expect(read.map(\.extra) == entries.map(\.2))
    }

    @Test("The spool's file is removed from its directory as soon as it is made")
    func theFileHasNoName() throws {
        let spool = try ImportSpool(names: "test")
        try spool.append(Samples.oak, coverage: .complete, extra: nil)
        let descriptors = "/proc/self/fd"
        let targets = try FileManager.default.contentsOfDirectory(atPath: descriptors).compactMap {
            try? FileManager.default.destinationOfSymbolicLink(atPath: "\(descriptors)/\($0)")
        }.filter { $0.contains("/geocache-tui-import.") }
        #expect(!targets.isEmpty)
        #expect(targets.allSatisfy { $0.hasSuffix(" (deleted)") }, "\(targets)")
        try spool.rewind()
        #expect(try spool.next()?.withListing() == Samples.oak)
    }

    @Test("Read back on a thread of its own, the caches come in order, and an error of the writing stops the reading")
    func prefetchedEntriesComeInOrderAndStopOnError() throws {
        let caches = (1...2000).map(Samples.numbered)
        let spool = try ImportSpool(names: "test")
        for cache in caches { try spool.append(cache, coverage: .complete, extra: nil) }
        try spool.rewind()
        var read: [GeoCache] = []
        try spool.forEach { read.append($0.withListing()!) }
        #expect(read == caches)

        struct Stop: Error {}
        try spool.rewind()
        var seen = 0
        #expect(throws: Stop.self) {
            try spool.forEach { _ in
                seen += 1
                if seen == 700 { throw Stop() }
            }
        }
        #expect(seen == 700)
    }
}
