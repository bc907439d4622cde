import Foundation

/// The list of caches in a PostgreSQL database, shared by every host that reaches the
/// server: the club's store.
///
/// One store is one libpq connection (``PostgresConnection``), which also listens on
/// the channel the store's triggers notify on every committed change, so another
/// session's commit makes ``changeDescriptor`` (the connection's socket) readable
/// and the form wakes within milliseconds without polling.
///
/// The rules are the SQLite store's (``CacheStore``): stored order is the order of
/// commits (appends take a transaction-level advisory lock, so identities from the
/// sequence commit in order and "Cache N of M" never lies), the count is kept by
/// statement triggers, fields are `text` (UTF-8, so SQL reads them; a cache holding
/// NUL, which `text` cannot hold, is refused), search matches a column folded by Swift
/// (``SearchFolding``), and the duplicate check compares a SHA-256 of the four fields'
/// UTF-8 bytes (indexed) and then the fields themselves.
///
/// When the server goes away, every call throws ``StoreError/connectionLost(server:reason:)``
/// at once (nothing is stored, nothing waits), and ``recheckDelay`` asks to be looked at
/// every two seconds; ``hasChangedExternally()`` then connects again without blocking
/// (while it does, ``changeDescriptor`` is the connecting socket) and answers true once
/// connected, so the caller reloads what changed meanwhile. A wait for the server ends
/// early when the owner's ``interruption`` says so (the connection is then lost), and a
/// write waits at most ``lockWait`` for another session's lock
/// (``StoreError/locked(path:holder:)``, never "unreachable").
/// A write whose connection broke after it was sent is looked up in the write ledger
/// (`PostgresStore+Ledger.swift`) and reported as it happened, or throws
/// ``StoreError/outcomeUnknown(server:reason:)`` when the server cannot be asked in time.
///
/// ```swift
/// let store = try PostgresStore(url: "postgresql://club@db.example.org/caches")
/// try store.add(GeoCache(title: "Old Oak", details: "Behind the tree", creator: "ana", reward: "Travel bug"))
/// ```
public final class PostgresStore: CacheStore {
    /// The URL as given (it may hold a password: it is never shown).
    let url: String
    /// The server as `host:port/dbname`, for messages.
    public let name: String
    /// The one connection; nil while the server cannot be reached.
    var connection: PostgresConnection?
    /// Why the connection was lost, once it was.
    private var lostBecause: StoreError?
    /// When the connection was last tried again.
    private var lastAttempt = ContinuousClock.now
    /// Set when the connection came back: the caller must re-read everything.
    var reconnected = false
    /// The connection being made again, without blocking, after the server went away.
    private var reconnecting: PostgresConnectAttempt?

    /// What may cut a wait for the server short (the form's ^Q, a command's signal):
    /// given to the connection and to every connection made again.
    public var interruption: StoreInterruption? {
        didSet { connection?.interruption = interruption }
    }

    /// How long a write waits for a lock another session holds before it throws
    /// ``StoreError/locked(path:holder:)`` (the form sets it short and tries again;
    /// a command waits longer).
    public var lockWait: TimeInterval = PostgresStore.appendLockWait

    /// Called once by a write that waited ``lockNoticeAfter`` for a lock and goes on
    /// waiting.
    public var lockWaitNotice: (() -> Void)?
    /// How long a write whose reply was lost may take to connect again and settle its
    /// outcome (``settleWrite(_:)``) before it throws
    /// ``StoreError/outcomeUnknown(server:reason:)``: a command waits longer than a form.
    public var settleTimeout: TimeInterval = PostgresConnection.defaultQueryTimeout
    /// How long a write waits for the server's reply (its one round trip) before the
    /// connection counts as lost and the write is settled.
    public var writeTimeout: TimeInterval = PostgresConnection.defaultQueryTimeout

    /// ``writeTimeout`` and ``settleTimeout`` at once (the form sets both short: the
    /// write it could not settle is settled when the server answers).
    public var replyWait: Double {
        get { writeTimeout }
        set { (writeTimeout, settleTimeout) = (newValue, newValue) }
    }

    /// How often a lost connection is tried again.
    static let reconnectInterval: Duration = .seconds(2)
    /// The channel the store's triggers notify on.
    static let channel = "geocache_changes"

