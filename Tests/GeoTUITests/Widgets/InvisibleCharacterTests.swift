import Testing
@testable import GeoTUI

/// Characters that show as nothing of their own (format characters, a combining mark
/// with no letter before it, the controls that reorder text) are drawn as a visible
/// symbol a column wide, never as U+FFFD, the sign of bytes that are not UTF-8; the
/// text itself is never changed.
@Suite struct InvisibleCharacterTests {
    /// The scalars that are format characters and shown as `⬚` when they stand alone.
    static let invisible: [Unicode.Scalar] = ["\u{200B}", "\u{200C}", "\u{200D}", "\u{2060}", "\u{FEFF}", "\u{AD}",
                                              "\u{FE0F}", "\u{FE0E}", "\u{034F}", "\u{180E}", "\u{E0041}"]
    /// Every bidirectional control: shown as `⇄`.
    static let bidiControls: [Unicode.Scalar] = ["\u{061C}", "\u{200E}", "\u{200F}", "\u{202A}", "\u{202B}", "\u{202C}",
                                                 "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}"]

    private func drawn(_ text: String, width: Int = 12) -> (canvas: Canvas, advanced: Int) {
        var canvas = Canvas(size: Size(width: width, height: 1))
        let advanced = canvas.put(text, at: Point(x: 0, y: 0))
        return (canvas, advanced)
    }

    @Test("a format character standing alone is drawn as a dotted square one column wide, never as U+FFFD",
          arguments: invisible)
    func aLoneFormatCharacterIsADottedSquare(_ scalar: Unicode.Scalar) {
        // At the start, so that none joins a letter before it.
        let (canvas, advanced) = drawn("\(scalar)ab")
        #expect(canvas.text == "\u{2B1A}ab")
        #expect(advanced == 3)
        #expect(Character(String(scalar)).displayWidth == 1)
    }

    @Test("a format character between letters is a dotted square of its own",
          arguments: ["\u{200B}", "\u{2060}", "\u{FEFF}", "\u{AD}"] as [Unicode.Scalar])
    func aFormatCharacterBetweenLettersIsADottedSquare(_ scalar: Unicode.Scalar) {
        #expect(drawn("a\(scalar)b").canvas.text == "a\u{2B1A}b")
    }

    @Test("a bidirectional control is drawn as ⇄ one column wide and never reaches the canvas as itself",
          arguments: bidiControls)
    func aBidiControlIsShownAsArrows(_ scalar: Unicode.Scalar) {
        let (canvas, advanced) = drawn("a\(scalar)bc")
        #expect(canvas.text == "a\u{21C4}bc")
        #expect(advanced == 4)
        #expect(!canvas.lines[0].unicodeScalars.contains(scalar))
    }

    @Test("a combining mark with no letter before it is drawn on a dotted circle, in one column")
    func aLoneCombiningMarkSitsOnADottedCircle() {
        let (canvas, advanced) = drawn("\u{301}ab")
        #expect(canvas[0, 0].character == "\u{25CC}\u{301}")
        #expect(canvas.text == "\u{25CC}\u{301}ab")
        #expect(advanced == 3)
        // A keycap's enclosing mark and a kana voicing mark alone too.
        #expect(drawn("\u{20E3}x").canvas.text == "\u{25CC}\u{20E3}x")
        #expect(drawn("\u{3099}x").canvas.text == "\u{25CC}\u{3099}x")
    }

    @Test("joiners, non-joiners and variation selectors inside a cluster stay with it")
    func joinersInsideAClusterStayWithIt() {
        let heart = drawn("\u{2764}\u{FE0F}b").canvas
        #expect(heart[0, 0].character == "\u{2764}\u{FE0F}")
        #expect(heart[1, 0].isContinuation)
        #expect(heart[2, 0].character == "b")
        let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}"
        #expect(drawn(family + "b").canvas[0, 0].character == Character(family))
        #expect(drawn("a\u{200C}b").canvas[0, 0].character == "a\u{200C}")
        #expect(drawn("\u{915}\u{94D}\u{200D}x").canvas.text == "\u{915}\u{94D}\u{200D}x")
    }

    @Test("the symbols are what the text shows, not what it holds: a field keeps the text byte for byte")
    func aFieldKeepsTheTextAsItIs() {
        let text = "\u{301}a\u{200B}b\u{202E}c\u{FEFF}"
        let field = TextField(frame: Rect(x: 0, y: 0, width: 12, height: 1), text: text)
        var canvas = Canvas(size: Size(width: 12, height: 1))
        field.draw(into: &canvas)
        #expect(canvas.text == "\u{25CC}\u{301}a\u{2B1A}b\u{21C4}c\u{2B1A}")
        #expect(Array(field.text.utf8) == Array(text.utf8))
    }

    @Test("the cursor steps over each invisible character one column at a time")
    func theCursorStepsOverInvisibleCharacters() {
        let field = TextField(frame: Rect(x: 0, y: 0, width: 12, height: 1), text: "\u{200D}a\u{200B}b\u{202E}c")
        field.isFocused = true
        _ = field.handle(.home)
        var columns: [Int] = []
        for _ in 0...6 {
            columns.append(field.cursorPosition?.x ?? -1)
            _ = field.handle(.right)
        }
        #expect(columns == [0, 1, 2, 3, 4, 5, 6])
        #expect(field.cursorIndex == 6)
    }

    @Test("Backspace and Delete remove exactly the invisible character at the cursor, and nothing else")
    func editingRemovesExactlyTheInvisibleCharacter() {
        let field = TextField(frame: Rect(x: 0, y: 0, width: 12, height: 1), text: "a\u{200B}b\u{202E}c\u{301}")
        field.isFocused = true
        _ = field.handle(.left)
        _ = field.handle(.backspace)
        #expect(field.text == "a\u{200B}bc\u{301}")
        #expect(field.cursorPosition?.x == 3)
        _ = field.handle(.home)
        _ = field.handle(.right)
        _ = field.handle(.delete)
        #expect(field.text == "abc\u{301}")
        _ = field.handle(.character("x"))
        #expect(Array(field.text.utf8) == Array("axbc\u{301}".utf8))
        #expect(field.cursorPosition?.x == 2)
    }

    @Test("a letter typed before a lone combining mark takes the mark, as Unicode joins them")
    func aLetterTypedBeforeALoneMarkTakesIt() {
        let field = TextField(frame: Rect(x: 0, y: 0, width: 12, height: 1), text: "\u{301}x")
        field.isFocused = true
        _ = field.handle(.home)
        _ = field.handle(.character("e"))
        #expect(Array(field.text.utf8) == Array("e\u{301}x".utf8))
        #expect(field.cursorIndex == 1)
        #expect(field.cursorPosition?.x == 1)
        var canvas = Canvas(size: Size(width: 12, height: 1))
        field.draw(into: &canvas)
        #expect(canvas.text == "e\u{301}x")
    }
}
