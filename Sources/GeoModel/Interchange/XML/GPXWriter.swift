/// Writes caches as a GPX 1.0 document with the Groundspeak cache extension 1.0.1, the
/// form geocaching.com pocket queries use and GSAK, c:geo, GPSBabel and most GPS tools
/// import; or as GPX 1.1 with the same extension inside each waypoint's `<extensions>`,
/// as geocaching.com's GPX 1.1 pocket queries carry it.
///
/// A cache is written only when it has a coordinate or the person's final (GPX needs a
/// position; a cache with neither is left out, and ``CacheExporter`` counts it). Its `<name>` is its code,
/// or for a cache not stored yet the code ``GeoCache/interchangeCode`` derives from its
/// fields. Its additional waypoints that have a place follow it, each a `<wpt>` of its
/// own shaped as a pocket query's `-wpts.gpx` entries. docs/usage.md ("Field mapping")
/// lists every element; in short:
///
/// | cache             | elements                                                                 |
/// |-------------------|--------------------------------------------------------------------------|
/// | coordinate        | `lat`, `lon` (6 decimals)                                                |
/// | code              | `name`                                                                   |
/// | title             | `groundspeak:name`, `urlname` (1.1: `link/text`), the start of `desc`    |
/// | details           | `groundspeak:short_description html="False"`, or `cmt` when the listing has a short description of its own |
/// | creator           | `groundspeak:placed_by`, `groundspeak:owner` (unless the listing names another owner), the end of `desc` |
/// | reward            | one travel bug, unless it is the "Container: …" or "Type: …" the listing implies ("Type: Geocache" with neither) |
/// | type              | `type` ("Geocache\|TYPE"), `groundspeak:type`                          |
/// | container, D/T    | `groundspeak:container`, `groundspeak:difficulty`, `groundspeak:terrain` |
/// | attributes        | `groundspeak:attributes` (Groundspeak's numbering, with a number as id)  |
/// | country, state    | `groundspeak:country`, `groundspeak:state`                               |
/// | hint              | `groundspeak:encoded_hints`                                              |
/// | descriptions      | `groundspeak:short_description`, `groundspeak:long_description` with their `html` flags |
/// | URL, placed       | `url` (1.1: `link href`), `time`                                         |
/// | logs              | `groundspeak:logs` (id, date, type, finder and its id, text, encoded)    |
/// | ids               | `groundspeak:cache id`, `groundspeak:owner id`, log and finder ids       |
/// | age               | `gsak:LastGpxDate` in `gsak:wptExtension` (empty for none), which ``GPXReader`` takes as the listing's age in our own files |
///
/// `<src>` holds "geocache-tui" and the digest of the four fields
/// (``GeoCache/interchangeDigest``): ``GPXReader`` reads a waypoint whose fields still
/// give that digest back exactly as written, control characters included. The cache's
/// own id goes into `groundspeak:cache id`; a cache without one gets the digest's last
/// nine digits there, as exports before `<src>` did.
///
/// Characters XML 1.0 cannot carry (C0 controls other than tab, line feed and
/// carriage return) are written as their Unicode control pictures (U+2400 + code);
/// carriage returns are written as `&#13;` so parsers do not turn them into line
/// feeds. ``GPXReader`` turns the pictures in the four fields back into controls when
/// the digest proves the waypoint came from geocache-tui unchanged. The noncharacters
/// U+FFFE and U+FFFF, which XML 1.0 cannot carry either, are written as U+FFFD, and
/// the digest is computed as if the cache held U+FFFD there: that is the only loss.
public enum GPXWriter {
    /// The GPX version written.
    public enum Version: Sendable {
        /// GPX 1.0: the Groundspeak extension right under `<wpt>`.
        case gpx10
        /// GPX 1.1: the Groundspeak extension inside `<extensions>`, `<link>` for the URL,
        /// `<metadata>` for the document's name.
        case gpx11
    }

    /// The Groundspeak cache extension namespace written into the document.
    public static let groundspeakNamespace = "http://www.groundspeak.com/cache/1/0/1"
    /// The GPX 1.0 namespace.
    public static let gpxNamespace = "http://www.topografix.com/GPX/1/0"
    /// The GPX 1.1 namespace.
    public static let gpx11Namespace = "http://www.topografix.com/GPX/1/1"
    /// GSAK's namespace, for the cache an additional waypoint belongs to (`gsak:Parent`).
    public static let gsakNamespace = "http://www.gsak.net/xmlv1/6"

