import Foundation
@testable import GeoModel
import GeoTestSupport
import Testing

/// The club's rules (issue 36) as the server keeps them: each rule from the program
/// (the write session a form and every command write through) and from a plain SQL
/// connection as the same role, the way a member with psql meets it.
@Suite struct ClubRulesTests {
    private func session(_ club: ClubFixture, as role: String) throws -> WriteSession {
        try WriteSession.opening(.server(club.url(as: role)))
    }

    private func store(_ club: ClubFixture, as role: String) throws -> PostgresStore {
        try PostgresStore(url: club.url(as: role), purpose: .command)
    }

    /// `cache` with `code`.
    private func coded(_ cache: GeoCache, _ code: String) -> GeoCache {
        var cache = cache
        cache.code = code
        return cache
    }

    /// Adds `cache` as `role` through the write session; returns it as stored.
    private func add(_ cache: GeoCache, in club: ClubFixture, as role: String) throws -> StoredCache {
        try #require(try session(club, as: role).add(cache).storedValue).stored
    }

    /// The SQLSTATE a statement run as `role` failed with; nil when it succeeded.
    private func sqlState(_ club: ClubFixture, as role: String, _ sql: String,
                          _ parameters: [PostgresValue] = []) -> String? {
        do {
            try club.sql(as: role, sql, parameters)
            return nil
        } catch let error as PostgresError {
            return error.sqlState ?? "no state"
        } catch {
            return "\(error)"
        }
    }

