import Foundation
@testable import GeoModel
import GeoTestSupport
import Testing

/// Where field mode keeps a club store's files: one directory per store, whatever
/// password the URL carries, and never the password itself.
@Suite struct FieldFilesTests {
    @Test func urlsThatDifferOnlyInTheirPasswordShareOneDirectory() throws {
        let home = try FieldHome()
        defer { home.directory.remove() }
        let first = home.files("postgresql://club:first-secret@db.example.org:5433/caches")
        let second = home.files("postgresql://club:other-secret@db.example.org:5433/caches")
        let none = home.files("postgresql://club@db.example.org:5433/caches")
        #expect(first.directory == second.directory)
        #expect(first.directory == none.directory)
    }

    @Test func twoSpellingsOfOneServerShareOneDirectory() throws {
        let home = try FieldHome()
        defer { home.directory.remove() }
        let spelled = home.files("postgres://club@DB.example.org/caches")
        let explicit = home.files("postgresql://club@db.example.org:5432/caches?password=x")
        #expect(spelled.directory == explicit.directory)
    }

    @Test(arguments: [
        "postgresql://club@db.example.org:5432/other",
        "postgresql://someone@db.example.org:5432/caches",
        "postgresql://club@db2.example.org:5432/caches",
        "postgresql://club@db.example.org:6543/caches",
        "postgresql://club@db.example.org:5432/caches?options=-c%20search_path%3Dtest",
    ])
    func anotherServerDatabaseOrRoleGetsAnotherDirectory(_ url: String) throws {
        let home = try FieldHome()
        defer { home.directory.remove() }
        #expect(home.files(url).directory != home.files("postgresql://club@db.example.org:5432/caches").directory)
    }

    @Test("a URL without a user is the role PGUSER names: two members sharing a home get two directories")
    func aURLWithoutAUserTakesPGUSER() throws {
        let home = try FieldHome()
        defer { home.directory.remove() }
        let url = "postgres://127.0.0.1:55433/club"
        func files(_ connection: [String: String]) -> FieldFiles {
            FieldFiles(serverURL: url, environment: home.environment, connectionEnvironment: connection)
        }
        let ana = files(["PGUSER": "ana", "USER": "geo"])
        let bo = files(["PGUSER": "bo", "USER": "geo"])
        #expect(ana.directory != bo.directory)
        #expect(ana.directory == home.files("postgres://ana@127.0.0.1:55433/club").directory)
        // Without PGUSER, the login name, as libpq takes it.
        #expect(files(["USER": "ana"]).directory == ana.directory)
    }

    @Test("a URL without a host, port or database is the server PGHOST, PGPORT and PGDATABASE name")
    func aURLWithoutAHostTakesTheLibpqVariables() throws {
        let home = try FieldHome()
        defer { home.directory.remove() }
        let bare = FieldFiles(serverURL: "postgres://ana@/", environment: home.environment,
                              connectionEnvironment: ["PGHOST": "db.example.org", "PGPORT": "5433", "PGDATABASE": "caches"])
        #expect(bare.directory == home.files("postgres://ana@db.example.org:5433/caches").directory)
        let elsewhere = FieldFiles(serverURL: "postgres://ana@/", environment: home.environment,
                                   connectionEnvironment: ["PGHOST": "db2.example.org", "PGPORT": "5433", "PGDATABASE": "caches"])
        #expect(elsewhere.directory != bare.directory)
    }

    @Test func theDirectoryIsUnderTheXDGDataDirectoryElseUnderHome() throws {
        let home = try FieldHome()
        defer { home.directory.remove() }
        let url = "postgresql://club@db.example.org/caches"
        let files = home.files(url)
        #expect(files.directory.hasPrefix(home.directory.url.path + "/geocache-tui/club/"))
        let key = (files.directory as NSString).lastPathComponent
        #expect(key.count == 32 && key.allSatisfy(\.isHexDigit))
        let byHome = FieldFiles(serverURL: url, environment: ["HOME": "/home/ana"])
        #expect(byHome.directory == "/home/ana/.local/share/geocache-tui/club/" + key)
        #expect(byHome.outboxPath == byHome.directory + "/outbox.sqlite")
        #expect(byHome.copyPath == byHome.directory + "/copy.sqlite")
    }

    @Test func theStoreNameLeavesThePasswordOut() throws {
        let home = try FieldHome()
        defer { home.directory.remove() }
        let files = home.files("postgresql://club:Secret-Pa55@db.example.org/caches")
        #expect(files.storeName == "postgresql://club:***@db.example.org/caches")
    }

    @Test func noFileWrittenHoldsThePassword() throws {
        let home = try FieldHome()
        defer { home.directory.remove() }
        let password = "Secret-Pa55"
        let files = home.files("postgresql://geo:\(password)@127.0.0.1:5432/club?password=\(password)")
        let outbox = try Outbox(files: files)
        let kept = try outbox.queueAdd(Samples.oak)
        try outbox.queueEdit(of: kept.cache!, to: kept.cache!.titled("Older Oak"))
        let source = try SQLiteStore(path: home.directory.file("source.sqlite").path)
        try source.add(Samples.bridge)
        try ClubCopy(files: files).refresh(from: source, area: nil)
        let written = try home.everyFile().filter { !$0.path.hasSuffix("source.sqlite") }
        #expect(written.count >= 2)
        for file in written {
            #expect(!file.path.contains(password))
            #expect(file.bytes.range(of: Data(password.utf8)) == nil, "\(file.path) holds the password")
        }
        #expect(try outbox.recordedStoreName() == files.storeName)
    }

    @Test func theDigestIsSHA256() {
        #expect(SHA256.hex(of: []) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex(of: Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        let long = Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)
        #expect(SHA256.hex(of: long) == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }
}
