import Foundation

/// Where the caches are kept, as `--store` or `GEOCACHE_STORE` names it: a
/// `postgres://` or `postgresql://` URL is a database on a PostgreSQL server, anything
/// else the path of an SQLite file.
public enum StoreLocation: Equatable, Sendable, CustomStringConvertible {
    /// An SQLite file, by its absolute path; `createsDirectories` when it is the XDG
    /// default, whose missing directories are created on the way.
    case file(String, createsDirectories: Bool)
    /// A PostgreSQL database, by its URL (which may hold a password).
    case server(String)

    /// A `--store` value or URL that cannot be used; the message names the part that
    /// is wrong, never the password.
    public struct Invalid: Error, Equatable, Sendable, CustomStringConvertible {
        /// The message, on one line (a line break in the value is written `\n`).
        public let description: String

        init(description: String) {
            self.description = MessageValue.oneLine(description)
        }
    }

    /// The location `value` names. A URL is checked as libpq reads it. An empty value
    /// names nothing: taken as the default store, `--store "$UNSET"` would read and
    /// write another store than the one meant. A path that ends with a slash names a
    /// directory, not a store file, and is refused too.
    public init(_ value: String) throws(Invalid) {
        guard !value.isEmpty else {
            throw Invalid(description: "--store is empty: give a store file's path or a postgres:// URL, "
                          + "or leave --store out for the default store")
        }
        guard PostgresConnectionString.isPostgresURI(value) else {
            // A path that ends with a slash names a directory: taken as a file, as
            // `URL` reads it, `--store ~/caches/` made a file called `caches`.
            if value.utf8.last == UInt8(ascii: "/") {
                let example = StorePath.appending("caches.sqlite", to: StorePath.absolute(value))
                throw Invalid(description: "\(value) ends with a slash, so it names a directory: "
                              + "name the store's file in it, for example \(example)")
            }
            let path = StorePath.absolute(value)
            try Self.checkLengths(of: path)
            self = .file(path, createsDirectories: false)
            return
        }
        let parsed: PostgresConnectionString
        do {
            parsed = try PostgresConnectionString(value)
        } catch {
            throw Invalid(description: "\(PostgresConnection.redacted(value)) is not a usable PostgreSQL URL: \(error.message)")
        }
        // libpq reads the port only when connecting; a usage error is clearer.
        if let port = parsed.options["port"],
           !port.split(separator: ",", omittingEmptySubsequences: false).allSatisfy({ UInt16($0) != nil }) {
            throw Invalid(description: "\(PostgresConnection.redacted(value)) is not a usable PostgreSQL URL: "
                          + "the port \"\(port)\" is not a number from 0 to 65535")
        }
        self = .server(value)
    }

    /// The most bytes a name in a path, and a whole path, may have on Linux
    /// (`NAME_MAX`, `PATH_MAX`): the system refuses a longer one (ENAMETOOLONG) whatever
    /// the file system, which SQLite reported as a database error.
    static let longestName = 255, longestPath = 4095

    /// The longest name SQLite gives a file beside the store: its `-journal`, used
    /// while a new store is claimed (then `-wal` and `-shm`).
    static let longestSideSuffix = "-journal".utf8.count

    /// Refuses `path` when a name in it or the whole of it is longer than the system
    /// takes, the store's own name and the whole path with room for the side files'.
    private static func checkLengths(of path: String) throws(Invalid) {
        if let name = path.split(separator: "/").first(where: { $0.utf8.count > longestName }) {
            throw Invalid(description: "the store's path has a name of \(name.utf8.count) bytes in it "
                          + "(“\(name.prefix(20))…”): a file's name is at most \(longestName) bytes")
        }
        if let name = path.split(separator: "/").last, name.utf8.count + longestSideSuffix > longestName {
            throw Invalid(description: "the store's file name is \(name.utf8.count) bytes long "
                          + "(“\(name.prefix(20))…”): at most \(longestName - longestSideSuffix) here, "
                          + "as SQLite makes its \(name.prefix(8))…-journal beside it")
        }
        if path.utf8.count + longestSideSuffix > longestPath {
            throw Invalid(description: "the store's path is \(path.utf8.count) bytes long: "
                          + "a path is at most \(longestPath - longestSideSuffix) bytes here (with its -journal)")
        }
    }

