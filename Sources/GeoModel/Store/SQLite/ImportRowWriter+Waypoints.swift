import GRDB

extension ImportRowWriter {
    /// Gives the additional waypoints still waiting in `pending`, once every cache of
    /// the import is written, to the stored caches they belong to, and puts the codes of
    /// those whose cache is not stored in `report` (``ImportReport/orphanWaypoints``).
    ///
    /// A stored cache that gains or changes a waypoint is updated (with `existing`
    /// ``ExistingCaches/update``) and counted as updated; one whose waypoints are
    /// already these, or that `--keep-existing` keeps, is counted as unchanged.
    func attachWaiting(_ pending: PendingWaypoints, existing: ExistingCaches, into report: inout ImportReport) throws {
        if !pending.isEmpty {
            let codes = try pending.leftoverCodes(codesWithSuffixes: codes(withSuffixes:))
            for code in codes {
                guard let stored = try storedCache(withCode: code) else { continue }
                let waypoints = pending.take(forCode: code)
                guard existing == .update else {
                    report.unchanged += 1
                    continue
                }
                var updated = stored.cache
                updated.listing.waypoints = GeoCache.waypoints(stored.cache.listing.waypoints, updatedBy: waypoints)
                guard updated != stored.cache else {
                    report.unchanged += 1
                    continue
                }
                try write(updated, over: stored.id)
                report.updated += 1
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
