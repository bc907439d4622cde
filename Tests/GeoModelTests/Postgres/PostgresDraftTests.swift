import Foundation
@testable import GeoModel
import GeoTestSupport
import Testing

/// Drafts on the club store belong to the role that logged in, not to the login and
/// host name a form reports (issue 26): two members on one host under one login name
/// keep their own, and no role reads another's rows.
@Suite struct PostgresDraftTests {
    private var server: PostgresTestServer { get throws { try PostgresTestServer.shared() } }

    /// A new store and the same store as the password role, which may use its tables.
    private func twoMembers() throws -> (mine: PostgresStore, theirs: PostgresStore, database: String) {
        let url = try server.makeDatabase()
        let name = String(url.split(separator: "/").last!)
        let mine = try PostgresStore(url: url)
        try server.superuser("GRANT ALL ON ALL TABLES IN SCHEMA public TO \(PostgresTestServer.passwordRole)", database: name)
        let theirs = try PostgresStore(url: server.uri(database: name, user: PostgresTestServer.passwordRole,
                                                         password: PostgresTestServer.rolePassword))
        return (mine, theirs, name)
    }

    @Test("drafts of two members on the same host and login name are kept apart")
    func twoMembersOnOneHostKeepTheirOwnDrafts() throws {
        // Both stores run in this process: the same USER and host name.
        let (mine, theirs, _) = try twoMembers()
        try mine.leaveDraft(FormDraft(fields: [.title: "mine"]))
        try theirs.leaveDraft(FormDraft(fields: [.title: "theirs"]))
        #expect(try theirs.takeDraft(before: nil)?.draft == FormDraft(fields: [.title: "theirs"]))
        #expect(try theirs.takeDraft(before: nil) == nil)
        let taken = try mine.takeDraft(before: nil)
        #expect(taken?.draft == FormDraft(fields: [.title: "mine"]))
        #expect(taken?.othersKept == 0)
    }

    @Test("a member's SQL sees only the member's own drafts")
    func rowLevelSecurityHidesOtherMembersDrafts() throws {
        let (mine, theirs, name) = try twoMembers()
        try mine.leaveDraft(FormDraft(fields: [.title: "mine"]))
        try theirs.leaveDraft(FormDraft(fields: [.title: "theirs"]))
        let connection = try PostgresConnection(server.uri(database: name, user: PostgresTestServer.passwordRole,
                                                           password: PostgresTestServer.rolePassword))
        defer { connection.close() }
        #expect(try connection.query("SELECT count(*) FROM geocache_form_draft").rows.first?.int(0) == 1)
        // Deleting every row deletes the member's own.
        #expect(try connection.query("DELETE FROM geocache_form_draft").affectedRows == 1)
        #expect(try mine.keptDrafts() == [FormDraft(fields: [.title: "mine"])])
    }

    @Test("a store of schema 2 keeps each member's one draft as a draft of that member")
    func theOneDraftOfAnOlderStoreIsKept() throws {
        let url = try server.makeDatabase(settingUp: false)
        let connection = try PostgresConnection(url)
        defer { connection.close() }
        for migration in PostgresStore.migrations[0..<2] {
            for statement in migration { try connection.query(statement) }
        }
        try connection.query("INSERT INTO geocache_schema (version) VALUES (1), (2)")
        let long = String(repeating: "lang 東京 ", count: 40)
        for (field, value) in [("title", "Half typed"), ("details", long), ("reward", "")] {
            try connection.query("INSERT INTO geocache_draft (member, field, value) VALUES ('ana@host', $1, $2)",
                                 [.text(field), .utf8(value)])
        }
        let store = try PostgresStore(url: url)
        #expect(try store.keptDrafts() == [FormDraft(fields: [.title: "Half typed", .details: long])])
    }

    @Test("a form whose connection came back keeps its text as a new draft, never over the one another form took")
    func aReconnectedFormNeverWritesOverAnotherFormsDraft() throws {
        let url = try server.makeDatabase()
        let name = String(url.split(separator: "/").last!)
        try PostgresStore(url: url).leaveDraft(FormDraft(fields: [.title: "Kept"]))
        let first = try CacheList(store: PostgresStore(url: url))
        #expect(try first.takeDraft()?.draft == FormDraft(fields: [.title: "Kept"]))
        try server.superuser("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '\(name)'",
                             database: "postgres")
        // The first form's session is gone: its draft is free, and a second form takes it.
        let second = try CacheList(store: PostgresStore(url: url))
        #expect(try waitUntil(timeout: .seconds(10)) { try second.takeDraft() != nil })
        try second.keepDraft(FormDraft(fields: [.title: "Kept, and the second form's"]), finishing: true)
        // The first form connects again by itself, then quits with its own text.
        #expect(waitUntil(timeout: .seconds(10)) { (try? first.store.hasChangedExternally()) != nil })
        try first.keepDraft(FormDraft(fields: [.title: "Kept, and the first form's"]), finishing: true)
        #expect(Set(try PostgresStore(url: url).keptDrafts().compactMap { $0.fields[.title] })
                == ["Kept, and the second form's", "Kept, and the first form's"])
    }

    @Test("a form whose connection came back and empties its fields (its text added) leaves no draft to offer again")
    func aReconnectedFormThatAddedItsDraftLeavesNone() throws {
        let url = try server.makeDatabase()
        let name = String(url.split(separator: "/").last!)
        try PostgresStore(url: url).leaveDraft(FormDraft(fields: [.title: "Added meanwhile"]))
        let form = try CacheList(store: PostgresStore(url: url))
        #expect(try form.takeDraft()?.draft == FormDraft(fields: [.title: "Added meanwhile"]))
        try server.superuser("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '\(name)'",
                             database: "postgres")
        #expect(waitUntil(timeout: .seconds(10)) { (try? form.store.hasChangedExternally()) != nil })
        try form.keepDraft(FormDraft(fields: [:]))
        #expect(try PostgresStore(url: url).keptDrafts().isEmpty)
    }
}
