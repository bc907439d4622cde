import Foundation

/// Where field mode keeps a club store's files on this machine: one directory per
/// store URL under `$XDG_DATA_HOME/geocache-tui/club/` (else
/// `~/.local/share/geocache-tui/club/`), named by a digest of the URL without its
/// password, holding the outbox (``Outbox``, `outbox.sqlite`) and the read-only copy
/// (``ClubCopy``, `copy.sqlite`). No password is ever written there.
///
/// The directory's name is the first 32 hexadecimal digits of the SHA-256 of the
/// URL's identity: the user, host, host address, port, database, service and server
/// options libpq reads from it (its defaults filled in), never the password. Two URLs
/// that differ only in their password, or in how they spell the same parts (a
/// `postgres://` or a `postgresql://` scheme, the default port written or not), name
/// the same directory.
public struct FieldFiles: Equatable, Sendable {
    /// The directory of this store's files (created when first written).
    public let directory: String
    /// The store's URL with the password left out, as the files name it for people.
    public let storeName: String

    /// The files of the club store at `url` (a `postgres://` URL, which may hold a
    /// password), under the data directory `environment` names.
    public init(serverURL url: String, environment: [String: String] = StoreLocation.processEnvironment(),
                connectionEnvironment: [String: String] = FieldFiles.connectionEnvironment()) {
        let club = StorePath.appending("club", to: SQLiteStore.defaultDirectory(environment: environment))
        directory = StorePath.appending(Self.key(of: url, environment: connectionEnvironment), to: club)
        storeName = PostgresConnection.redacted(url)
    }

    /// The outbox's SQLite file.
    public var outboxPath: String { directory + "/outbox.sqlite" }
    /// The copy's SQLite file.
    public var copyPath: String { directory + "/copy.sqlite" }

    /// The parts of a connection string that decide which server, database and role
    /// a connection reaches; the password is not one of them.
    static let identityKeywords = ["user", "host", "hostaddr", "port", "dbname", "service", "options"]

    /// The environment variables libpq takes a connection's identity from where the URL
    /// names none (`PGUSER` and the rest), and `USER`, the login name it falls back on.
    static let connectionVariables = ["PGUSER", "PGHOST", "PGHOSTADDR", "PGPORT", "PGDATABASE", "PGSERVICE",
                                      "PGOPTIONS", "USER"]

    /// Those of ``connectionVariables`` that are set (each asked of `getenv` by name).
    public static func connectionEnvironment() -> [String: String] {
        StoreLocation.variables(connectionVariables)
    }

    /// The directory name of the store at `url`: 32 hexadecimal digits of the SHA-256
    /// of its identity (``identity(of:environment:)``).
    static func key(of url: String, environment: [String: String]) -> String {
        String(SHA256.hex(of: Array(identity(of: url, environment: environment).utf8)).prefix(32))
    }

    /// One line per identity keyword, `keyword=value`, in a fixed order, with libpq's
    /// defaults for what the URL leaves out: `PGUSER`, `PGHOST` and the rest of
    /// `environment` first (two members sharing a home directory with a URL without a
    /// user, each with their own `PGUSER`, are two roles, each with their own outbox),
    /// then the port 5432, the socket directory, the login name and the user's database;
    /// a host name in lower case. A string libpq cannot parse is its redacted text (a
    /// store that cannot be reached anyway still gets one stable directory, and no password).
    static func identity(of url: String, environment: [String: String]) -> String {
        guard let parsed = try? PostgresConnectionString(url) else {
            return "unparsed=" + PostgresConnection.redacted(url)
        }
        var options = parsed.options
        let fromEnvironment = ["user": "PGUSER", "host": "PGHOST", "hostaddr": "PGHOSTADDR", "port": "PGPORT",
                               "dbname": "PGDATABASE", "service": "PGSERVICE", "options": "PGOPTIONS"]
        for (keyword, variable) in fromEnvironment where options[keyword] == nil {
            if let value = environment[variable], !value.isEmpty { options[keyword] = value }
        }
        let user = options["user"] ?? environment["USER"] ?? ""
        options["user"] = user
        options["port"] = options["port"] ?? "5432"
        options["dbname"] = options["dbname"] ?? user
        if options["host"] == nil && options["hostaddr"] == nil { options["host"] = "/var/run/postgresql" }
        if let host = options["host"], !host.hasPrefix("/") { options["host"] = host.lowercased() }
        return identityKeywords.compactMap { keyword in
            options[keyword].map { "\(keyword)=\($0)" }
        }.joined(separator: "\n")
    }
}
