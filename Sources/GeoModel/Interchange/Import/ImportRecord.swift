/// What one record of an input turned out to be.
public enum ImportRecord: Equatable, Sendable {
    /// A valid cache, ready to store, and what its file can say about a cache (which
    /// decides what it may change in a cache stored under the same code).
    case cache(GeoCache, RecordLocation, coverage: GeoCache.Coverage = .complete)
    /// A record that cannot become a cache.
    case rejected(RejectedRecord)
    /// A GPX waypoint that is not a geocache (a parking spot, a trail head).
    case notAGeocache(RecordLocation)
}
