import Foundation
import GeoModel
import GeoTestSupport
import Testing

/// What opening and reading the club store cost in round trips, as the tests' relay
/// counts them (psql connecting and running one statement: 3, the SSL request, the
/// start-up and the statement).
@Suite struct PostgresRoundTripTests {
    let server: PostgresTestServer

    init() throws {
        server = try PostgresTestServer.shared()
    }

    /// A database holding `count` numbered caches, and a relay in front of the server
    /// that delays each way by 25 ms, as a network does: libpq writes each segment of a
    /// pipeline as it ends it, and without a delay the server's answer to one could
    /// pass the relay before the next segment and count as a turn of its own.
    private func store(holding count: Int) throws -> (url: String, relay: FaultRelay) {
        let url = try server.makeDatabase()
        try PostgresStore(url: url).saveCaches((0..<count).map { Self.numbered($0 + 1) })
        return (url, try FaultRelay(to: server.port, delayMilliseconds: 25))
    }

    static func numbered(_ number: Int) -> GeoCache {
        GeoCache(title: "Cache \(number)", details: "Details \(number)", creator: "ana", reward: "Coin")
    }

    /// The round trips `body` costs through `relay`.
    private func roundTrips(through relay: FaultRelay, _ body: () throws -> Void) throws -> Int {
        let before = try relay.counts().roundTrips
        try body()
        return try relay.counts().roundTrips - before
    }

    @Test func listOfAFewCachesCostsWhatPsqlCosts() throws {
        let (url, relay) = try store(holding: 3)
        var result: GeocacheTUIBinary.Result?
        let trips = try roundTrips(through: relay) { result = try GeocacheTUIBinary.run(["list", "--store", relay.url(through: url)]) }
        #expect(result?.status == 0)
        #expect(result?.output.split(separator: "\n").count == 3)
        #expect(trips == 3)
    }

    @Test func listMatchCostsWhatPsqlCosts() throws {
        let (url, relay) = try store(holding: 3)
        var result: GeocacheTUIBinary.Result?
        let trips = try roundTrips(through: relay) {
            result = try GeocacheTUIBinary.run(["list", "--numbered", "--match", "cache 2", "--store", relay.url(through: url)])
        }
        #expect(result?.status == 0)
        #expect(result?.output.hasPrefix("2") == true)
        #expect(result?.output.split(separator: "\n").count == 1)
        #expect(trips == 3)
    }

    @Test func aCommandOpensWithoutAStatementAndChecksTheSchemaInItsFirstRead() throws {
        let (url, relay) = try store(holding: 2)
        var store: PostgresStore?
        let opening = try roundTrips(through: relay) { store = try PostgresStore(url: relay.url(through: url), purpose: .command) }
        #expect(opening == 2)
        var count: Int?
        #expect(try roundTrips(through: relay) { count = try store?.count() } == 1)
        #expect(count == 2)
        var byCode: StoredCache?
        #expect(try roundTrips(through: relay) { byCode = try store?.cache(withCode: "GC0") } == 1)
        #expect(byCode == nil)
        var second: StoredCache?
        #expect(try roundTrips(through: relay) { second = try store?.cache(atPosition: 2) } == 1)
        #expect(second?.cache.title == "Cache 2")
    }

    @Test func aCommandsFirstReadSetsUpAnEmptyDatabase() throws {
        let url = try server.makeDatabase()
        let store = try PostgresStore(url: url, purpose: .command)
        #expect(try store.loadCaches().isEmpty)
        try store.add(Samples.oak)
        #expect(try PostgresStore(url: url, purpose: .command).loadCaches().withoutCodes == [Samples.oak])
    }

    @Test func aCommandOnANewerSchemaIsRefusedAtItsFirstRead() throws {
        let url = try server.makeDatabase()
        _ = try PostgresStore(url: url)
        try PostgresConnection(url).query("INSERT INTO geocache_schema (version) VALUES (999)")
        let store = try PostgresStore(url: url, purpose: .command)
        #expect(throws: StoreError.newerServerSchema(server: store.name)) { try store.count() }
    }

    @Test(arguments: [["list"], ["add", "--title", "t", "--details", "d", "--creator", "c", "--reward", "r"]])
    func aCommandOnAnotherApplicationsDatabaseIsRefusedAndCreatesNothing(_ command: [String]) throws {
        let url = try server.makeDatabase(settingUp: false)
        let name = String(url.split(separator: "/").last!)
        try server.superuser("CREATE TABLE invoices (n int)", database: name)
        let result = try GeocacheTUIBinary.run(command + ["--store", url])
        #expect(result.status == 1)
        #expect(result.error == "geocache-tui: \(StoreError.foreignDatabase(server: "127.0.0.1:\(server.port)/\(name)"))\n")
        let tables = try server.superuser(
            "SELECT string_agg(tablename, ',') FROM pg_tables WHERE schemaname = 'public'", database: name)
        #expect(tables.rows.first?.string(0) == "invoices")
    }