    /// The database and its server: `caches on db.example.org:5432`.
    public var shortName: String { Self.shortName(ofServer: name) }

    /// `host:port/dbname` as `dbname on host:port`.
    static func shortName(ofServer name: String) -> String {
        guard let slash = name.lastIndex(of: "/") else { return name }
        return "\(name[name.index(after: slash)...]) on \(name[..<slash])"
    }

    /// A server has no files to protect from an export.
    public var protectedPaths: [String] { [] }

    /// What the store was opened for: a form listens for other sessions' changes, a
    /// command does not.
    let purpose: StorePurpose
    /// Whether the schema was found current on this connection; until then the first
    /// exchange checks it (``exchange(_:)``).
    var schemaChecked = false
    /// Whether a read-only transaction of a read (`stream`) was left open,
    /// to be ended in the next exchange rather than in a round trip of its own.
    var readTransactionOpen = false
    /// What the role this session logged in as may do in the club, read with the
    /// schema's check (``standingRead``); nil until then.
    public internal(set) var standing: ClubStanding?
    public var clubStanding: ClubStanding? { standing }
    /// The club database's identity (`PostgresStore+ClubIdentity.swift`), read with the
    /// schema's check; nil until then. A later connection that reads another fails.
    public internal(set) var clubIdentity: String?
    /// A server's: each read is a round trip.
    public var readsLocally: Bool { false }
    /// What setting up the club's rules did, when this session's first exchange did it
    /// (the first connection of a role that may create roles): said once by the program.
    public internal(set) var clubSetUpJustNow: ClubSetUp?
    /// The role that owned the club's tables before this session's admin took them over
    /// to upgrade them (``takeOverIfAdmin(on:server:)``): said by the set-up that follows.
    var tablesTakenFrom: String?
    /// What the form shows first, read while opening (``openingContents()`` hands it
    /// over once).
    var openedContents: StoreContents?
    /// The caches around the form's current one, and a window's read in flight
    /// (`PostgresStore+ReadAhead.swift`).
    var readAhead = PostgresReadAhead()

    /// Connects to the server `url` names (`postgres://` or `postgresql://`, with
    /// everything libpq accepts) and checks that the database is a geocache-tui store
    /// (or empty, and then sets it up).
    ///
    /// For a form, the check, `LISTEN` for other sessions' changes and the form's first
    /// reads (``openingContents()``) go in one exchange after connecting. For a command,
    /// nothing is sent until its first statement: the check goes in the same exchange as
    /// the first read, or in a round trip of its own before a write. Neither sends
    /// `SET jit = off`: that setting travels in the start-up packet (``sessionSettings(for:)``).
    ///
    /// - Throws: ``StoreError/unreachable(server:reason:)``,
    ///   ``StoreError/accessDenied(server:reason:)``, ``StoreError/noSuchDatabase(server:)``,
    ///   and for a form ``StoreError/foreignDatabase(server:)`` (nothing created) and
    ///   ``StoreError/newerServerSchema(server:)``, all within the connect timeout (a
    ///   command meets the last two at its first statement).
    public convenience init(url: String, purpose: StorePurpose = .form) throws(StoreError) {
        try self.init(url: url, purpose: purpose, readingOpening: false)
    }

    /// Opens the store as ``init(url:purpose:)`` does; with `readingOpening` (a form's
    /// opening, ``StoreLocation/openWithContents()``), the one exchange after connecting
    /// also reads what ``openingContents()`` hands over and takes a kept draft. With
    /// `interruption`, it cuts short the waits of connecting and of that exchange too.
    init(url: String, purpose: StorePurpose, readingOpening: Bool, interruption: StoreInterruption? = nil) throws(StoreError) {
        self.url = url
        self.purpose = purpose
        let connection: PostgresConnection
        do {
            connection = try PostgresConnection(url, settings: Self.sessionSettings(for: purpose), interruption: interruption)
        } catch {
            throw Self.openingError(error, url: url)
        }
        name = connection.server
        self.connection = connection
        self.interruption = interruption
        guard purpose == .form else { return }
        do {
            if readingOpening {
                openedContents = try openForForm()
            } else {
                for outcome in try exchange(Self.sessionStatements(for: purpose)).joined() {
                    _ = try Self.result(of: outcome, server: name)
                }
            }
        } catch {
            let failure = Self.namingTheHolder(Self.storeError(error, server: connection.server), on: connection)
            connection.close()
            throw failure
        }
    }

