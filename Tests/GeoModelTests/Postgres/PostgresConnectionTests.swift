import Foundation
import GeoModel
import GeoTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `PostgresConnection` against a real server (`PostgresTestServer`): connecting,
/// parameters and bytea, transactions, LISTEN/NOTIFY, deadlines, and every fault's
/// error kind, with no password in any message.
@Suite struct PostgresConnectionTests {
    @Test func connectsAndNamesItsServerAndBackend() throws {
        let server = try PostgresTestServer.shared()
        let connection = try PostgresConnection(try server.makeDatabase())
        #expect(connection.server.hasPrefix("127.0.0.1:\(server.port)/geo_test_"))
        #expect(connection.backendPID > 0)
        #expect(connection.socket >= 0)
        let result = try connection.query("SELECT pg_backend_pid(), current_setting('application_name')")
        #expect(result.rows.first?.int(0) == Int(connection.backendPID))
        #expect(result.rows.first?.string(1) == "geocache-tui")
    }

    @Test func connectsThroughTheUnixSocketDirectoryNamedInTheURI() throws {
        let server = try PostgresTestServer.shared()
        let database = try #require(try server.makeDatabase().split(separator: "/").last)
        let socketDirectory = server.socketDirectory.path
        let connection = try PostgresConnection("postgresql://geo@/\(database)?host=\(socketDirectory)&port=\(server.port)")
        #expect(connection.server == "\(socketDirectory):\(server.port)/\(database)")
        #expect(try connection.query("SELECT inet_client_addr() IS NULL").rows.first?.bool(0) == true)
    }

    @Test func keepalivesAreOnUnlessTheURISaysOtherwise() throws {
        let server = try PostgresTestServer.shared()
        let uri = try server.makeDatabase()
        let defaults = try PostgresConnection(uri)
        #expect(Self.socketOption(defaults.socket, SOL_SOCKET, SO_KEEPALIVE) == 1)
        #expect(Self.socketOption(defaults.socket, Int32(IPPROTO_TCP), TCP_KEEPIDLE) == 10)
        #expect(Self.socketOption(defaults.socket, Int32(IPPROTO_TCP), TCP_USER_TIMEOUT) == 10_000)
        let own = try PostgresConnection(uri + "?keepalives_idle=42&application_name=mine")
        #expect(Self.socketOption(own.socket, Int32(IPPROTO_TCP), TCP_KEEPIDLE) == 42)
        #expect(try own.query("SHOW application_name").rows.first?.string(0) == "mine")
    }

    @Test func byteaRoundTripsNULArbitraryBytesAndUnicode() throws {
        let connection = try PostgresConnection(try PostgresTestServer.shared().makeDatabase())
        try connection.query("CREATE TABLE blobs (id int PRIMARY KEY, value bytea NOT NULL)")
        let values: [[UInt8]] = [Array(0...255), [], [0], Array("a\u{0}b".utf8)] + Samples.awkwardStrings.map { Array($0.utf8) }
        for (index, value) in values.enumerated() {
            try connection.query("INSERT INTO blobs VALUES ($1, $2)", [.int(index), .bytea(value)])
        }
        let rows = try connection.query("SELECT value FROM blobs ORDER BY id").rows
        #expect(rows.map { $0[0] } == values)
        let strings = rows.dropFirst(4).map { $0.string(0) }
        #expect(strings == Samples.awkwardStrings)
    }

