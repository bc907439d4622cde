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
}
