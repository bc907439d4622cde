import Foundation
import GeoModel
import GeoTestSupport
import Testing

/// `sync` and a change kept on this machine whose cache changed hands on the club store
/// meanwhile (a keeper gave it to another member): the server's rules refuse it from this
/// role however it is merged, so `sync` says that the cache changed hands, as the form
/// does, offers only to give it up, and `sync --overwrite` of it exits no permission.
@Suite struct FieldModeChangedHandsCommandTests {
    /// ana's Old Oak on the club store, ana's edit of it kept on this machine (reward
    /// "Kept by ana"), or her delete of it, and the keeper kim's change of its details
    /// (unless `unchanged`) and hand-over to bo.
    private struct HandedOver {
        let club: ClubFixture
        let data: TemporaryDirectory
        let url: String

        init(unchanged: Bool = false, deleting: Bool = false) throws {
            club = try ClubFixture.make()
            data = try TemporaryDirectory()
            url = club.url(as: club.ana)
            let oak = try PostgresStore(url: url, purpose: .command).add(Samples.oak)
            var mine = oak.cache
            mine.reward = "Kept by ana"
            if deleting {
                try Outbox(files: files).queueDelete(oak.cache)
            } else {
                try Outbox(files: files).queueEdit(of: oak.cache, to: mine)
            }
            let keeper = try PostgresStore(url: club.url(as: club.kim), purpose: .command)
            var handed = try #require(try keeper.cache(oak.id))
            if !unchanged {
                var theirs = oak.cache
                theirs.details = "By the north shore"
                handed = try keeper.update(handed, to: theirs)
            }
            _ = try keeper.handOver(handed, to: .member(club.bo), as: WriteID())
        }

        var files: FieldFiles { FieldFiles(serverURL: url, environment: ["XDG_DATA_HOME": data.url.path]) }

        /// Runs the binary as ana.
        func run(_ arguments: [String]) throws -> GeocacheTUIBinary.Result {
            var environment = ProcessInfo.processInfo.environment
            environment["XDG_DATA_HOME"] = data.url.path
            environment.removeValue(forKey: "GEOCACHE_STORE")
            return try GeocacheTUIBinary.run(arguments + ["--store", url], environment: environment)
        }

        /// The cache on the club store, as the keeper reads it.
        func stored() throws -> StoredCache? {
            try PostgresStore(url: club.url(as: club.kim), purpose: .command).first()
        }
    }