    @Test func textParametersNullAndNamedColumnsArrive() throws {
        let connection = try PostgresConnection(try PostgresTestServer.shared().makeDatabase())
        let row = try #require(try connection.query(
            "SELECT $1::int + 1 AS next, $2::text IS NULL AS missing, $3::text AS echo, $4::bytea = $5::bytea AS same",
            [.int(41), .null, .text("Straße 東京 🗺"), .utf8("x\u{0}y"), .bytea([0x78, 0, 0x79])]
        ).rows.first)
        #expect(row.int("next") == 42)
        #expect(row.bool(1) == true)
        #expect(row.string("echo") == "Straße 東京 🗺")
        #expect(row.bool(3) == true)
        #expect(row["no such column"] == nil)
    }

    @Test func textParameterHoldingNULIsRefusedBeforeItIsSent() throws {
        let connection = try PostgresConnection(try PostgresTestServer.shared().makeDatabase())
        let error = try #require(throws: PostgresError.self) { try connection.query("SELECT $1::text", [.text("a\u{0}b")]) }
        #expect(error.kind == .queryFailed)
        #expect(!connection.isBroken)
    }

    @Test func commandsReportTheRowsTheyTouched() throws {
        let connection = try PostgresConnection(try PostgresTestServer.shared().makeDatabase())
        try connection.query("CREATE TABLE numbers (n int)")
        let insert = try connection.query("INSERT INTO numbers SELECT generate_series(1, 3)")
        #expect(insert.affectedRows == 3)
        #expect(insert.commandStatus == "INSERT 0 3")
        #expect(try connection.query("DELETE FROM numbers WHERE n > 1").affectedRows == 2)
    }

    @Test func refusedStatementCarriesItsSQLStateAndKeepsTheConnection() throws {
        let connection = try PostgresConnection(try PostgresTestServer.shared().makeDatabase())
        let error = try #require(throws: PostgresError.self) { try connection.query("SELECT * FROM no_such_table") }
        #expect(error.kind == .queryFailed)
        #expect(error.sqlState == "42P01")
        #expect(error.message.contains("no_such_table"))
        #expect(try connection.query("SELECT 1").rows.first?.int(0) == 1)
    }

    @Test func transactionCommitsOrRollsBackAsAWhole() throws {
        let connection = try PostgresConnection(try PostgresTestServer.shared().makeDatabase())
        try connection.query("CREATE TABLE numbers (n int UNIQUE)")
        try connection.transaction {
            try connection.query("INSERT INTO numbers VALUES (1)")
            try connection.query("INSERT INTO numbers VALUES (2)")
        }
        struct Abandon: Error {}
        #expect(throws: Abandon.self) {
            try connection.transaction {
                try connection.query("INSERT INTO numbers VALUES (3)")
                throw Abandon()
            }
        }
        let swallowed = try #require(throws: PostgresError.self) {
            try connection.transaction {
                _ = try? connection.query("INSERT INTO numbers VALUES (1)")
            }
        }
        #expect(swallowed.message.contains("rolled back"))
        #expect(try connection.query("SELECT count(*) FROM numbers").rows.first?.int(0) == 2)
    }

    @Test func notifyFromAnotherConnectionWakesPollOnTheSocket() throws {
        let uri = try PostgresTestServer.shared().makeDatabase()
        let listener = try PostgresConnection(uri)
        let sender = try PostgresConnection(uri)
        try listener.query("LISTEN caches_changed")
        try sender.query("CREATE TABLE log (n int)")
        #expect(!Self.isReadable(listener.socket, milliseconds: 50))
        try sender.transaction {
            try sender.query("INSERT INTO log VALUES (1)")
            try sender.query("SELECT pg_notify('caches_changed', 'added 1')")
        }
        #expect(Self.isReadable(listener.socket, milliseconds: 10_000))
        try listener.consumeInput()
        let notifications = listener.drainNotifications()
        #expect(notifications == [PostgresNotification(channel: "caches_changed", payload: "added 1", senderPID: sender.backendPID)])
        #expect(listener.drainNotifications().isEmpty)
    }

    @Test func serverShutdownIsReportedAndReconnectingWorksAfterRestart() throws {
        let server = try PostgresTestServer()
        defer { server.destroy() }
        let uri = try server.makeDatabase()
        let listener = try PostgresConnection(uri)
        let idle = try PostgresConnection(uri)
        try listener.query("LISTEN caches_changed")
        try server.stop()
        #expect(Self.isReadable(listener.socket, milliseconds: 10_000))
        let lost = try #require(throws: PostgresError.self) { try listener.consumeInput() }
        #expect(lost.kind == .serverShutDown)
        #expect(lost.sqlState == "57P01")
        #expect(listener.isBroken)
        let failed = try #require(throws: PostgresError.self) { try idle.query("SELECT 1", timeout: 10) }
        #expect([.serverShutDown, .connectionLost].contains(failed.kind))
        #expect(idle.isBroken)
        #expect(throws: PostgresError.self) { try PostgresConnection(uri, timeout: 10) }
        try server.start()
        let again = try PostgresConnection(uri)
        #expect(try again.query("SELECT 1").rows.first?.int(0) == 1)
    }

    @Test func refusedPortFailsAtOnceNamingHostAndPortButNotThePassword() throws {
        let port = try SilentListener.closedPort()
        let started = ContinuousClock.now
        let error = try #require(throws: PostgresError.self) {
            try PostgresConnection("postgresql://geo:Secret-pw-1@127.0.0.1:\(port)/caches")
        }
        // A refusal is not waited out: it comes before the deadline of a silent server.
        #expect(ContinuousClock.now - started < .seconds(PostgresConnection.defaultConnectTimeout))
        #expect(error.kind == .cannotConnect)
        #expect(error.description.contains("127.0.0.1:\(port)/caches"))
        #expect(!error.description.contains("Secret-pw-1"))
    }

    @Test(arguments: ["sslmode=bogus", "keepalives=x", "target_session_attrs=any-but"])
    func anOptionValueLibpqRefusesIsABadOptionNotAnUnreachableServer(_ option: String) throws {
        let port = try SilentListener.closedPort()
        let error = try #require(throws: PostgresError.self) {
            try PostgresConnection("postgresql://geo:Secret-pw-1@127.0.0.1:\(port)/caches?\(option)")
        }
        #expect(error.kind == .badOption)
        #expect(error.message.contains("invalid"))
        #expect(!error.description.contains("Secret-pw-1"))
    }

    @Test func silentServerTimesOutWithinTheDeadline() throws {
        let listener = try SilentListener()
        let started = ContinuousClock.now
        let error = try #require(throws: PostgresError.self) {
            try PostgresConnection("postgresql://geo:Secret-pw-2@127.0.0.1:\(listener.port)/caches", timeout: 0.4)
        }
        let elapsed = ContinuousClock.now - started
        // The given deadline, not the default one, ends the wait.
        #expect(elapsed >= .milliseconds(350) && elapsed < .seconds(PostgresConnection.defaultConnectTimeout))
        #expect(error.kind == .timeout)
        #expect(error.description.contains("127.0.0.1:\(listener.port)"))
        #expect(!error.description.contains("Secret-pw-2"))
    }

    @Test func connectTimeoutInTheURIIsTheDeadline() throws {
        let listener = try SilentListener()
        let started = ContinuousClock.now
        let error = try #require(throws: PostgresError.self) {
            try PostgresConnection("postgresql://geo@127.0.0.1:\(listener.port)/caches?connect_timeout=1")
        }
        let elapsed = ContinuousClock.now - started
        #expect(error.kind == .timeout)
        #expect(elapsed >= .milliseconds(950) && elapsed < .seconds(PostgresConnection.defaultConnectTimeout))
    }

    @Test func wrongPasswordIsAnAuthenticationFailureThatHidesThePassword() throws {
        let server = try PostgresTestServer.shared()
        let role = PostgresTestServer.passwordRole
        let error = try #require(throws: PostgresError.self) {
            try PostgresConnection(server.uri(database: "postgres", user: role, password: "Wrong-pw-3"))
        }
        #expect(error.kind == .authenticationFailed)
        #expect(!error.description.contains("Wrong-pw-3"))
        let right = try PostgresConnection(server.uri(database: "postgres", user: role, password: PostgresTestServer.rolePassword))
        #expect(try right.query("SELECT current_user").rows.first?.string(0) == role)
    }

    @Test func missingPasswordIsAnAuthenticationFailure() throws {
        let server = try PostgresTestServer.shared()
        let error = try #require(throws: PostgresError.self) {
            try PostgresConnection(server.uri(database: "postgres", user: PostgresTestServer.passwordRole) + "?passfile=/nonexistent")
        }
        #expect(error.kind == .authenticationFailed)
    }

    @Test func missingDatabaseHasItsOwnKind() throws {
        let server = try PostgresTestServer.shared()
        let error = try #require(throws: PostgresError.self) {
            try PostgresConnection(server.uri(database: "no_such_database"))
        }
        #expect(error.kind == .databaseMissing)
        #expect(error.description.contains("no_such_database"))
    }

    @Test func queryDeadlineThrowsTimeoutPromptlyAndCancelsTheStatement() throws {
        let server = try PostgresTestServer.shared()
        let uri = try server.makeDatabase()
        let connection = try PostgresConnection(uri)
        let pid = connection.backendPID
        let started = ContinuousClock.now
        let error = try #require(throws: PostgresError.self) { try connection.query("SELECT pg_sleep(10)", timeout: 0.3) }
        // Cut short by the deadline, far from the statement's ten seconds.
        #expect(ContinuousClock.now - started < .seconds(5))
        #expect(error.kind == .timeout)
        #expect(connection.isBroken)
        #expect(throws: PostgresError.self) { try connection.query("SELECT 1") }
        let observer = try PostgresConnection(uri)
        // Well before the statement's own ten seconds would end it.
        let running = try !waitUntil(timeout: .milliseconds(2_500), polling: .milliseconds(50)) {
            try observer.query("SELECT 1 FROM pg_stat_activity WHERE pid = $1", [.int(Int(pid))]).rows.count == 0
        }
        #expect(!running)
    }

    // MARK: Connection strings

    @Test func malformedURIIsRefusedNamingTheBadPart() {
        let cases = [
            ("postgresql://geo@127.0.0.1/caches?bogus_option=1", "bogus_option"),
            ("postgresql://geo@[::1/caches", "]"),
            ("host=localhost nonsense", "nonsense"),
        ]
        for (uri, part) in cases {
            let error = #expect(throws: PostgresConnectionString.Invalid.self) { try PostgresConnection.validate(uri) }
            #expect(error?.message.contains(part) == true, "\(uri): \(error?.message ?? "no error")")
        }
        #expect(throws: Never.self) { try PostgresConnection.validate("postgresql://geo@/caches?host=/tmp/sock&sslmode=disable") }
    }

    @Test func malformedURIMessageHidesThePassword() {
        let error = #expect(throws: PostgresConnectionString.Invalid.self) {
            try PostgresConnection.validate("postgresql://geo:Pa%zzss@127.0.0.1/caches")
        }
        #expect(error?.message.contains("zzss") == false)
    }

    @Test func redactionWritesEveryPasswordAsStars() {
        let cases = [
            ("postgresql://ana:s3cr%40t@db.example:5433/caches", "postgresql://ana:***@db.example:5433/caches"),
            ("postgres://ana@db.example/caches", "postgres://ana@db.example/caches"),
            ("postgresql://ana:pw@h/caches?password=two&sslmode=require", "postgresql://ana:***@h/caches?password=***&sslmode=require"),
            ("postgresql:///caches?user=ana&password=pw", "postgresql:///caches?user=ana&password=***"),
            ("host=h password=pw dbname=caches", "host=h password=*** dbname=caches"),
            ("host=h password = 'p w\\'x' dbname=caches", "host=h password = *** dbname=caches"),
        ]
        for (uri, expected) in cases {
            #expect(PostgresConnection.redacted(uri) == expected)
        }
    }

    // MARK: Helpers

    /// Whether `socket` becomes readable within `milliseconds`.
    static func isReadable(_ socket: Int32, milliseconds: Int32) -> Bool {
        var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, milliseconds) == 1
    }

    /// An integer socket option of `socket`; nil when it cannot be read.
    static func socketOption(_ socket: Int32, _ level: Int32, _ name: Int32) -> Int32? {
        var value: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        return getsockopt(socket, level, name, &value, &length) == 0 ? value : nil
    }
}
