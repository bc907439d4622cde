import Foundation
import GeoModel
import GeoTestSupport
import Testing

/// The command line on a PostgreSQL store: what a wrong URL or an unusable server
/// says, and moving a file store to the server with one pipe.
@Suite struct ClubCommandTests {
    @Test(arguments: ["postgresql://ana:Pw-1234@[::1/caches", "postgres://ana:Pw-1234@host:port/caches",
                      "postgresql://ana:Pw-1234@host/caches?sslmod=require"])
    func aMalformedURLIsAUsageErrorNamingTheWrongPartButNotThePassword(_ url: String) throws {
        let result = try GeocacheTUIBinary.run(["list", "--store", url])
        #expect(result.status == 64)
        #expect(result.error.contains("is not a usable PostgreSQL URL"), "stderr was: \(result.error)")
        #expect(!result.error.contains("Pw-1234"))
    }

    @Test func aMalformedURLInGeocacheStoreIsAUsageErrorToo() throws {
        var environment = ProcessInfo.processInfo.environment
        environment["GEOCACHE_STORE"] = "postgresql://ana@host:99999/caches"
        let result = try GeocacheTUIBinary.run(["list"], environment: environment)
        #expect(result.status == 64)
        #expect(result.error.contains("the port \"99999\""))
    }

    @Test func anOptionValueLibpqRefusesIsAUsageErrorSayingToCorrectIt() throws {
        let port = try SilentListener.closedPort()
        let result = try GeocacheTUIBinary.run(
            ["list", "--store", "postgresql://ana:Pw-1234@127.0.0.1:\(port)/caches?sslmode=bogus"])
        #expect(result.status == 64)
        #expect(result.error.contains("invalid sslmode value: \"bogus\". Correct that option in the URL"),
                "stderr was: \(result.error)")
        #expect(!result.error.contains("Check that the server is running"))
        #expect(!result.error.contains("Pw-1234"))
    }

    @Test func aServerThatIsNotRunningIsOneLineAndExitStatusOne() throws {
        let port = try SilentListener.closedPort()
        // export, not add: field mode keeps an add on this machine instead (FieldModeCommandTests).
        let result = try GeocacheTUIBinary.run(["export", "--store", "postgresql://ana:Pw-5678@127.0.0.1:\(port)/caches"])
        #expect(result.status == 1)
        #expect(result.error.hasPrefix("geocache-tui: cannot connect to the store on 127.0.0.1:\(port)/caches"))
        #expect(result.error.split(separator: "\n").count == 1)
        #expect(!result.error.contains("Pw-5678"))
    }

    @Test func anUnknownHostIsOneLineAndExitStatusOne() throws {
        let result = try GeocacheTUIBinary.run(["list", "--store", "postgresql://ana:Pw-9012@no-such-host.invalid/caches"])
        #expect(result.status == 1)
        #expect(result.error.hasPrefix("geocache-tui: cannot connect to the store on no-such-host.invalid:5432/caches"))
        #expect(result.error.split(separator: "\n").count == 1)
        #expect(!result.error.contains("Pw-9012"))
    }

    @Test func clubInitOnAFileIsAUsageErrorAndMakesNoStore() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = directory.file()
        let result = try GeocacheTUIBinary.run(["club", "init", "--store", store.path])
        #expect(result.status == 64)
        #expect(result.error.hasPrefix("Error: club init is for a club store (--store postgres://USER@HOST/DBNAME); "
                                       + "\(store.path) is a file on this machine"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).isEmpty)
    }

    @Test func clubInitOnAStoreFileThatExistsLeavesItAsItWas() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = directory.file()
        try SQLiteStore(url: store).add(Samples.oak)
        let before = try Data(contentsOf: store)
        let result = try GeocacheTUIBinary.run(["club", "init", "--store", store.path])
        #expect(result.status == 64)
        #expect(try Data(contentsOf: store) == before)
    }

    @Test func aFileStoreMovesToTheServerWithOnePipe() throws {
        let fixture = try StoreFixture(.sqlite)
        try fixture.store.saveCaches([Samples.oak, Samples.bridge, Samples.mill])
        let url = try PostgresTestServer.shared().makeDatabase()
        let pipe = try GeocacheTUIBinary.startShell(
            #""$BIN" export --store "$SOURCE" | "$BIN" import --store "$TARGET" -"#,
            extra: ["SOURCE": fixture.storeArgument, "TARGET": url])
        try pipe.waitForExit()
        #expect(pipe.terminationStatus == 0)
        #expect(try PostgresStore(url: url).loadCaches().withoutCodes == [Samples.oak, Samples.bridge, Samples.mill])
    }
}
