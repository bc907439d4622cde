import CLibPQ
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One connection to a PostgreSQL server through libpq, in which nothing waits
/// longer than its deadline.
///
/// Connecting (``init(_:timeout:settings:interruption:)``) and every round trip
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
    /// leaving it hanging; a name in `pg_stat_activity` when none is given; and text in
    /// UTF-8 whatever `PGCLIENTENCODING` says (the store's fields are `text`).
    static let defaultOptions: [(keyword: String, value: String)] = [
        ("client_encoding", "UTF8"),
        ("keepalives", "1"),
        ("keepalives_idle", "10"),
        ("keepalives_interval", "5"),
        ("keepalives_count", "3"),
        ("tcp_user_timeout", "10000"),
        ("fallback_application_name", "geocache-tui"),
    ]

    /// libpq's connection; nil once closed.
    var handle: OpaquePointer?

    /// What may cut a wait of this connection short (the owner's keys, a signal);
    /// nil waits for the deadline alone.
    package var interruption: StoreInterruption?

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

    /// Whether a statement failed inside a transaction that is still open: the server
    /// refuses every other statement until `ROLLBACK`.
    package var isInFailedTransaction: Bool {
        handle.map { cpq_PQtransactionStatus($0) == PQTRANS_INERROR } ?? false
    }

    /// Connects to the server `connectionString` names, waiting at most `timeout`
    /// seconds (by default `connect_timeout` from the string, else
    /// `PGCONNECT_TIMEOUT`, else ``defaultConnectTimeout``), or until `interruption`
    /// asks to give up (``PostgresError/Kind/interrupted``).
    ///
    /// Host names are resolved inside libpq (`getaddrinfo`), which the deadline cannot
    /// interrupt; a numeric address or a socket directory never waits on that.
    /// Throws ``PostgresConnectionString/Invalid`` for a malformed string, else
    /// ``PostgresError`` (`.cannotConnect`, `.authenticationFailed`,
    /// `.databaseMissing`, `.serverShutDown`, `.timeout`, `.interrupted`). A caller
    /// that must not block uses ``PostgresConnectAttempt`` instead.
    ///
    /// `settings` are server settings (`jit=off`) sent in the start-up packet's
    /// `options`, merged with any the string gives: no round trip of their own.
    package convenience init(_ connectionString: String, timeout: TimeInterval? = nil,
                             settings: [(name: String, value: String)] = [],
                             interruption: StoreInterruption? = nil) throws {
        let attempt = try PostgresConnectAttempt(connectionString, timeout: timeout, settings: settings)
        while true {
            switch attempt.advance() {
            case .connected(let handle):
                self.init(established: handle, server: attempt.server, connectionString: connectionString)
                self.interruption = interruption
                return
            case .failed(let error):
                throw error
            case .waiting:
                let events = attempt.awaitsWriting ? Int16(POLLOUT) : Int16(POLLIN)
                if PostgresSocket.wait(for: events, on: attempt.socket, until: attempt.deadline, interruption: interruption)
                    == .interrupted {
                    attempt.cancel()
                    throw PostgresError(kind: .interrupted, message: "the connection attempt was given up", server: attempt.server)
                }
            }
        }
    }

    /// Takes over `handle`, a connection ``PostgresConnectAttempt`` made: puts it in
    /// non-blocking mode and keeps the server's notices.
    init(established handle: OpaquePointer, server: String, connectionString: String) {
        self.connectionString = connectionString
        self.server = server
        cpq_PQsetnonblocking(handle, 1)
        notices.install(on: handle)
        self.handle = handle
    }

    deinit {
        if let handle { cpq_PQfinish(handle) }
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
    static func serverDescription(of connection: OpaquePointer) -> String? {
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
