import Foundation
import GeoModel
import GeoTestSupport
import Testing

/// The club's rules from the command line (issue 36): `club init`, refusals with exit
/// status 77 that change nothing, `edit --owner`, an import's count of caches that are
/// not yours, the note to a role the rules do not bind, and no password anywhere.
@Suite struct ClubRulesCommandTests {
    private func run(_ club: ClubFixture, as role: String, _ arguments: [String]) throws -> GeocacheTUIBinary.Result {
        try GeocacheTUIBinary.run(arguments + ["--store", club.url(as: role)])
    }

    /// Adds a cache titled `title` with `code` as `role`.
    private func add(_ club: ClubFixture, as role: String, _ title: String, code: String) throws {
        var cache = Samples.oak
        (cache.title, cache.code) = (title, code)
        _ = try PostgresStore(url: club.url(as: role), purpose: .command).add(cache)
    }

    private func title(_ club: ClubFixture, code: String) throws -> String? {
        try PostgresStore(url: club.url(as: club.kim), purpose: .command).cache(withCode: code)?.cache.title
    }

    @Test func anEditOfAnotherMembersCacheExitsNoPermissionNamingTheOwnerAndChangesNothing() throws {
        let club = try ClubFixture.make()
        try add(club, as: club.ana, "Ana's oak", code: "GCANA1")
        let edit = try run(club, as: club.bo, ["edit", "--code", "GCANA1", "--title", "Bo's now"])
        #expect(edit.status == 77)
        #expect(edit.error == "geocache-tui: Only \(club.ana) or a keeper can change this cache\n")
        #expect(try title(club, code: "GCANA1") == "Ana's oak")
    }

    @Test func aDeleteOfAnotherMembersCacheExitsNoPermissionAndDeletesNothing() throws {
        let club = try ClubFixture.make()
        try add(club, as: club.ana, "Ana's oak", code: "GCANA2")
        let delete = try run(club, as: club.bo, ["delete", "--code", "GCANA2"])
        #expect(delete.status == 77)
        #expect(delete.output.isEmpty)
        #expect(delete.error == "geocache-tui: Only \(club.ana) or a keeper can change this cache\n")
        #expect(try title(club, code: "GCANA2") == "Ana's oak")
    }

    @Test func aMemberEditsTheirOwnCache() throws {
        let club = try ClubFixture.make()
        try add(club, as: club.ana, "Ana's oak", code: "GCANA3")
        let edit = try run(club, as: club.ana, ["edit", "--code", "GCANA3", "--title", "Still Ana's"])
        #expect(edit.status == 0, "stderr was: \(edit.error)")
        #expect(try title(club, code: "GCANA3") == "Still Ana's")
    }

    @Test func aKeeperHandsACacheOverAndListJSONSaysWhoseItIsAndWhoChangedIt() throws {
        let club = try ClubFixture.make()
        try add(club, as: club.ana, "Ana's oak", code: "GCANA4")
        let hand = try run(club, as: club.kim, ["edit", "--code", "GCANA4", "--owner", club.bo])
        #expect(hand.status == 0, "stderr was: \(hand.error)")
        let list = try run(club, as: club.ana, ["list", "--json"])
        #expect(list.output.contains("\"owner\" : \"\(club.bo)\""), "stdout was: \(list.output)")
        #expect(list.output.contains("\"changedBy\" : \"\(club.kim)\""), "stdout was: \(list.output)")
        let toClub = try run(club, as: club.kim, ["edit", "--code", "GCANA4", "--owner", "club"])
        #expect(toClub.status == 0, "stderr was: \(toClub.error)")
        #expect(try run(club, as: club.ana, ["list", "--json"]).output.contains("\"owner\" : \"club\""))
    }

    @Test func aMemberCannotHandACacheOver() throws {
        let club = try ClubFixture.make()
        try add(club, as: club.ana, "Ana's oak", code: "GCANA5")
        let hand = try run(club, as: club.ana, ["edit", "--code", "GCANA5", "--owner", club.bo, "--reward", "Gold"])
        #expect(hand.status == 77)
        #expect(hand.error == "geocache-tui: Only a keeper can hand a cache to another member or to the club\n")
        #expect(!(try run(club, as: club.ana, ["list"]).output.contains("Gold")), "the edit beside it was stored")
    }

    @Test("a keeper's hand-over with an edit that empties a field is refused whole: the owner stays")
    func aHandOverWithAnInvalidEditStoresNothing() throws {
        let club = try ClubFixture.make()
        try add(club, as: club.ana, "Ana's oak", code: "GCANA7")
        let hand = try run(club, as: club.kim, ["edit", "--code", "GCANA7", "--owner", club.bo, "--title", " "])
        #expect(hand.status == 1, "stderr was: \(hand.error)")
        let list = try run(club, as: club.ana, ["list", "--json"])
        #expect(list.output.contains("\"owner\" : \"\(club.ana)\""), "stdout was: \(list.output)")
    }

