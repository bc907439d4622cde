/// Importing into the PostgreSQL store: the rules of
/// ``SQLiteStore/importCaches(from:skipInvalid:existing:interruption:)``, with the caches sent
/// in batches of ``importBatchSize`` through `unnest` (one statement per cache costs a
/// round trip each, far slower even over loopback; docs/performance.md has the figures).
extension PostgresStore {
    /// How many caches one insert statement carries.
    static let importBatchSize = 1000

    /// Inserts the caches of five `bytea[]` parameters (the four fields and the search
    /// text) in their order, leaving out those identical to a stored cache: the ones
    /// stored by earlier batches of the same import included.
    static let importBatchSQL = """
        INSERT INTO geocache (title, details, creator, reward, search_text)
        SELECT t, d, c, r, s
        FROM unnest($1::bytea[], $2::bytea[], $3::bytea[], $4::bytea[], $5::bytea[]) WITH ORDINALITY AS u(t, d, c, r, s, n)
        WHERE NOT EXISTS (
            SELECT 1 FROM geocache g
            WHERE g.content_hash = sha256(int4send(length(t)) || t || int4send(length(d)) || d
                                          || int4send(length(c)) || c || int4send(length(r)) || r)
              AND g.title = t AND g.details = d AND g.creator = c AND g.reward = r)
        ORDER BY n
        """

    public func importCaches(from sources: [ImportSource], skipInvalid: Bool, existing: ExistingCaches,
                             interruption: ImportInterruption?) throws -> ImportReport {
        let names = sources.map(\.name).joined(separator: ", ")
        if interruption?.isInterrupted == true { throw ImportInterruption.error(source: names) }
        var report = ImportReport()
        try transaction(appending: true) { connection in
            var batch: [(cache: GeoCache, searchText: String)] = []
            // Duplicates within a batch; those of earlier batches are found by the statement.
            var inBatch = Set<GeoCache>()
            func send() throws {
                guard !batch.isEmpty else { return }
                let added = try connection.query(Self.importBatchSQL, Self.batchValues(batch),
                                                 timeout: Self.bulkStatementTimeout).affectedRows ?? 0
                report.added += added
                report.duplicates += batch.count - added
                batch.removeAll(keepingCapacity: true)
                inBatch.removeAll(keepingCapacity: true)
            }
            // The search text is folded on the reading thread, so the two cores share the work.
            try RecordPipe.read(sources, interruption: interruption,
                                derive: { SearchFolding.searchText(for: $0) }) { record, searchText in
                switch record {
                case .cache(let cache, _, _):
                    guard inBatch.insert(cache).inserted else {
                        report.duplicates += 1
                        return
                    }
                    batch.append((cache, searchText ?? SearchFolding.searchText(for: cache)))
                    if batch.count >= Self.importBatchSize { try send() }
                case .rejected(let rejection):
                    report.rejections.append(rejection)
                case .notAGeocache:
                    report.notGeocaches += 1
                }
            }
            try send()
            if !skipInvalid, !report.rejections.isEmpty {
                throw ImportError.invalidRecords(report.rejections, sources: sources)
            }
            if interruption?.isInterrupted == true { throw ImportInterruption.error(source: names) }
        }
        return report
    }

    /// The five array parameters of ``importBatchSQL`` for `caches` and their search
    /// texts, as array literals of hex `bytea` elements (`{"\\x4f6c64",…}`): text
    /// parameters, so any byte goes.
    static func batchValues(_ caches: [(cache: GeoCache, searchText: String)]) -> [PostgresValue] {
        let columns: [((cache: GeoCache, searchText: String)) -> String] =
            GeoCache.Field.allCases.map { field in { $0.cache[field] } } + [{ $0.searchText }]
        return columns.map { column in
            var literal = "{"
            literal.reserveCapacity(caches.count * 64)
            for (index, cache) in caches.enumerated() {
                if index > 0 { literal += "," }
                literal += "\"\\\\x"
                literal += hex(column(cache))
                literal += "\""
            }
            return .text(literal + "}")
        }
    }

    /// The UTF-8 bytes of `text` as lower-case hex digits.
    private static func hex(_ text: String) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count * 2)
        for byte in text.utf8 {
            bytes.append(digits[Int(byte >> 4)])
            bytes.append(digits[Int(byte & 0xF)])
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
