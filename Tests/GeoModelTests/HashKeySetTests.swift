import Testing
@testable import GeoModel
import GeoTestSupport

/// The import's set of digests and code hashes.
@Suite struct HashKeySetTests {
    @Test("a key put in is found, one never put in is not, and each key counts once, zero and the largest too")
    func keysAreKeptOnce() {
        var set = HashKeySet()
        var generator = SeededGenerator(state: 11)
        let keys = (0..<5_000).map { _ in UInt64.random(in: 1 ... .max - 1, using: &generator) } + [0, .max]
        for key in keys + keys.prefix(100) { set.insert(key) }
        #expect(set.count == Set(keys).count)
        #expect(keys.allSatisfy { set.contains($0) })
        var others = SeededGenerator(state: 12)
        let absent = (0..<5_000).map { _ in UInt64.random(in: 1 ... .max - 1, using: &others) }.filter { !keys.contains($0) }
        #expect(!absent.contains { set.contains($0) })
    }

    @Test("an empty set holds nothing, zero included")
    func anEmptySetHoldsNothing() {
        let set = HashKeySet(minimumCapacity: 10)
        #expect(set.count == 0 && !set.contains(0) && !set.contains(1))
    }
}
