import Foundation
import GeoModel
import GeoTestSupport
import Testing

/// The commands on a club store whose replies are lost, through a relay in front of a
/// real server: the settled truth, its exit status, and a retry that never writes twice.
@Suite struct ClubWriteOutcomeCommandTests {
    /// A database with `caches`, the relay in front of its server, and the URL through it.
    private func club(_ caches: [GeoCache]) throws -> (relay: FaultRelay, url: String, direct: PostgresStore) {
        let server = try PostgresTestServer.shared()
        let url = try server.makeDatabase()
        let direct = try PostgresStore(url: url)
        for cache in caches { try direct.add(cache) }
        let relay = try FaultRelay(to: server.port)
        return (relay, relay.url(through: url), direct)
    }

    private let oakFields = ["--title", "Old Oak", "--details", "Behind the tree", "--creator", "ana", "--reward", "Travel bug"]

    @Test func anAddWhoseCommitReplyIsLostExitsZeroAndStoresOnce() throws {
        let (relay, url, direct) = try club([])
        try relay.arm(.dropRepliesAfterCommit)
        let result = try GeocacheTUIBinary.run(["add", "--store", url] + oakFields)
        #expect(relay.hasFired(.dropRepliesAfterCommit))
        #expect(result.status == 0, "stderr was: \(result.error)")
        #expect(try direct.loadCaches().map(\.title) == ["Old Oak"])
    }

    @Test func aDeleteByPositionUnderALostReplyDeletesOneCacheAndARetryByCodeDeletesNoOther() throws {
        let (relay, url, direct) = try club([Samples.oak, Samples.bridge, Samples.mill])
        let oakCode = try #require(try direct.first()?.cache.code)
        try relay.arm(.cutAfterCommit)
        let deleted = try GeocacheTUIBinary.run(["delete", "--store", url, "--position", "1"])
        #expect(relay.hasFired(.cutAfterCommit))
        #expect(deleted.status == 0, "stderr was: \(deleted.error)")
        #expect(deleted.output.hasPrefix("deleted: Old Oak"))
        // A script's retry names the cache by its code: the one it meant is gone, and no
        // other cache is touched (--position 1 would now name Bridge).
        let retried = try GeocacheTUIBinary.run(["delete", "--store", url, "--code", oakCode])
        #expect(retried.status == 1)
        #expect(try direct.loadCaches().map(\.title) == ["Bridge", "Mill"])
    }

    @Test func anEditByCodeWhoseCommitReplyIsLostExitsZeroAndIsWrittenOnce() throws {
        let (relay, url, direct) = try club([Samples.oak, Samples.bridge])
        let code = try #require(try direct.first()?.cache.code)
        try relay.arm(.dropRepliesAfterCommit)
        let result = try GeocacheTUIBinary.run(["edit", "--store", url, "--code", code, "--reward", "Gold coin"])
        #expect(relay.hasFired(.dropRepliesAfterCommit))
        #expect(result.status == 0, "stderr was: \(result.error)")
        #expect(try direct.loadCaches().map(\.reward) == ["Gold coin", Samples.bridge.reward])
    }

    @Test func anImportWhoseCommitReplyIsLostPrintsItsSummaryAndStoresOnce() throws {
        let (relay, url, direct) = try club([])
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.file("caches.json")
        try JSONEncoder().encode([Samples.oak, Samples.bridge, Samples.mill]).write(to: file)
        try relay.arm(.cutAfterCommit)
        let result = try GeocacheTUIBinary.run(["import", "--store", url, file.path])
        #expect(relay.hasFired(.cutAfterCommit))
        #expect(result.status == 0, "stderr was: \(result.error)")
        #expect(result.output.hasPrefix("Added 3 caches"), "stdout was: \(result.output)")
        #expect(try direct.loadCaches().map(\.title) == ["Old Oak", "Bridge", "Mill"])
    }

    @Test func anAddThatCannotBeSettledExitsSeventyFiveSayingItIsNotKnown() throws {
        let (relay, url, direct) = try club([])
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let errors = directory.file("stderr.txt")
        // The COMMIT reaches the server and its reply is lost; then the path stops
        // answering, so the command cannot ask what became of its write.
        try relay.arm(.dropRepliesAfterCommit)
        let add = try GeocacheTUIBinary.startShell(
            #""$BIN" add --store "$URL" --title "Old Oak" --details "Behind the tree" --creator ana --reward "Travel bug" 2>"$ERRORS""#,
            extra: ["URL": url, "ERRORS": errors.path])
        #expect(waitUntil(timeout: .seconds(30)) { relay.hasFired(.dropRepliesAfterCommit) })
        try relay.stall()
        try add.waitForExit()
        try relay.resume()
        let message = try String(contentsOf: errors, encoding: .utf8)
        #expect(add.terminationStatus == 75, "stderr was: \(message)")
        #expect(message.contains("not known whether the change was stored"), "stderr was: \(message)")
        #expect(message.contains("--code"))
        #expect(!message.contains("nothing was stored"))
        // A command ends here: nothing checks the write later, so nothing says it will be.
        #expect(!message.contains("checked when"), "stderr was: \(message)")
        #expect(try direct.loadCaches().map(\.title) == ["Old Oak"])
    }
}