    private func importing(_ caches: [GeoCache], in club: ClubFixture, as role: String) throws -> ImportReport {
        let bytes = Array(JSONInterchange.document(for: caches).utf8)
        return try #require(try session(club, as: role).importCaches(
            from: [.bytes(bytes, name: "club.json")], skipInvalid: false, existing: .update, interruption: nil).storedValue)
    }

    // MARK: - Owners

    @Test("a cache a member adds belongs to that member, and the server records who and when")
    func anAddBelongsToItsMember() throws {
        let club = try ClubFixture.make()
        let before = Date().addingTimeInterval(-60)
        let added = try add(Samples.oak, in: club, as: club.ana)
        let read = try #require(try store(club, as: club.bo).cache(added.id))
        #expect(read.club?.owner == .member(club.ana))
        #expect(read.club?.changedBy == club.ana)
        #expect(try #require(read.club?.changedAt) > before)
    }

    @Test("a cache that comes in from a file belongs to the club")
    func anImportedCacheIsTheClubs() throws {
        let club = try ClubFixture.make()
        let report = try importing([coded(Samples.oak, "GCFILE1")], in: club, as: club.ana)
        #expect(report.added == 1)
        #expect(try store(club, as: club.bo).cache(withCode: "GCFILE1")?.club?.owner == .club)
    }

    @Test("a member's import refreshes the club's caches, leaves another member's as they are and counts them")
    func anImportLeavesOtherMembersCaches() throws {
        let club = try ClubFixture.make()
        let bos = try add(coded(Samples.bridge, "GCBO1"), in: club, as: club.bo)
        _ = try importing([coded(Samples.mill, "GCCLUB1")], in: club, as: club.kim)
        var changedBos = bos.cache, changedClubs = coded(Samples.mill, "GCCLUB1")
        changedBos.title = "Bo's bridge, renamed by a file"
        changedClubs.title = "The mill, as the newer file says"
        let report = try importing([changedBos, changedClubs, coded(Samples.oak, "GCNEW1")], in: club, as: club.ana)
        #expect(report.notYours == 1)
        #expect(report.updated == 1)
        #expect(report.added == 1)
        #expect(report.description.contains("1 not yours: unchanged"))
        let reader = try store(club, as: club.bo)
        #expect(try reader.cache(withCode: "GCBO1")?.cache == bos.cache)
        let refreshed = try #require(try reader.cache(withCode: "GCCLUB1"))
        #expect(refreshed.cache.title == changedClubs.title)
        #expect(refreshed.club?.owner == .club)
        #expect(refreshed.club?.changedBy == club.ana)
    }

    // MARK: - What a member may not do

    @Test("the session refuses a member's edit of another member's cache, naming the owner, and sends nothing")
    func anEditOfAnotherMembersCacheIsRefusedFirst() throws {
        let club = try ClubFixture.make()
        let anas = try add(Samples.oak, in: club, as: club.ana)
        var edited = anas.cache
        edited.title = "Bo was here"
        let bo = try session(club, as: club.bo)
        let read = try #require(try bo.readStore().cache(anas.id))
        #expect(throws: ChangeRefusal.ownedBy(club.ana)) { try bo.update(read, to: edited) }
        #expect(ChangeRefusal.ownedBy(club.ana).description == "Only \(club.ana) or a keeper can change this cache")
        #expect(try store(club, as: club.ana).cache(anas.id)?.cache == anas.cache)
    }

    @Test("the session refuses a member's delete of another member's cache")
    func aDeleteOfAnotherMembersCacheIsRefusedFirst() throws {
        let club = try ClubFixture.make()
        let anas = try add(Samples.oak, in: club, as: club.ana)
        let bo = try session(club, as: club.bo)
        let read = try #require(try bo.readStore().cache(anas.id))
        #expect(throws: ChangeRefusal.ownedBy(club.ana)) { try bo.delete(read) }
        #expect(try store(club, as: club.ana).count() == 1)
    }

    @Test("the session refuses a member's edit of a club cache by hand")
    func anEditOfAClubCacheByHandIsRefusedFirst() throws {
        let club = try ClubFixture.make()
        _ = try importing([coded(Samples.oak, "GCCLUB2")], in: club, as: club.kim)
        let bo = try session(club, as: club.bo)
        let read = try #require(try bo.readStore().cache(withCode: "GCCLUB2"))
        #expect(throws: ChangeRefusal.clubOwned) { try bo.delete(read) }
    }

    @Test("from SQL, a member's update or delete of another member's cache fails with 42501, never 0 rows")
    func sqlChangesOfAnotherMembersCacheAreRefused() throws {
        let club = try ClubFixture.make()
        let anas = try add(Samples.oak, in: club, as: club.ana)
        let id: [PostgresValue] = [.int(Int(anas.id.rawValue))]
        #expect(sqlState(club, as: club.bo, "UPDATE geocache SET title = 'x' WHERE id = $1", id) == "42501")
        #expect(sqlState(club, as: club.bo, "DELETE FROM geocache WHERE id = $1", id) == "42501")
        #expect(try store(club, as: club.ana).cache(anas.id)?.cache == anas.cache)
    }

    @Test("from SQL, a member's update or delete of a club cache by hand fails with 42501")
    func sqlChangesOfAClubCacheAreRefused() throws {
        let club = try ClubFixture.make()
        _ = try importing([coded(Samples.oak, "GCCLUB3")], in: club, as: club.kim)
        #expect(sqlState(club, as: club.ana, "UPDATE geocache SET title = 'x' WHERE code = 'GCCLUB3'") == "42501")
        #expect(sqlState(club, as: club.ana, "DELETE FROM geocache WHERE code = 'GCCLUB3'") == "42501")
    }

    @Test("from SQL, a member who sets the import's flag still cannot change a club cache's code")
    func sqlTheImportFlagKeepsAClubCachesCode() throws {
        let club = try ClubFixture.make()
        _ = try importing([coded(Samples.oak, "GCCLUB4")], in: club, as: club.kim)
        let connection = try PostgresConnection(club.url(as: club.bo))
        defer { connection.close() }
        try connection.query("SELECT set_config('geocache.import', 'on', false)")
        #expect(throws: PostgresError.self) {
            try connection.query("UPDATE geocache SET code = 'GTVANDAL' WHERE code = 'GCCLUB4'")
        }
        #expect(try store(club, as: club.ana).cache(withCode: "GCCLUB4") != nil)
    }

    @Test("from SQL, a keeper hands a cache only to a member: not to a group role, a superuser or no role at all",
          arguments: ["caches_member_group", "geo", "nosuchrole"])
    func sqlAKeeperHandsOnlyToAMember(candidate: String) throws {
        let club = try ClubFixture.make()
        let anas = try add(Samples.oak, in: club, as: club.ana)
        let role = candidate == "caches_member_group" ? club.roles.member : candidate
        let id: [PostgresValue] = [.text(role), .int(Int(anas.id.rawValue))]
        #expect(sqlState(club, as: club.kim, "UPDATE geocache SET owner = $1 WHERE id = $2", id) == "42501")
        let insert = "INSERT INTO geocache (title, details, creator, reward, search_text, code, owner) "
            + "VALUES ('t', 'd', 'c', 'r', 's', 'GCKIM1', $1)"
        #expect(sqlState(club, as: club.kim, insert, [.text(role)]) == "42501")
        #expect(sqlState(club, as: club.kim, "UPDATE geocache SET owner = $1 WHERE id = $2",
                         [.text(club.bo), .int(Int(anas.id.rawValue))]) == nil)
    }

    @Test("from SQL, a member changes and deletes their own cache")
    func sqlChangesOfTheOwnCacheAreAllowed() throws {
        let club = try ClubFixture.make()
        let anas = try add(Samples.oak, in: club, as: club.ana)
        let id: [PostgresValue] = [.int(Int(anas.id.rawValue))]
        #expect(try club.sql(as: club.ana, "UPDATE geocache SET title = 'Mine' WHERE id = $1", id).affectedRows == 1)
        #expect(try club.sql(as: club.ana, "DELETE FROM geocache WHERE id = $1", id).affectedRows == 1)
    }

    @Test("from SQL, a member cannot add a cache as another member's, nor say who changed it")
    func sqlAddsAsAnotherMemberAreRefused() throws {
        let club = try ClubFixture.make()
        let insert = "INSERT INTO geocache (title, details, creator, reward, search_text, code, owner, changed_by) "
            + "VALUES ('t', 'd', 'c', 'r', 's', $1, $2, $3)"
        #expect(sqlState(club, as: club.bo, insert, [.text("GCX1"), .text(club.ana), .text(club.bo)]) == "42501")
        #expect(sqlState(club, as: club.bo, insert, [.text("GCX2"), .text(club.bo), .text(club.ana)]) == "42501")
        #expect(sqlState(club, as: club.bo, insert, [.text("GCX3"), .text(club.bo), .text(club.bo)]) == nil)
    }

    /// A row of `table` whose `id` is the one the table's identity gives next, chosen by hand.
    private static let squats = [
        "geocache": "INSERT INTO geocache (id, title, details, creator, reward, search_text, code) OVERRIDING SYSTEM VALUE "
            + "SELECT coalesce(max(id), 0) + 1, 't', 'd', 'c', 'r', 's', 'GCX1' FROM geocache",
        "geocache_visit": "INSERT INTO geocache_visit (id, identity, code, time, type, text) OVERRIDING SYSTEM VALUE "
            + "SELECT coalesce(max(id), 0) + 1, 'x', 'GCX1', '2026-11-28T10:32:00Z', 'Found it', '' FROM geocache_visit",
        "geocache_form_draft": "INSERT INTO geocache_form_draft (id, content) OVERRIDING SYSTEM VALUE "
            + "SELECT coalesce(max(id), 0) + 1, '{}'::jsonb FROM geocache_form_draft",
    ]

    @Test("from SQL, a member cannot choose a row's id, so another member's next write never collides with it",
          arguments: ["geocache", "geocache_visit", "geocache_form_draft"])
    func sqlRowIdsAreTheServers(table: String) throws {
        let club = try ClubFixture.make()
        #expect(sqlState(club, as: club.bo, try #require(Self.squats[table])) == "42501")
        let ana = try store(club, as: club.ana)
        switch table {
        case "geocache":
            _ = try add(Samples.oak, in: club, as: club.ana)
        case "geocache_visit":
            _ = try ana.recordVisits([Visit(code: "GC1ABCD", time: "2026-11-28T10:32:00Z", type: .foundIt, text: "TFTC")],
                                     as: WriteID())
        default:
            _ = try ana.keepDraft(FormDraft(fields: [.title: "Oak"]), in: nil, holding: false)
        }
        #expect(try club.sql(as: club.ana, "SELECT count(*) FROM \(table)").rows.first?.int(0) == 1)
    }

    @Test("a club set up before schema version 9 keeps ids the server's from the admin's next session on")
    func anOlderClubGetsTheIdRuleFromItsAdmin() throws {
        let club = try ClubFixture.make()
        let tables = PostgresStore.memberIdentityTables.joined(separator: ", ")
        try club.sql(as: club.admin, "GRANT INSERT, UPDATE ON \(tables) TO \(PostgresStore.quotedIdentifier(club.roles.member))")
        try club.sql(as: club.admin, "DELETE FROM geocache_schema WHERE version >= 9")
        _ = try store(club, as: club.admin).count()
        #expect(try club.sql(as: club.admin, "SELECT max(version) FROM geocache_schema").rows.first?.string(0)
                == String(PostgresStore.migrations.count))
        #expect(sqlState(club, as: club.bo, try #require(Self.squats["geocache"])) == "42501")
    }

    @Test("from SQL, a member acting as the club's member role (SET ROLE) cannot store a cache as that role's")
    func sqlAddsAsTheMemberGroupRoleAreRefused() throws {
        let club = try ClubFixture.make()
        let state = try club.sqlState(as: club.ana, [
            "SET ROLE \(PostgresStore.quotedIdentifier(club.roles.member))",
            "INSERT INTO geocache (title, details, creator, reward, search_text, code) VALUES ('t', 'd', 'c', 'r', 's', 'GCROLE1')",
        ])
        #expect(state == "42501")
        #expect(try store(club, as: club.kim).count() == 0)
    }

    @Test("from SQL, a member acting as the club's member role (SET ROLE) keeps no own data, visit or ledger row as it",
          arguments: ["INSERT INTO geocache_own (code, note) VALUES ('GCROLE1', 'shared')",
                      "INSERT INTO geocache_visit (identity, code, time, type, text) VALUES ('\\x01', 'GCROLE1', 't', 'Found it', 'x')",
                      "INSERT INTO geocache_write (write_id, kind) VALUES (gen_random_uuid(), 'add')"])
    func sqlOwnRowsUnderSetRoleAreRefused(_ insert: String) throws {
        let club = try ClubFixture.make()
        let state = try club.sqlState(as: club.ana, ["SET ROLE \(PostgresStore.quotedIdentifier(club.roles.member))", insert])
        #expect(state == "42501")
    }

    @Test("from SQL, a change made under SET ROLE is recorded as made by the role that logged in")
    func sqlChangesUnderSetRoleNameWhoLoggedIn() throws {
        let club = try ClubFixture.make()
        _ = try importing([coded(Samples.oak, "GCCLUB9")], in: club, as: club.kim)
        let state = try club.sqlState(as: club.ana, [
            "SET ROLE \(PostgresStore.quotedIdentifier(club.roles.member))",
            "BEGIN",
            "SET LOCAL geocache.import = on",
            "UPDATE geocache SET title = 'Renamed' WHERE code = 'GCCLUB9'",
            "COMMIT",
        ])
        #expect(state == nil)
        let changed = try #require(try store(club, as: club.bo).cache(withCode: "GCCLUB9"))
        #expect(changed.cache.title == "Renamed")
        #expect(changed.club?.changedBy == club.ana)
    }

    @Test("club init takes CREATE on the club's schema from PUBLIC, so no member can plant a function the program calls")
    func clubInitTakesCreateOnTheSchemaFromPublic() throws {
        let club = try ClubFixture.make()
        // PostgreSQL 14's default, and that of a database restored from one of its dumps.
        try club.server.superuser("GRANT CREATE ON SCHEMA public TO PUBLIC", database: club.database)
        _ = try store(club, as: club.admin).setUpClub()
        let may = try club.sql(as: club.ana, "SELECT has_schema_privilege(current_schema(), 'CREATE')")
        #expect(may.rows.first?.bool(0) == false)
    }

    @Test("from SQL, a member cannot write the count the server keeps")
    func sqlWritesOfTheCountAreRefused() throws {
        let club = try ClubFixture.make()
        #expect(sqlState(club, as: club.ana, "UPDATE geocache_count SET value = 99") == "42501")
        #expect(sqlState(club, as: club.kim, "UPDATE geocache_count SET value = 99") == "42501")
    }

    @Test("a member reads only their own rows of the write ledger and the drafts")
    func theLedgerAndTheDraftsAreEachRolesOwn() throws {
        let club = try ClubFixture.make()
        _ = try add(Samples.oak, in: club, as: club.ana)
        _ = try store(club, as: club.ana).keepDraft(FormDraft(fields: [.title: "Half typed"]), in: nil, holding: false,
                                                     as: WriteID())
        #expect(try club.sql(as: club.ana, "SELECT count(*) FROM geocache_write").rows.first?.int(0) ?? 0 > 0)
        #expect(try club.sql(as: club.bo, "SELECT count(*) FROM geocache_write").rows.first?.int(0) == 0)
        #expect(try club.sql(as: club.bo, "SELECT count(*) FROM geocache_form_draft").rows.first?.int(0) == 0)
        #expect(sqlState(club, as: club.bo, "DELETE FROM geocache_write") == nil)
        #expect(try club.sql(as: club.ana, "SELECT count(*) FROM geocache_write").rows.first?.int(0) ?? 0 > 0)
    }

    // MARK: - Keepers and hand-overs

    @Test("a keeper edits and deletes any member's cache")
    func aKeeperChangesAnyCache() throws {
        let club = try ClubFixture.make()
        let anas = try add(Samples.oak, in: club, as: club.ana)
        let kim = try session(club, as: club.kim)
        var edited = anas.cache
        edited.title = "Kept by kim"
        let read = try #require(try kim.readStore().cache(anas.id))
        let saved = try #require(try kim.update(read, to: edited).storedValue)
        #expect(saved.club?.owner == .member(club.ana))
        #expect(saved.club?.changedBy == club.kim)
        #expect(try kim.delete(saved).storedValue == 0)
    }

    @Test("a keeper hands a cache to another member, who may then change it, or to the club")
    func aKeeperHandsACacheOver() throws {
        let club = try ClubFixture.make()
        let anas = try add(Samples.oak, in: club, as: club.ana)
        let kim = try session(club, as: club.kim)
        let kimRead = try #require(try kim.readStore().cache(anas.id))
        let toBo = try #require(try kim.handOver(kimRead, to: .member(club.bo)).storedValue)
        #expect(toBo.club?.owner == .member(club.bo))
        let bo = try session(club, as: club.bo)
        var edited = toBo.cache
        edited.details = "Bo's now"
        let boRead = try #require(try bo.readStore().cache(anas.id))
        #expect(try bo.update(boRead, to: edited).storedValue != nil)
        let kimAgain = try #require(try kim.readStore().cache(anas.id))
        let toClub = try #require(try kim.handOver(kimAgain, to: .club).storedValue)
        #expect(toClub.club?.owner == .club)
    }

    @Test("a keeper hands over a cache whose listing another program wrote as bytes that do not decode, and they stay")
    func aKeeperHandsOverACacheWithAnUnreadableListing() throws {
        let club = try ClubFixture.make()
        let anas = try add(Samples.oak, in: club, as: club.ana)
        let connection = try PostgresConnection(club.url(as: club.ana))
        defer { connection.close() }
        try connection.query("UPDATE geocache SET listing = '\\x01ff'::bytea WHERE id = $1", [.int(Int(anas.id.rawValue))])
        let kim = try session(club, as: club.kim)
        let read = try #require(try kim.readStore().cache(anas.id))
        let handed = try #require(try kim.handOver(read, to: .member(club.bo)).storedValue)
        #expect(handed.club?.owner == .member(club.bo))
        let listing = try connection.query("SELECT encode(listing, 'hex') FROM geocache WHERE id = $1",
                                           [.int(Int(anas.id.rawValue))]).rows.first?.string(0)
        #expect(listing == "01ff")
    }

    @Test("a member cannot hand over a cache, not even their own: refused first, and 42501 from SQL")
    func aMemberCannotHandOver() throws {
        let club = try ClubFixture.make()
        let anas = try add(Samples.oak, in: club, as: club.ana)
        let ana = try session(club, as: club.ana)
        let read = try #require(try ana.readStore().cache(anas.id))
        #expect(throws: ChangeRefusal.keepersHandOver) { try ana.handOver(read, to: .member(club.bo)) }
        #expect(sqlState(club, as: club.ana, "UPDATE geocache SET owner = NULL WHERE id = $1",
                         [.int(Int(anas.id.rawValue))]) == "42501")
        #expect(sqlState(club, as: club.ana, "UPDATE geocache SET owner = $2 WHERE id = $1",
                         [.int(Int(anas.id.rawValue)), .text(club.bo)]) == "42501")
    }

    @Test("a cache is handed only to a member of the club")
    func aHandOverToAStrangerIsRefused() throws {
        let club = try ClubFixture.make()
        let anas = try add(Samples.oak, in: club, as: club.ana)
        let kim = try session(club, as: club.kim)
        let read = try #require(try kim.readStore().cache(anas.id))
        #expect(throws: ChangeRefusal.notAMember("nobody at all")) { try kim.handOver(read, to: .member("nobody at all")) }
        #expect(throws: ChangeRefusal.notAMember(club.admin)) { try kim.handOver(read, to: .member(club.admin)) }
        // A superuser is in every role, but no member: the rules do not bind it.
        #expect(throws: ChangeRefusal.notAMember("geo")) { try kim.handOver(read, to: .member("geo")) }
        // The group roles hold no cache: every member could change it.
        #expect(throws: ChangeRefusal.notAMember(club.roles.member)) { try kim.handOver(read, to: .member(club.roles.member)) }
    }

    @Test("a role in the member role that cannot log in (a group of roles) is no member: neither the program nor SQL hands it a cache")
    func aRoleThatCannotLogInIsNoMember() throws {
        let club = try ClubFixture.make()
        let group = "group_\(UUID().uuidString.prefix(8).lowercased())"
        try club.server.superuser("CREATE ROLE \(group) NOLOGIN IN ROLE \(ClubFixture.identifier(club.roles.member))")
        let anas = try add(Samples.oak, in: club, as: club.ana)
        let kim = try session(club, as: club.kim)
        let read = try #require(try kim.readStore().cache(anas.id))
        #expect(throws: ChangeRefusal.notAMember(group)) { try kim.handOver(read, to: .member(group)) }
        #expect(sqlState(club, as: club.kim, "UPDATE geocache SET owner = $1 WHERE id = $2",
                         [.text(group), .int(Int(anas.id.rawValue))]) == "42501")
    }

    @Test("a change of a cache handed over meanwhile is refused by the server and said as refused")
    func aChangeTheServerRefusesIsARefusal() throws {
        let club = try ClubFixture.make()
        let bos = try add(Samples.bridge, in: club, as: club.bo)
        let bo = try session(club, as: club.bo)
        let read = try #require(try bo.readStore().cache(bos.id))
        let kim = try session(club, as: club.kim)
        let kimRead = try #require(try kim.readStore().cache(bos.id))
        _ = try kim.handOver(kimRead, to: .member(club.ana))
        var edited = read.cache
        edited.title = "Still mine?"
        guard case .refused(let error) = try bo.update(read, to: edited) else {
            Issue.record("the server's refusal was not a refusal")
            return
        }
        guard case .notPermitted(_, let reason) = error else { Issue.record("got \(error)"); return }
        #expect(reason.contains("only \(club.ana) or a keeper can change cache"))
    }

    // MARK: - Setting up

    @Test("a role that may not create roles cannot set the rules up, and nothing changes")
    func aMemberCannotSetTheRulesUp() throws {
        let club = try ClubFixture.make()
        #expect(throws: StoreError.self) { try store(club, as: club.ana).setUpClub() }
        let again = try store(club, as: club.admin).setUpClub()
        #expect(!again.madeRoles)
        #expect(again.previousOwner == nil)
    }

    @Test("club init by a role that may make the tables but not roles is refused before anything is made")
    func aClubInitThatWouldBeRefusedMakesNoTables() throws {
        let server = try PostgresTestServer.shared()
        let unique = UUID().uuidString.prefix(8).lowercased()
        let (owner, database) = ("owner_\(unique)", "no_roles_\(unique)")
        try server.superuser("CREATE ROLE \(owner) LOGIN")
        try server.superuser("CREATE DATABASE \(database) OWNER \(owner)")
        let refused = try #require(throws: StoreError.self) {
            try PostgresStore(url: server.uri(database: database, user: owner), purpose: .command).setUpClub()
        }
        guard case .notPermitted = refused else {
            Issue.record("club init by a role that may not create roles gave \(refused)")
            return
        }
        #expect(refused.description.contains("\(owner) may not create roles"))
        #expect(try server.superuser("SELECT count(*) FROM pg_tables WHERE tablename LIKE 'geocache%'",
                                     database: database).rows.first?.string(0) == "0")
    }

    @Test("the first connection of a role that may create roles sets the rules up and says so once")
    func theFirstConnectionOfAnAdminSetsUp() throws {
        let server = try PostgresTestServer.shared()
        let url = try server.makeDatabase(settingUp: false)
        let first = try PostgresStore(url: url, purpose: .command)
        _ = try first.count()
        guard case .setUp(let setUp)? = try first.takeClubNote() else { Issue.record("no set-up said"); return }
        #expect(setUp.roles == ClubRoles(database: String(url.split(separator: "/").last!)))
        #expect(try first.takeClubNote() == nil)
        let second = try PostgresStore(url: url, purpose: .command)
        _ = try second.count()
        #expect(try second.takeClubNote() == nil)
    }

    @Test("a role the rules do not bind is told so once, by the database, whichever machine it connects from")
    func theOwningRoleIsToldOnce() throws {
        let club = try ClubFixture.make()
        let superuser = try PostgresStore(url: club.server.uri(database: club.database.addingPercentEncoding(
            withAllowedCharacters: .alphanumerics)!), purpose: .command)
        _ = try superuser.count()
        #expect(try superuser.takeClubNote() == .rulesDoNotBind(role: "geo", roles: club.roles))
        let later = try PostgresStore(url: club.server.uri(database: club.database), purpose: .command)
        _ = try later.count()
        #expect(try later.takeClubNote() == nil)
        let member = try store(club, as: club.ana)
        _ = try member.count()
        #expect(try member.takeClubNote() == nil)
    }

    @Test("a member opening a store an older version set up is told the admin upgrades it; the admin's next session does")
    func aMemberCannotUpgradeTheSchemaAndIsToldWhoCan() throws {
        let club = try ClubFixture.make()
        let latest = PostgresStore.migrations.count
        // The store as the version before the latest left it: its last migration undone.
        _ = try club.sql(as: club.admin, "DROP INDEX geocache_visit_by_minute")
        _ = try club.sql(as: club.admin, "DELETE FROM geocache_schema WHERE version = $1", [.int(latest)])
        let refused = try #require(throws: StoreError.self) { try store(club, as: club.ana).count() }
        guard case .olderServerSchema = refused else {
            Issue.record("a member's session on an older store gave \(refused)")
            return
        }
        #expect(refused.description.contains("Ask the club's admin to open it once with this version"))
        #expect(try club.sql(as: club.admin, "SELECT max(version) FROM geocache_schema").rows.first?.string(0)
                == String(latest - 1))
        #expect(try store(club, as: club.admin).count() == 0)
        #expect(try store(club, as: club.ana).count() == 0)
    }

    @Test("a role that may not create tables in an empty database is refused as not permitted, nothing made")
    func anEmptyDatabaseARoleMayNotSetUpIsRefusedAsNotPermitted() throws {
        let club = try ClubFixture.make()
        let empty = try #require(URL(string: try club.server.makeDatabase(settingUp: false))).lastPathComponent
        // PostgreSQL 15's default, whatever the server's template says: only the owner creates there.
        try club.server.superuser("REVOKE CREATE ON SCHEMA public FROM PUBLIC", database: empty)
        let refused = try #require(throws: StoreError.self) {
            let clubURL = club.url(as: club.ana)
            let url = clubURL[..<(clubURL.lastIndex(of: "/") ?? clubURL.endIndex)] + "/" + empty
            return try PostgresStore(url: url, purpose: .command).count()
        }
        guard case .notPermitted = refused else {
            Issue.record("a member's session on an empty database gave \(refused)")
            return
        }
        #expect(refused.description.contains("setting up this empty database makes the store's tables"))
        #expect(try club.server.superuser("SELECT count(*) FROM pg_tables WHERE tablename LIKE 'geocache%'",
                                          database: empty).rows.first?.string(0) == "0")
    }

    @Test("a store made before the rules is upgraded in place: the admin takes the tables over, its caches are the club's")
    func anOlderStoreIsUpgradedInPlace() throws {
        let server = try PostgresTestServer.shared()
        let unique = UUID().uuidString.prefix(8).lowercased()
        let (shared, admin, database) = ("shared_\(unique)", "admin_\(unique)", "old_club_\(unique)")
        try server.superuser("CREATE ROLE \(shared) LOGIN")
        try server.superuser("CREATE ROLE \(admin) LOGIN CREATEROLE")
        try server.superuser("CREATE DATABASE \(database) OWNER \(shared)")
        let old = try PostgresConnection(server.uri(database: database, user: shared))
        for (index, migration) in PostgresStore.migrations.prefix(5).enumerated() {
            for statement in migration { try old.query(statement) }
            try old.query("INSERT INTO geocache_schema (version) VALUES ($1)", [.int(index + 1)])
        }
        for (index, cache) in [Samples.oak, Samples.bridge].enumerated() {
            try old.query("""
                INSERT INTO geocache (title, details, creator, reward, search_text, code) VALUES ($1, $2, $3, $4, '', $5)
                """, [.text(cache.title), .text(cache.details), .text(cache.creator), .text(cache.reward),
                      .text("GCOLD\(index + 1)")])
        }
        old.close()
        let setUp = try PostgresStore(url: server.uri(database: database, user: admin), purpose: .command).setUpClub()
        #expect(setUp.previousOwner == shared)
        #expect(setUp.owner == admin)
        #expect(setUp.clubCaches == 2)
        try server.superuser("CREATE ROLE ana_\(unique) LOGIN IN ROLE \(setUp.roles.member)")
        let ana = try PostgresStore(url: server.uri(database: database, user: "ana_\(unique)"), purpose: .command)
        var owners: [CacheOwner?] = []
        try ana.forEachCache { owners.append($0.club?.owner) }
        #expect(owners == [.club, .club])
        #expect(try ana.loadCaches().map(\.title) == [Samples.oak.title, Samples.bridge.title])
        let formerOwner = try PostgresConnection(server.uri(database: database, user: shared))
        defer { formerOwner.close() }
        #expect(throws: PostgresError.self) { try formerOwner.query("DELETE FROM geocache") }
    }

    @Test("names and passwords with quotes and spaces work, and no message holds a password")
    func awkwardNamesWork() throws {
        let club = try ClubFixture.make(awkwardNames: true)
        let anas = try add(Samples.oak, in: club, as: club.ana)
        #expect(anas.club?.owner == .member(club.ana))
        let bo = try session(club, as: club.bo)
        let read = try #require(try bo.readStore().cache(anas.id))
        #expect(throws: ChangeRefusal.ownedBy(club.ana)) { try bo.delete(read) }
        let kim = try session(club, as: club.kim)
        let kimRead = try #require(try kim.readStore().cache(anas.id))
        #expect(try kim.delete(kimRead).storedValue == 0)
        let wrong = club.url(as: club.bo).replacingOccurrences(
            of: ClubFixture.password(for: club.bo).addingPercentEncoding(withAllowedCharacters: .alphanumerics)!,
            with: "wrong%27password")
        do {
            _ = try PostgresStore(url: wrong, purpose: .command).count()
            Issue.record("a wrong password was let in")
        } catch {
            #expect(!"\(error)".contains("wrong'password"))
            #expect(!"\(error)".contains(ClubFixture.password(for: club.bo)))
        }
    }
}
