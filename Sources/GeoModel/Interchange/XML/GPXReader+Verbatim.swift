import Foundation

extension GPXReader.WaypointDraft {
    /// What ``GPXWriter`` writes in `<src>` before the digest of the four fields.
    static let sourceMark = "geocache-tui "

    /// The digest `<src>` carries ("geocache-tui" and the decimal digest), or nil for
    /// any other source.
    var sourceDigest: UInt64? {
        guard let src, src.hasPrefix(Self.sourceMark) else { return nil }
        let digits = src.dropFirst(Self.sourceMark.count)
        guard !digits.isEmpty, digits.count <= 20, digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return UInt64(digits)
    }

    /// The cache exactly as GPXWriter wrote it, when the digest proves the four fields
    /// unchanged: the digest of title, details, creator and reward
    /// (``GeoCache/interchangeDigest``) in `<src>`, or, in exports of geocache-tui from
    /// before `<src>` carried it (the file's `creator` is geocache-tui), its last 9 digits
    /// as the `groundspeak:cache` id. Another program's file, whose ids are its own, is
    /// not tried: each try works out the digest of the whole details, a seventh of the
    /// mapping of a pocket query with long descriptions (callgrind).
    /// Details are `<cmt>` (written when the short description is the listing's own)
    /// or the short description (written as the details otherwise; GPSBabel adds a
    /// `<cmt>` of its own, so both are tried, `<cmt>` first); `detailsInComment` says
    /// which. The reward it was written with is the listing's travel bugs' names, or the
    /// one written after them for a reward they do not give, or, with no travel bug, the
    /// one the listing gives (``listingReward(container:type:)``).
    func verbatimCache() -> (cache: GeoCache, detailsInComment: Bool)? {
        guard isCache else { return nil }
        let proof: (UInt64) -> Bool
        if let digest = sourceDigest {
            proof = { $0 == digest }
        } else if fileIsOurs, let cacheID, cacheID < 1_000_000_000 {
            proof = { $0 % 1_000_000_000 == cacheID }
        } else {
            return nil
        }
        var rewards: [String] = []
        if travelBugs.isEmpty {
            rewards.append(impliedReward() ?? Self.unknownTypeReward)
        } else {
            rewards.append(travelBugs.map { $0.trimmingWhitespace() }.joined(separator: ", "))
            if let last = travelBugs.last, !rewards.contains(last) { rewards.append(last) }
        }
        let details = [cmt.map { ($0, true) }, (shortDescription ?? "", false)].compactMap { $0 }
        for (text, inComment) in details {
            for reward in rewards {
                if let cache = verbatimCache(details: text, reward: reward, proof: proof) { return (cache, inComment) }
            }
        }
        return nil
    }

    /// ``verbatimCache()`` for `details` and `reward`, whose digest `proof` accepts.
    private func verbatimCache(details: String, reward: String, proof: (UInt64) -> Bool) -> GeoCache? {
        let written = GeoCache(title: cacheName ?? "", details: details, creator: placedBy ?? "", reward: reward)
        if proof(written.interchangeDigest) { return written }
        // Control pictures (U+2400 to U+241F) are E2 90 80 to E2 90 9F: without one
        // there is nothing to restore (nearly every waypoint of other tools, whose
        // typographic quotes and dashes start with E2 too).
        let mayHoldPictures = GeoCache.Field.allCases.contains { field in
            var text = written[field]
            return text.withUTF8 { Self.containsControlPicture($0) }
        }
        guard mayHoldPictures else { return nil }
        var restored = written
        for field in GeoCache.Field.allCases {
            restored[field] = Self.restoringControls(written[field])
        }
        return proof(restored.interchangeDigest) ? restored : nil
    }

    /// Whether `bytes` hold the UTF-8 of a control picture, E2 90 80 to E2 90 9F.
    static func containsControlPicture(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        var offset = 0
        while offset + 2 < bytes.count,
              let found = memchr(base + offset, 0xE2, bytes.count - offset - 2) {
            let index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            if bytes[index + 1] == 0x90, bytes[index + 2] & 0xE0 == 0x80 { return true }
            offset = index + 1
        }
        return false
    }

    /// Control pictures (U+2400 to U+241F) back to the controls GPXWriter replaced.
    static func restoringControls(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if (0x2400...0x241F).contains(scalar.value), ![0x09, 0x0A, 0x0D].contains(scalar.value - 0x2400) {
                scalars.append(Unicode.Scalar(scalar.value - 0x2400)!)
            } else {
                scalars.append(scalar)
            }
        }
        return String(scalars)
    }
}
