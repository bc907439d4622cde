/// Telling a geocache from other waypoints, and finding its code, where each producer
/// puts it.
extension GPXReader.WaypointDraft {
    /// The cache's code: the waypoint's name when it is one; else the code in the
    /// listing's URL (GeoToad writes the title as the name); `gsak:Code` before both
    /// (GSAK's "smart names").
    func cacheCode(name written: String) -> String? {
        if let gsak = gsakCode.flatMap(CacheCode.normalized) { return gsak }
        let fromName = CacheCode.normalized(written)
        guard let fromURL = url.flatMap(Self.code(inURL:)), fromURL != fromName else { return fromName }
        if let fromName, Self.looksLikeCode(fromName) { return fromName }
        return fromURL
    }

    /// A code's shape: two or three letters, then letters and digits with at least
    /// one digit, 3 to 10 characters in all (GC1A2B3, OC12AB, TC7X, GT…).
    static func looksLikeCode(_ code: String) -> Bool {
        let bytes = Array(code.utf8)
        guard (3...10).contains(bytes.count), bytes[0].isASCIIUppercaseLetter, bytes[1].isASCIIUppercaseLetter
        else { return false }
        return bytes.allSatisfy(\.isASCIIAlphanumeric)
            && bytes.dropFirst(2).contains { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }

    /// The cache code in a listing's URL: `coord.info/GC1A2B3`,
    /// `cache_details.aspx?wp=GC1A2B3`, `viewcache.php?wp=OC12AB`,
    /// `geocaching.com/geocache/GC1A2B3_title`; nil when there is none.
    static func code(inURL url: String) -> String? {
        let lowered = url.lowercased()
        for marker in ["?wp=", "&wp=", "coord.info/", "/geocache/", "/cache/"] {
            guard let range = lowered.byteRange(of: marker) else { continue }
            let code = String(lowered[range.upperBound...].prefix { $0.isASCII && ($0.isLetter || $0.isNumber) })
                .uppercased()
            if looksLikeCode(code) { return code }
        }
        return nil
    }

    /// Whether the waypoint is a geocache: a Groundspeak, TerraCaching or OpenCaching
    /// cache; a `<type>` or `<sym>` starting with "Geocache" or "Terracache" (any
    /// case); or a GC code with neither type nor symbol. A `<type>` of `Waypoint|KIND`
    /// says it is one of a cache's waypoints, whatever its `<sym>` (a stage shown with
    /// the Geocache symbol).
    func isGeocache(code: String) -> Bool {
        if isCache { return true }
        if Self.additionalWaypointKind(type) != nil { return false }
        let type = (type ?? "").trimmingWhitespace().lowercased()
        let sym = (sym ?? "").trimmingWhitespace().lowercased()
        if type.hasPrefix("geocache") || sym.hasPrefix("geocache") { return true }
        // TerraCaching's own symbol, for a TC waypoint without its extension.
        if type.hasPrefix("terracach") || sym.hasPrefix("terracach") { return true }
        return type.isEmpty && sym.isEmpty && Self.isGCCode(code)
    }

    /// `GC` and 1 to 7 letters or digits, as geocaching.com's codes are.
    static func isGCCode(_ code: String) -> Bool {
        let upper = code.uppercased()
        return upper.hasPrefix("GC") && (3...9).contains(upper.count)
            && upper.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) || ("0"..."9").contains($0) }
    }
}
