/// One exchange per read: the statements a read needs are sent together in libpq's
/// pipeline mode, behind what the connection owes from before (the end of a read
/// transaction left open, the schema check of a store opened for a command), so that
/// a command costs the connection, the start-up and one round trip.
extension PostgresStore {
    /// The statements that read the schema's version: whether `geocache_schema` exists
    /// and whether any other table does (``schemaTables``), then its highest version, in
    /// a segment of its own (it fails, harmlessly, where the table does not exist), then
    /// the session's standing in the club (``standingRead``), likewise.
    static let schemaCheck: [[PostgresStatement]] = [
        [PostgresStatement(schemaTables)],
        [PostgresStatement("SELECT coalesce(max(version), 0) FROM geocache_schema")],
        [standingRead],
    ]

    /// Runs `segments` in one round trip and returns their outcomes, preceded in the same
    /// round trip by the end of a read transaction left open and, until the schema was
    /// found current on this connection, by ``schemaCheck``. A schema found older is
    /// migrated (its own round trips) and `segments` run again; a newer one, or another
    /// application's database, throws, and nothing was written.
    ///
    /// A read-ahead in flight is taken first. Refused statements are in the outcomes;
    /// a lost connection throws ``StoreError/connectionLost(server:reason:)``.
    func exchange(_ segments: [[PostgresStatement]]) throws -> [[PostgresOutcome]] {
        readAhead.countJustRead = nil
        return try run(keepingReadAhead: true) { connection in
            try takeReadAhead(on: connection)
            return try exchange(segments, on: connection)
        }
    }

    /// ``exchange(_:)`` on `connection`, with nothing in flight on it.
    private func exchange(_ segments: [[PostgresStatement]], on connection: PostgresConnection) throws -> [[PostgresOutcome]] {
        var prefix: [[PostgresStatement]] = []
        if readTransactionOpen { prefix.append([PostgresStatement("ROLLBACK")]) }
        let checking = !schemaChecked
        if checking { prefix += Self.schemaCheck }
        guard !(prefix + segments).isEmpty else { return [] }
        let outcomes = try connection.pipeline(prefix + segments)
        readTransactionOpen = false
        // A read that waited out its lock wait fails as a whole, naming whose lock it met.
        for case .failed(let error) in outcomes.joined() where error.sqlState == "55P03" {
            throw Self.namingTheHolder(Self.refusal(error, server: name), on: connection)
        }
        guard checking else { return Array(outcomes.dropFirst(prefix.count)) }
        let check = Array(outcomes[(prefix.count - Self.schemaCheck.count)..<prefix.count])
        var version: Int
        var tookOver = false
        do {
            version = try Self.schemaVersion(tables: check[0][0], version: check[1][0], server: connection.server)
        } catch StoreError.notPermitted(let server, let reason) {
            // The club's admin upgrading a store another role owned: it may not read
            // the tables until it has taken them over (and its standing was not read).
            if !segments.isEmpty { try connection.query("ROLLBACK") }
            guard let taken = try Self.takeOverIfAdmin(on: connection, server: name) else {
                throw StoreError.notPermitted(server: server, reason: reason)
            }
            (tablesTakenFrom, clubSetUpJustNow) = (taken.owner, taken.setUp)
            version = try Self.schemaVersion(on: connection)
            tookOver = true
        }
        if version == Self.migrations.count, !tookOver {
            let row = try? check[2][0].get().rows.first
            standing = Self.standing(from: row)
            try noteClubIdentity(row?.string(8))
            if standing?.setUpDue != true {
                schemaChecked = true
                return Array(outcomes.dropFirst(prefix.count))
            }
        }
        // A read of `segments` may have opened a transaction that failed on the old schema.
        if !segments.isEmpty, !tookOver { try connection.query("ROLLBACK") }
        if version != Self.migrations.count || tookOver {
            if !tookOver, version > 0, version < Self.migrations.count,
               let taken = try Self.takeOverIfAdmin(on: connection, server: name) {
                (tablesTakenFrom, clubSetUpJustNow) = (taken.owner, taken.setUp)
                version = try Self.schemaVersion(on: connection)
            }
            try Self.prepareSchema(on: connection, knownVersion: version)
            let row = try connection.query(Self.standingRead.sql).rows.first
            standing = Self.standing(from: row)
            try noteClubIdentity(row?.string(8))
        }
        try setUpClubIfDue(on: connection)
        schemaChecked = true
        return segments.isEmpty ? [] : try connection.pipeline(segments)
    }

    /// Settles what the connection owes before a statement that is not an exchange of
    /// the reads (a write, a draft, a transaction of the caller's): takes a read-ahead in
    /// flight and forgets the caches read ahead, then ends a read transaction left open
    /// and checks the schema, in one round trip when there is anything to send.
    func catchUp(_ connection: PostgresConnection) throws {
        try takeReadAhead(on: connection)
        readAhead.forget()
        readAhead.countJustRead = nil
        openedContents = nil
        _ = try exchange([], on: connection)
    }

    /// The rows of the one statement `sql`, in one exchange.
    func rows(_ sql: String, _ parameters: [PostgresValue] = []) throws -> [PostgresRow] {
        let outcome = try exchange([[PostgresStatement(sql, parameters)]])[0][0]
        return try Self.result(of: outcome, server: name).rows
    }

    /// The result an outcome of `segment` stands for, a refused statement (or one
    /// skipped after the statement of `segment` that was refused) thrown as
    /// ``StoreError/serverError(server:message:)``.
    static func result(of outcome: PostgresOutcome, in segment: [PostgresOutcome] = [], server: String) throws -> PostgresResult {
        do {
            for case .failed(let error) in segment { return try outcome.get(or: error) }
            return try outcome.get()
        } catch {
            throw storeError(error, server: server)
        }
    }
}
