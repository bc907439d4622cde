/// The identity of a stored cache: its SQLite rowid.
///
/// Identifiers grow in the order caches were added and are never reused, so they
/// also give the stored order.
public struct CacheID: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The rowid of the cache in the store.
    public let rawValue: Int64

    /// Wraps a rowid.
    public init(rawValue: Int64) {
        self.rawValue = rawValue
    }

    /// Orders identifiers as the store orders caches.
    public static func < (lhs: CacheID, rhs: CacheID) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    /// The rowid as decimal digits.
    public var description: String { String(rawValue) }
}

/// A cache together with the identity the store gave it.
public struct StoredCache: Equatable, Hashable, Sendable {
    /// Where the cache lives in the store.
    public let id: CacheID
    /// The cache's four fields.
    public let cache: GeoCache

    /// Pairs a cache with its identity.
    public init(id: CacheID, cache: GeoCache) {
        self.id = id
        self.cache = cache
    }
}