    @Test func readingEveryCacheIsOneExchangeAndItsEndRidesOnTheNext() throws {
        let (url, relay) = try store(holding: 5)
        let store = try PostgresStore(url: relay.url(through: url), purpose: .command)
        _ = try store.count()
        var titles: [String] = []
        #expect(try roundTrips(through: relay) { try store.forEachCache { titles.append($0.cache.title) } } == 1)
        #expect(titles == (1...5).map { "Cache \($0)" })
        var found: [StoredCache] = []
        #expect(try roundTrips(through: relay) { found = try store.find("cache 4") } == 1)
        #expect(found.map(\.cache.title) == ["Cache 4"])
        var count: Int?
        #expect(try roundTrips(through: relay) { count = try store.count() } == 1)
        #expect(count == 5)
    }

    @Test func aReadLongerThanOneFetchGivesEveryCacheInOrder() throws {
        let total = 1005  // one fetch (1000) and a few more
        let (url, relay) = try store(holding: total)
        let store = try PostgresStore(url: relay.url(through: url), purpose: .command)
        var numbers: [Int] = []
        let trips = try roundTrips(through: relay) {
            try store.forEachCache { numbers.append(Int($0.cache.title.dropFirst("Cache ".count)) ?? 0) }
        }
        #expect(numbers == Array(1...total))
        #expect(trips == 2)
    }

    @Test func aStartUpOptionsSettingIsKeptBesideJITOff() throws {
        let url = try server.makeDatabase()
        let connection = try PostgresConnection(url + "?options=-c%20statement_timeout%3D4321", settings: [("jit", "off")])
        #expect(try connection.query("SHOW jit").rows.first?.string(0) == "off")
        #expect(try connection.query("SHOW statement_timeout").rows.first?.string(0) == "4321ms")
    }

    @Test func turningJITOffCostsNoRoundTrip() throws {
        let (url, relay) = try store(holding: 0)
        var count: Int?
        let trips = try roundTrips(through: relay) {
            count = try PostgresStore(url: relay.url(through: url), purpose: .command).count()
        }
        #expect(count == 0)
        #expect(trips == 3)
    }

    @Test func aFormOpensAndShowsItsFirstCacheWithinThreeRoundTrips() throws {
        let (url, relay) = try store(holding: 40)
        var opened: (store: any CacheStore, contents: StoreContents)?
        let trips = try roundTrips(through: relay) { opened = try StoreLocation.server(relay.url(through: url)).openWithContents() }
        #expect(trips == 3)
        #expect(opened?.contents.count == 40)
        #expect(opened?.contents.first?.cache.title == "Cache 1")
        #expect(opened?.contents.draft == nil)
    }

    @Test func aFormTakesTheKeptDraftInItsOpeningExchange() throws {
        let (url, relay) = try store(holding: 2)
        try PostgresStore(url: url).leaveDraft(FormDraft(fields: [.title: "Half typed"]))
        var opened: (store: any CacheStore, contents: StoreContents)?
        let trips = try roundTrips(through: relay) { opened = try StoreLocation.server(relay.url(through: url)).openWithContents() }
        #expect(trips == 3)
        #expect(opened?.contents.draft?.draft == FormDraft(fields: [.title: "Half typed"]))
        // Held by the first form: a second one opening meanwhile does not take it.
        #expect(try StoreLocation.server(url).openWithContents().contents.draft == nil)
    }

    @Test func aFormOpeningPastAnUnreadableDraftTakesTheOneKeptBefore() throws {
        let url = try server.makeDatabase()
        let store = try PostgresStore(url: url)
        try store.leaveDraft(FormDraft(fields: [.title: "Older"]))
        try store.leaveDraft(FormDraft(fields: [.title: "Damaged"]))
        try PostgresConnection(url).query("""
            UPDATE geocache_form_draft SET content = '{"fields": 17}'::jsonb WHERE id = (SELECT max(id) FROM geocache_form_draft)
            """)
        let opened = try StoreLocation.server(url).openWithContents()
        #expect(opened.contents.draft?.draft == FormDraft(fields: [.title: "Older"]))
        // The damaged one was let go: no live session holds it.
        let held = try PostgresConnection(url).query("SELECT count(*) FROM geocache_form_draft WHERE holder_pid IS NOT NULL")
        #expect(held.rows.first?.int(0) == 1)
    }

    @Test func aFormOpeningAnEmptyDatabaseSetsItUpAndShowsNoCache() throws {
        let url = try server.makeDatabase()
        let opened = try StoreLocation.server(url).openWithContents()
        #expect(opened.contents.count == 0)
        #expect(opened.contents.first == nil)
        try opened.store.add(Samples.oak)
        #expect(try opened.store.first()?.cache.withoutCode == Samples.oak)
    }
}
