import Foundation
@testable import GeoModel
import GeoTestSupport
import Testing
@testable import GeoTUI

/// The note and final prompts (Alt-N, Alt-C) meeting another session's change of what
/// they write while open: Enter keeps nothing, the prompt keeps the text typed, the pane
/// names the note or final as it is now beside yours, Enter again keeps yours over it,
/// Esc leaves theirs. Driven by key scripts at 80x24, checking the store and the screen.
@Suite(.serialized) struct FormFinderConflictTests {
    static let cache: GeoCache = {
        var cache = Samples.oak
        cache.code = "GC3CDEF"
        cache.coordinate = Coordinate(latitudeMicrodegrees: 47_000_000, longitudeMicrodegrees: 8_000_000)
        return cache
    }()
    static let theirFinal = Coordinate(latitudeMicrodegrees: 47_005_000, longitudeMicrodegrees: 8_000_000)!

    /// A form on GC3CDEF holding `note`, its note prompt open; and another session.
    private func notePromptOpen(on note: String = "original note") throws -> (FormHarness, SQLiteStore) {
        let form = try FormHarness(width: 80, height: 24, caches: [Self.cache])
        let other = try SQLiteStore(url: form.storeURL)
        try other.setOwnData(OwnData(note: note), forCode: "GC3CDEF", as: WriteID())
        form.idle()
        form.press(.alt("n"))
        return (form, other)
    }

    /// The form after the note prompt's Enter met "CLI rewrote the note".
    private func noteConflict() throws -> (FormHarness, SQLiteStore) {
        let (form, other) = try notePromptOpen()
        try other.setOwnData(OwnData(note: "CLI rewrote the note"), forCode: "GC3CDEF", as: WriteID())
        form.idle()
        form.type(" + form addition")
        form.press(.enter)
        return (form, other)
    }

    @Test func enterOnANoteChangedElsewhereKeepsNothingAndThePromptKeepsTheText() throws {
        let (form, other) = try noteConflict()
        #expect(try other.ownData().byCode["GC3CDEF"]?.note == "CLI rewrote the note")
        #expect(form.status.hasPrefix(" Note: original note + form addition"), "\(form.status)")
        #expect(!form.status.contains("Note kept"))
    }

    @Test func aNoteChangedBeforeTheFormNoticedIsRefusedAllTheSame() throws {
        let (form, other) = try notePromptOpen()
        try other.setOwnData(OwnData(note: "CLI rewrote the note"), forCode: "GC3CDEF", as: WriteID())
        form.type(" + form addition")
        form.press(.enter)
        #expect(try other.ownData().byCode["GC3CDEF"]?.note == "CLI rewrote the note")
        #expect(form.status.hasPrefix(" Note: original note + form addition"))
    }

    @Test func thePaneNamesTheNoteAsItIsNowAndYours() throws {
        let (form, _) = try noteConflict()
        #expect(form.screen.contains("┌ Not kept"), "\(form.screen)")
        #expect(form.screen.contains("was changed in another session while the"), "\(form.screen)")
        #expect(form.screen.contains("It is now:  CLI rewrote the note"))
        #expect(form.screen.contains("Yours:      original note + form addition"))
        #expect(form.screen.contains("Enter keeps it over the other session's"))
    }

    @Test("a long note in the pane wraps under its value, not at the pane's edge")
    func aLongNoteWrapsUnderItsValue() throws {
        let (form, other) = try notePromptOpen()
        try other.setOwnData(OwnData(note: "CLI rewrote the note"), forCode: "GC3CDEF", as: WriteID())
        form.idle()
        form.type(" and then a great deal more about the shed and the bench and the path that leads there")
        form.press(.enter)
        let lines = form.screen.split(separator: "\n").map(String.init)
        let yours = try #require(lines.firstIndex { $0.contains("Yours:") }, "\(form.screen)")
        #expect(lines[yours + 1].hasPrefix("│             "), "\(form.screen)")
        #expect(!lines[yours + 1].hasPrefix("│              "), "\(form.screen)")
    }

