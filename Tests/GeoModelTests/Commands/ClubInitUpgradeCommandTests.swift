import Foundation
import GeoModel
import GeoTestSupport
import Testing

/// `club init` by the club's admin, a role that may create roles but is no superuser,
/// on a store the members' shared role made before the rules: the takeover in one go,
/// the caches stored so far made the club's, and what the report says of what it made.
@Suite struct ClubInitUpgradeCommandTests {
    /// A database `shared` owns, with a store it made by adding `titles` with the
    /// command, and an admin that may create roles: their names and the server.
    private struct SharedStore {
        let server: PostgresTestServer
        let database: String, shared: String, admin: String

        init(titles: [String], database name: String? = nil) throws {
            server = try PostgresTestServer.shared()
            let unique = UUID().uuidString.prefix(8).lowercased()
            (shared, admin) = ("shared_\(unique)", "admin_\(unique)")
            database = name.map { $0 + unique } ?? "before_rules_\(unique)"
            try server.superuser("CREATE ROLE \(shared) LOGIN")
            try server.superuser("CREATE ROLE \(admin) LOGIN CREATEROLE")
            try server.superuser("CREATE DATABASE \(database) OWNER \(shared)")
            for title in titles {
                let add = try run(as: shared, ["add", "--title", title, "--details", "d", "--creator", "c", "--reward", "r"])
                #expect(add.status == 0, "stderr was: \(add.error)")
            }
        }

        func run(as role: String, _ arguments: [String]) throws -> GeocacheTUIBinary.Result {
            try GeocacheTUIBinary.run(arguments + ["--store", server.uri(database: database, user: role)])
        }

        /// The first column of the first row of `sql`, run by the superuser in the database.
        func value(_ sql: String) throws -> String? {
            try server.superuser(sql, database: database).rows.first?.string(0)
        }
    }

