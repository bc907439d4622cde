/// The formats an export writes: the interchange formats, with GPX in its two versions.
public enum ExportFormat: String, CaseIterable, Sendable {
    /// The lab's JSON array (``JSONInterchange``).
    case json
    /// GPX 1.0 with the Groundspeak cache extension 1.0.1 (``GPXWriter``).
    case gpx
    /// GPX 1.1 with the Groundspeak cache extension 1.0.1 inside `<extensions>`.
    case gpx11
    /// geocaching.com's LOC (``LOCWriter``).
    case loc
    /// Field notes (``FieldNotes``): the person's visits, not caches.
    case fieldnotes

    /// The formats that write caches (all but field notes, which write visits).
    public static let cacheFormats: [ExportFormat] = [.json, .gpx, .gpx11, .loc]

    /// The format's name in messages: "JSON", "GPX", "GPX 1.1", "LOC", "field notes".
    public var displayName: String {
        switch self {
        case .gpx11: "GPX 1.1"
        case .fieldnotes: "field notes"
        default: rawValue.uppercased()
        }
    }

    /// The GPX version written, for the two GPX formats.
    var gpxVersion: GPXWriter.Version? {
        switch self {
        case .gpx: .gpx10
        case .gpx11: .gpx11
        case .json, .loc, .fieldnotes: nil
        }
    }
}
