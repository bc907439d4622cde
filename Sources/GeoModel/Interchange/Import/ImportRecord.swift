/// What one record of an input turned out to be.
public enum ImportRecord: Equatable, Sendable {
    /// A valid cache, ready to store.
    case cache(GeoCache, RecordLocation)
    /// A record that cannot become a cache.
    case rejected(RejectedRecord)
    /// A GPX waypoint that is not a geocache (a parking spot, a trail head).
    case notAGeocache(RecordLocation)
}
