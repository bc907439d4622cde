@testable import GeoModel
import GeoTestSupport
import Testing

/// What a list holds of the person's data on every cache (``OwnData/Facts``): whether
/// found and where corrected, read by both stores without the text.
@Suite struct OwnFactsTests {
    private static let listed = Coordinate(latitudeMicrodegrees: 47_376_900, longitudeMicrodegrees: 8_541_700)!
    private static let final = Coordinate(latitudeMicrodegrees: 47_377_900, longitudeMicrodegrees: 8_541_700)!

    private func cache(_ code: String?) -> GeoCache {
        GeoCache(title: "t", details: "d", creator: "c", reward: "r", code: code, coordinate: Self.listed)
    }

    @Test func aNoteAloneLeavesNoFact() {
        let book = OwnData.Book(["GC1NOTE": OwnData(note: "only a note")])
        #expect(OwnData.Facts(book).count == 0)
    }

    @Test func aFoundCacheIsFoundAndAnotherIsNot() {
        let facts = OwnData.Facts(OwnData.Book(["GC1OAK": OwnData(found: "2026-11-28T10:32:00Z")]))
        #expect(facts.isFound(cache("GC1OAK")))
        #expect(!facts.isFound(cache("GC2BRDG")))
        #expect(!facts.isFound(cache(nil)))
    }

    @Test func theCorrectedPlaceStandsForTheListedOne() {
        let facts = OwnData.Facts(OwnData.Book(["GC1OAK": OwnData(corrected: Self.final)]))
        #expect(facts.place(of: cache("GC1OAK")) == Self.final)
        #expect(facts.place(of: cache("GC2BRDG")) == Self.listed)
    }

    @Test func markingFoundKeepsTheCorrectedPlace() {
        var facts = OwnData.Facts(OwnData.Book(["GC1OAK": OwnData(corrected: Self.final)]))
        facts.markFound(code: "GC1OAK")
        #expect(facts.isFound(cache("GC1OAK")))
        #expect(facts.place(of: cache("GC1OAK")) == Self.final)
    }

    @Test func settingEmptyDataRemovesTheFact() {
        var facts = OwnData.Facts(OwnData.Book(["GC1OAK": OwnData(found: "2026-11-28T10:32:00Z")]))
        facts.set(OwnData(note: "kept"), forCode: "GC1OAK")
        #expect(facts == OwnData.Facts())
    }

    @Test func aFilterReadsTheFactsAsItReadsTheData() {
        let data = OwnData(found: "2026-11-28T10:32:00Z", corrected: Self.final)
        let facts = OwnData.Facts(OwnData.Book(["GC1OAK": data]))
        var notFound = CacheFilter()
        notFound.found = false
        var near = CacheFilter()
        near.within = CacheFilter.Radius(center: Self.final, metres: 10)
        #expect(notFound.keeps(cache("GC1OAK"), facts: facts) == notFound.keeps(cache("GC1OAK"), own: data))
        #expect(near.keeps(cache("GC1OAK"), facts: facts))
        #expect(!near.keeps(cache("GC2BRDG"), facts: facts))
    }

    @Test(arguments: StoreKind.allCases)
    func aStoresFactsAreThoseOfItsWholeData(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let store = try fixture.open()
        try store.setOwnData(OwnData(found: "2026-11-20T08:00:00Z", note: "n"), forCode: "GC1OAK", as: WriteID())
        try store.setOwnData(OwnData(note: "only a note"), forCode: "GC2NOTE", as: WriteID())
        try store.setOwnData(OwnData(corrected: Self.final), forCode: "GC3FIN", as: WriteID())
        _ = try store.recordVisits([Visit(code: "GC4VIS", time: "2026-11-21T08:00:00Z", type: .attended, text: "")],
                                   as: WriteID())
        let facts = try store.ownFacts()
        #expect(facts == OwnData.Facts(try store.ownData()))
        #expect(facts.count == 3)
        #expect(facts.isFound(cache("GC4VIS")))
        #expect(facts.place(of: cache("GC3FIN")) == Self.final)
    }
}
