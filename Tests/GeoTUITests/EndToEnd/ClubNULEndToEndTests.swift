import Foundation
import GeoModel
import GeoTestSupport
import Testing

/// The form on a club store, whose `text` columns cannot hold U+0000: the form's fields
/// never take a typed or pasted NUL, but a draft can bring one back (a draft keeps it:
/// its texts are base64). Saving it is refused with the store's message, the text stays
/// in the fields, and nothing is stored.
@Suite(.serialized) struct ClubNULEndToEndTests {
    @Test func anAddOfARestoredDraftHoldingNULIsRefusedAndTheTextKept() throws {
        let url = try PostgresTestServer.shared().makeDatabase()
        let draft = FormDraft(fields: [.title: "Nul oak", .details: "Behind\u{0}the tree", .creator: "ana", .reward: "Coin"])
        try PostgresStore(url: url).leaveDraft(draft)
        let session = try TmuxSession.app(storeArgument: url)
        try session.waitFor("Draft restored")
        try session.send("C-s")
        // The dialog wraps its message: its words are compared without the box's lines and breaks.
        try session.waitFor("the refusal naming the cache, the field and NUL") { screen in
            let words = screen.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "│" }).joined(separator: " ")
            return words.contains("\"Nul oak\" holds the character U+0000 (NUL) in its details")
                && words.contains("nothing was stored")
        }
        try session.waitFor("Your text is still in the fields")
        try session.quitApp()
        let store = try PostgresStore(url: url)
        #expect(try store.count() == 0)
        #expect(try store.keptDrafts() == [draft])
    }
}