    @Test("sync says a kept edit's cache changed hands and offers to give it up, not to overwrite")
    func syncSaysTheCacheChangedHandsAndOffersNoOverwrite() throws {
        let handed = try HandedOver()
        defer { handed.data.remove() }
        let sync = try handed.run(["sync"])
        #expect(sync.status == 1, "stderr was: \(sync.error)")
        #expect(sync.output.contains("  the club's rules no longer let you change it (it changed hands, or your role lost a right). "
                                     + "Only \(handed.club.bo) or a keeper can change this cache\n"), "\(sync.output)")
        #expect(!sync.output.contains("--overwrite"), "\(sync.output)")
        #expect(sync.output.contains("give it up: sync --discard 1"), "\(sync.output)")
    }

    @Test("sync says a kept edit's cache changed hands when the keeper handed it over unchanged, and sends nothing",
          arguments: [false, true])
    func syncSaysAnUnchangedCacheChangedHands(deleting: Bool) throws {
        let handed = try HandedOver(unchanged: true, deleting: deleting)
        defer { handed.data.remove() }
        let sync = try handed.run(["sync"])
        #expect(sync.status == 1, "stderr was: \(sync.error)")
        #expect(sync.output.contains("  the club's rules no longer let you change it (it changed hands, or your role lost a right). "
                                     + "Only \(handed.club.bo) or a keeper can change this cache\n"), "\(sync.output)")
        #expect(!sync.output.contains("refused"), "\(sync.output)")
        #expect(sync.output.contains("give it up: sync --discard 1"), "\(sync.output)")
        #expect(try handed.stored()?.cache.reward == Samples.oak.reward)
        let kept = try Outbox(files: handed.files).changes()
        #expect(kept.count == 1 && kept.first?.conflict != nil && kept.first?.refusal == nil, "\(kept)")
    }

    @Test("sync --overwrite of a kept edit whose cache changed hands exits no permission and keeps it in conflict")
    func overwriteOfAChangeWhoseCacheChangedHandsIsRefused() throws {
        let handed = try HandedOver()
        defer { handed.data.remove() }
        #expect(try handed.run(["sync"]).status == 1)
        let overwrite = try handed.run(["sync", "--overwrite", "1"])
        #expect(overwrite.status == 77, "stderr was: \(overwrite.error)")
        #expect(overwrite.error.contains("the club's rules no longer let you change (it changed hands"), "\(overwrite.error)")
        #expect(overwrite.error.contains("sync --discard 1"), "\(overwrite.error)")
        let kept = try Outbox(files: handed.files).changes()
        #expect(kept.count == 1 && kept.first?.conflict != nil && kept.first?.refusal == nil, "\(kept)")
        #expect(try handed.stored()?.cache.reward == Samples.oak.reward)
    }

    @Test("sync --status says a conflicting change's cache changed hands, from the copy, and offers no overwrite")
    func statusSaysTheCacheChangedHands() throws {
        let handed = try HandedOver()
        defer { handed.data.remove() }
        #expect(try handed.run(["sync"]).status == 1)
        let status = try handed.run(["sync", "--status"])
        #expect(status.status == 0, "stderr was: \(status.error)")
        #expect(status.output.contains("the club's rules no longer let you change it (it changed hands"), "\(status.output)")
        #expect(!status.output.contains("--overwrite"), "\(status.output)")
    }

    @Test("a keeper's kept edit met while it was no keeper is delivered by the sync after its right is given back")
    func aKeepersKeptEditIsDeliveredOnceItsRightIsBack() throws {
        let club = try ClubFixture.make()
        let data = try TemporaryDirectory()
        defer { data.remove() }
        let url = club.url(as: club.kim)
        let oak = try PostgresStore(url: club.url(as: club.ana), purpose: .command).add(Samples.oak)
        var kims = oak.cache
        kims.reward = "Kept by kim"
        try Outbox(files: FieldFiles(serverURL: url, environment: ["XDG_DATA_HOME": data.url.path])).queueEdit(of: oak.cache, to: kims)
        let kim = ClubFixture.identifier(club.kim), keeper = ClubFixture.identifier(club.roles.keeper)
        func sync() throws -> GeocacheTUIBinary.Result {
            var environment = ProcessInfo.processInfo.environment
            environment["XDG_DATA_HOME"] = data.url.path
            environment.removeValue(forKey: "GEOCACHE_STORE")
            return try GeocacheTUIBinary.run(["sync", "--store", url], environment: environment)
        }
        _ = try club.server.superuser("REVOKE \(keeper) FROM \(kim)")
        _ = try club.server.superuser("GRANT \(ClubFixture.identifier(club.roles.member)) TO \(kim)")
        let met = try sync()
        #expect(met.status == 1, "stderr was: \(met.error)")
        #expect(met.output.contains("the club's rules no longer let you change it (it changed hands, or your role lost a right). "
                                    + "Only \(club.ana) or a keeper can change this cache"), "\(met.output)")
        _ = try club.server.superuser("GRANT \(keeper) TO \(kim)")
        let delivered = try sync()
        #expect(delivered.status == 0, "stdout was: \(delivered.output)\nstderr was: \(delivered.error)")
        #expect(try PostgresStore(url: club.url(as: club.ana), purpose: .command).first()?.cache.reward == "Kept by kim")
        #expect(try Outbox(files: FieldFiles(serverURL: url, environment: ["XDG_DATA_HOME": data.url.path])).changes().isEmpty)
    }
}
