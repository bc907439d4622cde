extension GeoCache {
    /// A stable, GC-like waypoint code for this cache: "GT" and eight characters of the
    /// geocaching alphabet, computed from the four fields (equal caches share a code).
    public var interchangeCode: String {
        Self.interchangeCode(digest: interchangeDigest)
    }

    /// The code for a cache whose ``interchangeDigest`` is `digest`.
    static func interchangeCode(digest: UInt64) -> String {
        let alphabet: StaticString = "0123456789ABCDEFGHJKMNPQRTVWXYZ"
        let base = UInt64(alphabet.utf8CodeUnitCount)
        var value = digest
        var code: [UInt8] = Array("GT".utf8) + [UInt8](repeating: 0, count: 8)
        for index in (2..<10).reversed() {
            code[index] = alphabet.utf8Start[Int(value % base)]
            value /= base
        }
        return String(decoding: code, as: UTF8.self)
    }

    /// A 64-bit digest of the four fields: FNV-1a over their length-prefixed UTF-8,
    /// finished with the SplitMix64 mixer so that similar caches get unrelated codes.
    ///
    /// U+FFFE and U+FFFF count as U+FFFD, the character GPXWriter writes for them
    /// (all three are three bytes long, `EF BF xx`), so that a waypoint carries the
    /// code of the text it holds and reads back verbatim.
    var interchangeDigest: UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        func mix(_ byte: UInt8) {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        for field in Field.allCases {
            let utf8 = self[field].utf8
            var length = UInt64(utf8.count)
            for _ in 0..<8 { mix(UInt8(truncatingIfNeeded: length)); length >>= 8 }
            var before: (UInt8, UInt8) = (0, 0)
            for byte in utf8 {
                // 0xEF only ever leads a character, so EF BF BE / EF BF BF are U+FFFE / U+FFFF.
                let isNonCharacter = before == (0xEF, 0xBF) && byte >= 0xBE
                mix(isNonCharacter ? 0xBD : byte)
                before = (before.1, byte)
            }
        }
        var z = hash &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
