import GRDB

extension ImportRowWriter {
    /// Gives the additional waypoints still waiting in `pending`, once every cache of
    /// the import is written, to the stored caches they belong to, and puts the codes of
    /// those whose cache is not stored in `report` (``ImportReport/orphanWaypoints``).
    ///
    /// A stored cache that gains or changes a waypoint is updated (with `existing`
    /// ``ExistingCaches/update``) and counted as updated (``tally``, once per cache); one
    /// whose waypoints are already these, or that `--keep-existing` keeps, as unchanged.
    func attachWaiting(_ pending: PendingWaypoints, existing: ExistingCaches, into report: inout ImportReport) throws {
        if !pending.isEmpty {
            try readyForLookups()
            let codes = try pending.leftoverCodes(codesWithSuffixes: codes(withSuffixes:))
            for code in codes {
                guard let stored = try storedCache(withCode: code) else { continue }
                let waypoints = pending.take(forCode: code)
                guard existing == .update else {
                    pending.leaveOut(waypoints)
                    tally.count(code, was: stored.cache, now: stored.cache)
                    continue
                }
                var updated = stored.cache
                updated.listing.waypoints = GeoCache.waypoints(stored.cache.listing.waypoints, updatedBy: waypoints,
                                                               storedAge: stored.cache.listing.asOf)
                tally.count(code, was: stored.cache, now: updated)
                guard updated != stored.cache else { continue }
                try write(updated, over: stored.id)
            }
        }
        report.pairedWaypoints += pending.paired
        report.orphanWaypoints += pending.takeOrphans()
    }

    /// The stored codes whose suffix (after the two-letter prefix) is one of `suffixes`:
    /// one pass over the codes, whatever the number of suffixes.
    private func codes(withSuffixes suffixes: Set<String>) throws -> [String] {
        var found: [String] = []
        let cursor = try String.fetchCursor(database, sql: "SELECT code FROM cache WHERE length(code) > 2")
        while let code = try cursor.next() {
            if let suffix = AdditionalWaypoint.suffix(of: code), suffixes.contains(String(suffix)) { found.append(code) }
        }
        return found
    }
}
