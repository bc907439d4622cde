import Foundation
import GeoModel
import GeoTestSupport
import Testing

/// `edit --owner` while the club store cannot be reached: a hand-over is the server's to
/// allow, so it is not kept on this machine, and the command says so rather than that
/// it could not connect.
@Suite(.serialized) struct FieldModeHandOverCommandTests {
    @Test func aHandOverWhileTheServerIsAwayIsRefusedSayingItIsNotKept() throws {
        let club = try FieldModeClub()
        defer { club.finish() }
        try club.addLettersWithGaps()
        #expect(try club.run(["sync"]).status == 0)
        try club.server.stop()
        let edit = try club.run(["edit", "--position", "1", "--owner", "bo"])
        #expect(edit.status == 1)
        #expect(edit.error.contains("a hand-over is not kept: only the server can allow it"), "stderr was: \(edit.error)")
    }

    @Test("an edit with a hand-over while the server is away is refused whole: nothing is kept, and it says so")
    func anEditWithAHandOverWhileTheServerIsAwayKeepsNothing() throws {
        let club = try FieldModeClub()
        defer { club.finish() }
        try club.addLettersWithGaps()
        #expect(try club.run(["sync"]).status == 0)
        try club.server.stop()
        let edit = try club.run(["edit", "--position", "1", "--reward", "Gold coin", "--owner", "bo"])
        #expect(edit.status == 1)
        #expect(edit.error.contains("a hand-over is not kept: only the server can allow it. Nothing was changed"),
                "stderr was: \(edit.error)")
        #expect(!(try club.run(["sync", "--status"]).output.contains("1 change")))
    }

    @Test("a cache the copy lacks, named while the server is away, is said to be missing from the copy, not from the club")
    func aCacheMissingFromTheCopyIsSaidSo() throws {
        let club = try FieldModeClub()
        defer { club.finish() }
        try club.addLettersWithGaps()
        #expect(try club.run(["sync"]).status == 0)
        try club.server.stop()
        let edit = try club.run(["edit", "--code", "GT2222222", "--reward", "x"])
        #expect(edit.status == 1)
        #expect(edit.error.contains("there is no cache with the code GT2222222 in this machine's copy of the club store"),
                "stderr was: \(edit.error)")
    }
}
