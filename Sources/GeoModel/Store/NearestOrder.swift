/// Where a cache comes in nearest-first order from an origin: by distance, then by
/// identifier (stored order) for caches at the same distance; caches without a place
/// come after every cache with one, in stored order.
///
/// Both stores order by this key, with the distance worked out by
/// ``Coordinate/distance(to:)`` in Swift (an index only narrows down the candidates), so
/// every store and every view agrees on the order to the last metre.
public struct NearestKey: Comparable, Hashable, Sendable {
    /// The distance from the origin in metres; infinity for a cache without a place.
    public let distance: Double
    /// The cache's identifier.
    public let id: CacheID

    public init(distance: Double, id: CacheID) {
        self.distance = distance
        self.id = id
    }

    /// The key of `stored` from `origin`, at the place the person's `own` data gives it
    /// (a corrected place, else the listing's).
    public init(of stored: StoredCache, own: OwnData.Book = OwnData.Book(), from origin: Coordinate) {
        self.init(of: stored, at: own.place(of: stored.cache), from: origin)
    }

    /// The key of `stored` from `origin`, at the place the person's data on every cache
    /// (`facts`) gives it.
    public init(of stored: StoredCache, facts: OwnData.Facts, from origin: Coordinate) {
        self.init(of: stored, at: facts.place(of: stored.cache), from: origin)
    }

    private init(of stored: StoredCache, at place: Coordinate?, from origin: Coordinate) {
        self.init(distance: place.map { origin.distance(to: $0) } ?? .infinity, id: stored.id)
    }

    /// True when the cache has no place (it comes after all that have one).
    public var isUnplaced: Bool { distance == .infinity }

    public static func < (lhs: NearestKey, rhs: NearestKey) -> Bool {
        lhs.distance != rhs.distance ? lhs.distance < rhs.distance : lhs.id < rhs.id
    }
}

extension CacheStore {
    /// The first cache in nearest-first order from `origin` after the one whose key is
    /// `key` (``NearestKey``), or the nearest of all when `key` is nil; nil past the last.
    /// Caches without a place come last, in stored order. One step of
    /// ``walkNearest(to:from:forward:_:)``, which uses an index: the time does not grow
    /// with the number of caches farther away.
    public func nearestCache(to origin: Coordinate, after key: NearestKey?) throws -> StoredCache? {
        try firstOfWalk(to: origin, from: key, forward: true)
    }

    /// The cache right before the one whose key is `key` in nearest-first order from
    /// `origin`, or the last of all when `key` is nil (the last without a place, or else
    /// the farthest); nil before the first.
    public func nearestCache(to origin: Coordinate, before key: NearestKey?) throws -> StoredCache? {
        try firstOfWalk(to: origin, from: key, forward: false)
    }

    private func firstOfWalk(to origin: Coordinate, from key: NearestKey?, forward: Bool) throws -> StoredCache? {
        var found: StoredCache?
        try walkNearest(to: origin, from: key, forward: forward) { stored, _ in
            found = stored
            return false
        }
        return found
    }

    /// The caches in nearest-first order, worked out by reading every cache: the meaning
    /// of the store's indexed methods, for tests to compare them with.
    public func nearestOrderByScanning(from origin: Coordinate) throws -> [StoredCache] {
        var all: [(NearestKey, StoredCache)] = []
        let own = try ownData()
        try forEachCache { all.append((NearestKey(of: $0, own: own, from: origin), $0)) }
        return all.sorted { $0.0 < $1.0 }.map(\.1)
    }
}
