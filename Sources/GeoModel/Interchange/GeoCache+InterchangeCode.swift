extension GeoCache {
    /// A stable, GC-like waypoint code for this cache: "GT" and eight characters of the
    /// geocaching alphabet, computed from the four fields (equal caches share a code).
    public var interchangeCode: String {
        Self.interchangeCode(digest: interchangeDigest)
    }

    /// The code for a cache whose ``interchangeDigest`` is `digest`.
    static func interchangeCode(digest: UInt64) -> String {
        var output = BufferedWriter()
        output.append("GT")
        appendInterchangeCharacters(digest: digest, to: &output)
        return output.text
    }

    /// Appends the eight characters of the code after "GT" for `digest`.
    static func appendInterchangeCharacters(digest: UInt64, to output: inout BufferedWriter) {
        let alphabet: StaticString = "0123456789ABCDEFGHJKMNPQRTVWXYZ"
        let base = UInt64(alphabet.utf8CodeUnitCount)
        var value = digest
        var characters: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &characters) { bytes in
            for index in (0..<8).reversed() {
                bytes[index] = alphabet.utf8Start[Int(value % base)]
                value /= base
            }
        }
        withUnsafeBytes(of: characters) { output.append(bytes: $0) }
    }

    /// A 64-bit digest of the four fields: FNV-1a over their length-prefixed UTF-8,
    /// finished with the SplitMix64 mixer so that similar caches get unrelated codes.
    ///
    /// U+FFFE and U+FFFF count as U+FFFD, the character GPXWriter writes for them
    /// (all three are three bytes long, `EF BF xx`), so that a waypoint carries the
    /// code of the text it holds and reads back verbatim.
    ///
    /// It runs over each field's contiguous UTF-8 in one tight loop (one multiply per
    /// byte), since `export --format gpx` works it out for every cache.
    var interchangeDigest: UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for field in Field.allCases {
            var text = self[field]
            text.withUTF8 { bytes in
                var length = UInt64(bytes.count)
                for _ in 0..<8 {
                    hash = (hash ^ (length & 0xFF)) &* 0x0000_0100_0000_01B3
                    length >>= 8
                }
                for index in bytes.indices {
                    var byte = bytes[index]
                    // 0xEF only ever leads a character, so EF BF BE / EF BF BF are U+FFFE / U+FFFF.
                    if byte >= 0xBE, index >= 2, bytes[index - 1] == 0xBF, bytes[index - 2] == 0xEF { byte = 0xBD }
                    hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
                }
            }
        }
        var z = hash &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
