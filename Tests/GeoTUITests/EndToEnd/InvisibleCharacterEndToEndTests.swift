import Foundation
import GeoModel
import GeoTestSupport
import Testing

/// The real binary under tmux on a cache whose fields hold characters that show nothing
/// by themselves: the terminal gets their symbols, never U+FFFD and never a control that
/// reorders text.
@Suite(.serialized) final class InvisibleCharacterEndToEndTests {
    let directory: TemporaryDirectory
    let store: URL

    init() throws {
        directory = try TemporaryDirectory()
        store = directory.file()
        try SQLiteStore(url: store).add(GeoCache(title: "Oak \u{202E}kao\u{202C}|", details: "zero\u{200B}width\u{FEFF}|",
                                                 creator: "\u{301}ana", reward: "Coin \u{2764}\u{FE0F}|"))
    }

    deinit { directory.remove() }

    @Test func theFormShowsInvisibleCharactersAsSymbolsAndSendsNoBidiControl() throws {
        let session = try TmuxSession.app(store: store)
        let screen = try session.waitFor("Title:   Oak \u{21C4}kao\u{21C4}|")
        #expect(screen.contains("zero\u{2B1A}width\u{2B1A}|"))
        #expect(screen.contains("\u{25CC}\u{301}ana"))
        #expect(screen.contains("Coin \u{2764}\u{FE0F}"))
        #expect(!screen.contains("\u{FFFD}"))
        #expect(!screen.unicodeScalars.contains { $0.properties.isBidiControl })
        try session.quitApp()
    }
}
