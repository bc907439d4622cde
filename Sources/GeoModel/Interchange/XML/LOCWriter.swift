/// Writes caches as a geocaching.com LOC file: `<loc>` with one `<waypoint>` per cache,
/// the classic format that every geocaching tool and GPS program reads.
///
/// LOC has room for a code, a name and coordinates only, so a cache is written as its
/// code (``GeoCache/interchangeCode``, as in GPX), "TITLE by CREATOR" in CDATA, and
/// latitude and longitude 0; its details and reward are not written. Characters that
/// XML 1.0 cannot carry become what ``GPXWriter`` writes for them (control pictures,
/// U+FFFD), and a `]]>` inside the text is split over two CDATA sections.
public enum LOCWriter {
    /// The start of the document, up to the first waypoint.
    public static let header = """
        <?xml version="1.0" encoding="UTF-8"?>
        <loc version="1.0" src="geocache-tui">

        """

    /// The end of the document, after the last waypoint.
    public static let footer = "</loc>\n"

    /// The whole LOC document for `caches`, in the given order.
    public static func document(for caches: some Sequence<GeoCache>) -> String {
        header + caches.map(waypoint(for:)).joined() + footer
    }

    /// One `<waypoint>` element.
    public static func waypoint(for cache: GeoCache) -> String {
        let name = cdata(cache.title + " by " + cache.creator)
        return """
            <waypoint>
              <name id="\(cache.interchangeCode)">\(name)</name>
              <coord lat="0.000000" lon="0.000000"/>
              <type>Geocache</type>
            </waypoint>

            """
    }

    /// `text` as one or more CDATA sections.
    static func cdata(_ text: String) -> String {
        let carried = uncarried(text).replacingOccurrences(of: "]]>", with: "]]]]><![CDATA[>")
        return "<![CDATA[" + carried + "]]>"
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
