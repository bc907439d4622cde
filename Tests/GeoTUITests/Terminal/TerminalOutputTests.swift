import Testing
@testable import GeoTUI

extension NcursesTests {
    /// What ``Terminal/present(_:)`` hands ncurses, read back from ncurses' own screen,
    /// and how many bytes reach the terminal.
    @Suite struct TerminalOutputTests {
        @Test func wideCharactersLandInTheirCells() throws {
            let headless = try HeadlessTerminal(size: Size(width: 20, height: 3))
            var canvas = Canvas(size: Size(width: 20, height: 3))
            canvas.put("a東b😀c", at: Point(x: 0, y: 0))
            canvas.put("x", at: Point(x: 7, y: 1))
            canvas.put("漢", at: Point(x: 18, y: 2))
            headless.terminal.present(canvas)
            #expect(headless.terminal.screenText == """
                a東b😀c
                       x
                                  漢
                """)
            // A narrow character over half of a wide one leaves no half behind.
            canvas.put("Z", at: Point(x: 2, y: 0))
            headless.terminal.present(canvas)
            #expect(headless.terminal.screenRow(0).hasPrefix("a Zb😀c"))
        }

        /// A joined emoji (a family: man, joiner, woman, joiner, girl) keeps its first
        /// emoji's two columns; the joiner is not sent, so a terminal cannot join that
        /// emoji to whatever the next cell holds.
        @Test func anEmojiSequenceShowsItsFirstEmojiWithoutAJoinerLeftDangling() throws {
            let headless = try HeadlessTerminal(size: Size(width: 10, height: 1))
            var canvas = Canvas(size: Size(width: 10, height: 1))
            canvas.put("\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}x", at: Point(x: 0, y: 0))
            headless.terminal.present(canvas)
            #expect(headless.terminal.screenRow(0).hasPrefix("\u{1F468}x"))
            #expect(!headless.terminal.screenRow(0).unicodeScalars.contains("\u{200D}"))
            #expect(!headless.output.unicodeScalars.contains("\u{200D}"))
        }

        /// A syllable of several spacing scalars (a vowel sign after its consonant, Thai's
        /// SARA AM) reaches ncurses whole, a spacing scalar and its marks a cell, as a
        /// terminal prints it; it lost its vowel signs when drawn as one cell.
        @Test("Devanagari, Tamil and Thai syllables reach the screen with every vowel sign",
              arguments: ["विवरण यहाँ है", "தமிழ் நாடு", "น้ำ", "क्षेत्र श्री"])
        func aSyllableOfSeveralSpacingScalarsIsDrawnWhole(_ text: String) throws {
            let headless = try HeadlessTerminal(size: Size(width: 20, height: 1))
            var canvas = Canvas(size: Size(width: 20, height: 1))
            let end = canvas.put(text + "|", at: Point(x: 0, y: 0))
            headless.terminal.present(canvas)
            #expect(headless.terminal.screenRow(0).hasPrefix(text + "|"), "\(headless.terminal.screenRow(0))")
            #expect(end == text.unicodeScalars.reduce(0) { $0 + max(DisplayWidth.of($1), 0) } + 1)
        }

        /// A flag is two regional indicators in two columns: both are sent, side by side,
        /// so a terminal draws the flag (or the two letters) and the next cell stays put.
        @Test func aFlagSendsBothRegionalIndicatorsSideBySide() throws {
            let headless = try HeadlessTerminal(size: Size(width: 10, height: 1))
            var canvas = Canvas(size: Size(width: 10, height: 1))
            canvas.put("\u{1F1E9}\u{1F1EA}x\u{1F1EF}\u{1F1F5}", at: Point(x: 0, y: 0))
            headless.terminal.present(canvas)
            #expect(headless.terminal.screenRow(0).hasPrefix("\u{1F1E9}\u{1F1EA}x\u{1F1EF}\u{1F1F5}"))
            #expect(headless.output.contains("\u{1F1E9}\u{1F1EA}x\u{1F1EF}\u{1F1F5}"))
        }

        @Test func oneChangedCellWritesAFewBytes() throws {
            let headless = try HeadlessTerminal()
            var canvas = Canvas(size: Size(width: 80, height: 24))
            canvas.put("Title: ", at: Point(x: 2, y: 2))
            canvas.cursor = Point(x: 9, y: 2)
            headless.terminal.present(canvas)
            #expect(headless.bytesWritten(by: { headless.terminal.present(canvas) }) == 0)
            // Typing one character: one cell changes and the cursor moves on by one.
            canvas.put("a", at: Point(x: 9, y: 2))
            canvas.cursor = Point(x: 10, y: 2)
            let typed = headless.bytesWritten(by: { headless.terminal.present(canvas) })
            #expect(typed > 0 && typed <= 8)
            // A cell elsewhere: a cursor move there and back, still a handful.
            canvas.put("!", at: Point(x: 70, y: 20))
            let elsewhere = headless.bytesWritten(by: { headless.terminal.present(canvas) })
            #expect(elsewhere > 0 && elsewhere <= 24)
        }

        @Test func invalidateRepaintsEverything() throws {
            let headless = try HeadlessTerminal()
            var canvas = Canvas(size: Size(width: 80, height: 24))
            for y in 0..<24 { canvas.put(String(repeating: "x", count: 80), at: Point(x: 0, y: y)) }
            headless.terminal.present(canvas)
            headless.terminal.invalidate()
            #expect(headless.bytesWritten(by: { headless.terminal.present(canvas) }) >= 80 * 24)
        }

        @Test func stylesOnAColourTerminal() throws {
            let headless = try HeadlessTerminal()
            #expect(headless.terminal.supportsColor)
            var canvas = Canvas(size: Size(width: 10, height: 1))
            canvas.put("a", at: Point(x: 0, y: 0), style: Style(foreground: .cyan, attributes: .reverse))
            canvas.put("b", at: Point(x: 1, y: 0), style: Style(attributes: [.bold, .underline]))
            headless.terminal.present(canvas)
            let coloured = headless.terminal.cellLook(at: Point(x: 0, y: 0))
            #expect(coloured.attributes == .reverse)
            #expect(coloured.colorPair != 0)
            let plain = headless.terminal.cellLook(at: Point(x: 1, y: 0))
            #expect(plain.attributes == [.bold, .underline])
            #expect(plain.colorPair == 0)
        }

        @Test(arguments: [("vt100", [String: String]()), ("xterm-256color", ["NO_COLOR": "1"])])
        func monochromeKeepsReverseVideoAndDropsColour(termName: String, environment: [String: String]) throws {
            let headless = try HeadlessTerminal(termName: termName, environment: environment)
            #expect(!headless.terminal.supportsColor)
            var canvas = Canvas(size: Size(width: 10, height: 1))
            canvas.put("focus", at: Point(x: 0, y: 0), style: Style(foreground: .green, attributes: .reverse))
            headless.terminal.present(canvas)
            let look = headless.terminal.cellLook(at: Point(x: 0, y: 0))
            #expect(look.attributes == .reverse)
            #expect(look.colorPair == 0)
        }

        @Test func cursorIsShownWhereTheCanvasWantsIt() throws {
            let headless = try HeadlessTerminal()
            var canvas = Canvas(size: Size(width: 80, height: 24))
            canvas.cursor = Point(x: 12, y: 7)
            headless.terminal.present(canvas)
            #expect(headless.terminal.cursorState.position == Point(x: 12, y: 7))
            #expect(headless.terminal.cursorState.isVisible)
            canvas.cursor = nil
            headless.terminal.present(canvas)
            #expect(!headless.terminal.cursorState.isVisible)
        }

        @Test func controlCharactersInCellsAreShownNotSent() throws {
            let headless = try HeadlessTerminal(size: Size(width: 10, height: 1))
            var canvas = Canvas(size: Size(width: 10, height: 1))
            canvas[0, 0] = Cell("\u{1B}")
            canvas[1, 0] = Cell("\u{07}")
            headless.terminal.present(canvas)
            #expect(headless.terminal.screenRow(0).hasPrefix("␛␇"))
            #expect(!headless.output.contains("\u{07}"))
        }

        @Test func canvasOfAnotherSizeIsClippedAndRestCleared() throws {
            let headless = try HeadlessTerminal(size: Size(width: 10, height: 2))
            var big = Canvas(size: Size(width: 30, height: 5))
            big.put(String(repeating: "y", count: 30), at: Point(x: 0, y: 0))
            headless.terminal.present(big)
            #expect(headless.terminal.screenText == "yyyyyyyyyy\n")
            var small = Canvas(size: Size(width: 3, height: 1))
            small.put("abc", at: Point(x: 0, y: 0))
            headless.terminal.present(small)
            #expect(headless.terminal.screenText == "abc\n")
        }

        @Test func bracketedPasteIsOnWhileOpenAndOffAfterClose() throws {
            let headless = try HeadlessTerminal()
            headless.terminal.present(Canvas(size: Size(width: 80, height: 24)))
            #expect(headless.output.contains("\u{1B}[?2004h"))
            #expect(!headless.output.contains("\u{1B}[?2004l"))
            headless.terminal.close()
            headless.terminal.close()
            #expect(headless.output.contains("\u{1B}[?2004l"))
            #expect(headless.terminal.nextEvent(timeout: .zero) == .tick)
        }

        @Test("a terminal whose terminfo has no bracketed paste gets xterm's, on and off",
              arguments: ["screen", "linux", "vt100"])
        func aTerminalWithoutPasteCapabilitiesGetsXtermsBracketedPaste(_ name: String) throws {
            let headless = try HeadlessTerminal(termName: name)
            headless.terminal.present(Canvas(size: Size(width: 80, height: 24)))
            #expect(headless.output.contains("\u{1B}[?2004h"))
            headless.terminal.close()
            #expect(headless.output.contains("\u{1B}[?2004l"))
        }

        @Test func aTerminalWithoutAnAlternateScreenIsClearedOnClose() throws {
            let headless = try HeadlessTerminal(termName: "vt100")
            headless.terminal.present(Canvas(size: Size(width: 80, height: 24)))
            headless.terminal.close()
            #expect(headless.output.hasSuffix("\u{1B}[H\u{1B}[J"), "\(headless.output.suffix(20).debugDescription)")
        }

        @Test func aTerminalWithAnAlternateScreenIsLeftToItOnClose() throws {
            let headless = try HeadlessTerminal()
            headless.terminal.present(Canvas(size: Size(width: 80, height: 24)))
            headless.terminal.close()
            #expect(!headless.output.hasSuffix("\u{1B}[H\u{1B}[2J"))
            #expect(headless.output.contains("\u{1B}[?1049l"))
        }

        @Test func unknownTerminalTypeIsRefused() {
            #expect(throws: TerminalError.unknownTerminalType("no-such-terminal")) {
                _ = try Terminal.headless(termName: "no-such-terminal")
            }
            #expect(throws: TerminalError.cannotMoveCursor("dumb")) {
                _ = try Terminal.headless(termName: "dumb")
            }
        }
    }
}
