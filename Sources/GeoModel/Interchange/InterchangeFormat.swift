/// The interchange formats: the lab's JSON array, GPX, and geocaching.com's LOC.
public enum InterchangeFormat: String, CaseIterable, Sendable {
    /// An array of ``GeoCache/dictionary`` objects (``JSONInterchange``).
    case json
    /// GPX 1.0 or 1.1, with the Groundspeak cache extension or plain geocache
    /// waypoints (``GPXWriter``, ``GPXReader``).
    case gpx
    /// A `<loc>` file (``LOCWriter``; read by ``GPXReader``, which tells the two XML
    /// formats apart by their root element).
    case loc
}
