import GeoModel

// A store gives every cache a code (issue 25). Tests about other things compare the
// caches they stored with the samples they started from, which have none: these
// views leave the code out of the comparison, and nothing else.

extension GeoCache {
    /// The cache without its code.
    package var withoutCode: GeoCache {
        var cache = self
        cache.code = nil
        return cache
    }
}

extension StoredCache {
    /// The stored cache with its cache's code left out.
    package var withoutCode: StoredCache {
        StoredCache(id: id, cache: cache.withoutCode)
    }
}

extension Array where Element == GeoCache {
    /// Every cache without its code.
    package var withoutCodes: [GeoCache] { map(\.withoutCode) }
}

extension Array where Element == StoredCache {
    /// Every stored cache with its cache's code left out.
    package var withoutCodes: [StoredCache] { map(\.withoutCode) }
}
