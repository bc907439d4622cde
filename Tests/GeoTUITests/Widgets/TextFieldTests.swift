import Testing
@testable import GeoTUI

/// Counts the change notifications a field sends.
private final class ChangeRecorder: TextFieldDelegate {
    var changes: [String] = []
    func textFieldDidChange(_ field: TextField) { changes.append(field.text) }
}

@Suite struct TextFieldTests {
    private func field(_ text: String = "", width: Int = 10, focused: Bool = true) -> TextField {
        let f = TextField(frame: Rect(x: 0, y: 0, width: width, height: 1), text: text)
        f.isFocused = focused
        return f
    }

    private func type(_ text: String, into f: TextField) {
        for c in text { _ = f.handle(.character(c)) }
    }

    // MARK: Editing keys

    @Test func typedCharactersAreInsertedAtTheCursor() {
        let f = field("ac")
        _ = f.handle(.left)
        _ = f.handle(.character("b"))
        #expect(f.text == "abc")
        #expect(f.cursorIndex == 2)
    }

    @Test func typedControlCharactersAreIgnored() {
        let f = field("a")
        #expect(f.handle(.character("\u{1B}")) == .ignored)
        #expect(f.handle(.character("\u{7F}")) == .ignored)
        #expect(f.text == "a")
    }

    @Test func homeEndAndCtrlACtrlEJumpToTheEnds() {
        let f = field("hello")
        _ = f.handle(.home)
        #expect(f.cursorIndex == 0)
        _ = f.handle(.end)
        #expect(f.cursorIndex == 5)
        _ = f.handle(.control("a"))
        #expect(f.cursorIndex == 0)
        _ = f.handle(.control("e"))
        #expect(f.cursorIndex == 5)
    }

    @Test func backspaceAndCtrlHDeleteBeforeTheCursor() {
        let f = field("abc")
        _ = f.handle(.backspace)
        // Ctrl-H is byte 0x08, which the decoder turns into Backspace.
        var decoder = InputDecoder()
        decoder.feed(.scalar("\u{08}"))
        while let event = decoder.nextEvent() { _ = f.handle(event) }
        #expect(f.text == "a")
    }

    @Test func deleteAndCtrlDDeleteUnderTheCursor() {
        let f = field("abc")
        _ = f.handle(.home)
        _ = f.handle(.delete)
        _ = f.handle(.control("d"))
        #expect(f.text == "c")
    }

    @Test func ctrlDOnAnEmptyFieldIsLeftToTheOwner() {
        #expect(field("").handle(.control("d")) == .ignored)
    }

    @Test func ctrlKKillsFromTheCursorToTheEnd() {
        let f = field("hello world")
        for _ in 0..<6 { _ = f.handle(.left) }
        _ = f.handle(.control("k"))
        #expect(f.text == "hello")
    }

    @Test func ctrlUKillsFromTheStartToTheCursor() {
        let f = field("hello world")
        for _ in 0..<5 { _ = f.handle(.left) }
        _ = f.handle(.control("u"))
        #expect(f.text == "world")
        #expect(f.cursorIndex == 0)
    }

    @Test func ctrlWDeletesTheWordBeforeTheCursor() {
        let f = field("hello big world")
        _ = f.handle(.control("w"))
        #expect(f.text == "hello big ")
    }

    @Test func altBAndAltFMoveByWord() {
        let f = field("one two three")
        _ = f.handle(.alt("b"))
        #expect(f.cursorIndex == 8)
        _ = f.handle(.alt("b"))
        #expect(f.cursorIndex == 4)
        _ = f.handle(.alt("f"))
        #expect(f.cursorIndex == 7)
    }

    @Test func ctrlLeftAndCtrlRightMoveByWord() {
        let f = field("one two")
        _ = f.handle(.wordLeft)
        #expect(f.cursorIndex == 4)
        _ = f.handle(.wordRight)
        #expect(f.cursorIndex == 7)
    }

    @Test func enterTabUpAndDownAreLeftToTheFocusGroup() {
        let f = field("x")
        for key in [Key.enter, .tab, .backTab, .up, .down, .escape] {
            #expect(f.handle(key) == .ignored)
        }
    }

    @Test func movingPastTheStartIsStillHandled() {
        let f = field("")
        #expect(f.handle(.left) == .handled)
    }

