/// Importing into the PostgreSQL store: the rules of
/// ``SQLiteStore/importCaches(from:skipInvalid:existing:interruption:as:)`` (the input read
/// into an `ImportSpool` before anything is locked; a record holding NUL, which `text`
/// cannot hold, rejected as invalid), with the records written
/// in batches of ``importBatchSize``: one statement reads (and locks) the stored
/// caches whose codes the batch names, one updates those the file changed, one inserts
/// the rest through `unnest` (one statement per cache costs a round trip each, far
/// slower even over loopback; docs/performance.md has the figures).
extension PostgresStore {
    /// How many records one batch carries.
    static let importBatchSize = 1000

    /// Inserts the caches of ten array parameters (the columns of ``insertColumns`` and
    /// whether the four-field duplicate rule applies) in their order, leaving out those
    /// the rule applies to that are identical in their four fields to a stored cache,
    /// the ones stored by earlier batches of the same import included.
    /// They belong to the club (a NULL owner).
    static let importBatchSQL = """
        INSERT INTO geocache (\(insertColumns), owner)
        SELECT t, d, c, r, s, code, lat, lon, l, NULL::name
        FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::integer[],
                    $8::integer[], $9::bytea[], $10::boolean[]) WITH ORDINALITY AS u(t, d, c, r, s, code, lat, lon, l, ruled, n)
        WHERE CASE WHEN ruled THEN NOT EXISTS (
            SELECT 1 FROM geocache g
            WHERE g.content_hash = \(contentHash("t", "d", "c", "r"))
              AND g.title = t AND g.details = d AND g.creator = c AND g.reward = r) ELSE true END
        ORDER BY n
        """

    /// Writes new versions of stored caches from nine array parameters: the
    /// identities, then the columns an update writes (``updateValues(_:)``).
    static let importUpdateSQL = """
        UPDATE geocache g SET title = u.t, details = u.d, creator = u.c, reward = u.r, search_text = u.s,
                              latitude = u.lat, longitude = u.lon, listing = u.l
        FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::integer[],
                    $8::integer[], $9::bytea[]) AS u(id, t, d, c, r, s, lat, lon, l)
        WHERE g.id = u.id
        """

    /// The whole input is read and checked first, into an `ImportSpool` with each
    /// cache's search text, holding no lock and no transaction; then one transaction
    /// takes the append lock and writes the spooled caches in batches. An import waiting
    /// for input keeps no other session from adding, editing or deleting.
    ///
    /// Its transaction claims the identifier `write` after the append lock and records
    /// the counts (``ImportReport/ledgerDetail``) as it ends, so an import whose
    /// `COMMIT` reply was lost reports what it stored.
    public func importCaches(from sources: [ImportSource], skipInvalid: Bool, existing: ExistingCaches,
                             interruption: ImportInterruption?, as write: WriteID) throws -> ImportReport {
        let names = sources.map(\.name).joined(separator: ", ")
        if interruption?.isInterrupted == true { throw ImportInterruption.error(source: names) }
        var report = ImportReport()
        let spool = try ImportSpool(names: names)
        let waypoints = PendingWaypoints()
        // Parsing runs on a thread of its own; this one maps the waypoints, folds each
        // cache's search text and spools them, so the two cores share the work.
        try RecordPipe.read(sources, interruption: interruption) { record in
            switch record {
            case .cache(let cache, let location, let coverage):
                if let field = Self.nulField(in: cache) {
                    report.rejections.append(RejectedRecord(location: location, reason: Self.nulRejection(field: field)))
                    return
                }
                let text = SearchFolding.searchText(for: cache)
                try spool.append(cache, coverage: coverage, extra: Array(text.utf8))
            case .rejected(let rejection):
                report.rejections.append(rejection)
            case .notAGeocache:
                report.notGeocaches += 1
            case .waypoint(let waypoint, let parent, _, let coverage, let asOf):
                waypoints.add(AdditionalWaypoint.Incoming(waypoint, coverage: coverage, asOf: asOf), parent: parent)
            }
        }
        if !skipInvalid, !report.rejections.isEmpty {
            throw ImportError.invalidRecords(report.rejections, sources: sources)
        }
        if interruption?.isInterrupted == true { throw ImportInterruption.error(source: names) }
        try spool.rewind()
        let read = report
        do {
            return try storeSpooled(spool, waypoints: waypoints, read: read, existing: existing,
                                    interruption: interruption, names: names, as: write)
        } catch StoreError.connectionLost where interruption?.isInterrupted == true {
            // A round trip given up for the interruption before the COMMIT was sent: the
            // transaction rolled back, as an interrupted import does.
            throw ImportInterruption.error(source: names)
        }
    }

