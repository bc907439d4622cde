import CLibPQ
import Foundation
#if canImport(Glibc)
import Glibc
#endif

extension PostgresConnection {
    /// Runs one statement with `parameters` (`$1`, `$2`, …) and returns its result,
    /// waiting at most `timeout` seconds.
    ///
    /// When the deadline passes, the server is asked to cancel the statement (from
    /// another thread, so that request cannot hold the caller either), the connection
    /// is closed and ``PostgresError/Kind/timeout`` thrown; the same, with
    /// ``PostgresError/Kind/interrupted``, when the owner's ``interruption`` gives the
    /// wait up first. A statement the server
    /// refuses throws ``PostgresError/Kind/queryFailed`` with its SQLSTATE and leaves
    /// the connection usable; a lost connection throws `.connectionLost` or
    /// `.serverShutDown` and closes it. Notifications that arrive meanwhile wait for
    /// ``drainNotifications()``.
    @discardableResult
    package func query(
        _ sql: String, _ parameters: [PostgresValue] = [], timeout: TimeInterval = PostgresConnection.defaultQueryTimeout
    ) throws -> PostgresResult {
        let connection = try openHandle()
        let deadline = PostgresDeadline(seconds: timeout)
        try refuseNUL(in: parameters)
        let sent = Self.withParameters(parameters) { types, values, lengths, formats in
            cpq_PQsendQueryParams(connection, sql, Int32(parameters.count), types, values, lengths, formats, 0)
        }
        guard sent == 1 else { throw fail(connection) }
        try flush(connection, deadline: deadline)
        return try collectResult(connection, deadline: deadline)
    }

    /// Runs `body` inside `BEGIN` … `COMMIT`; rolls back and rethrows when `body`
    /// throws. Throws ``PostgresError/Kind/queryFailed`` when the server rolled the
    /// transaction back at `COMMIT` (a statement in it had failed, or a deferred
    /// constraint), so a commit that did not happen never looks like one.
    package func transaction<Value>(
        timeout: TimeInterval = PostgresConnection.defaultQueryTimeout, _ body: () throws -> Value
    ) throws -> Value {
        try query("BEGIN", timeout: timeout)
        let value: Value
        do {
            value = try body()
        } catch {
            if !isBroken { _ = try? query("ROLLBACK", timeout: timeout) }
            throw error
        }
        let commit = try query("COMMIT", timeout: timeout)
        if commit.commandStatus == "ROLLBACK" {
            throw PostgresError(kind: .queryFailed, message: "the transaction was rolled back at COMMIT", server: server)
        }
        return value
    }

    /// Throws `.queryFailed` naming the first text parameter that holds NUL, which
    /// PostgreSQL text cannot hold (nothing is sent).
    func refuseNUL(in parameters: [PostgresValue]) throws(PostgresError) {
        if let withNUL = parameters.firstIndex(where: { if case .text(let text) = $0 { text.utf8.contains(0) } else { false } }) {
            throw PostgresError(
                kind: .queryFailed,
                message: "parameter $\(withNUL + 1) is text containing NUL, which PostgreSQL text cannot hold; send it as bytea",
                server: server)
        }
    }

    /// The open connection; `.connectionLost` when it is closed, and the server's
    /// fatal notice (`.serverShutDown` for 57P01) when it arrived since.
    func openHandle() throws(PostgresError) -> OpaquePointer {
        if let fatal = notices.fatal, handle != nil {
            close()
            let kind = PostgresError.kind(forSQLState: fatal.sqlState)
            throw PostgresError(
                kind: kind == .serverShutDown ? .serverShutDown : .connectionLost,
                sqlState: fatal.sqlState, message: fatal.message, server: server)
        }
        guard let handle else {
            throw PostgresError(kind: .connectionLost, message: "the connection is closed; reconnect", server: server)
        }
        return handle
    }

    /// The error libpq reports on `connection`; closes the connection when it is
    /// no longer usable.
    func fail(_ connection: OpaquePointer, sqlState: String? = nil, serverMessage: String? = nil) -> PostgresError {
        let message = PostgresError.oneLine(serverMessage ?? String(cString: cpq_PQerrorMessage(connection)))
        var kind = PostgresError.kind(forSQLState: sqlState)
        if cpq_PQstatus(connection) == CONNECTION_BAD || kind == .serverShutDown {
            if kind != .serverShutDown {
                let noticed = PostgresError.kind(forSQLState: notices.fatal?.sqlState)
                kind = noticed == .serverShutDown ? .serverShutDown : .connectionLost
            }
            close()
        }
        return PostgresError(kind: kind, sqlState: sqlState, message: message, server: server)
    }

    /// Gives up a round trip at its deadline, or when the owner's ``interruption``
    /// asked to: asks the server to cancel it from a detached thread (`PQcancel` opens
    /// its own connection and may block), then closes this connection.
    func abandon(_ connection: OpaquePointer, deadline: PostgresDeadline, interrupted: Bool = false) -> PostgresError {
        if let cancel = cpq_PQgetCancel(connection) {
            let request = CancelRequest(cancel)
            Thread.detachNewThread { request.send() }
        }
        close()
        if interrupted {
            return PostgresError(kind: .interrupted, message: "the wait for an answer was given up; the connection was closed",
                                 server: server)
        }
        // Three significant digits: what is left of a longer deadline is 4.99595 s, said "5 s".
        return PostgresError(
            kind: .timeout, message: "no answer within \(deadline.shownSeconds) s; the connection was closed",
            server: server)
    }