    // MARK: Delegate

    @Test func theDelegateHearsOfEachEditThatChangedTheText() {
        let f = field("ab")
        let recorder = ChangeRecorder()
        f.delegate = recorder
        _ = f.handle(.character("c"))
        _ = f.handle(.left)
        _ = f.handle(.backspace)
        _ = f.handle(.home)
        _ = f.handle(.backspace)
        #expect(recorder.changes == ["abc", "ac"])
    }

    @Test func settingTheTextDoesNotCallTheDelegate() {
        let f = field()
        let recorder = ChangeRecorder()
        f.delegate = recorder
        f.text = "new"
        #expect(recorder.changes.isEmpty)
        #expect(f.cursorIndex == 3)
    }

    @Test func theDelegateIsHeldWeakly() {
        let f = field()
        do {
            let recorder = ChangeRecorder()
            f.delegate = recorder
        }
        #expect(f.delegate == nil)
    }

    // MARK: Paste

    @Test func aPasteIsOneEditWithLineBreaksAsSpacesAndControlsDropped() {
        let f = field("[]", width: 40)
        _ = f.handle(.left)
        let recorder = ChangeRecorder()
        f.delegate = recorder
        #expect(f.handle(.paste("a\r\nb\tc\u{1B}[1md\ne\rf\u{07}")) == .handled)
        #expect(f.text == "[a b c[1md e f]")
        #expect(recorder.changes.count == 1)
        #expect(f.cursorIndex == 14)
    }

    @Test func aHundredKilobytePasteCompletesAsOneEdit() {
        let chunk = "Zürich 東京 👩‍💻 e\u{301}\r\n"
        let pasted = String(repeating: chunk, count: 100_000 / chunk.utf8.count + 1)
        let f = field(width: 30)
        let recorder = ChangeRecorder()
        f.delegate = recorder
        _ = f.handle(.paste(pasted))
        #expect(recorder.changes.count == 1)
        #expect(f.text == String(pasted.map { $0 == "\r\n" ? " " : $0 }))
        #expect(f.cursorIndex == f.content.count)
        let canvas = render(f, width: 30, height: 1)
        #expect(canvas.text.hasPrefix("…"))
        #expect(f.cursorPosition?.x == 15)
    }

    // MARK: Drawing and scrolling

    @Test func showsItsTextFromTheLeft() {
        expectCanvas(render(field("hello"), width: 12, height: 1), "hello")
    }

    @Test("the line breaks beside a line feed, U+0085, U+2028 and U+2029, are shown as the newline symbol")
    func lineBreaksBesideALineFeedAreShownAsTheNewlineSymbol() {
        expectCanvas(render(field("a\u{85}b\u{2028}c\u{2029}d\ne"), width: 12, height: 1), "a␤b␤c␤d␊e")
    }

    @Test("CR LF, one character, is shown as the newline symbol, not as its carriage return alone")
    func crLFIsShownAsTheNewlineSymbol() {
        expectCanvas(render(field("a\r\nb\rc"), width: 12, height: 1), "a␤b␍c")
    }

    @Test func focusIsReverseVideoAcrossTheWholeField() {
        let f = field("hi", width: 6)
        let canvas = render(f, width: 8, height: 1)
        expectGrid(canvas.mask(.reverse), "######")
        f.isFocused = false
        expectGrid(render(f, width: 8, height: 1).mask(.reverse), "")
    }

    @Test func anUnfocusedFieldIsUnderlinedSoItsExtentShowsWithoutColour() {
        let f = field("hi", width: 5, focused: false)
        expectGrid(render(f, width: 8, height: 1).mask(.underline), "#####")
    }

    @Test func theCursorIsShownOnlyWhileFocused() {
        let f = field("ab")
        #expect(f.cursorPosition == Point(x: 2, y: 0))
        f.isFocused = false
        #expect(f.cursorPosition == nil)
    }

    @Test func thePlaceholderShowsWhileTheFieldIsEmpty() {
        let f = field(focused: false)
        f.placeholder = "Title"
        let canvas = render(f, width: 10, height: 1)
        expectCanvas(canvas, "Title")
        expectGrid(canvas.mask(.dim), "#####")
        f.text = "x"
        expectCanvas(render(f, width: 10, height: 1), "x")
    }