    deinit { reconnecting?.cancel() }

    /// The store opened again from the same URL; its owner's ``interruption`` may cut
    /// the connecting short (^Q while a delivery opens the store again).
    public func reopened() throws -> any CacheStore {
        let again = try PostgresStore(url: url, purpose: purpose, readingOpening: false, interruption: interruption)
        // The same club database, or none: its first exchange compares the identity.
        again.clubIdentity = clubIdentity
        return again
    }

    // MARK: - Other sessions

    /// The connection's socket, readable when a notification (or a failure) arrived;
    /// while connecting again, the connecting socket (ready for what
    /// ``changeDescriptorAwaitsWriting`` says); nil while the server cannot be reached
    /// and no attempt is under way.
    public var changeDescriptor: Int32? {
        if let reconnecting { return reconnecting.socket >= 0 ? reconnecting.socket : nil }
        guard let connection, !connection.isBroken else { return nil }
        return connection.socket
    }

    /// True while a connection is being made again and libpq waits to write on its
    /// socket (the TCP handshake); false otherwise (wait for reading).
    public var changeDescriptorAwaitsWriting: Bool { reconnecting?.awaitsWriting ?? false }

    /// While the server cannot be reached, the time until the next attempt to connect;
    /// while an attempt is under way, the time until it gives up.
    public var recheckDelay: Duration? {
        if let reconnecting { return max(reconnecting.remaining, .milliseconds(10)) }
        guard connection == nil else { return nil }
        let left = Self.reconnectInterval - lastAttempt.duration(to: .now)
        return max(left, .milliseconds(10))
    }

    /// True when another session committed a change since the last call (a
    /// notification from another server process), or when the connection has just come
    /// back (changes made meanwhile were not announced). While the server cannot be
    /// reached it tries to connect again, at most every ``reconnectInterval``, without
    /// blocking (each call moves the attempt on: see ``changeDescriptor``), and throws
    /// ``StoreError/connectionLost(server:reason:)`` until that works.
    public func hasChangedExternally() throws -> Bool {
        if try absorbReadAhead() { return false }
        guard let connection = try liveConnection(reconnecting: true) else { return false }
        if reconnected {
            reconnected = false
            _ = connection.drainNotifications()
            return true
        }
        do {
            try connection.consumeInput()
        } catch {
            throw lose(error)
        }
        let own = connection.backendPID
        if connection.drainNotifications().contains(where: { $0.senderPID != own }) { return true }
        // A notification travels on its own after the sender's commit. A round trip
        // brings every one committed before it: the server sends them before it says
        // it is ready for the next statement.
        _ = try run { try $0.query("SELECT 1") }
        return connection.drainNotifications().contains { $0.senderPID != own }
    }

    // MARK: - Plumbing

    /// The settings a session of `purpose` starts with, in the start-up packet:
    /// - the server's JIT compiling off. Every statement of the store is short, but once
    ///   a table grows inside one transaction (an import's batches) the planner's
    ///   estimates pass the JIT threshold and each statement was compiled for 0.45 s to
    ///   run for 0.02 s (measured here);
    /// - for a form, a read waits at most ``formReadLockWait`` for a lock another
    ///   session holds (a `LOCK TABLE`, a long migration): it then throws
    ///   ``StoreError/locked(path:holder:)`` and the form says so, instead of freezing
    ///   until the round trip's deadline and calling the server away. (Writes set their
    ///   own wait, ``lockWait``, in their transaction.)
    /// - for a command, the same up to ``commandReadLockWait``, just under the round
    ///   trip's deadline: a `list` or a `sync` under an admin's `LOCK TABLE` said the
    ///   connection was lost, or the server could not be reached (exit 69).
    static func sessionSettings(for purpose: StorePurpose) -> [(name: String, value: String)] {
        let wait = purpose == .form ? formReadLockWait : commandReadLockWait
        return [("jit", "off"), ("lock_timeout", "\(Int(wait * 1000))ms")]
    }