    /// The whole GPX document for `caches`, in the given order.
    public static func document(for caches: some Sequence<GeoCache>, version: Version = .gpx10) -> String {
        var text = ""
        write(caches, version: version) { text += $0 }
        return text
    }

    /// Writes the GPX document piece by piece (one cache with its waypoints per piece)
    /// to `output`; caches without a coordinate are left out.
    public static func write(_ caches: some Sequence<GeoCache>, version: Version = .gpx10,
                             to output: (String) throws -> Void) rethrows {
        try output(header(version))
        for cache in caches where cache.coordinate != nil {
            try output(waypoint(for: cache, version: version))
        }
        try output(footer)
    }

    /// The `creator` of every GPX file geocache-tui writes: the reader knows its own
    /// exports by it (``GPXReader/FileHeader/isOurs``).
    static let creator = "geocache-tui"

    /// The start of a GPX 1.0 document, up to the first waypoint.
    public static let header = """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.0" creator="\(creator)" \
        xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" \
        xmlns="\(gpxNamespace)" \
        xmlns:groundspeak="\(groundspeakNamespace)" \
        xmlns:gsak="\(gsakNamespace)" \
        xsi:schemaLocation="\(gpxNamespace) http://www.topografix.com/GPX/1/0/gpx.xsd \
        \(groundspeakNamespace) http://www.groundspeak.com/cache/1/0/1/cache.xsd \
        \(gsakNamespace) http://www.gsak.net/xmlv1/6/gsak.xsd">
          <name>geocache-tui caches</name>
          <desc>Geocaches exported by geocache-tui</desc>
          <keywords>cache, geocache, geocache-tui</keywords>

        """

    /// The start of a GPX 1.1 document, up to the first waypoint.
    public static let header11 = """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="\(creator)" \
        xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" \
        xmlns="\(gpx11Namespace)" \
        xmlns:groundspeak="\(groundspeakNamespace)" \
        xmlns:gsak="\(gsakNamespace)" \
        xsi:schemaLocation="\(gpx11Namespace) http://www.topografix.com/GPX/1/1/gpx.xsd \
        \(groundspeakNamespace) http://www.groundspeak.com/cache/1/0/1/cache.xsd \
        \(gsakNamespace) http://www.gsak.net/xmlv1/6/gsak.xsd">
          <metadata>
            <name>geocache-tui caches</name>
            <desc>Geocaches exported by geocache-tui</desc>
            <keywords>cache, geocache, geocache-tui</keywords>
          </metadata>

        """

    /// The start of a document of `version`.
    public static func header(_ version: Version) -> String {
        version == .gpx10 ? header : header11
    }

    /// The end of the document, after the last waypoint.
    public static let footer = "</gpx>\n"

    /// One cache's `<wpt>` element with its Groundspeak cache extension, followed by its
    /// additional waypoints; empty for a cache without a coordinate.
    public static func waypoint(for cache: GeoCache, version: Version = .gpx10) -> String {
        var output = BufferedWriter()
        writeWaypoint(for: cache, version: version, to: &output)
        return output.text
    }

    /// Appends ``waypoint(for:version:)`` to `output`: the fixed markup and the escaped
    /// fields go straight into its buffer.
    public static func writeWaypoint(for cache: GeoCache, version: Version = .gpx10, to output: inout BufferedWriter) {
        writeWaypoint(for: cache, digest: cache.interchangeDigest, version: version, to: &output)
    }

