import Foundation
@testable import GeoModel
import GeoTestSupport
import Testing

/// `list --json` reads the store on a thread of its own, a few batches ahead of the
/// writing (``CacheStore/forEachCacheRowAhead(_:)``): the rows must be the ones read in
/// place, in order, and either side's failure must stop both.
@Suite struct CacheRowAheadTests {
    private struct Stop: Error {}

    /// Caches with listings long enough that they fill more batches than may wait.
    private static func longCaches(_ count: Int) -> [GeoCache] {
        (1...count).map { number in
            var cache = Samples.numbered(number)
            cache.code = "GC\(100 + number)"
            cache.listing.longDescription = String(repeating: "A long description. ", count: 5_000)
            return cache
        }
    }

    private static func json(_ each: ((CacheRowBytes) throws -> Void) throws -> Void) rethrows -> String {
        var output = BufferedWriter()
        var isFirst = true
        try each { row in
            JSONInterchange.writeElement(for: row, isFirst: isFirst, layout: .listing, to: &output)
            isFirst = false
        }
        return output.text
    }

    @Test("rows read ahead are the rows read in place, in order", arguments: StoreKind.allCases)
    func rowsReadAheadAreTheRowsReadInPlace(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let store = try fixture.open()
        let awkward = ["東京タワーの下", "🧭📦 🇫🇷", "\"double\" and 'single'", "line one\nline two", "tab\there"]
        for cache in Self.longCaches(12) + awkward.map({ GeoCache(title: $0, details: $0, creator: $0, reward: $0) }) {
            _ = try store.append(cache)
        }
        let inPlace = try Self.json { try store.forEachCacheRow($0) }
        let ahead = try Self.json { try store.forEachCacheRowAhead($0) }
        #expect(ahead == inPlace)
        #expect(inPlace.contains("東京タワーの下"))
    }

    @Test("a failure of the writing side stops the reading thread and comes back", arguments: StoreKind.allCases)
    func aFailureOfTheWritingSideStopsTheReading(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let store = try fixture.open()
        for cache in Self.longCaches(30) { _ = try store.append(cache) }
        var lent = 0
        #expect(throws: Stop.self) {
            try store.forEachCacheRowAhead { _ in
                lent += 1
                throw Stop()
            }
        }
        #expect(lent == 1)
        // The store is free again: the reading thread has ended.
        #expect(try store.count() == 30)
    }

    @Test func aBatchLendsItsRowsAsTheyWereAppendedWithoutCodeOrListingToo() throws {
        var batch = CacheRowBatch()
        var first = Samples.oak
        first.code = "GC12"
        first.listing.hint = "Under the stone"
        first.coordinate = Coordinate(latitudeMicrodegrees: 47_368_717, longitudeMicrodegrees: 8_540_933)
        let second = GeoCache(title: "", details: "", creator: "", reward: "")
        first.withRowBytes(id: CacheID(rawValue: 7)) { batch.append($0) }
        second.withRowBytes(id: CacheID(rawValue: 9)) { batch.append($0) }
        var lent: [String] = []
        batch.forEach { row in
            var output = BufferedWriter()
            JSONInterchange.writeElement(for: row, isFirst: true, layout: .listing, to: &output)
            lent.append("\(row.fields.id.rawValue) \(row.code == nil) \(row.listing == nil) " + output.text)
        }
        let expected = [first, second].enumerated().map { index, cache in
            "\(index == 0 ? 7 : 9) \(cache.code == nil) \(index == 1) "
                + JSONInterchange.element(for: cache, isFirst: true, layout: .listing)
        }
        #expect(lent == expected)
    }

    @Test("a batch lends a listing with the facts its reading thread found, the same as a fresh walk finds")
    func aBatchLendsTheFactsFound() throws {
        var cache = ListingPartsTests.full
        cache.code = "GC12"
        var batch = CacheRowBatch()
        cache.withRowBytes(id: CacheID(rawValue: 3)) { batch.append($0) }
        var checked = 0
        try batch.forEach { row in
            let found = try #require(row.foundFacts)
            let listing = try #require(row.listing)
            let walked = try #require(ListingEncoding.Facts(listing))
            let lent = ListingEncoding.Facts(bytes: listing, found: found)
            for tag in (0...31).compactMap(ListingEncoding.Tag.init(rawValue:)) {
                #expect(lent.has(tag) == walked.has(tag), "\(tag)")
                #expect(lent.text(tag).map(Array.init) == walked.text(tag).map(Array.init), "\(tag)")
            }
            checked += 1
        }
        #expect(checked == 1)
    }

    @Test("a listing an older store kept is lent without facts and written as it reads")
    func anOlderListingIsLentWithoutFacts() {
        // Version 1, tag 10 (logs without ids), one log of four texts: "d", "t", "f", "x".
        let older: [UInt8] = [1, 10, 1, 1, 0x64, 1, 0x74, 1, 0x66, 1, 0x78]
        let cache = GeoCache(title: "Old", details: "D", creator: "C", reward: "R")
        var batch = CacheRowBatch()
        var inPlace = BufferedWriter()
        cache.withRowBytes(id: CacheID(rawValue: 4)) { row in
            older.withUnsafeBytes { listing in
                let withOlder = CacheRowBytes(fields: row.fields, code: nil, coordinate: nil, listing: listing)
                JSONInterchange.writeElement(for: withOlder, isFirst: true, layout: .listing, to: &inPlace)
                batch.append(withOlder)
            }
        }
        var lent = BufferedWriter()
        batch.forEach { row in
            #expect(row.foundFacts == nil)
            JSONInterchange.writeElement(for: row, isFirst: true, layout: .listing, to: &lent)
        }
        #expect(lent.text == inPlace.text)
        #expect(lent.text.contains(#""finder" : "f""#))
    }

    @Test func theSieveNeverTurnsAwayACodeItHolds() {
        let codes = (0..<5_000).map { "GC\(String($0, radix: 36, uppercase: true))" }
        let sieve = CodeSieve(codes)
        for code in codes {
            #expect(Array(code.utf8).withUnsafeBufferPointer { sieve.mayHold($0) })
        }
        let others = (5_000..<15_000).map { "GC\(String($0, radix: 36, uppercase: true))" }
        let letThrough = others.filter { code in Array(code.utf8).withUnsafeBufferPointer { sieve.mayHold($0) } }
        #expect(letThrough.count < others.count / 4)
    }

    @Test func anEmptySieveHoldsNothing() {
        #expect(!Array("GC1".utf8).withUnsafeBufferPointer { CodeSieve([]).mayHold($0) })
    }
}