    /// How long a form's read waits for another session's lock.
    static let formReadLockWait: TimeInterval = 1
    /// How long a command's read waits for another session's lock: a second less than
    /// a round trip waits for its reply (``PostgresConnection/defaultQueryTimeout``).
    static let commandReadLockWait: TimeInterval = PostgresConnection.defaultQueryTimeout - 1

    /// What a session of `purpose` sends first: a form listens for other sessions'
    /// changes, a command nothing.
    static func sessionStatements(for purpose: StorePurpose) -> [[PostgresStatement]] {
        purpose == .form ? [[PostgresStatement("LISTEN \(channel)")]] : []
    }

    /// The open connection. With `reconnecting`, a lost one is connected again: an
    /// attempt is started once the interval has passed and moved on by each call
    /// (``PostgresConnectAttempt``, never blocking), and the session set up once it
    /// is made; until then this throws the error the connection was lost with.
    /// Without `reconnecting`, a lost connection throws at once.
    private func liveConnection(reconnecting allowed: Bool) throws -> PostgresConnection? {
        if let connection, !connection.isBroken { return connection }
        if connection != nil { throw lose(PostgresError(kind: .connectionLost, message: "the connection broke", server: name)) }
        let notConnected = lostBecause ?? .connectionLost(server: name, reason: "not connected")
        guard allowed else { throw notConnected }
        if reconnecting == nil {
            guard lastAttempt.duration(to: .now) >= Self.reconnectInterval else { throw notConnected }
            lastAttempt = .now
            reconnecting = try? PostgresConnectAttempt(url, timeout: nil, settings: Self.sessionSettings(for: purpose))
        }
        guard let attempt = reconnecting else { throw notConnected }
        switch attempt.advance() {
        case .waiting:
            throw notConnected
        case .failed(let error):
            reconnecting = nil
            lastAttempt = .now
            lostBecause = .connectionLost(server: name, reason: error.message)
            throw lostBecause!
        case .connected(let handle):
            reconnecting = nil
            let fresh = PostgresConnection(established: handle, server: attempt.server, connectionString: url)
            fresh.interruption = interruption
            do {
                let session = Self.sessionStatements(for: purpose)
                if !session.isEmpty { for outcome in try fresh.pipeline(session).joined() { _ = try outcome.get() } }
            } catch {
                lastAttempt = .now
                lostBecause = .connectionLost(server: name, reason: error.message)
                throw lostBecause!
            }
            connection = fresh
            lostBecause = nil
            reconnected = true
            // The server may be another now (a database re-created, another server on the
            // port): the next exchange checks the schema and the club's identity again.
            schemaChecked = false
            return fresh
        }
    }

    /// Runs `body` on the open connection, turning a broken connection into
    /// ``StoreError/connectionLost(server:reason:)`` (and dropping it), a lock wait that
    /// ran out (55P03) into ``StoreError/locked(path:holder:)``, and other server errors
    /// into ``StoreError``. Errors `body` throws on purpose (validation,
    /// ``CacheEditError``, ``ImportError``) go through unchanged.
    ///
    /// Unless `keepingReadAhead` (the reads of `PostgresStore+Caches.swift`, which know
    /// what they change), the caches read ahead are forgotten first (a write may change
    /// them), and what the connection owes is settled: a read-ahead in flight taken,
    /// a read transaction left open ended, the schema checked (``catchUp(_:)``).
    func run<T>(keepingReadAhead: Bool = false, _ body: (PostgresConnection) throws -> T) throws -> T {
        guard let connection = try liveConnection(reconnecting: false) else {
            throw lostBecause ?? .connectionLost(server: name, reason: "not connected")
        }
        do {
            if !keepingReadAhead { try catchUp(connection) }
            return try body(connection)
        } catch let error as PostgresError {
            guard error.kind == .queryFailed else { throw lose(error) }
            throw Self.namingTheHolder(Self.refusal(error, server: name), on: connection)
        } catch let error as StoreError {
            throw Self.namingTheHolder(error, on: connection)
        }
    }

    /// `error`, when it is a lock wait that ran out naming no holder (a read's), with
    /// the session that holds the lock named (``appendLockHolder(on:)``), as a write's
    /// is: "another program (psql of ana, server process 4242) holds…". Unchanged when
    /// the connection cannot ask (a transaction left aborted) or no one holds it now.
    static func namingTheHolder(_ error: StoreError, on connection: PostgresConnection) -> StoreError {
        guard case .locked(let path, nil) = error else { return error }
        if connection.isInFailedTransaction { _ = try? connection.query("ROLLBACK") }
        guard let holder = try? appendLockHolder(on: connection) else { return error }
        return .locked(path: path, holder: holder)
    }