    @Test func longTextScrollsToKeepTheCursorAtTheEndVisible() {
        let f = field("abcdefghijklmnopqrstuvwxyz")
        expectCanvas(render(f, width: 10, height: 1), "…wxyz")
        #expect(f.cursorPosition == Point(x: 5, y: 0))
    }

    @Test func aFieldWidenedShowsMoreOfTheTextBeforeTheCursorInsteadOfBlanksAfterItsEnd() {
        let f = field(String(repeating: "abcdefghij", count: 5))
        expectCanvas(render(f, width: 10, height: 1), "…ghij")
        f.frame = Rect(x: 0, y: 0, width: 30, height: 1)
        expectCanvas(render(f, width: 30, height: 1), "…cdefghijabcdefghijabcdefghij")
        #expect(f.cursorPosition == Point(x: 29, y: 0))
    }

    @Test func homeScrollsBackAndMarksTheHiddenRightPart() {
        let f = field("abcdefghijklmnopqrstuvwxyz")
        _ = f.handle(.home)
        expectCanvas(render(f, width: 10, height: 1), "abcdefghi…")
        #expect(f.cursorPosition == Point(x: 0, y: 0))
    }

    @Test func movingRightKeepsContextAfterTheCursor() {
        let f = field("abcdefghijklmnopqrstuvwxyz")
        _ = f.handle(.home)
        for _ in 0..<7 { _ = f.handle(.right) }
        expectCanvas(render(f, width: 10, height: 1), "…defghijk…")
        #expect(f.cursorPosition == Point(x: 5, y: 0))
    }

    @Test func movingLeftKeepsContextBeforeTheCursor() {
        let f = field("abcdefghijklmnopqrstuvwxyz")
        for _ in 0..<8 { _ = f.handle(.left) }
        // The cursor is on "s"; two columns of context stay to its left.
        let canvas = render(f, width: 10, height: 1)
        #expect(f.cursorPosition.map { canvas.lines[0].dropFirst($0.x).first } == "s")
        #expect(f.cursorPosition!.x >= 3)
        #expect(canvas.text.hasPrefix("…"))
    }

    @Test func wideCharactersScrollWholeAndAreNeverSplit() {
        let f = field("東京大阪", width: 6)
        expectCanvas(render(f, width: 6, height: 1), "…阪")
        #expect(f.cursorPosition == Point(x: 3, y: 0))
        _ = f.handle(.home)
        expectCanvas(render(f, width: 6, height: 1), "東京 …")
    }

    @Test func theCursorColumnCountsWideCharactersAndEmojiAsTwo() {
        let f = field("a東👩‍💻e\u{301}b", width: 20)
        _ = f.handle(.left)
        #expect(f.cursorPosition == Point(x: 6, y: 0))
        _ = f.handle(.left)
        _ = f.handle(.left)
        #expect(f.cursorPosition == Point(x: 3, y: 0))
        expectCanvas(render(f, width: 20, height: 1), "a東👩‍💻e\u{301}b")
    }

    @Test func drawsInsideItsFrameOnly() {
        let f = TextField(frame: Rect(x: 2, y: 1, width: 4, height: 1), text: "ab")
        expectCanvas(render(f, width: 8, height: 3), "\n  ab\n")
    }

    @Test func aClickPutsTheCursorAtTheClickedCharacter() {
        let f = TextField(frame: Rect(x: 5, y: 2, width: 20, height: 1), text: "a東bc")
        f.isFocused = true
        let click = MouseEvent(position: Point(x: 8, y: 2), kind: .click)
        #expect(f.handle(.mouse(click)) == .handled)
        #expect(f.cursorIndex == 2)
        _ = f.handle(.mouse(MouseEvent(position: Point(x: 20, y: 2), kind: .click)))
        #expect(f.cursorIndex == 4)
    }

    @Test func aClickOnTheSecondHalfOfAWideCharacterLandsBeforeIt() {
        let f = field("a東b", width: 20)
        _ = f.handle(.mouse(MouseEvent(position: Point(x: 2, y: 0), kind: .click)))
        #expect(f.cursorIndex == 1)
    }

    @Test func aClickOutsideTheFieldIsIgnored() {
        let f = field("abc")
        #expect(f.handle(.mouse(MouseEvent(position: Point(x: 3, y: 4), kind: .click))) == .ignored)
    }
}
