import Foundation
@testable import GeoModel
import GeoTestSupport
import Testing

/// The finder's changes (visits, your own data) kept on this machine while the club
/// store is away, as `sync` shows and settles them: numbered `f1`, `f2`… apart from the
/// changes to caches, listed by `--status`, and one the server refused given up with
/// `--discard fN`.
@Suite(.serialized) struct FinderSyncCommandTests {
    /// A field-mode club whose server is stopped, with a visit (f1) and a note (f2) kept.
    private func clubWithFinderChanges() throws -> FieldModeClub {
        let club = try FieldModeClub()
        try club.server.stop()
        #expect(try club.run(["log", "GC1OAK", "found", "Under the root"]).status == 0)
        #expect(try club.run(["own", "GC1OAK", "--note", "Bring a torch"]).status == 0)
        return club
    }

    @Test func statusListsTheFinderChangesWaitingAndCountsThem() throws {
        let club = try clubWithFinderChanges()
        defer { club.finish() }
        let status = try club.run(["sync", "--status"])
        #expect(status.status == 0, "stderr was: \(status.error)")
        let lines = status.output.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("2 changes waiting on this machine for ") == true, "\(status.output)")
        #expect(lines.contains { $0.hasPrefix("f1\tvisit\tGC1OAK\t\tqueued ") && $0.hasSuffix("\twaiting") })
        #expect(lines.contains { $0.hasPrefix("f2\town\tGC1OAK\t\tqueued ") && $0.hasSuffix("\twaiting") })
    }

    @Test func logKeptOnThisMachinePrintsTheVisitAsLoggedAndSaysItWasKept() throws {
        let club = try FieldModeClub()
        defer { club.finish() }
        try club.server.stop()
        let log = try club.run(["log", "GC1OAK", "dnf", "same visit", "--time", "2026-11-30T10:00Z"])
        #expect(log.status == 0, "stderr was: \(log.error)")
        #expect(log.output == "Logged Didn't find it on GC1OAK at 2026-11-30T10:00:00Z\n", "\(log.output)")
        #expect(log.error.contains("kept on this machine: 1 change waiting for the club store"), "\(log.error)")
    }

    @Test func aFieldNotesImportKeptOnThisMachineSaysHowManyVisitsWereKept() throws {
        let club = try FieldModeClub()
        defer { club.finish() }
        try club.server.stop()
        let path = club.data.file("notes.txt").path
        try Data("GC1OAK,2026-11-20T10:00Z,Found it,\"mixed\"\r\n".utf8).write(to: URL(fileURLWithPath: path))
        let first = try club.run(["import", path])
        #expect(first.status == 0, "stderr was: \(first.error)")
        #expect(first.output == "Visits: kept on this machine 1 (delivered when the club store answers), already kept 0.\n")
        #expect(first.error.contains("kept on this machine: 1 change waiting for the club store"), "\(first.error)")
        let again = try club.run(["import", path])
        #expect(again.output == "Visits: added 0, already kept 1.\n", "\(again.output)")
    }

    @Test("sync --status names the first five codes of an import's visits kept as one change, and counts the rest")
    func statusNamesFiveCodesOfAKeptImportAndCountsTheRest() throws {
        let club = try FieldModeClub()
        defer { club.finish() }
        try club.server.stop()
        let path = club.data.file("notes.txt").path
        let lines = (1...8).map { "GC1OA\($0),2026-11-20T10:00Z,Found it,\"tftc\"\r\n" }.joined()
        try Data(lines.utf8).write(to: URL(fileURLWithPath: path))
        #expect(try club.run(["import", path]).status == 0)
        let status = try club.run(["sync", "--status"])
        #expect(status.output.contains("f1\tvisits\tGC1OA1,GC1OA2,GC1OA3,GC1OA4,GC1OA5 and 3 more\t\tqueued "),
                "\(status.output)")
    }

    @Test func ownKeptOnThisMachinePrintsTheDataAsKept() throws {
        let club = try FieldModeClub()
        defer { club.finish() }
        try club.server.stop()
        let own = try club.run(["own", "GC1OAK", "--note", "Bring a torch"])
        #expect(own.status == 0, "stderr was: \(own.error)")
        #expect(own.output.hasPrefix("GC1OAK\n"), "\(own.output)")
        #expect(own.output.contains("note\tBring a torch"), "\(own.output)")
    }

    @Test("own prints a visit kept on this machine while the club store is away, as the form's pane lists it")
    func ownPrintsAVisitKeptOnThisMachine() throws {
        let club = try FieldModeClub()
        defer { club.finish() }
        try club.server.stop()
        #expect(try club.run(["log", "GC1OAK", "found", "Under the root", "--time", "2026-11-30T10:00Z"]).status == 0)
        let own = try club.run(["own", "GC1OAK"])
        #expect(own.status == 0, "stderr was: \(own.error)")
        #expect(own.output.hasSuffix("\nvisit\t2026-11-30T10:00:00Z\tFound it\tUnder the root\n"), "\(own.output)")
    }

    @Test func aRefusedFinderChangeIsListedWithItsReasonAndHowToGiveItUp() throws {
        let club = try clubWithFinderChanges()
        defer { club.finish() }
        try Outbox(files: club.files).refuseFinderChange(1, reason: "permission denied for table geocache_visit")
        let status = try club.run(["sync", "--status"])
        #expect(status.output.contains("refused by the server: permission denied for table geocache_visit; "
                                       + "sync --discard f1 gives it up"), "\(status.output)")
    }

    @Test func discardGivesUpAFinderChangeByItsNumber() throws {
        let club = try clubWithFinderChanges()
        defer { club.finish() }
        let discard = try club.run(["sync", "--discard", "f1"])
        #expect(discard.status == 0, "stderr was: \(discard.error)")
        #expect(discard.output == "dropped change f1, 1 visit (GC1OAK); it will not be delivered\n")
        #expect(try Outbox(files: club.files).finderChanges().map(\.sequence) == [2])
    }

    @Test func discardOfAFinderChangeThatDoesNotWaitNamesThoseThatDo() throws {
        let club = try clubWithFinderChanges()
        defer { club.finish() }
        let discard = try club.run(["sync", "--discard", "f7"])
        #expect(discard.status == 1)
        #expect(discard.error.contains("there is no waiting change f7: the changes waiting are f1, f2"), "\(discard.error)")
    }

    @Test func overwriteOfAFinderChangeIsAUsageError() throws {
        let club = try clubWithFinderChanges()
        defer { club.finish() }
        let overwrite = try club.run(["sync", "--overwrite", "f2"])
        #expect(overwrite.status == 64)
        #expect(overwrite.error.contains("--discard f2 gives it up"), "\(overwrite.error)")
    }
}
