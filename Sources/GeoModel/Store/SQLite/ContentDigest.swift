/// A 64-bit digest of a cache's four fields, stored beside it (`content_hash`) so that
/// the duplicate check looks up 8 bytes in an index instead of an index over the whole
/// text, which had kept every cache's text a second time.
///
/// Equal digests are only candidates: the check then compares the four fields
/// themselves (``SQLiteStore/containsCacheSQL``), so a collision costs one more
/// comparison and never makes two different caches duplicates.
///
/// The value is stored, so it must never change between versions or machines: the
/// bytes are read as little-endian words whatever the processor, and each field's
/// length goes in before its bytes, so moving text from one field to the next changes it.
enum ContentDigest {
    /// The digest of `cache`'s four fields (their UTF-8 bytes, in form order).
    static func of(_ cache: GeoCache) -> Int64 {
        var state: UInt64 = 0x243F_6A88_85A3_08D3
        for field in GeoCache.Field.allCases {
            var text = cache[field]
            state = text.withUTF8 { absorb(UnsafeRawBufferPointer($0), into: state) }
        }
        return Int64(bitPattern: finish(state))
    }

    private static let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15

    private static func mix(_ state: UInt64, _ word: UInt64) -> UInt64 {
        ((state << 5 | state >> 59) ^ word) &* multiplier
    }

    private static func absorb(_ bytes: UnsafeRawBufferPointer, into state: UInt64) -> UInt64 {
        var state = mix(state, UInt64(bytes.count))
        var offset = 0
        while offset + 8 <= bytes.count {
            state = mix(state, UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
            offset += 8
        }
        if offset < bytes.count {
            var tail: UInt64 = 0
            for index in offset..<bytes.count {
                tail |= UInt64(bytes[index]) << (8 * UInt64(index - offset))
            }
            state = mix(state, tail)
        }
        return state
    }

    /// MurmurHash3's final mix: every input bit reaches every output bit.
    private static func finish(_ state: UInt64) -> UInt64 {
        var h = state
        h ^= h >> 33
        h &*= 0xFF51_AFD7_ED55_8CCD
        h ^= h >> 33
        h &*= 0xC4CE_B9FE_1A85_EC53
        h ^= h >> 33
        return h
    }
}
