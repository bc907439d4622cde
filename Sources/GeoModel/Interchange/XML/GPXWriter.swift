/// Writes caches as a GPX 1.0 document with the Groundspeak cache extension 1.0.1, the
/// form geocaching.com pocket queries use and GSAK, c:geo, GPSBabel and most GPS tools
/// import.
///
/// A cache is written only when it has a coordinate (GPX needs a position; a cache
/// without one is left out, and ``CacheExporter`` counts it). Its `<name>` is its code,
/// or for a cache not stored yet the code ``GeoCache/interchangeCode`` derives from its
/// fields. docs/usage.md ("Field mapping") lists every element; in short:
///
/// | cache             | elements                                                                 |
/// |-------------------|--------------------------------------------------------------------------|
/// | coordinate        | `lat`, `lon` (6 decimals)                                                |
/// | code              | `name`                                                                   |
/// | title             | `groundspeak:name`, `urlname`, and the start of `desc`                   |
/// | details           | `groundspeak:short_description html="False"`                             |
/// | creator           | `groundspeak:placed_by`, `groundspeak:owner`, and the end of `desc`      |
/// | reward            | one travel bug, unless it is the "Container: …" or "Type: …" the listing implies |
/// | type              | `type` ("Geocache\|TYPE"), `groundspeak:type`                          |
/// | container, D/T    | `groundspeak:container`, `groundspeak:difficulty`, `groundspeak:terrain` |
/// | hint              | `groundspeak:encoded_hints`                                              |
/// | long description  | `groundspeak:long_description` with its `html` flag                      |
/// | URL, placed       | `url`, `time`                                                            |
/// | logs              | `groundspeak:logs` (date, type, finder, text)                            |
///
/// The `id` of `groundspeak:cache` is the last nine digits of the four fields' digest
/// (``GeoCache/interchangeDigest``): ``GPXReader`` reads a waypoint whose fields still
/// give that id back exactly as written, control characters included.
///
/// Characters XML 1.0 cannot carry (C0 controls other than tab, line feed and
/// carriage return) are written as their Unicode control pictures (U+2400 + code);
/// carriage returns are written as `&#13;` so parsers do not turn them into line
/// feeds. ``GPXReader`` turns the pictures in the four fields back into controls when
/// the id proves the waypoint came from geocache-tui unchanged. The noncharacters
/// U+FFFE and U+FFFF, which XML 1.0 cannot carry either, are written as U+FFFD, and
/// the digest is computed as if the cache held U+FFFD there: that is the only loss.
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

    /// Writes the GPX document piece by piece (one waypoint per piece) to `output`;
    /// caches without a coordinate are left out.
    public static func write(_ caches: some Sequence<GeoCache>, to output: (String) throws -> Void) rethrows {
        try output(header)
        for cache in caches where cache.coordinate != nil {
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

    /// One `<wpt>` element with its Groundspeak cache extension; empty for a cache
    /// without a coordinate.
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
    /// once, faster). Nothing is written for a cache without a coordinate.
    public static func writeWaypoint(for cache: GeoCache, digest: UInt64, to output: inout BufferedWriter) {
        guard let coordinate = cache.coordinate else { return }
        let listing = cache.listing
        let id = digest % 1_000_000_000
        output.append("  <wpt lat=\"")
        output.append(text: coordinate.latitudeText)
        output.append("\" lon=\"")
        output.append(text: coordinate.longitudeText)
        output.append("\">\n")
        if let placed = listing.placed {
            output.append("    <time>")
            output.appendEscaped(placed, escaped)
            output.append("</time>\n")
        }
        output.append("    <name>")
        if let code = cache.code {
            output.appendEscaped(code, escaped)
        } else {
            output.append("GT")
            GeoCache.appendInterchangeCharacters(digest: digest, to: &output)
        }
        output.append("</name>\n    <desc>")
        output.appendEscaped(cache.title, escaped)
        output.append(" by ")
        output.appendEscaped(cache.creator, escaped)
        if let type = listing.type, let difficulty = listing.difficulty, let terrain = listing.terrain {
            // ", TYPE (D/T)", as pocket queries write it, for tools that read only `desc`.
            output.append(", ")
            output.appendEscaped(type, escaped)
            output.append(" (")
            output.append(text: difficulty.text)
            output.append("/")
            output.append(text: terrain.text)
            output.append(")")
        }
        output.append("</desc>\n")
        if let url = listing.url {
            output.append("    <url>")
            output.appendEscaped(url, escaped)
            output.append("</url>\n")
        }
        output.append("    <urlname>")
        output.appendEscaped(cache.title, escaped)
        output.append("</urlname>\n    <sym>")
        output.appendEscaped(listing.symbol ?? Listing.plainSymbol, escaped)
        output.append("</sym>\n    <type>Geocache")
        if let type = listing.type {
            output.append("|")
            output.appendEscaped(type, escaped)
        }
        output.append("</type>\n    <groundspeak:cache id=\"")
        output.append(decimal: id)
        output.append(listing.available == false ? "\" available=\"False\"" : "\" available=\"True\"")
        output.append(listing.archived == true ? " archived=\"True\">\n      <groundspeak:name>"
                      : " archived=\"False\">\n      <groundspeak:name>")
        output.appendEscaped(cache.title, escaped)
        output.append("</groundspeak:name>\n      <groundspeak:placed_by>")
        output.appendEscaped(cache.creator, escaped)
        output.append("</groundspeak:placed_by>\n      <groundspeak:owner id=\"0\">")
        output.appendEscaped(cache.creator, escaped)
        output.append("</groundspeak:owner>\n")
        optional("type", listing.type, to: &output)
        optional("container", listing.container, to: &output)
        optional("difficulty", listing.difficulty?.text, to: &output)
        optional("terrain", listing.terrain?.text, to: &output)
        output.append("      <groundspeak:country></groundspeak:country>\n      <groundspeak:state></groundspeak:state>\n")
        output.append("      <groundspeak:short_description html=\"False\">")
        output.appendEscaped(cache.details, escaped)
        output.append("</groundspeak:short_description>\n")
        if let description = listing.longDescription {
            output.append(listing.longDescriptionIsHTML ? "      <groundspeak:long_description html=\"True\">"
                          : "      <groundspeak:long_description html=\"False\">")
            output.appendEscaped(description, escaped)
            output.append("</groundspeak:long_description>\n")
        }
        optional("encoded_hints", listing.hint, to: &output)
        if !listing.logs.isEmpty {
            output.append("      <groundspeak:logs>\n")
            for (number, log) in listing.logs.enumerated() {
                output.append("        <groundspeak:log id=\"")
                output.append(decimal: number + 1)
                output.append("\">\n          <groundspeak:date>")
                output.appendEscaped(log.date, escaped)
                output.append("</groundspeak:date>\n          <groundspeak:type>")
                output.appendEscaped(log.type, escaped)
                output.append("</groundspeak:type>\n          <groundspeak:finder id=\"0\">")
                output.appendEscaped(log.finder, escaped)
                output.append("</groundspeak:finder>\n          <groundspeak:text encoded=\"False\">")
                output.appendEscaped(log.text, escaped)
                output.append("</groundspeak:text>\n        </groundspeak:log>\n")
            }
            output.append("      </groundspeak:logs>\n")
        }
        // The travel bugs as they came, each with its own id and reference; a reward
        // that neither they nor the listing give is one more, with the cache's id.
        let bugs = listing.travelBugs
        let given = bugs.isEmpty ? GPXReader.WaypointDraft.impliedReward(
            container: GPXReader.WaypointDraft.containerName(listing.container), type: listing.type)
            : bugs.map(\.name).joined(separator: ", ")
        var written = bugs
        if cache.reward != given {
            let ref = "TB" + GeoCache.interchangeCode(digest: digest).dropFirst(2)
            written.append(TravelBug(id: String(id), ref: ref, name: cache.reward))
        }
        if !written.isEmpty {
            output.append("      <groundspeak:travelbugs>\n")
            for bug in written {
                output.append("        <groundspeak:travelbug id=\"")
                output.appendEscaped(bug.id, escaped)
                output.append("\" ref=\"")
                output.appendEscaped(bug.ref, escaped)
                output.append("\">\n          <groundspeak:name>")
                output.appendEscaped(bug.name, escaped)
                output.append("</groundspeak:name>\n        </groundspeak:travelbug>\n")
            }
            output.append("      </groundspeak:travelbugs>\n")
        }
        output.append("    </groundspeak:cache>\n  </wpt>\n")
    }

    /// `<groundspeak:NAME>value</groundspeak:NAME>` on a line of its own, when there is a value.
    private static func optional(_ name: StaticString, _ value: String?, to output: inout BufferedWriter) {
        guard let value else { return }
        output.append("      <groundspeak:")
        output.append(name)
        output.append(">")
        output.appendEscaped(value, escaped)
        output.append("</groundspeak:")
        output.append(name)
        output.append(">\n")
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
