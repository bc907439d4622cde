/// What one record of an input turned out to be.
public enum ImportRecord: Equatable, Sendable {
    /// A valid cache, ready to store, and what its file can say about a cache (which
    /// decides what it may change in a cache stored under the same code).
    case cache(GeoCache, RecordLocation, coverage: GeoCache.Coverage = .complete)
    /// A record that cannot become a cache.
    case rejected(RejectedRecord)
    /// A GPX waypoint that is not a geocache and belongs to none (a plain waypoint).
    case notAGeocache(RecordLocation)
    /// One of a cache's additional waypoints (the parking, a stage, the final), and the
    /// normalized code of its cache when the file names it (`gsak:Parent`); nil when the
    /// import is to find its cache by the code's suffix (``AdditionalWaypoint/suffix(of:)``);
    /// and what its file can say about a waypoint stored under its code (a LOC file gives
    /// only its code, kind, name and place, so the rest stays as stored); and the age of
    /// its file (``Listing/asOf``), when it has one: an older file changes no waypoint of
    /// a newer listing.
    case waypoint(AdditionalWaypoint, parent: String?, RecordLocation, coverage: GeoCache.Coverage = .complete,
                  asOf: String? = nil)
}