    @Test func enterAgainKeepsYoursOverTheOtherSessionsNote() throws {
        let (form, other) = try noteConflict()
        form.press(.enter)
        #expect(try other.ownData().byCode["GC3CDEF"]?.note == "original note + form addition")
        #expect(form.status.hasSuffix("Note kept"), "\(form.status)")
        #expect(form.screen.contains("Note:    original note + form addition"))
    }

    @Test func enterAgainAfterTheNoteChangedOnceMoreIsRefusedOnceMore() throws {
        let (form, other) = try noteConflict()
        try other.setOwnData(OwnData(note: "third version"), forCode: "GC3CDEF", as: WriteID())
        form.press(.enter)
        #expect(try other.ownData().byCode["GC3CDEF"]?.note == "third version")
        #expect(form.screen.contains("It is now:  third version"), "\(form.screen)")
    }

    @Test func escAfterTheConflictLeavesTheOtherSessionsNote() throws {
        let (form, other) = try noteConflict()
        form.press(.escape)
        #expect(try other.ownData().byCode["GC3CDEF"]?.note == "CLI rewrote the note")
        #expect(form.screen.contains("Note:    CLI rewrote the note"), "\(form.screen)")
    }

    @Test func aFindLoggedElsewhereWhileTheNotePromptIsOpenStaysFoundWhenTheNoteIsKept() throws {
        let (form, other) = try notePromptOpen()
        _ = try other.recordVisits([Visit(code: "GC3CDEF", time: "2026-11-28T10:32:00Z", type: .foundIt, text: "")],
                                   as: WriteID())
        form.type(" + form addition")
        form.press(.enter)
        #expect(try other.ownData().byCode["GC3CDEF"]
                == OwnData(found: "2026-11-28T10:32:00Z", note: "original note + form addition"))
        #expect(form.status.hasSuffix("Note kept"), "\(form.status)")
    }

    @Test func enterOnAFinalChangedElsewhereKeepsNothingAndNamesTheFinalNowThenEnterAgainKeepsYours() throws {
        let form = try FormHarness(width: 80, height: 24, caches: [Self.cache])
        form.press(.alt("c"))
        let other = try SQLiteStore(url: form.storeURL)
        try other.setOwnData(OwnData(corrected: Self.theirFinal), forCode: "GC3CDEF", as: WriteID())
        form.idle()
        form.type("N 47° 00.120 E 008° 00.000")
        form.press(.enter)
        #expect(try other.ownData().byCode["GC3CDEF"]?.corrected == Self.theirFinal)
        #expect(form.status.hasPrefix(" Final: N 47° 00.120 E 008° 00.000"), "\(form.status)")
        #expect(form.screen.contains("It is now:  \(Self.theirFinal.geocachingText)"), "\(form.screen)")
        form.press(.enter)
        #expect(try other.ownData().byCode["GC3CDEF"]?.corrected == Coordinate(parsing: "N 47° 00.120 E 008° 00.000"))
    }

    @Test func onALiveClubStoreANoteChangedByAnotherSessionIsRefusedAndEnterAgainKeepsYours() throws {
        let url = try PostgresTestServer.shared().makeDatabase()
        let other = try PostgresStore(url: url)
        try other.add(Self.cache)
        try other.setOwnData(OwnData(note: "original note"), forCode: "GC3CDEF", as: WriteID())
        let form = try ClubFormHarness(url: url)
        form.press(.alt("n"))
        try other.setOwnData(OwnData(note: "CLI rewrote the note"), forCode: "GC3CDEF", as: WriteID())
        form.type(" + form addition")
        form.press(.enter)
        #expect(try other.ownData().byCode["GC3CDEF"]?.note == "CLI rewrote the note")
        #expect(form.screen.contains("It is now:  CLI rewrote the note"), "\(form.screen)")
        form.press(.enter)
        #expect(try other.ownData().byCode["GC3CDEF"]?.note == "original note + form addition")
    }
}