    /// Writes the caches `spool` holds, each with the additional waypoints `waypoints`
    /// keeps for it, and then the waypoints left to the stored caches they belong to, in
    /// one ledger transaction claiming `write`; `read` is what reading the input found.
    private func storeSpooled(_ spool: ImportSpool, waypoints: PendingWaypoints, read: ImportReport, existing: ExistingCaches,
                              interruption: ImportInterruption?, names: String, as write: WriteID) throws -> ImportReport {
        try ledgerTransaction(write, kind: .importing, appending: true, detail: { $0.ledgerDetail }, replay: {
            read.replayed(from: $0.detail)
        }) { connection in
            // A member's import refreshes club-owned caches (the rule in geocache_guard).
            try connection.query("SELECT set_config('geocache.import', 'on', true)")
            var report = read
            var batch = ImportBatch(existing: existing, standing: standing)
            // A cache of many logs merged with stored ones checks as it goes.
            batch.check = { () throws(ImportError) in try interruption?.check(source: names) }
            try spool.forEach { entry in
                let searchText = entry.extra.map { String(decoding: $0, as: UTF8.self) }
                guard var cache = entry.withListing() else { throw spool.damaged() }
                let attached = waypoints.attach(to: &cache)
                batch.records.append((cache, entry.coverage, searchText, attached))
                if batch.records.count >= Self.importBatchSize {
                    try batch.store(on: connection, into: &report)
                    if interruption?.isInterrupted == true { throw ImportInterruption.error(source: names) }
                }
            }
            try batch.store(on: connection, into: &report)
            try batch.attachWaiting(waypoints, on: connection, into: &report)
            batch.tally.add(to: &report)
            if interruption?.isInterrupted == true { throw ImportInterruption.error(source: names) }
            return report
        }
    }

    /// The records of one import waiting to be stored, and what the import has stored
    /// so far that later batches must know.
    struct ImportBatch {
        /// Whether stored caches named by their code are updated or kept.
        let existing: ExistingCaches
        /// The records read since the last batch was stored, with their search texts and
        /// the number of waiting waypoints each was given.
        var records: [(cache: GeoCache, coverage: GeoCache.Coverage, searchText: String?, waypoints: Int)] = []
        /// The number of waypoints given to records that then left their stored cache as
        /// it was (`--keep-existing`, another member's): not paired after all.
        var waypointsLeftOut = 0
        /// What the importing role may change: a record naming another member's cache
        /// leaves it as it is (counted as not yours when it would have changed it).
        let standing: ClubStanding?
        /// The codes of the caches this import added: a record naming one updates it
        /// even when stored caches are kept.
        var added = Set<String>()
        /// The stored caches the import named, counted by what it did to each.
        var tally = StoredCacheTally()
        /// Called as an update merges the logs (``GeoCache/updated(byImporting:coverage:checking:)``):
        /// what it throws (an interruption) ends the merge and the batch.
        var check: () throws(ImportError) -> Void = {}

        init(existing: ExistingCaches, standing: ClubStanding?) {
            self.existing = existing
            self.standing = standing
        }

        /// A cache to insert: its search text, and whether the four-field duplicate
        /// rule applies (it had no code).
        private struct Insert {
            var cache: GeoCache
            var searchText: String
            let isRuled: Bool
        }

