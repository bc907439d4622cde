import Foundation

/// The write ledger, `geocache_write`: one row per write, keyed by the ``WriteID`` its
/// client made, written in the write's own transaction, so that a write whose reply
/// was lost is looked up instead of guessed.
///
/// A write claims its identifier first (a row with `stored` false), does its work,
/// marks the row stored with what it did (the new identity, the count after, an
/// append's code, an import's counts, a kept draft's identifier), and deletes its claim
/// when it changed nothing (a code taken, a compare-and-write that met a newer
/// version): a row that says stored exists exactly when the write committed.
///
/// Settling an identifier (``settleWrite(_:)``) inserts a tombstone for it (`kind`
/// `none`, never stored) unless a row is there, then reads the row. The primary key
/// makes the answer final: a write still on its way fails on the tombstone's key and
/// rolls back, and a write that is committing makes the insert wait for its end.
///
/// Rows older than ``ledgerKeepDays`` are pruned by the writes themselves, a few at a
/// time, skipping rows another transaction holds (a write never waits for the pruning).
extension PostgresStore {
    /// How long the ledger remembers a write: a write sent again with the same
    /// identifier later than this would be written again.
    static let ledgerKeepDays = 30

    /// How many old rows one write prunes at most.
    static let ledgerPruneBatch = 100

    /// Sets the transaction's lock wait to `seconds`.
    func lockTimeoutStatement(_ seconds: TimeInterval) -> PostgresStatement {
        PostgresStatement("SET LOCAL lock_timeout = '\(max(1, Int(seconds * 1000)))ms'")
    }

    /// What each write sends before its own statements: the lock wait (`lockTimeout`), the append
    /// lock when `appending`, and the claim of `write` (which fails with 23505 when the
    /// identifier is in the ledger already). The claim is last.
    private func openingStatements(of write: WriteID, kind: WriteKind, appending: Bool,
                                   lockTimeout: TimeInterval) -> [PostgresStatement] {
        var statements = [lockTimeoutStatement(lockTimeout)]
        if appending { statements.append(PostgresStatement(Self.takingLock(Self.appendLock))) }
        statements.append(PostgresStatement("INSERT INTO geocache_write (write_id, kind) VALUES ($1::uuid, $2)",
                                            [write.value, .text(kind.rawValue)]))
        return statements
    }

    /// What each write sends after its own statements: the claim deleted when the
    /// write changed nothing, and old rows pruned.
    private func closingStatements(of write: WriteID) -> [PostgresStatement] {
        [
            PostgresStatement("DELETE FROM geocache_write WHERE write_id = $1::uuid AND NOT stored", [write.value]),
            PostgresStatement("""
                DELETE FROM geocache_write WHERE write_id IN (
                    SELECT write_id FROM geocache_write WHERE written_at < now() - interval '\(Self.ledgerKeepDays) days'
                    LIMIT \(Self.ledgerPruneBatch) FOR UPDATE SKIP LOCKED)
                """),
        ]
    }

    /// `UPDATE` of `write`'s row as stored, from the rows of the data-modifying CTE
    /// `source` (an `id` column): the statement a write ends its CTE with.
    static func markStored(_ write: Int, from source: String, detail: String = "NULL") -> String {
        """
        UPDATE geocache_write w SET stored = true, cache_id = \(source).id, detail = \(detail)
        FROM \(source) WHERE w.write_id = $\(write)::uuid RETURNING w.cache_id
        """
    }

    /// `UPDATE` of the count after the write into `write`'s row, when stored; returns it.
    static let recordCount = """
        UPDATE geocache_write SET count_after = (SELECT value FROM geocache_count)
        WHERE write_id = $1::uuid AND stored RETURNING count_after
        """

    /// Runs one write as one round trip (``PostgresConnection/transactionPipeline(_:timeout:)``):
    /// the opening statements, `statements`, the closing ones. `result` reads the
    /// outcomes of `statements`; `replay` answers from the ledger's row when the write
    /// was stored already (the same identifier sent again) or its reply was lost.
    ///
    /// - Throws: ``StoreError/connectionLost(server:reason:)`` when nothing was sent or
    ///   the write was settled as not stored, ``StoreError/outcomeUnknown(server:reason:)``
    ///   when it could not be settled within ``settleTimeout``,
    ///   ``StoreError/locked(path:holder:)`` after a lock wait of ``lockWait`` (rolled back;
    ///   a ``lockWaitNotice`` is called once on the way, see ``withLockNotice(_:)``).
    func ledgerWrite<T>(_ write: WriteID, kind: WriteKind, appending: Bool = false, _ statements: [PostgresStatement],
                        timeout: TimeInterval? = nil,
                        replay: (WriteRecord) throws -> T, result: ([PostgresOutcome]) throws -> T) throws -> T {
        try withLockNotice { lockTimeout in
            try ledgerWriteOnce(write, kind: kind, appending: appending, statements, timeout: timeout,
                                lockTimeout: lockTimeout, replay: replay, result: result)
        }
    }