    @Test func aHandOverToARoleThatIsNoMemberExitsNoPermissionNamingTheServerAndStoresNothing() throws {
        let club = try ClubFixture.make()
        try add(club, as: club.ana, "Ana's oak", code: "GCANA6")
        let hand = try run(club, as: club.kim, ["edit", "--code", "GCANA6", "--owner", club.admin, "--details", "d2"])
        #expect(hand.status == 77)
        #expect(hand.error.hasPrefix("geocache-tui: 127.0.0.1:\(club.server.port)/\(club.database) refused the hand-over: "
                                     + "\(club.admin) is not one of the club's members"), "stderr was: \(hand.error)")
        #expect(hand.error.hasSuffix("; nothing was stored.\n"), "stderr was: \(hand.error)")
        let list = try run(club, as: club.ana, ["list", "--json"])
        #expect(list.output.contains("\"owner\" : \"\(club.ana)\""), "stdout was: \(list.output)")
        #expect(!list.output.contains("\"details\" : \"d2\""), "the edit beside it was stored: \(list.output)")
    }

    @Test("a keeper's hand-over with an edit stores both, the edit made as the new owner's cache")
    func aHandOverWithAnEditStoresBoth() throws {
        let club = try ClubFixture.make()
        try add(club, as: club.ana, "Ana's oak", code: "GCANA7")
        let hand = try run(club, as: club.kim, ["edit", "--code", "GCANA7", "--owner", club.bo, "--reward", "Gold"])
        #expect(hand.status == 0, "stderr was: \(hand.error)")
        let list = try run(club, as: club.ana, ["list", "--json"])
        #expect(list.output.contains("\"owner\" : \"\(club.bo)\""), "stdout was: \(list.output)")
        #expect(list.output.contains("\"reward\" : \"Gold\""), "stdout was: \(list.output)")
    }

    @Test func ownerOnAFileStoreIsAUsageError() throws {
        let fixture = try StoreFixture(.sqlite)
        _ = try fixture.store.add(Samples.oak)
        let hand = try GeocacheTUIBinary.run(["edit", "--store", fixture.storeArgument, "--position", "1", "--owner", "ana"])
        #expect(hand.status == 64)
        #expect(hand.error.hasPrefix("Error: --owner is for a club store"), "stderr was: \(hand.error)")
        #expect(hand.error.contains("Usage: geocache-tui edit"), "stderr was: \(hand.error)")
    }

    @Test func aMembersImportLeavesOtherMembersCachesAndCountsThemNotYours() throws {
        let club = try ClubFixture.make()
        try add(club, as: club.bo, "Bo's bridge", code: "GCBO7")
        var renamed = Samples.oak
        (renamed.title, renamed.code) = ("A file says otherwise", "GCBO7")
        let file = try TemporaryDirectory()
        defer { file.remove() }
        try Data(JSONInterchange.document(for: [renamed]).utf8).write(to: file.file("in.json"))
        let result = try run(club, as: club.ana, ["import", file.file("in.json").path])
        #expect(result.status == 0, "stderr was: \(result.error)")
        #expect(result.output.contains("1 not yours: unchanged"), "stdout was: \(result.output)")
        #expect(try title(club, code: "GCBO7") == "Bo's bridge")
    }

    @Test func clubInitByARoleThatMayNotCreateRolesExitsNoPermissionAndChangesNothing() throws {
        let club = try ClubFixture.make()
        let result = try run(club, as: club.ana, ["club", "init"])
        #expect(result.status == 77)
        #expect(result.error.contains("may not create roles"), "stderr was: \(result.error)")
        #expect(!result.error.contains(ClubFixture.password(for: club.ana)))
    }

    @Test func clubInitByTheOwnerOfAnEmptyDatabaseWhoMayNotCreateRolesExitsNoPermissionAndMakesNoTable() throws {
        let server = try PostgresTestServer.shared()
        let unique = UUID().uuidString.prefix(8).lowercased()
        let (owner, database) = ("owner_\(unique)", "no_roles_\(unique)")
        try server.superuser("CREATE ROLE \(owner) LOGIN")
        try server.superuser("CREATE DATABASE \(database) OWNER \(owner)")
        let result = try GeocacheTUIBinary.run(["club", "init", "--store", server.uri(database: database, user: owner)])
        #expect(result.status == 77)
        #expect(result.error.contains("\(owner) may not create roles; nothing was stored"), "stderr was: \(result.error)")
        #expect(try server.superuser("SELECT count(*) FROM pg_tables WHERE tablename LIKE 'geocache%'",
                                     database: database).rows.first?.string(0) == "0")
    }

    @Test func clubInitRunAgainChangesNothingAndSaysHowToMakeMembers() throws {
        let club = try ClubFixture.make(awkwardNames: true)
        let result = try run(club, as: club.admin, ["club", "init"])
        #expect(result.status == 0, "stderr was: \(result.error)")
        #expect(!result.output.contains("made now"), "stdout was: \(result.output)")
        #expect(result.output.contains("members are in \(club.roles.member), keepers in \(club.roles.keeper)."))
        #expect(result.output.contains("IN ROLE \(ClubRoles.sqlName(club.roles.member));"), "stdout was: \(result.output)")
        #expect(!result.output.contains("\(ClubFixture.password(for: club.admin))"))
        #expect(!result.error.contains("\(ClubFixture.password(for: club.admin))"))
    }

    @Test func clubInitOnAnEmptyDatabaseSetsUpTablesRolesAndRules() throws {
        let server = try PostgresTestServer.shared()
        let url = try server.makeDatabase(settingUp: false)
        let database = String(url.split(separator: "/").last!)
        let result = try GeocacheTUIBinary.run(["club", "init", "--store", url])
        #expect(result.status == 0, "stderr was: \(result.error)")
        #expect(result.output.contains("members are in \(database)_member, keepers in \(database)_keeper (both made now)."),
                "stdout was: \(result.output)")
        #expect(result.error.isEmpty, "stderr was: \(result.error)")
        let list = try GeocacheTUIBinary.run(["list", "--store", url])
        #expect(list.status == 0)
        #expect(list.error.isEmpty, "told again: \(list.error)")
    }

    @Test func aRoleTheRulesDoNotBindIsToldOnceOnStandardError() throws {
        let club = try ClubFixture.make()
        let url = club.server.uri(database: club.database)
        let first = try GeocacheTUIBinary.run(["list", "--store", url])
        #expect(first.status == 0)
        #expect(first.error.hasPrefix("geocache-tui: The club's rules do not bind geo"), "stderr was: \(first.error)")
        #expect(first.error.contains("IN ROLE \(club.roles.member);"))
        let second = try GeocacheTUIBinary.run(["list", "--store", url])
        #expect(second.error.isEmpty, "stderr was: \(second.error)")
    }

    @Test func noPasswordReachesAMessageOrAFileOnThisMachine() throws {
        let club = try ClubFixture.make(awkwardNames: true)
        let data = try TemporaryDirectory()
        defer { data.remove() }
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_DATA_HOME"] = data.url.path
        var said = ""
        for (role, arguments) in [(club.ana, ["add"] + FieldModeClub.fields("Ana's oak")), (club.bo, ["sync"]),
                                  (club.bo, ["delete", "--position", "1"]), (club.admin, ["club", "init"]),
                                  (club.kim, ["list", "--json"])] {
            let result = try GeocacheTUIBinary.run(arguments + ["--store", club.url(as: role)], environment: environment)
            said += result.output + result.error
        }
        #expect(said.contains("Only \(club.ana) or a keeper can change this cache"), "said: \(said)")
        for role in [club.ana, club.bo, club.admin, club.kim] {
            #expect(!said.contains(ClubFixture.password(for: role)))
        }
        let files = FileManager.default.enumerator(at: data.url, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? []
        for file in files where !file.hasDirectoryPath {
            let bytes = (try? Data(contentsOf: file)) ?? Data()
            #expect(bytes.range(of: Data(ClubFixture.password(for: club.bo).utf8)) == nil, "\(file.path) holds a password")
        }
    }

    @Test func aKeptEditOfACacheHandedToAnotherMemberAfterTheCopyWasMadeIsReportedAsChangedHandsBySync() throws {
        var owner = ""
        let club = try FieldModeClub { server in
            owner = try server.makeDatabase()
            let database = String(owner.split(separator: "/").last!)
            for role in ["ana_k", "bo_k"] {
                try server.superuser("CREATE ROLE \(role) LOGIN IN ROLE \(database)_member")
            }
            var cache = Samples.oak
            cache.code = "GCBOK"
            _ = try PostgresStore(url: server.uri(database: database, user: "bo_k"), purpose: .command).add(cache)
            return server.uri(database: database, user: "bo_k")
        }
        defer { club.finish() }
        #expect(try club.run(["sync"]).status == 0)
        try club.server.stop()
        // The copy says the cache is bo's, so the edit is kept.
        let kept = try club.run(["edit", "--code", "GCBOK", "--title", "Bo's, offline"])
        #expect(kept.status == 0, "stderr was: \(kept.error)")
        try club.server.start()
        let admin = try PostgresStore(url: owner, purpose: .command)
        _ = try admin.handOver(try #require(try admin.cache(withCode: "GCBOK")), to: .member("ana_k"), as: WriteID())
        let sync = try club.run(["sync"])
        #expect(sync.status == 1, "stdout was: \(sync.output)\nstderr was: \(sync.error)")
        #expect(sync.output.contains("the club's rules no longer let you change it (it changed hands, or your role lost a right). "
                                     + "Only ana_k or a keeper can change this cache"), "stdout was: \(sync.output)")
        #expect(!sync.output.contains("--overwrite"), "stdout was: \(sync.output)")
        #expect(sync.output.contains("give it up: sync --discard 1"), "stdout was: \(sync.output)")
        #expect(try club.serverCaches().map(\.title) == [Samples.oak.title])
    }
}
