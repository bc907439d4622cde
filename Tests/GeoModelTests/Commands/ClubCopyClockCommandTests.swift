import Foundation
import GeoModel
import GeoTestSupport
import Testing

/// The copy of a club store refreshed while this machine's clock was a year ahead, read
/// once the clock is right again, with the server stopped: `list` and `sync --status`
/// say that the clocks disagree, never "just now".
@Suite(.serialized) struct ClubCopyClockCommandTests {
    /// A club with one cache, its copy on this machine dated a year ahead, and its
    /// server stopped.
    private func clubWithCopyFromTheFuture() throws -> FieldModeClub {
        let club = try FieldModeClub()
        #expect(try club.run(["add"] + FieldModeClub.fields("Old Oak")).status == 0)
        #expect(try club.run(["sync"]).status == 0)
        try CopyDating.shift(club.files, by: CopyDating.yearAhead)
        try club.server.stop()
        return club
    }

    @Test func listSaysTheCopyIsDatedAheadAndTheClocksDisagree() throws {
        let club = try clubWithCopyFromTheFuture()
        defer { club.finish() }
        let list = try club.run(["list"])
        #expect(list.status == 0, "stderr was: \(list.error)")
        #expect(list.error == "geocache-tui: club store away; showing the copy of 365 days from now: the clocks disagree\n")
    }

    @Test func syncStatusSaysTheCopyIsDatedAheadAndTheClocksDisagree() throws {
        let club = try clubWithCopyFromTheFuture()
        defer { club.finish() }
        let status = try club.run(["sync", "--status"])
        #expect(status.status == 0, "stderr was: \(status.error)")
        let copyLine = status.output.split(separator: "\n").last.map(String.init) ?? ""
        #expect(copyLine.hasPrefix("copy: 1 cache, refreshed 365 days from now: the clocks disagree ("),
                "stdout was: \(status.output)")
    }
}
