/// Writes caches as a geocaching.com LOC file: `<loc>` with one `<waypoint>` per cache,
/// the classic format that every geocaching tool and GPS program reads.
///
/// LOC has room for little: a cache is written as its code (its own, or for a cache not
/// stored yet ``GeoCache/interchangeCode``, as in GPX) in `name id`, "TITLE by CREATOR"
/// in CDATA, its coordinate (6 decimals), the type "Geocache", and when the cache has
/// them its URL (`link`), difficulty, terrain and container (as geocaching.com numbers
/// it: 2 Micro, 8 Small, 3 Regular, 4 Large, 5 Virtual, 6 Other, 1 Not chosen; another
/// name as written). Its details, reward, hint, descriptions and logs are not written,
/// and a cache without a coordinate is left out. Its additional waypoints with a place
/// follow it, each a `<waypoint>` of its own: code, name, place and "Waypoint|KIND". Characters that XML 1.0 cannot carry
/// become what ``GPXWriter`` writes for them (control pictures, U+FFFD), and a `]]>`
/// inside the text is split over two CDATA sections.
public enum LOCWriter {
    /// The start of the document, up to the first waypoint.
    public static let header = """
        <?xml version="1.0" encoding="UTF-8"?>
        <loc version="1.0" src="geocache-tui">

        """

    /// The end of the document, after the last waypoint.
    public static let footer = "</loc>\n"

    /// The whole LOC document for `caches`, in the given order; caches without a
    /// coordinate are left out.
    public static func document(for caches: some Sequence<GeoCache>) -> String {
        header + caches.map(waypoint(for:)).joined() + footer
    }

    /// One `<waypoint>` element; empty for a cache without a coordinate.
    public static func waypoint(for cache: GeoCache) -> String {
        guard let coordinate = cache.coordinate else { return "" }
        let listing = cache.listing
        let name = cdata(cache.title + " by " + cache.creator)
        let code = GPXWriter.attributeEscaped(cache.code ?? cache.interchangeCode)
        var text = """
            <waypoint>
              <name id="\(code)">\(name)</name>
              <coord lat="\(coordinate.latitudeText)" lon="\(coordinate.longitudeText)"/>
              <type>Geocache</type>

            """
        if let url = listing.url {
            text += "  <link text=\"Cache Details\">\(escaped(url))</link>\n"
        }
        if let difficulty = listing.difficulty { text += "  <difficulty>\(difficulty.text)</difficulty>\n" }
        if let terrain = listing.terrain { text += "  <terrain>\(terrain.text)</terrain>\n" }
        if let container = listing.container {
            let trimmed = container.trimmingWhitespace()
            let number = GPXReader.WaypointDraft.numberedContainers.first {
                $0.name.lowercased() == trimmed.lowercased()
            }?.number
            text += "  <container>\(number ?? escaped(container))</container>\n"
        }
        return text + "</waypoint>\n" + listing.waypoints.map(additional).joined()
    }

    /// An additional waypoint as its own `<waypoint>`: its code in `name id`, its name in
    /// CDATA, its place and the type "Waypoint|KIND"; empty for one without a place.
    static func additional(_ waypoint: AdditionalWaypoint) -> String {
        guard let coordinate = waypoint.coordinate else { return "" }
        return """
            <waypoint>
              <name id="\(GPXWriter.attributeEscaped(waypoint.code))">\(cdata(waypoint.name))</name>
              <coord lat="\(coordinate.latitudeText)" lon="\(coordinate.longitudeText)"/>
              <type>\(escaped(GPXWriter.waypointType(waypoint.kind)))</type>
            </waypoint>

            """
    }

    /// `text` as one or more CDATA sections.
    static func cdata(_ text: String) -> String {
        let carried = uncarried(text).replacingOccurrences(of: "]]>", with: "]]]]><![CDATA[>")
        return "<![CDATA[" + carried + "]]>"
    }

    /// `text` as element content or a value in double quotes: as ``GPXWriter`` escapes it.
    static func escaped(_ text: String) -> String {
        GPXWriter.escaped(text)
    }

    /// Controls XML cannot carry as control pictures (CR too: CDATA cannot hold a
    /// reference), U+FFFE/U+FFFF as U+FFFD.
    private static let uncarried = TextEscaping(
        mayNeedEscaping: { $0 < 0x20 || $0 == 0xEF },
        replacement: { scalar in
            switch scalar {
            case "\t", "\n": nil
            case "\u{00}"..."\u{1F}": String(Unicode.Scalar(0x2400 + scalar.value)!)
            case "\u{FFFE}", "\u{FFFF}": "\u{FFFD}"
            default: nil
            }
        })
}
