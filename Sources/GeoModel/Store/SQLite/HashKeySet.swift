/// A set of 64-bit keys that are hashes already (content digests, code hashes), kept in
/// one open-addressed table: a look-up is a multiply, a shift and a probe or two, where
/// `Set` runs SipHash over each key first (125 million instructions of the bench's
/// 200,000-cache JSON import, by callgrind).
struct HashKeySet {
    /// The slots; `Self.vacant` marks an empty one (the key 0 is kept beside them).
    private var slots: [UInt64]
    private var shift: UInt64
    private var holdsZero = false
    private(set) var count = 0

    private static let vacant: UInt64 = 0

    /// An empty set with room for `capacity` keys before it grows.
    init(minimumCapacity capacity: Int = 0) {
        var bits = 4
        while 1 << bits < capacity * 2 { bits += 1 }
        slots = Array(repeating: Self.vacant, count: 1 << bits)
        shift = UInt64(64 - bits)
    }

    func contains(_ key: UInt64) -> Bool {
        if key == Self.vacant { return holdsZero }
        var index = slot(of: key)
        while true {
            let found = slots[index]
            if found == key { return true }
            if found == Self.vacant { return false }
            index = (index + 1) & (slots.count - 1)
        }
    }

    mutating func insert(_ key: UInt64) {
        if key == Self.vacant {
            if !holdsZero { holdsZero = true; count += 1 }
            return
        }
        if (count + 1) * 2 > slots.count { grow() }
        var index = slot(of: key)
        while true {
            let found = slots[index]
            if found == key { return }
            if found == Self.vacant {
                slots[index] = key
                count += 1
                return
            }
            index = (index + 1) & (slots.count - 1)
        }
    }

    /// Fibonacci hashing: the key's bits spread over the table's index.
    private func slot(of key: UInt64) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    private mutating func grow() {
        let old = slots
        slots = Array(repeating: Self.vacant, count: old.count * 2)
        shift -= 1
        count = holdsZero ? 1 : 0
        for key in old where key != Self.vacant { insert(key) }
    }
}
