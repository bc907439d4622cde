@testable import GeoModel
import Testing

/// Values quoted in messages: on one line, and nothing in them invisible.
@Suite struct MessageValueTests {
    @Test func aFormatCharacterQuotedInAMessageIsWrittenAsItsNumber() {
        #expect(MessageValue.shown("\u{FEFF}GC12345") == "\\u{FEFF}GC12345")
        #expect(MessageValue.name("a\u{200B}b\u{00AD}c") == "a\\u{200B}b\\u{AD}c")
    }

    @Test func theJoinersThatShapeEmojiAndScriptsStayAsTheyAre() {
        #expect(MessageValue.shown("👨\u{200D}👩") == "👨\u{200D}👩")
        #expect(MessageValue.name("می\u{200C}خواهم") == "می\u{200C}خواهم")
    }

    @Test func aMessageKeptOnOneLineWritesItsLineBreaksAsEscapes() {
        #expect(MessageValue.oneLine("a\nb\rc\u{2028}d") == "a\\nb\\rc\\u{2028}d")
        #expect(MessageValue.oneLine("tab\tstays") == "tab\tstays")
    }
}