    /// One try of ``ledgerWrite(_:kind:appending:_:timeout:replay:result:)`` whose lock
    /// waits end at `lockTimeout`.
    private func ledgerWriteOnce<T>(_ write: WriteID, kind: WriteKind, appending: Bool, _ statements: [PostgresStatement],
                                    timeout: TimeInterval?, lockTimeout: TimeInterval,
                                    replay: (WriteRecord) throws -> T,
                                    result: ([PostgresOutcome]) throws -> T) throws -> T {
        let connection = try openConnection()
        let opening = openingStatements(of: write, kind: kind, appending: appending, lockTimeout: lockTimeout)
        let outcomes: [PostgresOutcome]
        do {
            outcomes = try connection.transactionPipeline(opening + statements + closingStatements(of: write),
                                                          timeout: timeout ?? writeTimeout)
        } catch let error where error.kind == .queryFailed {
            throw Self.refusal(error, server: name)
        } catch {
            return try settled(write, after: error, replay: replay)
        }
        for (index, outcome) in outcomes.enumerated() {
            guard case .failed(let error) = outcome else { continue }
            try refused(error, claim: index == opening.count - 1, of: write, appending: appending, on: connection)
            return try replay(try recordedAgain(write))
        }
        return try result(Array(outcomes[opening.count ..< opening.count + statements.count]))
    }

    /// Runs `body` as one write in a transaction of several round trips (an import,
    /// whose batches need the answers of the ones before): the opening statements,
    /// `body`, the row marked stored with the count after and `detail(value)`, the
    /// closing statements. A connection lost before the `COMMIT` was sent is
    /// ``StoreError/connectionLost(server:reason:)``: nothing was stored, known without
    /// asking (a server shut down cannot be asked, one that ended the session need not
    /// be). One lost once the `COMMIT` was sent is settled as in
    /// ``ledgerWrite(_:kind:appending:_:timeout:replay:result:)``. Errors `body` throws on
    /// purpose go through, rolled back.
    func ledgerTransaction<T>(_ write: WriteID, kind: WriteKind, appending: Bool = false,
                              detail: (T) -> String?, replay: (WriteRecord) throws -> T,
                              _ body: (PostgresConnection) throws -> T) throws -> T {
        try withLockNotice { lockTimeout in
            try ledgerTransactionOnce(write, kind: kind, appending: appending, lockTimeout: lockTimeout,
                                      detail: detail, replay: replay, body)
        }
    }

    /// One try of ``ledgerTransaction(_:kind:appending:detail:replay:_:)`` whose lock
    /// waits end at `lockTimeout`.
    private func ledgerTransactionOnce<T>(_ write: WriteID, kind: WriteKind, appending: Bool, lockTimeout: TimeInterval,
                                          detail: (T) -> String?, replay: (WriteRecord) throws -> T,
                                          _ body: (PostgresConnection) throws -> T) throws -> T {
        let connection = try openConnection()
        let opening = openingStatements(of: write, kind: kind, appending: appending, lockTimeout: lockTimeout)
        let timeout = writeTimeout
        var claimed = false, committing = false
        do {
            try connection.query("BEGIN", timeout: timeout)
            for statement in opening { try connection.query(statement.sql, statement.parameters, timeout: timeout) }
            claimed = true
            let value = try body(connection)
            try connection.query("""
                UPDATE geocache_write SET stored = true, count_after = (SELECT value FROM geocache_count), detail = $2
                WHERE write_id = $1::uuid
                """, [write.value, detail(value).map { .text($0) } ?? .null], timeout: timeout)
            for statement in closingStatements(of: write) {
                try connection.query(statement.sql, statement.parameters, timeout: timeout)
            }
            committing = true
            let commit = try connection.query("COMMIT", timeout: timeout)
            guard commit.commandStatus == "COMMIT" else {
                throw StoreError.serverError(server: name, message: "the transaction was rolled back at COMMIT")
            }
            return value
        } catch let error as PostgresError where error.kind == .queryFailed {
            _ = try? connection.query("ROLLBACK")
            try refused(error, claim: !claimed && error.sqlState == "23505", of: write, appending: appending,
                        on: connection)
            return try replay(try recordedAgain(write))
        } catch let error as PostgresError {
            // Before its COMMIT was sent, the server can only roll the transaction back
            // (a connection that ends inside a transaction ends it): nothing was stored,
            // whether the server is still there to say so or not.
            guard committing else { throw lose(error) }
            return try settled(write, after: error, replay: replay)
        } catch {
            if !connection.isBroken { _ = try? connection.query("ROLLBACK") }
            throw error
        }
    }

    /// The store's connection, after reading what the server sent meanwhile (without
    /// waiting): a server that shut down or a path that closed is found here, before
    /// anything is sent, and is ``StoreError/connectionLost(server:reason:)`` (nothing
    /// was stored: nothing was sent).
    private func openConnection() throws -> PostgresConnection {
        try run { connection in
            try connection.consumeInput()
            return connection
        }
    }

