import Testing
@testable import GeoTUI

/// The pure decoder for what ncurses leaves undecoded, fed scalar by scalar.
@Suite struct InputDecoderTests {
    /// Feeds `text`, then says the input paused, and returns every event.
    private func decode(_ text: String, timeOut: Bool = false) -> [InputEvent] {
        var decoder = InputDecoder()
        for scalar in text.unicodeScalars { decoder.feed(.scalar(scalar)) }
        decoder.inputPaused()
        if timeOut { decoder.inputTimedOut() }
        var events: [InputEvent] = []
        while let event = decoder.nextEvent() { events.append(event) }
        return events
    }

    @Test func controlCharacters() {
        #expect(decode("\u{01}\u{1A}\r\n\t\u{7F}\u{08}\u{00}\u{1F}")
                == [.key(.control("a")), .key(.control("z")), .key(.enter), .key(.enter), .key(.tab),
                    .key(.backspace), .key(.backspace), .key(.control("@")), .key(.control("_"))])
    }

    @Test func escapePrefixes() {
        #expect(decode("\u{1B}b\u{1B}B\u{1B}.") == [.key(.alt("b")), .key(.alt("B")), .key(.alt("."))])
        #expect(decode("\u{1B}") == [.key(.escape)])
        #expect(decode("\u{1B}\u{1B}") == [.key(.escape), .key(.escape)])
        #expect(decode("\u{1B}\r") == [.key(.escape), .key(.enter)])
    }

    @Test func escapeBeforeADecodedArrowIsAWordMove() {
        var decoder = InputDecoder()
        decoder.feed(.scalar("\u{1B}"))
        decoder.feed(.key(.left))
        decoder.feed(.scalar("\u{1B}"))
        decoder.feed(.key(.up))
        #expect(decoder.nextEvent() == .key(.wordLeft))
        #expect(decoder.nextEvent() == .key(.up))
    }

    @Test func csiWithModifiers() {
        #expect(decode("\u{1B}[1;5C\u{1B}[1;5D\u{1B}[1;2C\u{1B}[1;5A\u{1B}[3;5~")
                == [.key(.wordRight), .key(.wordLeft), .key(.right), .key(.up), .key(.delete)])
    }

    @Test func ss3Keys() {
        #expect(decode("\u{1B}OA\u{1B}OM\u{1B}OS") == [.key(.up), .key(.enter), .key(.function(4))])
    }

    @Test func unknownSequencesAreDropped() {
        #expect(decode("\u{1B}[?1;2c\u{1B}[I\u{1B}[99~x") == [.key(.character("x"))])
    }

    @Test func unfinishedSequenceTimesOut() {
        #expect(decode("\u{1B}[", timeOut: true) == [.key(.alt("["))])
        #expect(decode("\u{1B}O", timeOut: true) == [.key(.alt("O"))])
        #expect(decode("\u{1B}[1;", timeOut: true) == [])
    }

    @Test func sequenceInterruptedByACharacterKeepsTheCharacter() {
        #expect(decode("\u{1B}[1\u{1B}b") == [.key(.alt("b"))])
    }

    @Test func graphemeClustersStayWhole() {
        #expect(decode("e\u{301}👍🏽👨\u{200D}👩a")
                == [.key(.character("e\u{301}")), .key(.character("👍🏽")),
                    .key(.character("👨\u{200D}👩")), .key(.character("a"))])
    }

    @Test func bracketedPaste() {
        #expect(decode("\u{1B}[200~one\ntwo\u{1B}[201~") == [.paste("one\ntwo")])
        #expect(decode("\u{1B}[200~\u{1B}[201~") == [.paste("")])
        #expect(decode("\u{1B}[200~a\u{1B}\u{1B}[201b\u{1B}[201~") == [.paste("a\u{1B}\u{1B}[201b")])
    }

    @Test func pasteSurvivesAPause() {
        var decoder = InputDecoder()
        for scalar in "\u{1B}[200~abc".unicodeScalars { decoder.feed(.scalar(scalar)) }
        decoder.inputPaused()
        #expect(decoder.nextEvent() == nil)
        #expect(decoder.pendingWait == .paste)
        for scalar in "def\u{1B}[201~".unicodeScalars { decoder.feed(.scalar(scalar)) }
        #expect(decoder.nextEvent() == .paste("abcdef"))
    }

    @Test func pasteWithoutEndEndsOnTimeout() {
        #expect(decode("\u{1B}[200~abc\u{1B}[20", timeOut: true) == [.paste("abc\u{1B}[20")])
    }

    @Test func resizeIsNotHeldUpByAPaste() {
        var decoder = InputDecoder()
        for scalar in "\u{1B}[200~ab".unicodeScalars { decoder.feed(.scalar(scalar)) }
        decoder.feed(.event(.resize))
        decoder.feed(.key(.down))
        #expect(decoder.nextEvent() == .resize)
        for scalar in "\u{1B}[201~".unicodeScalars { decoder.feed(.scalar(scalar)) }
        #expect(decoder.nextEvent() == .paste("ab"))
    }

    @Test func sgrMouse() {
        #expect(decode("\u{1B}[<0;1;2M\u{1B}[<0;1;2m\u{1B}[<32;4;4M\u{1B}[<2;4;4M\u{1B}[<65;9;9M") == [
            .mouse(MouseEvent(position: Point(x: 0, y: 1), kind: .press)),
            .mouse(MouseEvent(position: Point(x: 0, y: 1), kind: .click)),
            .mouse(MouseEvent(position: Point(x: 8, y: 8), kind: .scrollDown)),
        ])
    }

    @Test func x10Mouse() {
        // Button 0 at column 5, row 3 (both from 1), then the release (button 3).
        #expect(decode("\u{1B}[M %#\u{1B}[M#%#") == [
            .mouse(MouseEvent(position: Point(x: 4, y: 2), kind: .press)),
            .mouse(MouseEvent(position: Point(x: 4, y: 2), kind: .click)),
        ])
    }

    @Test func tildeKeys() {
        #expect(InputDecoder.tildeKey(3) == .delete)
        #expect(InputDecoder.tildeKey(21) == .function(10))
        #expect(InputDecoder.tildeKey(24) == .function(12))
        #expect(InputDecoder.tildeKey(16) == nil)
    }

    @Test("a character whose bytes arrive apart is one key, and the decoder waits briefly for the rest")
    func bytesOfOneCharacterArriveApart() {
        var decoder = InputDecoder()
        let bytes = Array("🌸".utf8)
        for byte in bytes.prefix(2) { decoder.feed(byte: byte) }
        decoder.inputPaused()
        #expect(decoder.nextEvent() == nil)
        #expect(decoder.pendingWait == .sequence)
        for byte in bytes.dropFirst(2) { decoder.feed(byte: byte) }
        decoder.inputPaused()
        #expect(decoder.nextEvent() == .key(.character("🌸")))
        #expect(decoder.pendingWait == .none)
    }

    @Test("a character whose rest never comes is U+FFFD once the wait is over")
    func aCharacterWithoutItsRestIsReplaced() {
        var decoder = InputDecoder()
        decoder.feed(byte: 0xE6)
        decoder.inputPaused()
        decoder.inputTimedOut()
        #expect(decoder.nextEvent() == .key(.character("\u{FFFD}")))
    }
}
