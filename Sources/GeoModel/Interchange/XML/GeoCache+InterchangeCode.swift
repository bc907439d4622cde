import Glibc

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
        withUnsafeBytes(of: characters) { output.append(raw: $0) }
    }

    /// A 64-bit digest of the four fields: FNV-1a over their length-prefixed UTF-8,
    /// finished with the SplitMix64 mixer so that similar caches get unrelated codes.
    ///
    /// U+FFFE and U+FFFF count as U+FFFD, the character GPXWriter writes for them
    /// (all three are three bytes long, `EF BF xx`), so that a waypoint carries the
    /// code of the text it holds and reads back verbatim.
    ///
    /// It runs over each field's contiguous UTF-8 in one tight loop (one multiply per
    /// byte); ``interchangeDigests(_:)`` works out many at once, faster.
    public var interchangeDigest: UInt64 {
        var hash = Self.digestBasis
        for field in Field.allCases {
            var text = self[field]
            text.withUTF8 { bytes in
                hash = Self.digestLength(bytes.count, into: hash)
                for index in bytes.indices {
                    hash = Self.digestStep(hash, Self.digestByte(bytes, index))
                }
            }
        }
        return Self.digestFinish(hash)
    }

    /// ``interchangeDigest`` of each of `caches`, in order: the same values, worked out
    /// four caches at a time. Each byte's multiply waits for the one before, so one
    /// digest runs at the multiplier's latency (most of `export --format gpx` with long
    /// details); four independent ones side by side keep it busy.
    public static func interchangeDigests(_ caches: ArraySlice<GeoCache>) -> [UInt64] {
        var digests: [UInt64] = []
        digests.reserveCapacity(caches.count)
        var index = caches.startIndex
        while caches.endIndex - index >= 4 {
            var hashes = (digestBasis, digestBasis, digestBasis, digestBasis)
            for field in Field.allCases {
                var texts = (caches[index][field], caches[index + 1][field],
                             caches[index + 2][field], caches[index + 3][field])
                texts.0.withUTF8 { a in texts.1.withUTF8 { b in texts.2.withUTF8 { c in texts.3.withUTF8 { d in
                    var (ha, hb, hc, hd) = hashes
                    ha = digestLength(a.count, into: ha)
                    hb = digestLength(b.count, into: hb)
                    hc = digestLength(c.count, into: hc)
                    hd = digestLength(d.count, into: hd)
                    let common = Swift.min(a.count, b.count, c.count, d.count)
                    if hasNoFFFELead(a), hasNoFFFELead(b), hasNoFFFELead(c), hasNoFFFELead(d) {
                        // The common case: no byte to read differently, four plain chains.
                        for offset in 0..<common {
                            ha = digestStep(ha, a[offset])
                            hb = digestStep(hb, b[offset])
                            hc = digestStep(hc, c[offset])
                            hd = digestStep(hd, d[offset])
                        }
                    } else {
                        for offset in 0..<common {
                            ha = digestStep(ha, digestByte(a, offset))
                            hb = digestStep(hb, digestByte(b, offset))
                            hc = digestStep(hc, digestByte(c, offset))
                            hd = digestStep(hd, digestByte(d, offset))
                        }
                    }
                    for offset in common..<a.count { ha = digestStep(ha, digestByte(a, offset)) }
                    for offset in common..<b.count { hb = digestStep(hb, digestByte(b, offset)) }
                    for offset in common..<c.count { hc = digestStep(hc, digestByte(c, offset)) }
                    for offset in common..<d.count { hd = digestStep(hd, digestByte(d, offset)) }
                    hashes = (ha, hb, hc, hd)
                }}}}
            }
            digests.append(digestFinish(hashes.0))
            digests.append(digestFinish(hashes.1))
            digests.append(digestFinish(hashes.2))
            digests.append(digestFinish(hashes.3))
            index += 4
        }
        for cache in caches[index...] { digests.append(cache.interchangeDigest) }
        return digests
    }

    /// FNV-1a's offset basis.
    private static let digestBasis: UInt64 = 0xCBF2_9CE4_8422_2325

    /// One byte into an FNV-1a hash.
    @inline(__always)
    private static func digestStep(_ hash: UInt64, _ byte: UInt8) -> UInt64 {
        (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }

    /// A field's length, as eight little-endian bytes, into the hash.
    @inline(__always)
    private static func digestLength(_ count: Int, into hash: UInt64) -> UInt64 {
        var hash = hash
        var length = UInt64(count)
        for _ in 0..<8 {
            hash = digestStep(hash, UInt8(truncatingIfNeeded: length))
            length >>= 8
        }
        return hash
    }

    /// The byte at `index`, with U+FFFE and U+FFFF read as U+FFFD (0xEF only ever leads a
    /// character, so EF BF BE / EF BF BF are those two).
    @inline(__always)
    private static func digestByte(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int) -> UInt8 {
        let byte = bytes[index]
        if byte >= 0xBE, index >= 2, bytes[index - 1] == 0xBF, bytes[index - 2] == 0xEF { return 0xBD }
        return byte
    }

    /// True when `bytes` holds no 0xEF, the lead byte of U+FFFE and U+FFFF, so that
    /// ``digestByte(_:_:)`` would read every byte as it is (`memchr`, many bytes a step).
    @inline(__always)
    private static func hasNoFFFELead(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return true }
        return memchr(base, 0xEF, bytes.count) == nil
    }

    /// SplitMix64's finish.
    private static func digestFinish(_ hash: UInt64) -> UInt64 {
        var z = hash &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