    /// What a statement the server refused means: a lock wait that ran out is
    /// ``StoreError/locked(path:holder:)``; a claim refused by the key means the
    /// identifier is in the ledger already, and returns (the caller replays it); any
    /// other is what ``refusal(_:server:holder:)`` makes of it. The transaction was
    /// rolled back in every case.
    private func refused(_ error: PostgresError, claim: Bool, of write: WriteID, appending: Bool,
                         on connection: PostgresConnection) throws {
        if error.sqlState == "55P03" {
            throw StoreError.locked(path: name, holder: appending ? try? Self.appendLockHolder(on: connection) : nil)
        }
        guard claim, error.sqlState == "23505" else { throw Self.refusal(error, server: name) }
    }

    /// The ledger's record of `write`, sent again after it was recorded: what the
    /// first one did, or a refusal when it was settled as not stored (an identifier
    /// settled so is never used again).
    private func recordedAgain(_ write: WriteID) throws -> WriteRecord {
        guard case .stored(let record) = try settle(write) else {
            throw StoreError.serverError(server: name, message: "the write \(write) was settled as not stored; "
                                         + "send it again as a new write")
        }
        return record
    }

    /// After the connection broke under `write` (`error`): its settled outcome,
    /// replayed when stored, the lost connection (now known: nothing was stored) when
    /// not. A wait the owner gave up (^Q, a signal) is not followed by another: the
    /// outcome is then unknown at once, for the owner to settle later
    /// (``settleWrite(_:)``).
    private func settled<T>(_ write: WriteID, after error: PostgresError, replay: (WriteRecord) throws -> T) throws -> T {
        let lost = lose(error)
        if error.kind == .interrupted { throw StoreError.outcomeUnknown(server: name, reason: error.message) }
        switch try settle(write) {
        case .stored(let record): return try replay(record)
        case .notStored: throw lost
        }
    }

    public func settleWrite(_ write: WriteID) throws -> WriteOutcome {
        try settle(write)
    }

    /// Settles `write` (see the type's notes) on the store's connection when it works,
    /// else on a connection of its own made for it, within ``settleTimeout``.
    ///
    /// - Throws: ``StoreError/outcomeUnknown(server:reason:)`` when the server did not
    ///   answer in time; ``StoreError/anotherClub(server:kept:)`` when the connection made
    ///   for it reached another club database than the store's (``checkSameClub(on:timeout:)``).
    func settle(_ write: WriteID) throws(StoreError) -> WriteOutcome {
        let deadline = ContinuousClock.now + .milliseconds(Int(settleTimeout * 1000))
        func left() -> TimeInterval {
            let duration = ContinuousClock.now.duration(to: deadline)
            return max(0.05, Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18)
        }
        var own: PostgresConnection?
        do {
            let connection: PostgresConnection
            if let current = self.connection, !current.isBroken {
                // What the connection owes first: a read transaction left open (the
                // tombstone cannot be written inside it), a read-ahead, the schema check.
                try catchUp(current)
                connection = current
            } else {
                connection = try PostgresConnection(url, timeout: left(), interruption: interruption)
                own = connection
            }
            defer { own?.close() }
            if own != nil { try checkSameClub(on: connection, timeout: left()) }
            let outcomes = try connection.transactionPipeline([
                PostgresStatement("SET LOCAL lock_timeout = '\(Int(left() * 1000))ms'"),
                PostgresStatement("INSERT INTO geocache_write (write_id, kind) VALUES ($1::uuid, 'none') ON CONFLICT DO NOTHING",
                                  [write.value]),
                PostgresStatement("""
                    SELECT kind, stored, cache_id, count_after, detail FROM geocache_write WHERE write_id = $1::uuid
                    """, [write.value]),
            ], timeout: left())
            let first = outcomes.compactMap { if case .failed(let error) = $0 { error } else { nil } }.first
            let row = try outcomes[2].get(or: first).rows.first
            guard let row, row.bool(1) == true, let kind = row.string(0).flatMap(WriteKind.init(rawValue:)) else {
                return .notStored
            }
            return .stored(WriteRecord(kind: kind, cacheID: row.int(2).map { CacheID(rawValue: Int64($0)) },
                                       count: row.int(3), detail: row.string(4)))
        } catch let error as StoreError where error.meansAnotherClub {
            throw error   // the database behind the URL is not the one written to
        } catch {
            // The server answered, refusing the role the ledger (taken out of the club):
            // that is no unknown outcome, and no server away.
            if let refused = error as? PostgresError, refused.kind == .queryFailed, refused.sqlState == "42501" {
                throw Self.refusal(refused, server: name)
            }
            if own == nil, let current = self.connection, current.isBroken { _ = lose(error) }
            let reason = (error as? PostgresError)?.message ?? String(describing: error)
            throw .outcomeUnknown(server: name, reason: reason)
        }
    }
}

extension WriteID {
    /// The identifier as a statement parameter (`$n::uuid`).
    var value: PostgresValue { .text(description) }
}
