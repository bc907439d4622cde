/// The additional waypoints of a PostgreSQL import whose caches were not in it: the
/// rules of ``ImportRowWriter/attachWaiting(_:existing:into:)``, with the stored caches
/// read (and locked) and updated in batches of ``PostgresStore/importBatchSize``.
extension PostgresStore.ImportBatch {
    /// Finds the stored codes whose suffix (after the two-letter prefix) is one of the
    /// suffixes of an array parameter.
    static let codesWithSuffixesSQL = "SELECT code FROM geocache WHERE length(code) > 2 AND substr(code, 3) = ANY($1::text[])"

    /// Gives the waypoints still waiting in `pending`, once every record of the import is
    /// stored, to the stored caches they belong to, and puts the codes of those whose
    /// cache is not stored in `report`. A cache that gains or changes a waypoint is
    /// updated and counted as updated (not when this import added it); one left as it
    /// was, or kept by `--keep-existing`, is counted unchanged; another member's cache
    /// is left as it is and counted as not yours.
    mutating func attachWaiting(_ pending: PendingWaypoints, on connection: PostgresConnection,
                                into report: inout ImportReport) throws {
        if !pending.isEmpty {
            let codes = try pending.leftoverCodes { try Self.codes(withSuffixes: $0, on: connection) }
            var start = 0
            while start < codes.count {
                let chunk = Array(codes[start..<min(start + PostgresStore.importBatchSize, codes.count)])
                start += chunk.count
                try attach(pending, toCodes: chunk, on: connection, into: &report)
            }
        }
        pending.leaveOut(waypointsLeftOut)
        report.pairedWaypoints += pending.paired
        report.orphanWaypoints += pending.takeOrphans()
    }

    /// ``attachWaiting(_:on:into:)`` for the caches with `codes`.
    private mutating func attach(_ pending: PendingWaypoints, toCodes codes: [String], on connection: PostgresConnection,
                        into report: inout ImportReport) throws {
        let stored = try Self.stored(withCodes: codes, on: connection)
        var changed: [StoredCache] = []
        for code in codes {
            guard let current = stored[code] else { continue }
            let waypoints = pending.take(forCode: code)
            let isOwn = added.contains(code)
            guard existing == .update || isOwn else {
                pending.leaveOut(waypoints)
                tally.count(code, was: current.cache, now: current.cache)
                continue
            }
            var newer = current.cache
            newer.listing.waypoints = GeoCache.waypoints(current.cache.listing.waypoints, updatedBy: waypoints,
                                                         storedAge: current.cache.listing.asOf)
            if newer != current.cache, case .ownedBy = standing?.refusal(toChange: current.club) {
                pending.leaveOut(waypoints)
                report.notYours += 1
                continue
            }
            if !isOwn { tally.count(code, was: current.cache, now: newer) }
            if newer != current.cache { changed.append(StoredCache(id: current.id, cache: newer, club: current.club)) }
        }
        guard !changed.isEmpty else { return }
        let ids = PostgresValue.text("{" + changed.map(\.id.description).joined(separator: ",") + "}")
        try connection.query(PostgresStore.importUpdateSQL,
                             [ids] + PostgresStore.columnArrays(changed.map(\.cache), searchTexts: nil, codes: false),
                             timeout: PostgresStore.bulkStatementTimeout)
    }

    /// The stored codes with any of `suffixes` (each a normalized code's shape, so none
    /// needs quoting beyond the array's own quotes), 10,000 suffixes a statement.
    private static func codes(withSuffixes suffixes: Set<String>, on connection: PostgresConnection) throws -> [String] {
        var found: [String] = []
        let all = suffixes.sorted()
        var start = 0
        while start < all.count {
            let chunk = all[start..<min(start + 10_000, all.count)]
            start += chunk.count
            let list = "{" + chunk.map { "\"\($0)\"" }.joined(separator: ",") + "}"
            let rows = try connection.query(codesWithSuffixesSQL, [.text(list)],
                                            timeout: PostgresStore.bulkStatementTimeout).rows
            found += rows.compactMap { $0.string(0) }
        }
        return found
    }
}
