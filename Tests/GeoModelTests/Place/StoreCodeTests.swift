import Foundation
import GeoModel
import GeoTestSupport
import Testing

/// Every stored cache has a code: its own, or one the store gives it, unique in the
/// store and stable for the cache's life.
@Suite("Codes in a store")
struct StoreCodeTests {
    /// True when `code` is one the store drew: the prefix and the geocaching alphabet.
    private func isGiven(_ code: String?) -> Bool {
        guard let code, code.hasPrefix(CacheCode.prefix) else { return false }
        let rest = code.dropFirst(CacheCode.prefix.count)
        return rest.count == CacheCode.generatedLength && rest.allSatisfy(CacheCode.alphabet.contains)
    }

    @Test("a cache added without a code is given one of the geocaching alphabet after the prefix",
          arguments: StoreKind.allCases)
    func addGivesACode(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let added = try fixture.store.append(Samples.oak)
        #expect(isGiven(added.stored.cache.code))
    }

    @Test("the codes a store gives are all different", arguments: StoreKind.allCases)
    func givenCodesAreUnique(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let codes = try (1...60).map { try fixture.store.add(Samples.numbered($0)).cache.code }
        #expect(Set(codes).count == 60)
    }

    @Test("every read gives back the code the add returned, also in another session", arguments: StoreKind.allCases)
    func codeReadsBack(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let stored = try fixture.store.add(Samples.oak)
        let other = try fixture.open()
        #expect(try other.first() == stored)
        #expect(try other.cache(stored.id) == stored)
        #expect(try other.cache(atPosition: 1) == stored)
        #expect(try other.find("oak") == [stored])
        var walked: [StoredCache] = []
        try other.forEachCache { walked.append($0) }
        #expect(walked == [stored])
    }

    @Test("a cache added with a code keeps it, trimmed and in capitals", arguments: StoreKind.allCases)
    func addKeepsItsOwnCode(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        var cache = Samples.oak
        cache.code = " gc1a2b3 "
        let stored = try fixture.store.add(cache)
        #expect(stored.cache.code == "GC1A2B3")
        #expect(try fixture.open().first()?.cache.code == "GC1A2B3")
    }

    @Test("adding a cache whose code is stored is refused with codeInUse and stores nothing",
          arguments: StoreKind.allCases)
    func addRefusesAStoredCode(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        var first = Samples.oak
        first.code = "GC1A2B3"
        try fixture.store.add(first)
        var second = Samples.bridge
        second.code = "gc1a2b3"
        #expect(throws: StoreError.codeInUse(path: fixture.store.name, code: "GC1A2B3")) { try fixture.store.add(second) }
        #expect(try fixture.store.count() == 1)
    }

    @Test("an edit keeps the stored code whatever the edited cache says", arguments: StoreKind.allCases)
    func editKeepsTheCode(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let stored = try fixture.store.add(Samples.oak)
        var edited = Samples.mill
        edited.code = "GC9ZZZZ"
        let updated = try fixture.store.update(stored, to: edited)
        #expect(updated.cache.code == stored.cache.code)
        #expect(try fixture.open().cache(stored.id)?.cache.code == stored.cache.code)
        #expect(try fixture.store.cache(withCode: "GC9ZZZZ") == nil)
    }

    @Test("a cache is found by its code written in any case and with spaces around it", arguments: StoreKind.allCases)
    func findByCode(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        var cache = Samples.bridge
        cache.code = "OC12AB"
        try fixture.store.add(Samples.oak)
        let stored = try fixture.store.add(cache)
        #expect(try fixture.open().cache(withCode: "  oc12ab\n") == stored)
        let given = try #require(try fixture.store.first()?.cache.code)
        #expect(try fixture.store.cache(withCode: given.lowercased())?.cache.title == Samples.oak.title)
    }

    @Test("no cache is found for a code not stored, nor for text that is not a code", arguments: StoreKind.allCases)
    func unknownCodesFindNothing(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        try fixture.store.add(Samples.oak)
        #expect(try fixture.store.cache(withCode: "GC0000") == nil)
        #expect(try fixture.store.cache(withCode: "") == nil)
        #expect(try fixture.store.cache(withCode: "Old Oak") == nil)
    }

    @Test("a deleted cache's code can be given to a new cache", arguments: StoreKind.allCases)
    func deletedCodeIsFree(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        var cache = Samples.oak
        cache.code = "TC7X"
        try fixture.store.delete(try fixture.store.add(cache))
        #expect(try fixture.store.add(cache).cache.code == "TC7X")
    }

    @Test("saving a whole list gives codes to caches without one and keeps the others'", arguments: StoreKind.allCases)
    func saveCachesGivesCodes(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        var coded = Samples.bridge
        coded.code = "GC42"
        try fixture.store.saveCaches([Samples.oak, coded])
        let codes = try fixture.store.loadCaches().map(\.code)
        #expect(isGiven(codes[0]))
        #expect(codes[1] == "GC42")
    }
}