    /// ``writeWaypoint(for:version:to:)`` for a cache whose ``GeoCache/interchangeDigest``
    /// is `digest`, worked out beforehand (``GeoCache/interchangeDigests(_:)`` does many
    /// at once, faster). Nothing is written for a cache with neither a coordinate nor a
    /// corrected place in `own`.
    ///
    /// With the person's `own` data: a corrected place is the waypoint's, the listing's
    /// kept in `gsak:LatBeforeCorrect`/`gsak:LonBeforeCorrect` as GSAK writes it (both
    /// empty for a listing without a place), the note in `gsak:GcNote`, and a found
    /// cache's symbol is `Geocache Found`.
    public static func writeWaypoint(for cache: GeoCache, digest: UInt64, version: Version = .gpx10,
                                     own: OwnData = OwnData(), to output: inout BufferedWriter) {
        guard own.place(of: cache) != nil else { return }
        writeCache(cache, digest: digest, version: version, own: own, to: &output)
        let parent = cache.code ?? GeoCache.interchangeCode(digest: digest)
        for waypoint in cache.listing.waypoints {
            writeAdditional(waypoint, parent: parent, version: version, to: &output)
        }
    }

    /// `<NAME>value</NAME>` on a line of its own at `indent` spaces, when there is a value.
    static func element(_ name: StaticString, _ value: String?, indent: Int, to output: inout BufferedWriter) {
        guard let value else { return }
        pad(indent, &output)
        output.append("<")
        output.append(name)
        output.append(">")
        output.appendEscaped(value, escaped)
        output.append("</")
        output.append(name)
        output.append(">\n")
    }

    /// `count` spaces.
    static func pad(_ count: Int, _ output: inout BufferedWriter) {
        for _ in 0..<count { output.append(" ") }
    }

    /// `id` when it is a number an XML Schema integer reads (digits only, not all
    /// zeros, of any length), as the Groundspeak schema types its ids; else nil.
    static func numericID(_ id: String?) -> String? {
        guard let id, !id.isEmpty,
              id.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), id.utf8.contains(where: { $0 != 0x30 }) else { return nil }
        return id
    }

    /// `id` when it is an XML Schema integer (an optional sign and digits, of any
    /// length), as the Groundspeak schema types a travel bug's and an attribute's id;
    /// else nil (an id from another tool's file: `abc`, `TB-1`, none at all).
    static func schemaInteger(_ id: String) -> String? {
        let digits = id.utf8.first == UInt8(ascii: "+") || id.utf8.first == UInt8(ascii: "-") ? id.utf8.dropFirst() : id.utf8[...]
        guard !digits.isEmpty, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return id
    }

    /// Whether `attribute` goes into a GPX export: in Groundspeak's numbering, with an
    /// id that is a number (the id is what the attribute means, so one that is not a
    /// number cannot be written; ``CacheExporter`` counts those left out).
    static func writes(_ attribute: CacheAttribute) -> Bool {
        attribute.source == CacheAttribute.groundspeak && schemaInteger(attribute.id) != nil
    }

    /// The attributes of `listing` in Groundspeak's numbering that a GPX export leaves
    /// out because their id is not a number.
    static func attributesLeftOut(of listing: Listing) -> Int {
        listing.attributes.count { $0.source == CacheAttribute.groundspeak && schemaInteger($0.id) == nil }
    }

    /// `text` as XML 1.0 character data: markup escaped, CR as a reference, other
    /// controls XML cannot carry as control pictures, U+FFFE/U+FFFF as U+FFFD.
    static let escaped = xmlEscaping(inAttribute: false)
    /// `text` as an XML 1.0 attribute value: as ``escaped``, and tabs and line feeds as
    /// references too, which a parser would otherwise read as spaces.
    static let attributeEscaped = xmlEscaping(inAttribute: true)

    private static func xmlEscaping(inAttribute: Bool) -> TextEscaping {
        TextEscaping(
            // U+FFFE and U+FFFF start with the byte 0xEF.
            mayNeedEscaping: { $0 < 0x20 || $0 == 0xEF || "&<>\"".utf8.contains($0) },
            replacement: { scalar in
                switch scalar {
                case "&": "&amp;"
                case "<": "&lt;"
                case ">": "&gt;"
                case "\"": "&quot;"
                case "\r": "&#13;"
                case "\t": inAttribute ? "&#9;" : nil
                case "\n": inAttribute ? "&#10;" : nil
                case "\u{00}"..."\u{1F}": String(Unicode.Scalar(0x2400 + scalar.value)!)
                case "\u{FFFE}", "\u{FFFF}": "\u{FFFD}"
                default: nil
                }
            })
    }
}
