import Foundation
import GRDB
import Testing
@testable import GeoModel
import GeoTestSupport

/// The draft's write in the SQLite store: committed without waiting for the disk, and
/// every other write as durable as before.
@Suite struct SQLiteDraftTests {
    private func bootID() throws -> String {
        try String(contentsOfFile: "/proc/sys/kernel/random/boot_id", encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private func synchronousLevel(_ store: SQLiteStore) throws -> Int {
        try store.queue.read { db in try Int.fetchOne(db, sql: "PRAGMA synchronous") ?? -1 }
    }

    @Test func theStoreIsFullySynchronousAgainAfterADraftWasKept() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try SQLiteStore(url: directory.file())
        #expect(try synchronousLevel(store) == 2)
        try store.leaveDraft(FormDraft(fields: [.details: "Typed, not added"]))
        #expect(try synchronousLevel(store) == 2)
        #expect(try SQLiteStore(url: directory.file()).keptDrafts() == [FormDraft(fields: [.details: "Typed, not added"])])
    }

    // Before issue 26 a second draft replaced the first ("aDraftSavedOverAnotherReplacesIt"):
    // the rule now is that each form's draft is kept.
    @Test("a draft kept by a second session leaves the first session's draft in place")
    func aSecondDraftIsKeptBesideTheFirst() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try SQLiteStore(url: directory.file())
        try store.leaveDraft(FormDraft(fields: [.title: "first", .reward: "coin"]))
        try SQLiteStore(url: directory.file()).leaveDraft(FormDraft(fields: [.creator: "second"]))
        #expect(try store.keptDrafts() == [FormDraft(fields: [.creator: "second"]),
                                           FormDraft(fields: [.title: "first", .reward: "coin"])])
    }

    @Test("a draft held by a process that has ended is taken by the next session")
    func aDraftOfAnEndedProcessIsTaken() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try SQLiteStore(url: directory.file())
        let draft = FormDraft(fields: [.title: "left by a killed form"])
        // A holder as DraftHolder writes one, naming a process identifier no process has.
        try store.queue.write { db in
            try db.execute(sql: "INSERT INTO form_draft (holder, content) VALUES (?, ?)",
                           arguments: ["\(try bootID()) 2147483000 12345 1", Data(draft.encoded())])
        }
        #expect(try SQLiteStore(url: directory.file()).takeDraft(before: nil)?.draft == draft)
    }

    @Test("a draft held under this process's identifier with another start time (an earlier process) is taken")
    func aProcessIdentifierUsedAgainIsNotTheHolder() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try SQLiteStore(url: directory.file())
        let draft = FormDraft(fields: [.title: "left before a reboot or by an earlier process"])
        // This process's identifier, but a start time it does not have.
        try store.queue.write { db in
            try db.execute(sql: "INSERT INTO form_draft (holder, content) VALUES (?, ?)",
                           arguments: ["\(try bootID()) \(getpid()) 1 1", Data(draft.encoded())])
        }
        #expect(try store.takeDraft(before: nil)?.draft == draft)
    }

    @Test("a form opening while another session holds the write lock opens without waiting for it, the draft kept")
    func openingDoesNotWaitForAWriterToTakeADraft() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try SQLiteStore(url: directory.file())
        try store.leaveDraft(FormDraft(fields: [.title: "Kept for later"]))
        var holdsATransaction = Configuration()
        holdsATransaction.allowsUnsafeTransactions = true
        let writer = try DatabaseQueue(path: directory.file().path, configuration: holdsATransaction)
        try writer.writeWithoutTransaction { db in try db.execute(sql: "BEGIN IMMEDIATE") }
        let started = ContinuousClock.now
        let contents = try SQLiteStore(url: directory.file()).openingContents()
        #expect(started.duration(to: .now) < .seconds(SQLiteStore.busyTimeout / 2))
        #expect(contents.draft == nil)
        try writer.writeWithoutTransaction { db in try db.execute(sql: "ROLLBACK") }
        #expect(try store.keptDrafts() == [FormDraft(fields: [.title: "Kept for later"])])
    }
}
