import Testing
@testable import GeoTUI

@Suite struct EditableTextTests {
    /// A buffer holding `text` with the cursor at grapheme `cursor`.
    private func buffer(_ text: String, cursor: Int? = nil) -> EditableText {
        var b = EditableText(text)
        if let cursor { b.moveCursor(to: cursor) }
        return b
    }

    @Test func startsWithTheCursorAtTheEnd() {
        let b = buffer("héllo")
        #expect(b.cursor == 5)
        #expect(b.count == 5)
    }

    @Test func insertsAtTheCursorAndMovesPastTheInsertion() {
        var b = buffer("hed", cursor: 2)
        b.insert("llo worl")
        #expect(b.text == "hello world")
        #expect(b.cursor == 10)
    }

    @Test func aCombiningMarkTypedAfterALetterJoinsIt() {
        var b = buffer("e")
        b.insert("\u{301}")
        #expect(b.text == "e\u{301}")
        #expect(b.count == 1)
        #expect(b.cursor == 1)
        #expect(b.totalWidth == 1)
    }

    @Test("a flag letter typed inside a run of flags pairs the run as the text read afresh does")
    func aFlagLetterTypedInsideARunOfFlagsPairsTheRunAsTheTextReadAfresh() {
        var b = buffer("🇦🇧🇨🇩🇪🇫x", cursor: 1)
        b.insert("🇽")
        #expect(b.characters == Array(b.text))
        #expect(b.characters.map(String.init) == ["🇦🇧", "🇽🇨", "🇩🇪", "🇫", "x"])
        #expect(b.cursor == 2)
    }

    @Test func emojiTypedAsZWJPartsBecomeOneCluster() {
        var b = EditableText()
        for part in ["👩", "\u{200D}", "💻"] { b.insert(part) }
        #expect(b.count == 1)
        #expect(b.cursor == 1)
        #expect(b.totalWidth == 2)
    }

    @Test func twoRegionalIndicatorsTypedOneByOneBecomeAFlag() {
        var b = EditableText()
        b.insert("🇩")
        b.insert("🇪")
        #expect(b.text == "🇩🇪")
        #expect(b.count == 1)
        #expect(b.totalWidth == 2)
    }

    @Test func insertingBeforeTheCursorKeepsTheCursorBetweenClusters() {
        var b = buffer("東京", cursor: 1)
        b.insert("の")
        #expect(b.text == "東の京")
        #expect(b.cursor == 2)
        #expect(b.width(of: 0..<b.cursor) == 4)
    }

    @Test func backspaceDeletesAWholeCluster() {
        var b = buffer("a👨‍👩‍👧e\u{301}")
        var changed = b.deleteBackward()
        #expect(changed)
        #expect(b.text == "a👨‍👩‍👧")
        changed = b.deleteBackward()
        #expect(changed)
        #expect(b.text == "a")
    }

    @Test func backspaceAtTheStartDoesNothing() {
        var b = buffer("ab", cursor: 0)
        let changed = b.deleteBackward()
        #expect(!changed)
        #expect(b.text == "ab")
    }

    @Test func deleteRemovesTheClusterUnderTheCursor() {
        var b = buffer("a東b", cursor: 1)
        let changed = b.deleteForward()
        #expect(changed)
        #expect(b.text == "ab")
        #expect(b.cursor == 1)
        #expect(!buffer("ab").deleteForwardChanged())
    }

    @Test func movesNeverLandInsideAWideCharacterOrAnEmoji() {
        var b = buffer("a東🇯🇵b")
        var offsets: [Int] = []
        while b.moveLeft() { offsets.append(b.width(of: 0..<b.cursor)) }
        #expect(offsets == [5, 3, 1, 0])
    }

    @Test func ctrlKKillsToTheEnd() {
        var b = buffer("hello world", cursor: 5)
        let changed = b.killToEnd()
        #expect(changed)
        #expect(b.text == "hello")
        #expect(b.cursor == 5)
    }

    @Test func ctrlUKillsToTheStart() {
        var b = buffer("hello world", cursor: 6)
        let changed = b.killToStart()
        #expect(changed)
        #expect(b.text == "world")
        #expect(b.cursor == 0)
    }

    @Test func ctrlWDeletesTheWordBeforeTheCursor() {
        var b = buffer("one two  ")
        var changed = b.deleteWordBackward()
        #expect(changed)
        #expect(b.text == "one ")
        changed = b.deleteWordBackward()
        #expect(changed)
        #expect(b.text == "")
        changed = b.deleteWordBackward()
        #expect(!changed)
    }

    @Test func ctrlWTreatsPunctuationAsPartOfTheWordLikeReadline() {
        var b = buffer("go to a/b.c")
        b.deleteWordBackward()
        #expect(b.text == "go to ")
    }

    @Test func wordMovesStopAtWordBoundaries() {
        var b = buffer("Zürich, 東京 café", cursor: 0)
        b.moveWordRight()
        #expect(b.cursor == 6)
        b.moveWordRight()
        #expect(b.cursor == 10)
        b.moveWordRight()
        #expect(b.cursor == 15)
        b.moveWordLeft()
        #expect(b.cursor == 11)
        b.moveWordLeft()
        #expect(b.cursor == 8)
        b.moveWordLeft()
        #expect(b.cursor == 0)
    }

    @Test func altDDeletesTheNextWord() {
        var b = buffer("one two three", cursor: 3)
        let changed = b.deleteWordForward()
        #expect(changed)
        #expect(b.text == "one three")
    }

    @Test func deletingWhatSeparatesTwoHalvesOfAFlagJoinsThem() {
        var b = buffer("x")
        b.moveToStart()
        b.insert("🇩")
        b.moveToEnd()
        b.insert("🇪")
        #expect(b.count == 3)
        b.moveCursor(to: 2)
        b.deleteBackward()
        #expect(b.count == 1)
        #expect(b.text == "🇩🇪")
    }

    @Test func totalWidthFollowsEveryEdit() {
        var b = buffer("ab東")
        b.insert("😀")
        b.moveToStart()
        b.deleteForward()
        #expect(b.totalWidth == EditableText(b.text).totalWidth)
        #expect(b.totalWidth == 5)
    }

    @Test func theRevisionChangesWithTheTextButNotWithTheCursor() {
        var b = buffer("ab")
        let start = b.revision
        b.moveLeft()
        b.moveToStart()
        #expect(b.revision == start)
        b.insert("x")
        #expect(b.revision != start)
    }

    @Test func pasteTextTurnsLineBreaksAndTabsIntoSingleSpaces() {
        #expect(EditableText.singleLine("a\r\nb\nc\rd\te") == "a b c d e")
    }

    @Test func aRunOfLineBreaksInAPasteBecomesOneSpace() {
        #expect(EditableText.singleLine("red\r\rend") == "red end")
        #expect(EditableText.singleLine("one\n\n\ntwo") == "one two")
    }

    @Test func pasteTextDropsOtherControlCharacters() {
        let pasted = "x\u{1B}[31my\u{7F}z\u{85}w\u{00}v"
        #expect(EditableText.singleLine(pasted) == "x[31myzwv")
    }

    @Test func pasteTextKeepsUnicode() {
        #expect(EditableText.singleLine("東京 👩‍💻 e\u{301} 🇯🇵") == "東京 👩‍💻 e\u{301} 🇯🇵")
    }
}

private extension EditableText {
    /// Whether Delete changes this buffer (it does not at the end).
    func deleteForwardChanged() -> Bool {
        var copy = self
        return copy.deleteForward()
    }
}
