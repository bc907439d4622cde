import Glibc
import Testing
@testable import GeoTUI

extension NcursesTests {
    /// Bytes fed through the pipe come back, through ncurses' own `wgetch`, as keys.
    @Suite struct TerminalInputTests {
        let headless: HeadlessTerminal

        init() throws { headless = try HeadlessTerminal() }

        @Test func printableASCII() {
            #expect(headless.events(for: "aZ 9~")
                    == [.key(.character("a")), .key(.character("Z")), .key(.character(" ")),
                        .key(.character("9")), .key(.character("~"))])
        }

        @Test func multiByteAndWideCharacters() {
            #expect(headless.events(for: "東京😀ß")
                    == [.key(.character("東")), .key(.character("京")), .key(.character("😀")),
                        .key(.character("ß"))])
        }

        @Test func combiningMarkJoinsItsLetter() {
            #expect(headless.events(for: "e\u{301}x") == [.key(.character("e\u{301}")), .key(.character("x"))])
        }

        @Test func controlLetters() {
            #expect(headless.events(for: "\u{11}\u{03}\u{1A}\u{01}\u{17}")
                    == [.key(.control("q")), .key(.control("c")), .key(.control("z")), .key(.control("a")),
                        .key(.control("w"))])
        }

        @Test func ctrlZIsCtrlZOnATerminalThatNamesItTheSuspendKey() throws {
            // The Linux console's entry has kspd=^Z, which ncurses decodes as KEY_SUSPEND.
            let linux = try HeadlessTerminal(termName: "linux")
            #expect(linux.events(for: "\u{1A}") == [.key(.control("z"))])
        }

        @Test func altLetters() {
            #expect(headless.events(for: "\u{1B}b\u{1B}f") == [.key(.alt("b")), .key(.alt("f"))])
        }

        @Test func loneEscapeArrivesWithoutTheOneSecondDefault() {
            headless.send("\u{1B}")
            // ncurses' default escape delay is a full second; this one is 25 ms.
            #expect(headless.next(timeout: .milliseconds(500)) == .input(.key(.escape)))
        }

        @Test func arrowsInApplicationAndNormalMode() {
            #expect(headless.events(for: "\u{1B}OB\u{1B}OA\u{1B}OC\u{1B}OD\u{1B}[B\u{1B}[D")
                    == [.key(.down), .key(.up), .key(.right), .key(.left), .key(.down), .key(.left)])
        }

        @Test func homeAndEndInBothXtermForms() {
            #expect(headless.events(for: "\u{1B}OH\u{1B}OF\u{1B}[H\u{1B}[F\u{1B}[1~\u{1B}[4~")
                    == [.key(.home), .key(.end), .key(.home), .key(.end), .key(.home), .key(.end)])
        }

        @Test func controlArrowsAreWordMoves() {
            #expect(headless.events(for: "\u{1B}[1;5D\u{1B}[1;5C\u{1B}[1;3D")
                    == [.key(.wordLeft), .key(.wordRight), .key(.wordLeft)])
        }

        @Test func functionKeys() {
            #expect(headless.events(for: "\u{1B}OP\u{1B}[15~\u{1B}[21~\u{1B}[24~")
                    == [.key(.function(1)), .key(.function(5)), .key(.function(10)), .key(.function(12))])
        }

        @Test func editingKeys() {
            #expect(headless.events(for: "\u{1B}[3~\u{7F}\u{08}\u{1B}[2~\u{1B}[5~\u{1B}[6~")
                    == [.key(.delete), .key(.backspace), .key(.backspace), .key(.insert), .key(.pageUp),
                        .key(.pageDown)])
        }

        @Test func tabShiftTabAndEnter() {
            #expect(headless.events(for: "\t\u{1B}[Z\r\n") == [.key(.tab), .key(.backTab), .key(.enter), .key(.enter)])
        }

        @Test func largeBracketedPasteIsOneEvent() {
            var text = ""
            while text.utf8.count < 100_000 { text += "Line with 東京 and 😀,\ttab\r\n" }
            headless.send("x\u{1B}[200~" + text + "\u{1B}[201~y")
            #expect(headless.next() == .input(.key(.character("x"))))
            #expect(headless.next() == .input(.paste(text)))
            #expect(headless.next() == .input(.key(.character("y"))))
        }

        @Test("a character whose bytes arrive in two reads is one key, not lost")
        func aCharacterSplitBetweenReads() {
            let bytes = Array("🌸".utf8)
            headless.send(Array(bytes.prefix(2)))
            #expect(headless.terminal.readWaitingInput().isEmpty)
            headless.send(Array(bytes.dropFirst(2)))
            #expect(headless.next() == .input(.key(.character("🌸"))))
        }

        @Test("a paste arriving in pieces that split its characters is whole, and the input stays open")
        func aPasteInPiecesThatSplitCharacters() {
            let text = String(repeating: "Ünïcødé🌸 ", count: 300)
            headless.sendInPieces(Array(("\u{1B}[200~" + text + "\u{1B}[201~").utf8), of: 7)
            #expect(headless.next(timeout: .seconds(10)) == .input(.paste(text)))
            headless.send("y")
            #expect(headless.next() == .input(.key(.character("y"))))
        }

        @Test("a paste keeps the sequences the terminal names keys, as the bytes pasted")
        func pasteKeepsKeySequences() {
            let text = "a\u{1B}OPb\u{1B}[Ac\u{1B}[15~d\u{1B}OAe"
            #expect(headless.events(for: "\u{1B}[200~" + text + "\u{1B}[201~") == [.paste(text)])
        }

        @Test func pasteKeepsEscapeLookalikes() {
            #expect(headless.events(for: "\u{1B}[200~a\u{1B}[20b\u{1B}[201~") == [.paste("a\u{1B}[20b")])
        }

        @Test func sgrMouseClickAndWheel() {
            #expect(headless.events(for: "\u{1B}[<0;11;6M\u{1B}[<0;11;6m\u{1B}[<64;3;4M\u{1B}[<65;3;4M") == [
                .mouse(MouseEvent(position: Point(x: 10, y: 5), kind: .press)),
                .mouse(MouseEvent(position: Point(x: 10, y: 5), kind: .click)),
                .mouse(MouseEvent(position: Point(x: 2, y: 3), kind: .scrollUp)),
                .mouse(MouseEvent(position: Point(x: 2, y: 3), kind: .scrollDown)),
            ])
        }

        @Test func slowClickIsPressThenClick() {
            // A person's press and release arrive apart; each is reported at once.
            #expect(headless.events(for: "\u{1B}[<0;3;2M") == [.mouse(MouseEvent(position: Point(x: 2, y: 1), kind: .press))])
            #expect(headless.events(for: "\u{1B}[<0;3;2m") == [.mouse(MouseEvent(position: Point(x: 2, y: 1), kind: .click))])
        }

        @Test func mouseReleasedElsewhereIsNoClick() {
            #expect(headless.events(for: "\u{1B}[<0;1;1M") == [.mouse(MouseEvent(position: Point(x: 0, y: 0), kind: .press))])
            #expect(headless.events(for: "\u{1B}[<0;5;1m") == [.mouse(MouseEvent(position: Point(x: 4, y: 0), kind: .release))])
        }

        @Test func quietInputTimesOutAsTick() {
            #expect(headless.next(timeout: .milliseconds(20)) == .tick)
        }

        @Test func resizeQueuesResizeAndUpdatesSize() {
            headless.terminal.resize(to: Size(width: 100, height: 30))
            #expect(headless.next(timeout: .milliseconds(500)) == .input(.resize))
            #expect(headless.terminal.size == Size(width: 100, height: 30))
            headless.terminal.resize(to: Size(width: 1, height: 1))
            #expect(headless.next(timeout: .milliseconds(500)) == .input(.resize))
            #expect(headless.terminal.size == Size(width: 1, height: 1))
        }

        @Test(arguments: [(SIGHUP, TerminalSignal.hangup), (SIGTERM, .terminate), (SIGINT, .interrupt)])
        func signalsArriveAsEvents(signal: Int32, expected: TerminalSignal) {
            raise(signal)
            #expect(headless.next(timeout: .seconds(2)) == .signal(expected))
            #expect(headless.next(timeout: .milliseconds(20)) == .tick)
        }

        @Test func closedInputIsAHangUp() {
            headless.closeInput()
            #expect(headless.next(timeout: .seconds(2)) == .signal(.hangup))
            #expect(headless.next(timeout: .milliseconds(20)) == .tick)
        }
    }
}
