import CLibPQ
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One statement of a pipeline: its text and its parameters (`$1`, `$2`, …).
package struct PostgresStatement: Sendable {
    package var sql: String
    package var parameters: [PostgresValue]

    package init(_ sql: String, _ parameters: [PostgresValue] = []) {
        self.sql = sql
        self.parameters = parameters
    }
}

/// What each statement of a pipeline came to.
package enum PostgresOutcome: Sendable {
    /// The statement ran; its result.
    case done(PostgresResult)
    /// The server refused the statement (`.queryFailed`, with its SQLSTATE); the
    /// statements after it in the same segment did not run.
    case failed(PostgresError)
    /// The statement did not run: an earlier one of its segment failed.
    case skipped

    /// The result, or the error that stopped the statement (a skipped one throws the
    /// error of the statement that failed before it, which the caller passes).
    package func get(or earlier: PostgresError? = nil) throws(PostgresError) -> PostgresResult {
        switch self {
        case .done(let result): return result
        case .failed(let error): throw error
        case .skipped:
            throw earlier ?? PostgresError(kind: .queryFailed, message: "the statement did not run", server: "")
        }
    }
}

extension PostgresConnection {
    /// Sends every statement of every segment at once in libpq's pipeline mode, one
    /// Sync after each segment, and reads what each came to: one round trip for the
    /// lot, waiting at most `timeout` seconds.
    ///
    /// A segment is what the server runs as one unit: when a statement fails, the rest
    /// of its segment is skipped, and the next segment runs. Statements of a segment
    /// outside `BEGIN` … `COMMIT` form one implicit transaction. A segment that opens a
    /// transaction and fails leaves it aborted until a later segment (or statement)
    /// says `ROLLBACK`: ``transactionPipeline(_:timeout:)`` does that without a second
    /// round trip.
    ///
    /// Failures of the connection (timeout, lost, shut down) throw and close it, as
    /// ``query(_:_:timeout:)`` does; a refused statement is in the outcome.
    package func pipeline(
        _ segments: [[PostgresStatement]], timeout: TimeInterval = PostgresConnection.defaultQueryTimeout
    ) throws(PostgresError) -> [[PostgresOutcome]] {
        let deadline = PostgresDeadline(seconds: timeout)
        try sendPipeline(segments, deadline: deadline)
        return try receivePipeline(segments.map(\.count), deadline: deadline)
    }

    /// The first half of ``pipeline(_:timeout:)``: sends every statement of `segments`
    /// in pipeline mode, one Sync after each segment, and returns once they are written,
    /// without waiting for a reply. ``receivePipeline(_:deadline:)`` must take the
    /// outcomes before anything else is sent on the connection.
    func sendPipeline(_ segments: [[PostgresStatement]], deadline: PostgresDeadline) throws(PostgresError) {
        let connection = try openHandle()
        for statement in segments.joined() { try refuseNUL(in: statement.parameters) }
        guard cpq_PQenterPipelineMode(connection) == 1 else { throw fail(connection) }
        for segment in segments {
            for statement in segment {
                let sent = Self.withParameters(statement.parameters) { types, values, lengths, formats in
                    cpq_PQsendQueryParams(connection, statement.sql, Int32(statement.parameters.count),
                                          types, values, lengths, formats, 0)
                }
                guard sent == 1 else { throw fail(connection) }
            }
            guard cpq_PQpipelineSync(connection) == 1 else { throw fail(connection) }
        }
        try flush(connection, deadline: deadline)
    }

    /// The second half of ``pipeline(_:timeout:)``: reads the outcomes of a pipeline
    /// whose segments held `sizes` statements, and leaves pipeline mode.
    func receivePipeline(_ sizes: [Int], deadline: PostgresDeadline) throws(PostgresError) -> [[PostgresOutcome]] {
        let connection = try openHandle()
        var outcomes: [[PostgresOutcome]] = []
        for size in sizes {
            var segmentOutcomes: [PostgresOutcome] = []
            for _ in 0..<size {
                segmentOutcomes.append(try nextOutcome(connection, deadline: deadline))
            }
            try awaitSync(connection, deadline: deadline)
            outcomes.append(segmentOutcomes)
        }
        guard cpq_PQexitPipelineMode(connection) == 1 else { throw fail(connection) }
        return outcomes
    }

    /// Whether the server's reply has begun to arrive: the socket is readable now.
    /// Never waits.
    package var hasInput: Bool {
        guard let handle else { return false }
        var ready = pollfd(fd: cpq_PQsocket(handle), events: Int16(POLLIN), revents: 0)
        return poll(&ready, 1, 0) == 1
    }

    /// Runs `statements` as one transaction in one round trip: `BEGIN`, the statements,
    /// `COMMIT`, then a segment of its own that says `ROLLBACK`, which ends the
    /// transaction when a statement failed (and is a harmless no-op, with a notice,
    /// when it committed). Returns the statements' outcomes (not those of `BEGIN`
    /// and `COMMIT`); when one failed, nothing was committed.
    ///
    /// Throws `.queryFailed` when the server rolled back at `COMMIT` although every
    /// statement ran (a deferred constraint), so a commit that did not happen never
    /// looks like one.
    package func transactionPipeline(
        _ statements: [PostgresStatement], timeout: TimeInterval = PostgresConnection.defaultQueryTimeout
    ) throws(PostgresError) -> [PostgresOutcome] {
        let segments = [[PostgresStatement("BEGIN")] + statements + [PostgresStatement("COMMIT")],
                        [PostgresStatement("ROLLBACK")]]
        let outcomes = try pipeline(segments, timeout: timeout)[0]
        let body = Array(outcomes.dropFirst().dropLast())
        if case .done(let commit)? = outcomes.last, commit.commandStatus == "ROLLBACK",
           !body.contains(where: { if case .failed = $0 { true } else { false } }) {
            throw PostgresError(kind: .queryFailed, message: "the transaction was rolled back at COMMIT", server: server)
        }
        if case .failed(let error)? = outcomes.first { throw error }
        return body
    }

    /// Reads the results of the next statement of a pipeline, through the NULL that
    /// ends them.
    private func nextOutcome(_ connection: OpaquePointer, deadline: PostgresDeadline) throws(PostgresError) -> PostgresOutcome {
        var outcome: PostgresOutcome?
        while true {
            try waitUntilReady(connection, deadline: deadline)
            guard let result = cpq_PQgetResult(connection) else {
                if let outcome { return outcome }
                throw fail(connection)
            }
            defer { cpq_PQclear(result) }
            let this = try self.outcome(of: result, on: connection)
            if outcome == nil { outcome = this }
        }
    }

    /// Reads the Sync point that ends a segment.
    private func awaitSync(_ connection: OpaquePointer, deadline: PostgresDeadline) throws(PostgresError) {
        try waitUntilReady(connection, deadline: deadline)
        guard let result = cpq_PQgetResult(connection) else { throw fail(connection) }
        defer { cpq_PQclear(result) }
        guard cpq_PQresultStatus(result) == PGRES_PIPELINE_SYNC else {
            close()
            throw PostgresError(kind: .connectionLost, message: "the pipeline lost its place", server: server)
        }
    }

    /// Reads from the socket until libpq has a whole result to give.
    private func waitUntilReady(_ connection: OpaquePointer, deadline: PostgresDeadline) throws(PostgresError) {
        while cpq_PQisBusy(connection) == 1 {
            try waitForSocket(connection, Int16(POLLIN), deadline: deadline)
            if cpq_PQconsumeInput(connection) == 0 { throw fail(connection) }
        }
    }
}
