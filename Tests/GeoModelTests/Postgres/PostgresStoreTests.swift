import Foundation
import GeoModel
import GeoTestSupport
import Testing

/// What only the PostgreSQL store does: opening faults, a database of another
/// application, a newer schema, drafts per member, losing and regaining the server.
/// The behaviour it shares with SQLite is tested once for both (``StoreFixture``).
@Suite struct PostgresStoreTests {
    private var server: PostgresTestServer { get throws { try PostgresTestServer.shared() } }

    /// Opens `url`, expecting a ``StoreError``.
    private func openingError(_ url: String) -> StoreError? {
        do {
            _ = try PostgresStore(url: url)
            return nil
        } catch {
            return error
        }
    }

    @Test func anEmptyDatabaseBecomesAStore() throws {
        let url = try server.makeDatabase()
        let store = try PostgresStore(url: url)
        #expect(try store.count() == 0)
        #expect(store.name.hasSuffix(String(url.split(separator: "/").last!)))
    }

    @Test func aServerThatIsNotRunningIsNamedWithoutThePassword() throws {
        let port = try SilentListener.closedPort()
        let error = openingError("postgresql://club:Sekret-77@127.0.0.1:\(port)/caches")
        guard case .unreachable(let server, _) = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(server == "127.0.0.1:\(port)/caches")
        #expect(!error!.description.contains("Sekret-77"))
    }

    @Test func aWrongPasswordIsRefusedWithoutShowingIt() throws {
        let url = try server.uri(database: "postgres", user: PostgresTestServer.passwordRole, password: "Wrong-pw-9")
        let error = openingError(url)
        guard case .accessDenied = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(!error!.description.contains("Wrong-pw-9"))
        #expect(error!.description.contains("PGPASSWORD or ~/.pgpass"))
    }

    @Test func aMissingDatabaseSaysHowToCreateIt() throws {
        let error = openingError(try server.uri(database: "no_such_club"))
        guard case .noSuchDatabase = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(error!.description.contains("createdb"))
    }

    @Test func aDatabaseOfAnotherApplicationIsRefusedAndNothingIsCreatedInIt() throws {
        let url = try server.makeDatabase(settingUp: false)
        let name = String(url.split(separator: "/").last!)
        try server.superuser("CREATE TABLE invoices (n int)", database: name)
        #expect(openingError(url) == .foreignDatabase(server: "127.0.0.1:\(try server.port)/\(name)"))
        let tables = try server.superuser(
            "SELECT string_agg(tablename, ',') FROM pg_tables WHERE schemaname = 'public'", database: name)
        #expect(tables.rows.first?.string(0) == "invoices")
    }

    @Test func aStoreOfANewerVersionIsRefusedUntouched() throws {
        let url = try server.makeDatabase()
        _ = try PostgresStore(url: url)
        let name = String(url.split(separator: "/").last!)
        try server.superuser("INSERT INTO geocache_schema (version) VALUES (99)", database: name)
        #expect(openingError(url) == .newerServerSchema(server: "127.0.0.1:\(try server.port)/\(name)"))
    }

    @Test func twoStoresSettingUpOneDatabaseAtOnceBothOpenIt() async throws {
        let url = try server.makeDatabase()
        let opened = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<4 { group.addTask { (try? PostgresStore(url: url)) != nil } }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(opened == [true, true, true, true])
    }

    @Test func eachRoleKeepsItsOwnDraft() throws {
        let url = try server.makeDatabase()
        let name = String(url.split(separator: "/").last!)
        let mine = try PostgresStore(url: url)
        try server.superuser("GRANT ALL ON ALL TABLES IN SCHEMA public TO \(PostgresTestServer.passwordRole)", database: name)
        let theirs = try PostgresStore(url: server.uri(database: name, user: PostgresTestServer.passwordRole,
                                                         password: PostgresTestServer.rolePassword))
        try mine.leaveDraft(FormDraft(fields: [.title: "my unfinished text"]))
        #expect(try theirs.keptDrafts().isEmpty)
        #expect(try theirs.takeDraft(before: nil) == nil)
        try theirs.leaveDraft(FormDraft(fields: [.title: "theirs"]))
        #expect(try mine.keptDrafts() == [FormDraft(fields: [.title: "my unfinished text"])])
    }

    @Test func theChangeDescriptorWakesOnAnotherSessionsCommitOnly() throws {
        let url = try server.makeDatabase()
        let store = try PostgresStore(url: url)
        let other = try PostgresStore(url: url)
        let descriptor = try #require(store.changeDescriptor)
        try store.add(Samples.oak)
        #expect(try !store.hasChangedExternally())
        try other.add(Samples.bridge)
        #expect(PostgresConnectionTests.isReadable(descriptor, milliseconds: 10_000))
        #expect(try store.hasChangedExternally())
        #expect(try !store.hasChangedExternally())
    }

    @Test func aVisitLoggedByAnotherSessionWakesTheChangeDescriptor() throws {
        let url = try server.makeDatabase()
        let store = try PostgresStore(url: url)
        let other = try PostgresStore(url: url)
        let descriptor = try #require(store.changeDescriptor)
        #expect(try !store.hasChangedExternally())
        let dnf = Visit(code: "GC1OAK", time: "2026-11-27T09:00:00Z", type: .didNotFindIt, text: "no luck")
        _ = try other.recordVisits([dnf], as: WriteID())
        #expect(PostgresConnectionTests.isReadable(descriptor, milliseconds: 10_000))
        #expect(try store.hasChangedExternally())
        #expect(try store.ownData(includingVisits: true).visitsByCode == ["GC1OAK": [dnf]])
    }

    @Test func aLostServerRefusesAtOnceAndTheStoreReconnectsWhenItIsBack() throws {
        let server = try PostgresTestServer()
        defer { server.destroy() }
        let store = try PostgresStore(url: try server.makeDatabase())
        try store.add(Samples.oak)
        try server.stop()
        #expect(throws: StoreError.self) { try store.hasChangedExternally() }
        #expect(store.changeDescriptor == nil)
        #expect(store.recheckDelay != nil)
        let refused = try #require(throws: StoreError.self) { try store.add(Samples.bridge) }
        #expect(refused.meansTheServerIsAway)
        // Refused before anything was sent: a lost connection, which for a write means that
        // nothing was stored (each caller says so in its own words).
        guard case .connectionLost = refused else {
            Issue.record("a write refused before it was sent gave \(refused), not a lost connection")
            return
        }
        try server.start()
        let back = waitUntil(timeout: .seconds(10), polling: .milliseconds(100)) {
            (try? store.hasChangedExternally()) == true
        }
        #expect(back)
        #expect(try store.loadCaches().withoutCodes == [Samples.oak])
    }
}