    /// `GEOCACHE_STORE` when set, else `$XDG_DATA_HOME/geocache-tui/caches.sqlite`,
    /// else `~/.local/share/geocache-tui/caches.sqlite` (see ``SQLiteStore/defaultPath(environment:)``).
    /// A value that names no store is refused with a message that names the variable.
    public static func standard(
        environment: [String: String] = processEnvironment()
    ) throws(Invalid) -> StoreLocation {
        if let value = environment["GEOCACHE_STORE"], !value.isEmpty {
            do {
                return try StoreLocation(value)
            } catch {
                throw Invalid(description: "the variable GEOCACHE_STORE: " + error.description)
            }
        }
        return .file(SQLiteStore.defaultPath(environment: environment), createsDirectories: true)
    }

    /// The variables ``standard(environment:)`` and ``SQLiteStore/defaultPath(environment:)``
    /// read, from the process's environment. Asked of `getenv` by name: Foundation's
    /// `ProcessInfo.environment` first builds a dictionary of every variable, before
    /// the store's thread starts (docs/performance.md has the figures).
    public static func processEnvironment() -> [String: String] {
        variables(["GEOCACHE_STORE", "XDG_DATA_HOME", "HOME"])
    }

    /// The variables `names` that are set, each asked of `getenv` by name.
    static func variables(_ names: [String]) -> [String: String] {
        names.reduce(into: [:]) { values, name in
            if let value = getenv(name) { values[name] = String(cString: value) }
        }
    }

    /// Opens the store here for `purpose`: the file (created when missing, unless not
    /// `creatingFile`: a command that only reads or changes caches already stored makes
    /// no store where a path was mistyped), or a connection to the server (the database
    /// set up when empty), set up for a form (listening for other sessions' changes) or
    /// for one command.
    /// - Throws: ``StoreError/noStore(path:missingDirectory:)`` when nothing, or an empty
    ///   file, is at a path not to be created; what opening the store met otherwise.
    public func open(for purpose: StorePurpose = .form, creatingFile: Bool = true) throws(StoreError) -> any CacheStore {
        switch self {
        case .file(let path, let createsDirectories):
            // lstat: a symbolic link to nothing is refused by opening, saying so.
            var status = stat()
            if !creatingFile, lstat(path, &status) != 0, errno == ENOENT {
                let directory = StorePath.directory(of: path)
                let directoryExists = stat(directory, &status) == 0
                throw .noStore(path: path, missingDirectory: createsDirectories || directoryExists ? nil : directory)
            }
            return try SQLiteStore(path: path, createIntermediateDirectories: createsDirectories,
                                   watchesChanges: purpose == .form, makingStoreInEmptyFile: creatingFile)
        case .server(let url):
            return try PostgresStore(url: url, purpose: purpose)
        }
    }

    /// Opens the store here for a form and reads what the form shows first
    /// (``CacheStore/openingContents()``): on a server, in the one exchange that follows
    /// connecting.
    public func openWithContents() throws -> (store: any CacheStore, contents: StoreContents) {
        switch self {
        case .file(let path, let createsDirectories):
            // Checked after the form's first frame, when it is a file not seen as it is.
            let store = try SQLiteStore(path: path, createIntermediateDirectories: createsDirectories, defersCheck: true)
            do {
                return (store, try store.openingContents())
            } catch {
                throw StoreError(wrapping: error, path: store.name)
            }
        case .server(let url):
            let store = try PostgresStore(url: url, purpose: .form, readingOpening: true)
            return (store, try store.openingContents())
        }
    }

    /// The name the form shows while the store opens: the file's name, as
    /// ``SQLiteStore/shortName``, or the database and its server as the URL and libpq's
    /// defaults name them (connecting may find that the environment changed them:
    /// ``PostgresStore/shortName`` says what was used).
    public var shortName: String {
        switch self {
        case .file(let path, _):
            StorePath.fileName(of: path)
        case .server(let url):
            (try? PostgresConnectionString(url)).map { PostgresStore.shortName(ofServer: $0.serverDescription) }
                ?? PostgresConnection.redacted(url)
        }
    }

    /// The path, or the URL with its password written `***`.
    public var description: String {
        switch self {
        case .file(let path, _): path
        case .server(let url): PostgresConnection.redacted(url)
        }
    }
}

/// What a store is opened for, which decides what opening a server's store costs.
public enum StorePurpose: Sendable {
    /// The form: it listens for other sessions' changes, and reads what it shows first
    /// (the count, the first caches, a kept draft) in the exchange that checks the schema.
    case form
    /// One command that exits: no listening (it would never hear a notification) and no
    /// watch on a store file, and the schema checked in the same exchange as its first read.
    case command
}
