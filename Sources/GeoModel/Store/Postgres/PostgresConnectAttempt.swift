import CLibPQ
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A connection to a PostgreSQL server being made without blocking: libpq's
/// `PQconnectStartParams`, then `PQconnectPoll` each time the connecting socket is
/// ready, so a run loop can wait on ``socket`` beside its terminal and answer keys
/// while the server takes its time (or never answers).
///
/// ```swift
/// let attempt = try PostgresConnectAttempt(url, timeout: 5)
/// // poll() on attempt.socket for writing (awaitsWriting) or reading, then:
/// if case .connected(let handle) = attempt.advance() { ... }
/// ```
///
/// Host names are resolved inside `PQconnectStartParams` (`getaddrinfo`), which does
/// block; a numeric address or a socket directory never waits on that.
package final class PostgresConnectAttempt {
    /// Where an attempt stands after ``advance()``.
    package enum Progress {
        /// Not done: wait on ``socket`` (for writing when ``awaitsWriting``), then call
        /// ``advance()`` again.
        case waiting
        /// Connected: the handle is the caller's (``PostgresConnection/init(established:server:connectionString:)``).
        case connected(OpaquePointer)
        /// Failed, or out of time; the attempt is over.
        case failed(PostgresError)
    }

    /// When the attempt gives up.
    let deadline: PostgresDeadline
    /// libpq's connection while it is being made; nil once handed over or over.
    private var connection: OpaquePointer?
    /// What `PQconnectPoll` last asked for.
    private var state = PGRES_POLLING_WRITING
    /// The server as the string names it, until libpq knows it better.
    private let namedServer: String
    /// The server as libpq named it last (`PQhost`, `PQport`, `PQdb`), kept once the
    /// connection is handed over.
    private var knownServer: String?
    /// Set when the attempt has ended; what it is over with.
    private var ended: PostgresError?

    /// Starts connecting to the server `connectionString` names, with the keywords
    /// ``PostgresConnection/defaultOptions`` adds; `timeout` as for
    /// ``PostgresConnection/init(_:timeout:settings:interruption:)``. Throws
    /// ``PostgresConnectionString/Invalid`` for a malformed string (nothing is started).
    ///
    /// `settings` are server settings (`jit=off`) sent in the start-up packet's
    /// `options`, merged with any the string gives: no round trip of their own.
    package init(_ connectionString: String, timeout: TimeInterval?,
                 settings: [(name: String, value: String)] = []) throws {
        let parsed = try PostgresConnectionString(connectionString)
        deadline = PostgresDeadline(seconds: timeout ?? parsed.connectTimeout ?? PostgresConnection.defaultConnectTimeout)
        namedServer = parsed.serverDescription
        var pairs = PostgresConnection.defaultOptions.filter { parsed.options[$0.keyword] == nil }
        // The string goes last so that everything it sets wins (expand_dbname).
        pairs.append(("dbname", connectionString))
        // After the string, so the merged value replaces the string's own.
        if !settings.isEmpty { pairs.append(("options", parsed.startupOptions(adding: settings))) }
        connection = PostgresConnection.withCStrings(pairs.map(\.keyword)) { keywords in
            PostgresConnection.withCStrings(pairs.map(\.value)) { values in
                cpq_PQconnectStartParams(keywords, values, 1)
            }
        }
        if connection == nil {
            ended = PostgresError(kind: .cannotConnect, message: "out of memory", server: namedServer)
        }
    }

    deinit { cancel() }

    /// The server as `host:port/dbname`, for messages.
    package var server: String {
        connection.flatMap { PostgresConnection.serverDescription(of: $0) } ?? knownServer ?? namedServer
    }

    /// The connecting socket, for `poll()`; -1 when there is none (the attempt is over,
    /// or libpq has not opened one yet: then call ``advance()``).
    package var socket: Int32 { connection.map { cpq_PQsocket($0) } ?? -1 }

    /// Whether the socket is to be waited on for writing (else for reading).
    package var awaitsWriting: Bool { state == PGRES_POLLING_WRITING }

    /// The time left before the attempt gives up.
    package var remaining: Duration { deadline.remaining }

    /// Moves the attempt on when its socket is ready (asking `poll()` without waiting),
    /// and says where it stands; never blocks. Past the deadline the attempt fails
    /// with ``PostgresError/Kind/timeout``.
    package func advance() -> Progress {
        guard let connection else {
            return .failed(ended ?? PostgresError(kind: .cannotConnect, message: "the attempt was ended", server: server))
        }
        if cpq_PQstatus(connection) == CONNECTION_BAD { return fail(connection) }
        while true {
            switch state {
            case PGRES_POLLING_OK:
                knownServer = server
                self.connection = nil
                return .connected(connection)
            case PGRES_POLLING_FAILED:
                return fail(connection)
            default:
                let events = awaitsWriting ? Int16(POLLOUT) : Int16(POLLIN)
                var descriptor = pollfd(fd: cpq_PQsocket(connection), events: events, revents: 0)
                guard descriptor.fd < 0 || poll(&descriptor, 1, 0) > 0 else {
                    guard deadline.hasPassed else { return .waiting }
                    cancel()
                    let timeout = PostgresError(
                        kind: .timeout, message: "no connection within \(deadline.shownSeconds) s",
                        server: server)
                    ended = timeout
                    return .failed(timeout)
                }
                state = cpq_PQconnectPoll(connection)
            }
        }
    }

    /// Ends the attempt, closing its socket.
    package func cancel() {
        if let connection {
            knownServer = server
            cpq_PQfinish(connection)
        }
        connection = nil
    }

    /// The error a failed attempt stands for; ends the attempt.
    private func fail(_ connection: OpaquePointer) -> Progress {
        let server = self.server
        let message = PostgresError.oneLine(String(cString: cpq_PQerrorMessage(connection)))
        let kind = PostgresError.connectionKind(message: message, needsPassword: cpq_PQconnectionNeedsPassword(connection) == 1)
        cancel()
        let failure = PostgresError(kind: kind, message: message, server: server)
        ended = failure
        return .failed(failure)
    }
}
