/// Writes caches as a GPX 1.0 document with the Groundspeak cache extension, the form
/// geocaching.com pocket queries use and GSAK, c:geo and most GPS tools import.
///
/// The lab's caches have no coordinates, so every waypoint sits at latitude 0,
/// longitude 0 and is a "Traditional Cache" with difficulty and terrain 1. Each cache
/// gets a stable code from ``GeoCache/interchangeCode``. The four fields map as:
///
/// | field   | elements                                                                    |
/// |---------|-----------------------------------------------------------------------------|
/// | title   | `groundspeak:name`, `urlname`, and the start of `desc`                      |
/// | details | `groundspeak:short_description html="False"`                                |
/// | creator | `groundspeak:placed_by`, `groundspeak:owner`, and the end of `desc`          |
/// | reward  | the one travel bug, `groundspeak:travelbug/groundspeak:name`                |
///
/// Characters XML 1.0 cannot carry (C0 controls other than tab, line feed and
/// carriage return) are written as their Unicode control pictures (U+2400 + code);
/// carriage returns are written as `&#13;` so parsers do not turn them into line
/// feeds. ``GPXReader`` turns the pictures back into controls when the waypoint's
/// code proves the waypoint came from geocache-tui unchanged. The noncharacters
/// U+FFFE and U+FFFF, which XML 1.0 cannot carry either, are written as U+FFFD, and
/// the code is computed as if the cache held U+FFFD there: that is the only loss.
public enum GPXWriter {
    /// The Groundspeak cache extension namespace written into the document.
    public static let groundspeakNamespace = "http://www.groundspeak.com/cache/1/0/1"
    /// The GPX 1.0 namespace.
    public static let gpxNamespace = "http://www.topografix.com/GPX/1/0"

    /// The whole GPX document for `caches`, in the given order.
    public static func document(for caches: some Sequence<GeoCache>) -> String {
        var text = ""
        write(caches) { text += $0 }
        return text
    }

    /// Writes the GPX document piece by piece (one waypoint per piece) to `output`.
    public static func write(_ caches: some Sequence<GeoCache>, to output: (String) throws -> Void) rethrows {
        try output(header)
        for cache in caches {
            try output(waypoint(for: cache))
        }
        try output(footer)
    }

    /// The start of the document, up to the first waypoint.
    public static let header = """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.0" creator="geocache-tui" \
        xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" \
        xmlns="\(gpxNamespace)" \
        xmlns:groundspeak="\(groundspeakNamespace)" \
        xsi:schemaLocation="\(gpxNamespace) http://www.topografix.com/GPX/1/0/gpx.xsd \
        \(groundspeakNamespace) http://www.groundspeak.com/cache/1/0/1/cache.xsd">
          <name>geocache-tui caches</name>
          <desc>Geocaches exported by geocache-tui</desc>
          <keywords>cache, geocache, geocache-tui</keywords>

        """

    /// The end of the document, after the last waypoint.
    public static let footer = "</gpx>\n"

    /// One `<wpt>` element with its Groundspeak cache extension.
    public static func waypoint(for cache: GeoCache) -> String {
        var output = BufferedWriter()
        writeWaypoint(for: cache, to: &output)
        return output.text
    }

    /// Appends ``waypoint(for:)`` to `output`: the fixed markup and the escaped fields
    /// go straight into its buffer.
    public static func writeWaypoint(for cache: GeoCache, to output: inout BufferedWriter) {
        writeWaypoint(for: cache, digest: cache.interchangeDigest, to: &output)
    }

    /// ``writeWaypoint(for:to:)`` for a cache whose ``GeoCache/interchangeDigest`` is
    /// `digest`, worked out beforehand (``GeoCache/interchangeDigests(_:)`` does many at
    /// once, faster).
    public static func writeWaypoint(for cache: GeoCache, digest: UInt64, to output: inout BufferedWriter) {
        let id = digest % 1_000_000_000
        output.append("  <wpt lat=\"0.000000\" lon=\"0.000000\">\n    <name>GT")
        // The eight characters after "GT", kept for the travel bug's reference below.
        let codeStart = output.count
        GeoCache.appendInterchangeCharacters(digest: digest, to: &output)
        output.append("</name>\n    <desc>")
        output.appendEscaped(cache.title, escaped)
        output.append(" by ")
        output.appendEscaped(cache.creator, escaped)
        output.append(", Traditional Cache (1/1)</desc>\n    <urlname>")
        output.appendEscaped(cache.title, escaped)
        output.append("""
            </urlname>
                <sym>Geocache</sym>
                <type>Geocache|Traditional Cache</type>
                <groundspeak:cache id="
            """)
        output.append(decimal: id)
        output.append("\" available=\"True\" archived=\"False\">\n      <groundspeak:name>")
        output.appendEscaped(cache.title, escaped)
        output.append("</groundspeak:name>\n      <groundspeak:placed_by>")
        output.appendEscaped(cache.creator, escaped)
        output.append("</groundspeak:placed_by>\n      <groundspeak:owner id=\"0\">")
        output.appendEscaped(cache.creator, escaped)
        output.append("""
            </groundspeak:owner>
                  <groundspeak:type>Traditional Cache</groundspeak:type>
                  <groundspeak:container>Not chosen</groundspeak:container>
                  <groundspeak:difficulty>1</groundspeak:difficulty>
                  <groundspeak:terrain>1</groundspeak:terrain>
                  <groundspeak:country></groundspeak:country>
                  <groundspeak:state></groundspeak:state>
                  <groundspeak:short_description html="False">
            """)
        output.appendEscaped(cache.details, escaped)
        output.append("""
            </groundspeak:short_description>
                  <groundspeak:long_description html="False"></groundspeak:long_description>
                  <groundspeak:encoded_hints></groundspeak:encoded_hints>
                  <groundspeak:logs></groundspeak:logs>
                  <groundspeak:travelbugs>
                    <groundspeak:travelbug id="
            """)
        output.append(decimal: id)
        output.append("\" ref=\"TB")
        output.appendCopy(from: codeStart, count: 8)
        output.append("\">\n          <groundspeak:name>")
        output.appendEscaped(cache.reward, escaped)
        output.append("""
            </groundspeak:name>
                    </groundspeak:travelbug>
                  </groundspeak:travelbugs>
                </groundspeak:cache>
              </wpt>

            """)
    }

    /// `text` as XML 1.0 character data: markup escaped, CR as a reference, other
    /// controls XML cannot carry as control pictures, U+FFFE/U+FFFF as U+FFFD.
    static let escaped = TextEscaping(
        // U+FFFE and U+FFFF start with the byte 0xEF.
        mayNeedEscaping: { $0 < 0x20 || $0 == 0xEF || "&<>\"".utf8.contains($0) },
        replacement: { scalar in
            switch scalar {
            case "&": "&amp;"
            case "<": "&lt;"
            case ">": "&gt;"
            case "\"": "&quot;"
            case "\r": "&#13;"
            case "\t", "\n": nil
            case "\u{00}"..."\u{1F}": String(Unicode.Scalar(0x2400 + scalar.value)!)
            case "\u{FFFE}", "\u{FFFF}": "\u{FFFD}"
            default: nil
            }
        })
}
