import GeoModel
import Testing
@testable import GeoTUI

/// A cache whose fields hold characters that show nothing by themselves, in the form:
/// the pane and the fields show their symbols, and an edit keeps every other byte.
@Suite struct InvisibleCharacterFormTests {
    static let cache = GeoCache(title: "Oak \u{202E}kao\u{202C}", details: "one\n\u{301}two", creator: "\u{301}ana",
                                reward: "\u{200D}Coin\u{200B}")

    @Test("the pane shows a bidi control as ⇄, a format character as ⬚, and a mark starting a value on a dotted circle")
    func thePaneShowsTheSymbols() throws {
        let form = try FormHarness(caches: [Self.cache])
        #expect(form.screen.contains("Title:   Oak \u{21C4}kao\u{21C4}"))
        #expect(form.screen.contains("Details: one"))
        #expect(form.screen.contains("│          \u{25CC}\u{301}two"))
        #expect(form.screen.contains("Creator: \u{25CC}\u{301}ana"))
        #expect(form.screen.contains("Reward:  \u{2B1A}Coin\u{2B1A}"))
        #expect(!form.screen.contains("\u{FFFD}"))
    }

    @Test("an edit steps over a bidi control a column at a time, and a save keeps every byte it did not delete")
    func anEditKeepsTheOtherBytes() throws {
        let form = try FormHarness(caches: [Self.cache])
        form.press(.function(4))
        #expect(form.screen.contains("Title   [Oak \u{21C4}kao\u{21C4}"))
        let end = try #require(form.canvas.cursor)
        form.press(.left)
        #expect(form.canvas.cursor == Point(x: end.x - 1, y: end.y))
        form.press(.backspace, .backspace)
        #expect(form.canvas.cursor == Point(x: end.x - 3, y: end.y))
        form.press(.control("s"))
        let saved = try #require(try SQLiteStore(url: form.storeURL).first()?.cache)
        #expect(Array(saved.title.utf8) == Array("Oak \u{202E}k\u{202C}".utf8))
        #expect(Array(saved.creator.utf8) == Array(Self.cache.creator.utf8))
        #expect(Array(saved.reward.utf8) == Array(Self.cache.reward.utf8))
    }
}
