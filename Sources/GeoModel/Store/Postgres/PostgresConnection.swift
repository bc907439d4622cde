import CLibPQ
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One connection to a PostgreSQL server through libpq, in which nothing waits
/// longer than its deadline.
///
/// Connecting (``init(_:timeout:)``) and every round trip
/// (``query(_:_:timeout:)``) run libpq's non-blocking API and `poll()` on the
/// connection's socket until the work is done or the deadline has passed. When a
/// deadline passes, or the server goes away, the connection is closed and marked
/// ``isBroken``; every later call throws ``PostgresError/Kind/connectionLost`` and the
/// owner reconnects with a new `PostgresConnection`.
///
/// ```swift
/// let connection = try PostgresConnection("postgresql://geo@127.0.0.1:5432/caches")
/// let result = try connection.query("SELECT title FROM caches WHERE id = $1", [.int(3)])
/// result.rows.first?.string(0)
/// ```
///
/// Everything libpq reads from a connection string works (`host=/socket/dir`,
/// `sslmode`, `application_name`, `connect_timeout`, `PGPASSWORD`, `~/.pgpass`);
/// keepalives and `tcp_user_timeout` are added unless the string sets them, so a
/// dropped network is noticed. No message names the password.
///
/// Not thread-safe: a connection is used from one thread (libpq's `PGconn` is not
/// safe to share), so the class is deliberately not `Sendable`.
package final class PostgresConnection {
    /// The connect deadline unless `connect_timeout` or `PGCONNECT_TIMEOUT` says
    /// otherwise.
    package static let defaultConnectTimeout: TimeInterval = 5

    /// What is said when libpq, opened on first use (see `Sources/CLibPQ/shim.h`),
    /// is not installed.
    static let libraryMissing = "the PostgreSQL client library (libpq.so.5) is not installed: apt-get install libpq5"
    /// The deadline of a round trip unless the caller gives one: short, because a form
    /// waits for it (a dropped network must not freeze the screen longer).
    package static let defaultQueryTimeout: TimeInterval = 5

    /// The keywords added to every connection unless the string sets them: TCP
    /// keepalives after 10 s idle, every 5 s, given up after 3, and unacknowledged
    /// data given up after 10 s, so a dropped network ends the connection instead of
    /// leaving it hanging; and a name in `pg_stat_activity` when none is given.
    static let defaultOptions: [(keyword: String, value: String)] = [
        ("keepalives", "1"),
        ("keepalives_idle", "10"),
        ("keepalives_interval", "5"),
        ("keepalives_count", "3"),
        ("tcp_user_timeout", "10000"),
        ("fallback_application_name", "geocache-tui"),
    ]

    /// libpq's connection; nil once closed.
    var handle: OpaquePointer?

    /// The server as `host:port/dbname`, for messages.
    package let server: String

    /// The server's notices on this connection, kept instead of printed.
    let notices = PostgresNotices()

    /// Notifications taken from libpq by ``peekNotifications()`` and not yet drained.
    var heldNotifications: [PostgresNotification] = []

    /// The connection string as given (it may hold a password: never show it;
    /// ``redacted(_:)`` it first).
    let connectionString: String

    /// Whether the connection was closed by a failure (or ``close()``); every call
    /// then throws ``PostgresError/Kind/connectionLost``.
    package var isBroken: Bool { handle == nil }

    /// Connects to the server `connectionString` names, waiting at most `timeout`
    /// seconds (by default `connect_timeout` from the string, else
    /// `PGCONNECT_TIMEOUT`, else ``defaultConnectTimeout``).
    ///
    /// Host names are resolved inside libpq (`getaddrinfo`), which the deadline cannot
    /// interrupt; a numeric address or a socket directory never waits on that.
    /// Throws ``PostgresConnectionString/Invalid`` for a malformed string, else
    /// ``PostgresError`` (`.cannotConnect`, `.authenticationFailed`,
    /// `.databaseMissing`, `.serverShutDown`, `.timeout`).
    ///
    /// `settings` are server settings (`jit=off`) sent in the start-up packet's
    /// `options`, merged with any the string gives: no round trip of their own.
    package init(_ connectionString: String, timeout: TimeInterval? = nil,
                 settings: [(name: String, value: String)] = []) throws {
        let parsed = try PostgresConnectionString(connectionString)
        let deadline = PostgresDeadline(seconds: timeout ?? parsed.connectTimeout ?? Self.defaultConnectTimeout)
        var pairs = Self.defaultOptions.filter { parsed.options[$0.keyword] == nil }
        // The string goes last so that everything it sets wins (expand_dbname).
        pairs.append(("dbname", connectionString))
        // After the string, so the merged value replaces the string's own.
        if !settings.isEmpty { pairs.append(("options", parsed.startupOptions(adding: settings))) }
        let started = Self.withCStrings(pairs.map(\.keyword)) { keywords in
            Self.withCStrings(pairs.map(\.value)) { values in
                cpq_PQconnectStartParams(keywords, values, 1)
            }
        }
        guard let connection = started else {
            throw PostgresError(kind: .cannotConnect, message: "out of memory", server: parsed.serverDescription)
        }
        self.connectionString = connectionString
        self.server = Self.serverDescription(of: connection) ?? parsed.serverDescription
        do {
            try Self.finishConnecting(connection, deadline: deadline, server: { Self.serverDescription(of: connection) ?? parsed.serverDescription })
        } catch {
            cpq_PQfinish(connection)
            throw error
        }
        cpq_PQsetnonblocking(connection, 1)
        notices.install(on: connection)
        handle = connection
    }

    deinit {
        if let handle { cpq_PQfinish(handle) }
    }

    /// Drives `PQconnectPoll` until the connection is made, failed or out of time.
    private static func finishConnecting(
        _ connection: OpaquePointer, deadline: PostgresDeadline, server: () -> String
    ) throws(PostgresError) {
        if cpq_PQstatus(connection) == CONNECTION_BAD {
            throw connectionFailure(connection, server: server())
        }
        var state = PGRES_POLLING_WRITING
        while true {
            switch state {
            case PGRES_POLLING_OK:
                return
            case PGRES_POLLING_FAILED:
                throw connectionFailure(connection, server: server())
            default:
                let events = state == PGRES_POLLING_READING ? Int16(POLLIN) : Int16(POLLOUT)
                guard PostgresSocket.wait(for: events, on: cpq_PQsocket(connection), until: deadline) else {
                    throw PostgresError(
                        kind: .timeout,
                        message: "no connection within \(String(format: "%g", deadline.seconds)) s",
                        server: server())
                }
                state = cpq_PQconnectPoll(connection)
            }
        }
    }

    /// The error a failed connection attempt stands for.
    private static func connectionFailure(_ connection: OpaquePointer, server: String) -> PostgresError {
        let message = PostgresError.oneLine(String(cString: cpq_PQerrorMessage(connection)))
        let kind = PostgresError.connectionKind(message: message, needsPassword: cpq_PQconnectionNeedsPassword(connection) == 1)
        return PostgresError(kind: kind, message: message, server: server)
    }

    /// Closes the connection; later calls throw ``PostgresError/Kind/connectionLost``.
    package func close() {
        if let handle { cpq_PQfinish(handle) }
        handle = nil
    }

    /// The descriptor of the connection's socket, for a run loop's `poll()` (readable
    /// means: call ``consumeInput()``); -1 once closed. It stays the same for the
    /// life of the connection.
    package var socket: Int32 {
        handle.map { cpq_PQsocket($0) } ?? -1
    }

    /// The process id of the server process serving this connection (the sender id
    /// of the notifications this connection sends); 0 once closed.
    package var backendPID: Int32 {
        handle.map { cpq_PQbackendPID($0) } ?? 0
    }

    /// `uri` with any password written `***` (`user:pass@` in a URI, a `password`
    /// query parameter or `password=` pair), for messages.
    package static func redacted(_ uri: String) -> String {
        PostgresConnectionString.redacted(uri)
    }

    /// Checks that libpq can parse `uri`; throws ``PostgresConnectionString/Invalid``
    /// naming the malformed part (without the password).
    package static func validate(_ uri: String) throws(PostgresConnectionString.Invalid) {
        _ = try PostgresConnectionString(uri)
    }

    /// `host:port/dbname`, the way messages name a server.
    static func serverDescription(host: String, port: String, database: String) -> String {
        let shownHost = host.contains(":") && !host.hasPrefix("/") ? "[\(host)]" : host
        return "\(shownHost):\(port)/\(database)"
    }

    /// The server libpq is connecting or connected to, from `PQhost`, `PQport` and
    /// `PQdb` (which include the environment's and libpq's defaults).
    private static func serverDescription(of connection: OpaquePointer) -> String? {
        guard let host = cpq_PQhost(connection), let port = cpq_PQport(connection), let database = cpq_PQdb(connection) else {
            return nil
        }
        return serverDescription(host: String(cString: host), port: String(cString: port), database: String(cString: database))
    }

    /// Calls `body` with `strings` as a NULL-terminated array of C strings.
    static func withCStrings<Result>(
        _ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> Result
    ) -> Result {
        let copies = strings.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        let pointers: [UnsafePointer<CChar>?] = copies.map { $0.map { UnsafePointer($0) } } + [nil]
        return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
    }
}
