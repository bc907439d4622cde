import Testing
@testable import GeoTUI

@Suite struct TextWrappingTests {
    @Test func wrapsAtSpaces() {
        #expect("the quick brown fox".wrapped(to: 10) == ["the quick", "brown fox"])
    }

    @Test func aLineMayBeExactlyTheWidth() {
        #expect("abcde fghij".wrapped(to: 5) == ["abcde", "fghij"])
    }

    @Test func spacesWhereALineBreaksAreDropped() {
        #expect("aaa    bbb".wrapped(to: 5) == ["aaa", "bbb"])
    }

    @Test func spacesInsideALineAndAtTheStartOfAParagraphAreKept() {
        #expect("  indented  text".wrapped(to: 20) == ["  indented  text"])
    }

    @Test func aWordLongerThanTheWidthIsBroken() {
        #expect("abcdefghijkl".wrapped(to: 5) == ["abcde", "fghij", "kl"])
    }

    @Test func aLongWordFillsTheRestOfTheLineBeforeBreaking() {
        #expect("ab abcdefghij".wrapped(to: 5) == ["ab ab", "cdefg", "hij"])
    }

    @Test func explicitLineBreaksAreKeptAndEmptyLinesStay() {
        #expect("a\n\nb\r\nc".wrapped(to: 5) == ["a", "", "b", "c"])
    }

    @Test func emptyTextIsOneEmptyLine() {
        #expect("".wrapped(to: 5) == [""])
    }

    @Test func wideCharactersAreNeverSplitAcrossLines() {
        #expect("東京大阪".wrapped(to: 5) == ["東京", "大阪"])
        #expect("ab東".wrapped(to: 3) == ["ab", "東"])
    }

    @Test func combiningMarksCountAsPartOfTheirLetter() {
        #expect("café crème".wrapped(to: 5) == ["café", "crème"])
    }

    @Test func emojiSequencesStayWhole() {
        #expect("👩‍💻👩‍💻👩‍💻".wrapped(to: 5) == ["👩‍💻👩‍💻", "👩‍💻"])
    }

    @Test func aWidthBelowOneIsTreatedAsOne() {
        #expect("ab".wrapped(to: 0) == ["a", "b"])
    }

    @Test func everyLineFitsTheWidth() {
        let text = "Zürich 東京 👩‍💻 verylongwordwithoutspaces e\u{301}tude 🇯🇵 and more"
        for width in 2...20 {
            for line in text.wrapped(to: width) { #expect(line.displayWidth <= width) }
        }
    }

    @Test func continuationLinesGetTheHangingIndent() {
        #expect(TextWrapping.lines("Details: the quick brown fox jumps", width: 20, hangingIndent: 9)
            == ["Details: the quick", "         brown fox", "         jumps"])
    }

    @Test func hangingIndentLeavesLaterParagraphsFirstLinesAlone() {
        #expect(TextWrapping.lines("aaa bbb\nccc", width: 5, hangingIndent: 2) == ["aaa", "  bbb", "ccc"])
    }

    @Test("under labels, a \"Label:  value\" paragraph wraps under its value, and prose at the hanging indent")
    func underLabelsAParagraphWrapsUnderItsValue() {
        let text = "It is now:  one two three four\nYours:      five six seven eight\nplain prose that wraps here"
        #expect(TextWrapping.lines(text, width: 24, underLabels: true) == [
            "It is now:  one two", "            three four",
            "Yours:      five six", "            seven eight",
            "plain prose that wraps", "here",
        ])
    }

    @Test("under labels, a label wider than half the line, or a line that starts with spaces, has no value column")
    func underLabelsNeedsAShortLabel() {
        #expect(TextWrapping.valueColumn(of: "a very long label here:  v", from: "a very long label here:  v".startIndex,
                                         within: 10) == nil)
        #expect(TextWrapping.valueColumn(of: "  indented", from: "  indented".startIndex, within: 10) == nil)
        #expect(TextWrapping.valueColumn(of: "Yours:  v", from: "Yours:  v".startIndex, within: 10) == 8)
    }
}
