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
    /// Whose the cache is and who changed it last, on a club store; nil elsewhere.
    public let club: ClubRecord?

    /// Pairs a cache with its identity (and, on a club store, its record).
    public init(id: CacheID, cache: GeoCache, club: ClubRecord? = nil) {
        self.id = id
        self.cache = cache
        self.club = club
    }

    /// The same version of the same cache: identity and content, whatever the club's
    /// record says (what a compare-and-write compares; a cache read from the copy on
    /// this machine equals the one read from the club store whatever the record the
    /// copy kept, which may be older).
    public static func == (lhs: StoredCache, rhs: StoredCache) -> Bool {
        lhs.id == rhs.id && lhs.cache == rhs.cache
    }

    /// Hashes what equality compares: the identity and the cache.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(cache)
    }
}