        /// Stores the waiting records and counts them into `report`.
        mutating func store(on connection: PostgresConnection, into report: inout ImportReport) throws {
            guard !records.isEmpty else { return }
            defer { records.removeAll(keepingCapacity: true) }
            var drawn = records.map { $0.cache.code.flatMap(CacheCode.normalized) == nil ? CacheCode.generate() : nil }
            let named = Set(records.compactMap { $0.cache.code.flatMap(CacheCode.normalized) })
            var stored = try Self.stored(withCodes: Array(named) + drawn.compactMap { $0 }, on: connection)
            // A drawn code that is taken (by a stored cache or a record) is drawn again.
            var taken = named.union(stored.keys)
            for index in drawn.indices {
                guard var code = drawn[index], taken.contains(code) else {
                    if let code = drawn[index] { taken.insert(code) }
                    continue
                }
                code = try CacheCode.draw { try !taken.contains($0) && Self.stored(withCodes: [$0], on: connection).isEmpty }
                taken.insert(code)
                drawn[index] = code
            }
            var inserts: [Insert] = []
            var insertIndex: [String: Int] = [:]
            var changed: [String: StoredCache] = [:]
            var sameFields = Set<GeoCache>()
            for (record, code) in zip(records, drawn) {
                let cache = record.cache
                guard let named = cache.code.flatMap(CacheCode.normalized) else {
                    guard sameFields.insert(Self.fourFields(of: cache)).inserted else {
                        report.duplicates += 1
                        continue
                    }
                    var coded = cache
                    coded.code = code
                    inserts.append(Insert(cache: coded, searchText: record.searchText ?? SearchFolding.searchText(for: cache),
                                          isRuled: true))
                    continue
                }
                if let index = insertIndex[named] {
                    report.count(inserts[index].cache.precedence(ofImporting: cache, coverage: record.coverage))
                    let newer = try inserts[index].cache.updated(byImporting: cache, coverage: record.coverage, checking: check)
                    tally.count(named, was: inserts[index].cache, now: newer)
                    if Self.fourFields(of: newer) != Self.fourFields(of: inserts[index].cache) {
                        inserts[index].searchText = SearchFolding.searchText(for: newer)
                    }
                    inserts[index].cache = newer
                } else if let current = changed[named] ?? stored[named] {
                    guard existing == .update || added.contains(named) else {
                        tally.count(named, was: current.cache, now: current.cache)
                        waypointsLeftOut += record.waypoints
                        continue
                    }
                    let newer = try current.cache.updated(byImporting: cache, coverage: record.coverage, checking: check)
                    var isNotYours = false
                    if case .ownedBy = standing?.refusal(toChange: current.club) { isNotYours = true }
                    if newer != current.cache, isNotYours {
                        report.notYours += 1
                        waypointsLeftOut += record.waypoints
                        continue
                    }
                    report.count(current.cache.precedence(ofImporting: cache, coverage: record.coverage))
                    tally.count(named, was: current.cache, now: newer)
                    // A newer file saying the same moves the listing's age on, uncounted.
                    if newer != current.cache || (newer.listing.asOf != current.cache.listing.asOf && !isNotYours) {
                        changed[named] = StoredCache(id: current.id, cache: newer, club: current.club)
                    }
                } else {
                    var coded = cache
                    coded.code = named
                    sameFields.insert(Self.fourFields(of: cache))
                    insertIndex[named] = inserts.count
                    inserts.append(Insert(cache: coded, searchText: record.searchText ?? SearchFolding.searchText(for: cache),
                                          isRuled: false))
                    added.insert(named)
                    report.added += 1
                }
            }
            stored.removeAll()
            if !changed.isEmpty {
                let versions = changed.values.sorted { $0.id < $1.id }
                let ids = PostgresValue.text("{" + versions.map(\.id.description).joined(separator: ",") + "}")
                try connection.query(PostgresStore.importUpdateSQL,
                                     [ids] + PostgresStore.columnArrays(versions.map(\.cache), searchTexts: nil, codes: false),
                                     timeout: PostgresStore.bulkStatementTimeout)
            }
            guard !inserts.isEmpty else { return }
            let searchTexts = inserts.map(\.searchText)
            let inserted = try connection.query(
                PostgresStore.importBatchSQL,
                PostgresStore.columnArrays(inserts.map(\.cache), searchTexts: searchTexts, codes: true)
                    + [.text("{" + inserts.map { $0.isRuled ? "t" : "f" }.joined(separator: ",") + "}")],
                timeout: PostgresStore.bulkStatementTimeout).affectedRows ?? 0
            let ruled = inserts.filter(\.isRuled).count
            let ruledInserted = inserted - (inserts.count - ruled)
            report.added += ruledInserted
            report.duplicates += ruled - ruledInserted
        }

        /// The cache's four fields alone: what the duplicate rule compares.
        private static func fourFields(of cache: GeoCache) -> GeoCache {
            GeoCache(title: cache.title, details: cache.details, creator: cache.creator, reward: cache.reward)
        }

