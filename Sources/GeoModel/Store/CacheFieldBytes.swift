/// The four fields of a stored cache as the store holds their UTF-8 bytes, lent for
/// the length of one call of ``CacheStore/forEachCacheFields(_:)``: what a plain `list`
/// prints, read without making a String of each field (docs/performance.md).
///
/// The bytes are the store's own: another program's SQL may have left some that are not
/// UTF-8, which ``isValidUTF8(_:)`` finds; a String of them holds U+FFFD in their place.
public struct CacheFieldBytes {
    /// The cache's identifier.
    public let id: CacheID
    /// The four fields' bytes, in ``GeoCache/Field`` order.
    public let title, details, creator, reward: UnsafeBufferPointer<UInt8>

    public init(id: CacheID, title: UnsafeBufferPointer<UInt8>, details: UnsafeBufferPointer<UInt8>,
                creator: UnsafeBufferPointer<UInt8>, reward: UnsafeBufferPointer<UInt8>) {
        self.id = id
        self.title = title
        self.details = details
        self.creator = creator
        self.reward = reward
    }

    /// True when `bytes` are well-formed UTF-8 (no stray continuation byte, no overlong
    /// form, no surrogate, nothing past U+10FFFF, no sequence cut short), which
    /// `String(decoding:as:)` then keeps as they are.
    public static func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = bytes.count
        guard let base = bytes.baseAddress else { return true }
        var index = 0
        while index < count {
            // Eight ASCII bytes at a time: most text is ASCII.
            while index + 8 <= count,
                  UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                index += 8
            }
            guard index < count else { break }
            if bytes[index] < 0x80 {
                index += 1
                continue
            }
            guard let (length, _) = utf8Sequence(in: bytes, at: index) else { return false }
            index += length
        }
        return true
    }

    /// The length and scalar of the well-formed UTF-8 sequence at `index` of `bytes`
    /// (its lead byte at least 0x80), or nil for a stray continuation byte, an overlong
    /// form, a surrogate, anything past U+10FFFF or a sequence cut short.
    @inline(__always)
    static func utf8Sequence(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (Int, Unicode.Scalar)? {
        let lead = bytes[index]
        let length: Int
        var value: UInt32
        switch lead {
        case 0xC2...0xDF: length = 2; value = UInt32(lead & 0x1F)
        case 0xE0...0xEF: length = 3; value = UInt32(lead & 0x0F)
        case 0xF0...0xF4: length = 4; value = UInt32(lead & 0x07)
        default: return nil
        }
        guard index + length <= bytes.count else { return nil }
        for offset in 1..<length {
            let byte = bytes[index + offset]
            guard byte & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        switch length {
        case 3 where value < 0x800 || (0xD800...0xDFFF).contains(value): return nil
        case 4 where value < 0x10000 || value > 0x10FFFF: return nil
        default: break
        }
        guard let scalar = Unicode.Scalar(value) else { return nil }
        return (length, scalar)
    }
}

extension CacheStore {
    /// ``forEachCache(_:)``'s caches, each lent as its four fields' bytes: what a store
    /// that reads Strings anyway (the club's) does.
    public func forEachCacheFields(_ body: (CacheFieldBytes) throws -> Void) throws {
        try forEachCache { stored in
            var (title, details, creator, reward) = (stored.cache.title, stored.cache.details,
                                                     stored.cache.creator, stored.cache.reward)
            try title.withUTF8 { title in
                try details.withUTF8 { details in
                    try creator.withUTF8 { creator in
                        try reward.withUTF8 { reward in
                            try body(CacheFieldBytes(id: stored.id, title: title, details: details,
                                                     creator: creator, reward: reward))
                        }
                    }
                }
            }
        }
    }
}
