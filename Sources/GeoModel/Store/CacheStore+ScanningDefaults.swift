// Scanning versions of the code and nearest-first requirements, so that every store
// compiles while the stores gain their indexed ones. Removed once both stores have them.
extension CacheStore {
    public func cache(withCode code: String) throws -> StoredCache? {
        guard let wanted = CacheCode.normalized(code) else { return nil }
        var found: StoredCache?
        try forEachCache { stored in
            if found == nil, stored.cache.code.flatMap(CacheCode.normalized) == wanted { found = stored }
        }
        return found
    }

    public func nearestCache(to origin: Coordinate, after key: NearestKey?) throws -> StoredCache? {
        try nearestOrderByScanning(from: origin).first { key == nil || NearestKey(of: $0, from: origin) > key! }
    }

    public func nearestCache(to origin: Coordinate, before key: NearestKey?) throws -> StoredCache? {
        try nearestOrderByScanning(from: origin).last { key == nil || NearestKey(of: $0, from: origin) < key! }
    }

    public func forEachNearest(to origin: Coordinate, limit: Int?,
                               _ body: (StoredCache, NearestKey) throws -> Void) throws {
        for stored in try nearestOrderByScanning(from: origin).prefix(limit ?? .max) {
            try body(stored, NearestKey(of: stored, from: origin))
        }
    }
}
