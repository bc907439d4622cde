import Foundation

/// Why connecting to a PostgreSQL server, or a round trip on a connection, failed.
///
/// `server` names the server as `host:port/dbname` and `message` is libpq's or the
/// server's text; neither ever holds a password (see
/// ``PostgresConnection/redacted(_:)``). The kind says what happened in terms a store
/// can act on (reconnect, report, give up), and `sqlState` keeps the server's five
/// character code when there was one.
package struct PostgresError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What went wrong, in the terms a store acts on.
    package enum Kind: Equatable, Sendable {
        /// The server could not be reached or refused the connection for a reason
        /// other than the ones below (not running, host unknown, pg_hba.conf, TLS).
        case cannotConnect
        /// libpq refused a connection option's value (`sslmode=bogus`, `keepalives=x`),
        /// from the URL or a `PG…` environment variable, before or without asking a server.
        case badOption
        /// The server rejected the user or the password (SQLSTATE 28P01 or 28000, or
        /// no password was available when the server asked for one).
        case authenticationFailed
        /// The database named in the URI does not exist (3D000).
        case databaseMissing
        /// The server is shutting down or was shut down by an administrator (57P01,
        /// 57P02, 57P03); the connection is closed.
        case serverShutDown
        /// The connection broke (the server went away, the network dropped, or an
        /// earlier round trip left it unusable); reconnect to go on.
        case connectionLost
        /// Connecting or a round trip did not finish before its deadline; a
        /// connection it happened on is closed.
        case timeout
        /// The owner gave a round trip or a connection attempt up before its end (a
        /// ``StoreInterruption`` asked to): the connection is closed, and whatever the
        /// round trip sent has an unknown outcome, as after `.timeout`.
        case interrupted
        /// The server refused a statement (a syntax error, a constraint, a type);
        /// the connection stays usable.
        case queryFailed
    }

    /// What went wrong.
    package var kind: Kind
    /// The server's SQLSTATE when the server sent one (libpq reports none for a
    /// failed connection attempt, so connection errors usually carry nil).
    package var sqlState: String?
    /// The server's or libpq's message, one line, without a password.
    package var message: String
    /// The server as `host:port/dbname`, for messages.
    package var server: String

    package init(kind: Kind, sqlState: String? = nil, message: String, server: String) {
        self.kind = kind
        self.sqlState = sqlState
        self.message = message
        self.server = server
    }

    /// One line naming the server and what happened.
    package var description: String {
        let what: String
        switch kind {
        case .cannotConnect: what = "cannot connect"
        case .authenticationFailed: what = "authentication failed"
        case .badOption: what = "a connection option is refused"
        case .databaseMissing: what = "the database does not exist"
        case .serverShutDown: what = "the server shut down"
        case .connectionLost: what = "the connection was lost"
        case .timeout: what = "no answer in time"
        case .interrupted: what = "the wait was given up"
        case .queryFailed: what = "statement failed"
        }
        let code = sqlState.map { " [\($0)]" } ?? ""
        return "PostgreSQL server \(server): \(what): \(message)\(code)"
    }

    /// The kind a server error with `sqlState` has; `.queryFailed` for codes a store
    /// handles as refused statements.
    static func kind(forSQLState sqlState: String?) -> Kind {
        switch sqlState {
        case "28P01", "28000": .authenticationFailed
        case "3D000": .databaseMissing
        case "57P01", "57P02", "57P03": .serverShutDown
        case let code? where code.hasPrefix("08"): .connectionLost
        default: .queryFailed
        }
    }

    /// The kind of a failed connection attempt, from libpq's message.
    ///
    /// libpq 15 gives no SQLSTATE for a connection that failed during start-up (no
    /// result object exists), so the server's English message is read; a server
    /// with translated messages falls back to `.cannotConnect` unless libpq itself
    /// reports that a password was needed (`needsPassword`).
    static func connectionKind(message: String, needsPassword: Bool) -> Kind {
        if needsPassword { return .authenticationFailed }
        let text = message.lowercased()
        // libpq's own words for an option's value it does not take: "invalid sslmode
        // value: …", or after the attempt's prefix "…failed: invalid integer value "x"
        // for connection option …" (a server's messages never start so).
        let afterPrefix = text.range(of: "failed: ").map { String(text[$0.upperBound...]) } ?? text
        if afterPrefix.hasPrefix("invalid "), afterPrefix.contains(" value") { return .badOption }
        let authentication = [
            "password authentication failed", "no password supplied", "authentication failed",
            "pg_hba.conf rejects", "no pg_hba.conf entry", "role \"",
        ]
        if text.contains("database \"") && text.contains("does not exist") { return .databaseMissing }
        if authentication.contains(where: text.contains) { return .authenticationFailed }
        if text.contains("shutting down") || text.contains("starting up") { return .serverShutDown }
        return .cannotConnect
    }

    /// libpq's multi-line message as one line: lines joined with "; ", the
    /// "FATAL:  " prefixes and surplus blanks dropped.
    static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
            .joined(separator: "; ")
            .replacingOccurrences(of: ":  ", with: ": ")
    }
}