    /// Runs `body` with the longest lock wait a write may have; with a
    /// ``lockWaitNotice``, the first wait is cut at ``lockNoticeAfter``, the notice
    /// called, and `body` run again for the rest of ``lockWait`` (a write refused by a
    /// lock was rolled back, so running it again with the same identifier is safe).
    func withLockNotice<T>(_ body: (TimeInterval) throws -> T) throws -> T {
        guard lockWaitNotice != nil, lockWait > Self.lockNoticeAfter else { return try body(lockWait) }
        do {
            return try body(Self.lockNoticeAfter)
        } catch StoreError.locked {
            lockWaitNotice?()
            return try body(lockWait - Self.lockNoticeAfter)
        }
    }

    /// How long a write waits for a lock before a command says it is waiting.
    static let lockNoticeAfter: TimeInterval = 0.5

    /// Runs `body` in one transaction that waits at most ``lockWait`` for a lock; a
    /// wait that ran out is ``StoreError/locked(path:holder:)`` (rolled back: nothing
    /// was written). For the writes whose outcome a lost connection settles by itself
    /// (taking a draft: a lost connection ends the hold); the others go through the
    /// ledger (``ledgerWrite(_:kind:appending:_:timeout:replay:result:)``).
    func transaction<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
        try run { connection in
            do {
                return try connection.transaction {
                    try connection.query(lockTimeoutStatement(lockWait).sql)
                    return try body(connection)
                }
            } catch let error as PostgresError where error.sqlState == "55P03" {
                throw StoreError.locked(path: name, holder: nil)
            }
        }
    }

    /// How long a write waits for a lock by default (``lockWait``): an append waits
    /// for another session's append or import to finish.
    static let appendLockWait: TimeInterval = 4

    /// The deadline of one statement of an import or a replacement of every cache: the
    /// command line waits for those, not a form.
    static let bulkStatementTimeout: TimeInterval = 120

    /// Forgets a broken connection and returns the error that says so.
    func lose(_ error: any Error) -> StoreError {
        connection?.close()
        connection = nil
        lastAttempt = .now
        let reason = (error as? PostgresError)?.message ?? String(describing: error)
        let lost = StoreError.connectionLost(server: name, reason: reason)
        lostBecause = lost
        return lost
    }

    /// The error opening gives for what connecting threw.
    private static func openingError(_ error: any Error, url: String) -> StoreError {
        guard let error = error as? PostgresError else {
            return .unreachable(server: PostgresConnection.redacted(url), reason: String(describing: error))
        }
        switch error.kind {
        case .authenticationFailed: return .accessDenied(server: error.server, reason: error.message)
        case .databaseMissing: return .noSuchDatabase(server: error.server)
        case .badOption: return .badConnectionOption(server: error.server, reason: error.message)
        default: return .unreachable(server: error.server, reason: error.message)
        }
    }

    /// A ``StoreError`` for what a statement on `server` threw (a lock wait that ran out
    /// is ``StoreError/locked(path:holder:)``: the server answers).
    static func storeError(_ error: any Error, server: String) -> StoreError {
        if let error = error as? StoreError { return error }
        guard let error = error as? PostgresError else { return .serverError(server: server, message: "\(error)") }
        guard error.kind == .queryFailed else { return .connectionLost(server: server, reason: error.message) }
        return refusal(error, server: server)
    }

    /// What a statement the server answered with an error means, the one rule for every
    /// statement: a lock wait that ran out (55P03) is ``StoreError/locked(path:holder:)``
    /// (the holder not known here), a missing right (42501: a grant or a row-level
    /// security policy) ``StoreError/notPermitted(server:reason:)``, any other
    /// ``StoreError/serverError(server:message:)``.
    static func refusal(_ error: PostgresError, server: String, holder: String? = nil) -> StoreError {
        switch error.sqlState {
        case "55P03": .locked(path: server, holder: holder)
        case "42501": .notPermitted(server: server, reason: error.message)
        default: .serverError(server: server, message: error.message)
        }
    }
}
