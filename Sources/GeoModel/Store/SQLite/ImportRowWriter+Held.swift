extension ImportRowWriter {
    /// A stored cache that records of the import name one after another, updated by each
    /// in memory and written once: read, merged and written again for every record, a
    /// cache named by 2,000 records of a log each took 17 seconds, 20,000 more than five
    /// minutes (each record decoded, merged and encoded all the logs so far). Its logs are
    /// kept apart (``CacheLog/Accumulated``), so that a record's new logs cost only
    /// themselves; each record's update is exactly what
    /// ``GeoCache/updated(byImporting:coverage:)`` makes of the version before it.
    struct HeldCache {
        /// The cache's normalized code.
        let code: String
        let id: CacheID
        /// The cache as it was stored before the first of these records.
        let before: GeoCache
        /// The cache as the records made it, but for its logs (`logs`).
        private(set) var cache: GeoCache
        private var logs: CacheLog.Accumulated

        init(_ stored: StoredCache, code: String) {
            self.code = code
            id = stored.id
            before = stored.cache
            cache = stored.cache
            cache.listing.logs = []
            logs = CacheLog.Accumulated(stored.cache.listing.logs)
        }

        /// The cache with its logs.
        var whole: GeoCache {
            var whole = cache
            whole.listing.logs = logs.logs
            return whole
        }

        /// Updates the cache to what `imported`, read with `coverage`, makes of it; `check`
        /// is called as the logs are merged, and what it throws ends the update.
        mutating func update(byImporting imported: GeoCache, coverage: GeoCache.Coverage,
                             checking check: () throws(ImportError) -> Void) throws(ImportError) {
            // The logs are taken out while they are merged, so that they are changed in
            // place: a copy would cost them all again.
            var merging = CacheLog.Accumulated([])
            swap(&merging, &logs)
            defer { swap(&merging, &logs) }
            cache = try cache.updated(byImporting: imported, coverage: coverage) { (incoming, replacing) throws(ImportError) in
                try merging.merge(incoming, replacing: replacing, checking: check)
                return []
            }
        }
    }

    /// Writes the cache held (``held``), when the records that named it changed it or
    /// moved its listing's age on (uncounted), and counts it by what they did to it.
    func releaseHeld() throws {
        guard let named = held else { return }
        held = nil
        let now = named.whole
        if now != named.before || now.listing.asOf != named.before.listing.asOf {
            try write(now, over: named.id)
        }
        tally.count(named.code, was: named.before, now: now)
    }
}