        /// The stored caches with any of `codes`, by code, locked until the import ends:
        /// no other session's edit can slip in between reading one and updating it.
        static func stored(withCodes codes: [String], on connection: PostgresConnection) throws -> [String: StoredCache] {
            guard !codes.isEmpty else { return [:] }
            let list = "{" + codes.map { "\"\($0)\"" }.joined(separator: ",") + "}"
            let rows = try connection.query(
                "SELECT \(PostgresStore.cacheColumns) FROM geocache WHERE code = ANY($1::text[]) FOR UPDATE", [.text(list)],
                timeout: PostgresStore.bulkStatementTimeout).rows
            var found: [String: StoredCache] = [:]
            for row in rows {
                let stored = PostgresStore.storedCache(from: row)
                if let code = stored.cache.code { found[code] = stored }
            }
            return found
        }
    }

    /// The columns of `caches` as array parameters, each an array literal: the four
    /// fields and the search text (`searchTexts`, or folded here when nil) as quoted
    /// `text` elements (`{"Old Oak",…}`, a quote and a backslash escaped), then with
    /// `codes` the codes, then the latitudes, the longitudes and the listings (hex
    /// `bytea` elements, `{"\\x01…",…}`), NULL where a cache has none.
    static func columnArrays(_ caches: [GeoCache], searchTexts: [String]?, codes: Bool) -> [PostgresValue] {
        func texts(_ column: (Int) -> String) -> PostgresValue {
            var literal = "{"
            literal.reserveCapacity(caches.count * 64)
            for index in caches.indices {
                literal += index > 0 ? ",\"" : "\""
                for character in column(index).unicodeScalars {
                    if character == "\"" || character == "\\" { literal.unicodeScalars.append("\\") }
                    literal.unicodeScalars.append(character)
                }
                literal += "\""
            }
            return .text(literal + "}")
        }
        func bytes(_ column: (Int) -> [UInt8]?) -> PostgresValue {
            var literal = "{"
            literal.reserveCapacity(caches.count * 64)
            for index in caches.indices {
                if index > 0 { literal += "," }
                if let value = column(index) {
                    literal += "\"\\\\x"
                    literal += hex(value)
                    literal += "\""
                } else {
                    literal += "NULL"
                }
            }
            return .text(literal + "}")
        }
        func plain(_ column: (Int) -> String?) -> PostgresValue {
            .text("{" + caches.indices.map { column($0) ?? "NULL" }.joined(separator: ",") + "}")
        }
        var arrays = GeoCache.Field.allCases.map { field in texts { caches[$0][field] } }
        arrays.append(texts { searchTexts?[$0] ?? SearchFolding.searchText(for: caches[$0]) })
        if codes { arrays.append(plain { caches[$0].code.map { "\"\($0)\"" } }) }
        arrays.append(plain { caches[$0].coordinate.map { String($0.latitudeMicrodegrees) } })
        arrays.append(plain { caches[$0].coordinate.map { String($0.longitudeMicrodegrees) } })
        arrays.append(bytes { ListingEncoding.encode(caches[$0].listing) })
        return arrays
    }

    /// Bytes as lower-case hex digits.
    private static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0xF)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}

extension ImportReport {
    /// What the write ledger keeps of an import: the added, updated, unchanged,
    /// duplicate, not-yours, older-than-stored and undated-over-dated counts,
    /// separated by spaces.
    var ledgerDetail: String {
        "\(added) \(updated) \(unchanged) \(duplicates) \(notYours) \(olderThanStored) \(undatedOverDated)"
    }

    /// This report (what reading the input found) with the counts of `detail`
    /// (``ledgerDetail``), for an import the ledger says was stored.
    func replayed(from detail: String?) -> ImportReport {
        let counts = (detail ?? "").split(separator: " ").compactMap { Int($0) }
        guard counts.count >= 4 else { return self }
        var report = self
        (report.added, report.updated, report.unchanged, report.duplicates) = (counts[0], counts[1], counts[2], counts[3])
        report.notYours = counts.count > 4 ? counts[4] : 0
        report.olderThanStored = counts.count > 5 ? counts[5] : 0
        report.undatedOverDated = counts.count > 6 ? counts[6] : 0
        return report
    }
}
