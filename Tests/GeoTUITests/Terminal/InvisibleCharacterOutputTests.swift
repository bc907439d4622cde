import Testing
@testable import GeoTUI

extension NcursesTests {
    /// What reaches ncurses for the characters that show nothing by themselves: their
    /// symbols, none as U+FFFD, and never a control that reorders text.
    @Suite struct InvisibleCharacterOutputTests {
        @Test("format characters, lone marks and bidi controls reach the screen as their symbols, none as U+FFFD")
        func invisibleCharactersReachTheScreenAsSymbols() throws {
            let headless = try HeadlessTerminal(size: Size(width: 30, height: 1))
            var canvas = Canvas(size: Size(width: 30, height: 1))
            canvas.put("\u{301}a\u{200B}b\u{FEFF}c\u{AD}d\u{202E}e\u{2067}f\u{2069}g\u{200F}|", at: Point(x: 0, y: 0))
            headless.terminal.present(canvas)
            #expect(headless.terminal.screenRow(0).hasPrefix(
                "\u{25CC}\u{301}a\u{2B1A}b\u{2B1A}c\u{2B1A}d\u{21C4}e\u{21C4}f\u{21C4}g\u{21C4}|"))
            #expect(!headless.terminal.screenRow(0).unicodeScalars.contains("\u{FFFD}"))
            #expect(!headless.output.unicodeScalars.contains("\u{FFFD}"))
            #expect(!headless.output.unicodeScalars.contains { $0.properties.isBidiControl })
        }

        @Test("a heart with its variation selector and a joined emoji keep their two columns; the next cell stays put")
        func emojiSequencesKeepTheirColumns() throws {
            let headless = try HeadlessTerminal(size: Size(width: 10, height: 1))
            var canvas = Canvas(size: Size(width: 10, height: 1))
            canvas.put("\u{2764}\u{FE0F}x\u{1F468}\u{200D}\u{1F469}y", at: Point(x: 0, y: 0))
            headless.terminal.present(canvas)
            #expect(headless.terminal.screenRow(0).hasPrefix("\u{2764}\u{FE0F} x\u{1F468}y"))
            #expect(!headless.output.unicodeScalars.contains("\u{FFFD}"))
        }
    }
}