    /// Waits for `events` on the connection's socket, giving the round trip up (see
    /// ``abandon(_:deadline:interrupted:)``) when its deadline passes or the owner's
    /// ``interruption`` asks to.
    func waitForSocket(_ connection: OpaquePointer, _ events: Int16, deadline: PostgresDeadline) throws(PostgresError) {
        switch PostgresSocket.wait(for: events, on: cpq_PQsocket(connection), until: deadline, interruption: interruption) {
        case .ready: return
        case .timedOut: throw abandon(connection, deadline: deadline)
        case .interrupted: throw abandon(connection, deadline: deadline, interrupted: true)
        }
    }

    /// Sends what libpq still buffers (non-blocking mode), reading meanwhile.
    func flush(_ connection: OpaquePointer, deadline: PostgresDeadline) throws(PostgresError) {
        while true {
            let pending = cpq_PQflush(connection)
            if pending == 0 { return }
            if pending < 0 { throw fail(connection) }
            try waitForSocket(connection, Int16(POLLIN | POLLOUT), deadline: deadline)
            if cpq_PQconsumeInput(connection) == 0 { throw fail(connection) }
        }
    }

    /// Reads until the statement's last result; the result, or the first error.
    private func collectResult(_ connection: OpaquePointer, deadline: PostgresDeadline) throws(PostgresError) -> PostgresResult {
        var outcome: Result<PostgresResult, PostgresError>?
        while true {
            while cpq_PQisBusy(connection) == 0 {
                guard let result = cpq_PQgetResult(connection) else {
                    if let outcome { return try outcome.get() }
                    throw fail(connection)
                }
                defer { cpq_PQclear(result) }
                switch try self.outcome(of: result, on: connection) {
                case .done(let done):
                    if outcome == nil { outcome = .success(done) }
                case .failed(let error):
                    if case .failure = outcome {} else { outcome = .failure(error) }
                case .skipped:
                    break
                }
            }
            try waitForSocket(connection, Int16(POLLIN), deadline: deadline)
            if cpq_PQconsumeInput(connection) == 0 { throw fail(connection) }
        }
    }

    /// What one result of a statement says: its rows, the server's refusal (the
    /// connection stays usable), or, in a pipeline, that it did not run. COPY, which
    /// the store never asks for, and a refusal that broke the connection throw.
    func outcome(of result: OpaquePointer, on connection: OpaquePointer) throws(PostgresError) -> PostgresOutcome {
        switch cpq_PQresultStatus(result) {
        case PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_EMPTY_QUERY:
            return .done(PostgresResult(result))
        case PGRES_PIPELINE_ABORTED:
            return .skipped
        case PGRES_COPY_IN, PGRES_COPY_OUT, PGRES_COPY_BOTH:
            close()
            throw PostgresError(kind: .queryFailed, message: "COPY is not supported on this connection", server: server)
        default:
            let sqlState = cpq_PQresultErrorField(result, CPQ_DIAG_SQLSTATE).map { String(cString: $0) }
            let message = cpq_PQresultErrorField(result, CPQ_DIAG_MESSAGE_PRIMARY).map { String(cString: $0) }
                ?? String(cString: cpq_PQresultErrorMessage(result))
            let error = fail(connection, sqlState: sqlState, serverMessage: message)
            if isBroken { throw error }
            return .failed(error)
        }
    }

    /// Calls `body` with libpq's four parameter arrays (types, values, lengths,
    /// formats): text as NUL-terminated text of inferred type, bytea in binary.
    static func withParameters<Result>(
        _ parameters: [PostgresValue],
        _ body: (UnsafePointer<UInt32>?, UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<Int32>?, UnsafePointer<Int32>?)
            -> Result
    ) -> Result {
        var buffers: [UnsafeMutablePointer<CChar>?] = []
        defer { buffers.forEach { $0?.deallocate() } }
        var types: [UInt32] = [], lengths: [Int32] = [], formats: [Int32] = []
        for parameter in parameters {
            switch parameter {
            case .null:
                buffers.append(nil); types.append(0); lengths.append(0); formats.append(0)
            case .text(let text):
                let bytes = Array(text.utf8CString)
                let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count)
                buffer.initialize(from: bytes, count: bytes.count)
                buffers.append(buffer); types.append(0); lengths.append(0); formats.append(0)
            case .bytea(let bytes):
                let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: max(bytes.count, 1))
                bytes.withUnsafeBytes { UnsafeMutableRawPointer(buffer).copyMemory(from: $0.baseAddress ?? UnsafeRawPointer(buffer), byteCount: bytes.count) }
                buffers.append(buffer); types.append(PostgresResult.byteaOID); lengths.append(Int32(bytes.count)); formats.append(1)
            }
        }
        let values = buffers.map { $0.map { UnsafePointer($0) } }
        return types.withUnsafeBufferPointer { types in
            values.withUnsafeBufferPointer { values in
                lengths.withUnsafeBufferPointer { lengths in
                    formats.withUnsafeBufferPointer { formats in
                        body(types.baseAddress, values.baseAddress, lengths.baseAddress, formats.baseAddress)
                    }
                }
            }
        }
    }
}

/// A cancel request for a statement that outlived its deadline, sent from its own
/// thread: the `PGcancel` is independent of the connection (which is closed at
/// once) and `PQcancel` is thread-safe, so nothing is shared but this object.
private final class CancelRequest: @unchecked Sendable {
    private let cancel: OpaquePointer

    init(_ cancel: OpaquePointer) { self.cancel = cancel }

    /// Sends the request and frees it; a failure only means the statement already ended.
    func send() {
        var errorBuffer = [CChar](repeating: 0, count: 256)
        _ = cpq_PQcancel(cancel, &errorBuffer, Int32(errorBuffer.count))
        cpq_PQfreeCancel(cancel)
    }
}