    @Test("club init by an admin that may create roles takes a shared role's store over and sets the rules up in one go")
    func anAdminTakesASharedStoreOverInOneGo() throws {
        let store = try SharedStore(titles: ["s1"])
        let result = try store.run(as: store.admin, ["club", "init"])
        #expect(result.status == 0, "stderr was: \(result.error)")
        #expect(result.output.contains("The club's tables belonged to \(store.shared); they are \(store.admin)'s now"),
                "stdout was: \(result.output)")
        #expect(try store.value("SELECT member_role FROM geocache_club") == "\(store.database)_member")
        #expect(try store.value("SELECT count(*) FROM pg_roles WHERE rolname = '\(store.database)_keeper'") == "1")
    }

    @Test("a club init the server refuses halfway leaves a shared role's store as it was, its tables the shared role's")
    func aRefusedTakeoverChangesNothing() throws {
        // A name too long for the club's roles' names: the set-up fails after the takeover.
        let store = try SharedStore(titles: ["s1"], database: "a_club_whose_name_is_too_long_for_its_roles_names_x_")
        let result = try store.run(as: store.admin, ["club", "init"])
        #expect(result.status != 0)
        #expect(try store.value("SELECT pg_get_userbyid(relowner) FROM pg_class WHERE oid = 'geocache'::regclass")
                == store.shared)
        #expect(try store.value("SELECT count(*) FROM pg_auth_members WHERE roleid = '\(store.shared)'::regrole") == "0")
        let list = try store.run(as: store.shared, ["list"])
        #expect(list.status == 0, "stderr was: \(list.error)")
    }

    @Test("the first club init makes every cache stored before the rules the club's, and says how many")
    func theFirstSetUpMakesTheStoredCachesTheClubs() throws {
        let store = try SharedStore(titles: ["s1", "s2"])
        let result = try store.run(as: store.admin, ["club", "init"])
        #expect(result.status == 0, "stderr was: \(result.error)")
        #expect(result.output.contains("2 caches stored before the rules are the club's now"), "stdout was: \(result.output)")
        #expect(try store.value("SELECT count(*) FROM geocache WHERE owner IS NOT NULL") == "0")
    }

    @Test("club init says how many caches the club holds until a keeper hands them over, in the number's grammar",
          arguments: [(["s1"], "1 cache belongs to the club until a keeper hands it over"),
                      (["s1", "s2"], "2 caches belong to the club until a keeper hands them over")])
    func theReportCountsTheClubsCaches(_ titles: [String], _ said: String) throws {
        let store = try SharedStore(titles: titles)
        let result = try store.run(as: store.admin, ["club", "init"])
        #expect(result.status == 0, "stderr was: \(result.error)")
        #expect(result.output.contains(said), "stdout was: \(result.output)")
    }

    @Test("club init run again takes no cache from the member who added it")
    func aSecondSetUpKeepsMembersCaches() throws {
        let club = try ClubFixture.make()
        var cache = Samples.oak
        cache.code = "GCKEPT1"
        _ = try PostgresStore(url: club.url(as: club.ana), purpose: .command).add(cache)
        let again = try GeocacheTUIBinary.run(["club", "init", "--store", club.url(as: club.admin)])
        #expect(again.status == 0, "stderr was: \(again.error)")
        #expect(!again.output.contains("are the club's now"), "stdout was: \(again.output)")
        #expect(try club.sql(as: club.admin, "SELECT owner FROM geocache WHERE code = 'GCKEPT1'").rows.first?.string(0)
                == club.ana)
    }

    @Test("club init says which group role it made when only the keeper role was gone")
    func theReportNamesTheRoleMadeNow() throws {
        let club = try ClubFixture.make()
        let old = "old_" + club.roles.keeper
        try club.server.superuser("ALTER ROLE \(ClubFixture.identifier(club.roles.keeper)) RENAME TO \(ClubFixture.identifier(old))")
        let result = try GeocacheTUIBinary.run(["club", "init", "--store", club.url(as: club.admin)])
        #expect(result.status == 0, "stderr was: \(result.error)")
        #expect(!result.output.contains("both made now"), "stdout was: \(result.output)")
        #expect(result.output.contains("keepers in \(club.roles.keeper) (\(club.roles.keeper) made now)."),
                "stdout was: \(result.output)")
    }

    @Test("club init run again records the admin as told once")
    func theAdminIsRecordedOnce() throws {
        let club = try ClubFixture.make()
        for _ in 0..<2 {
            let again = try GeocacheTUIBinary.run(["club", "init", "--store", club.url(as: club.admin)])
            #expect(again.status == 0, "stderr was: \(again.error)")
        }
        #expect(try club.sql(as: club.admin, "SELECT array_length(told, 1) FROM geocache_club").rows.first?.string(0) == "1")
    }

    @Test("club init says on standard error, with exit status 78, that PUBLIC may still create in the club's schema")
    func aSchemaPublicMayCreateInIsSaid() throws {
        let server = try PostgresTestServer.shared()
        let unique = UUID().uuidString.prefix(8).lowercased()
        let (admin, database) = ("admin_\(unique)", "open_schema_\(unique)")
        try server.superuser("CREATE ROLE \(admin) LOGIN CREATEROLE")
        try server.superuser("CREATE DATABASE \(database)")
        try server.superuser("GRANT CREATE ON SCHEMA public TO PUBLIC", database: database)
        let result = try GeocacheTUIBinary.run(["club", "init", "--store", server.uri(database: database, user: admin)])
        #expect(result.status == 78)
        #expect(result.output.contains("The club's rules are set up"), "stdout was: \(result.output)")
        #expect(result.error.contains("REVOKE CREATE ON SCHEMA public FROM PUBLIC;"), "stderr was: \(result.error)")
        #expect(try server.superuser("SELECT has_schema_privilege('public', 'public', 'CREATE')", database: database)
                .rows.first?.bool(0) == true)
    }
}
