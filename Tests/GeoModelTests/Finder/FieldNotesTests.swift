import Foundation
import Testing
@testable import GeoModel

/// Field notes (`geocache_visits.txt`) written byte for byte as Garmin handhelds write
/// them, and read back from the variants other tools write, hostile ones included.
@Suite struct FieldNotesTests {
    static let found = Visit(code: "GC1A2B3", time: "2026-11-28T10:32:00Z", type: .foundIt, text: #"Quick "find", TFTC"#)
    static let dnf = Visit(code: "OC12AB", time: "2026-11-28T11:05:00Z", type: .didNotFindIt, text: "")

    private func utf16LE(_ text: String, mark: Bool = true) -> [UInt8] {
        (mark ? [0xFF, 0xFE] : []) + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    }

    @Test("a file is UTF-16LE with a byte-order mark, CRLF line ends and the text's quotes doubled")
    func writesGarminBytes() {
        let bytes = FieldNotes.document(for: [Self.found, Self.dnf])
        let expected = utf16LE("GC1A2B3,2026-11-28T10:32Z,Found it,\"Quick \"\"find\"\", TFTC\"\r\n"
                               + "OC12AB,2026-11-28T11:05Z,Didn't find it,\"\"\r\n")
        #expect(bytes == expected)
    }

    @Test("what is written reads back as the same visits")
    func readsBackWhatItWrites() {
        let reading = FieldNotes.read(FieldNotes.document(for: [Self.found, Self.dnf]))
        #expect(reading.visits == [Self.found, Self.dnf])
        #expect(reading.problems.isEmpty)
    }

    @Test("a text whose line starts as a visit does is written so that it reads back as one visit, not two")
    func aTextCannotAddAVisit() {
        let forged = Visit(code: "GC1A2B3", time: "2026-11-28T10:32:00Z", type: .foundIt,
                           text: "first line\nGC9ZZZZ,2026-11-28T10:32Z,Write note,\"fake\"\r\nlast")
        let reading = FieldNotes.read(FieldNotes.document(for: [forged, Self.dnf]))
        #expect(reading.problems.isEmpty)
        #expect(reading.visits.map(\.code) == ["GC1A2B3", "OC12AB"])
        #expect(reading.visits.first?.text == "first line GC9ZZZZ,2026-11-28T10:32Z,Write note,\"fake\"\r\nlast")
    }

    @Test("a visit-shaped line after blank lines in a text is joined too, however the lines end",
          arguments: ["a\n\nGC9ZZZZ,2026-11-28T10:32Z,Found it,\"x\"", "a\r\n\r\nGC9ZZZZ,2026-11-28T10:32Z,Found it,\"x\"",
                      "\n\n\nGC9ZZZZ,2026-11-28T10:32Z,Found it,\"x\""])
    func aVisitShapedLineAfterBlankLinesCannotAddAVisit(text: String) {
        let forged = Visit(code: "GC1A2B3", time: "2026-11-28T10:32:00Z", type: .writeNote, text: text)
        let reading = FieldNotes.read(FieldNotes.document(for: [forged, Self.dnf]))
        #expect(reading.problems.isEmpty, "\(reading.problems)")
        #expect(reading.visits.map(\.code) == ["GC1A2B3", "OC12AB"])
    }

    @Test("UTF-16LE without a mark, as c:geo writes it, with LF line ends, reads the same")
    func readsUTF16WithoutMark() {
        let bytes = utf16LE("GC1A2B3,2026-11-28T10:32Z,Found it,\"Quick \"\"find\"\", TFTC\"\n", mark: false)
        #expect(FieldNotes.read(bytes).visits == [Self.found])
        #expect(FieldNotes.recognises(bytes))
    }

    @Test("lone CR line ends and a mixture of line ends read every visit, blank lines between them skipped")
    func readsOddLineEnds() {
        let bytes = utf16LE("GC1A2B3,2026-11-28T10:32Z,Found it,\"Quick \"\"find\"\", TFTC\"\r\r\n"
                            + "OC12AB,2026-11-28T11:05Z,Didn't find it,\"\"\n\r")
        let reading = FieldNotes.read(bytes)
        #expect(reading.visits == [Self.found, Self.dnf])
        #expect(reading.problems.isEmpty)
    }

    @Test("a huge line without quotes or line ends is one problem, not a hang, and nothing else is read")
    func readsAHugeLineAsOneProblem() {
        let huge = "GC1A2B3,2026-11-28T10:32Z,Found it," + String(repeating: "x", count: 200_000)
        let reading = FieldNotes.read(Array(huge.utf8))
        #expect(reading.visits.isEmpty)
        #expect(reading.problems.map(\.line) == [1])
    }

    @Test("UTF-8 with or without a mark, times with seconds and quotes turned into apostrophes read")
    func readsUTF8Variants() {
        let text = "GC1A2B3,2026-11-28T10:32:00Z,found it,\"Quick 'find', TFTC\"\r\n"
        for bytes in [Array(text.utf8), [0xEF, 0xBB, 0xBF] + Array(text.utf8)] {
            let reading = FieldNotes.read(bytes)
            #expect(reading.visits == [Visit(code: "GC1A2B3", time: "2026-11-28T10:32:00Z", type: .foundIt,
                                            text: "Quick 'find', TFTC")])
            #expect(FieldNotes.recognises(bytes))
        }
    }

    @Test("a text in quotes may hold commas and line ends; the next visit's line is counted after them")
    func aQuotedTextSpansLines() {
        let reading = FieldNotes.read(Array("GC1A2B3,2026-11-28T10:32Z,Write note,\"one,\r\ntwo\"\r\nG#2,bad,Found it,\"\"\r\n".utf8))
        #expect(reading.visits.map(\.text) == ["one,\r\ntwo"])
        #expect(reading.problems == [FieldNotes.Problem(line: 3, reason: "\"G#2\" is not a cache code")])
    }

    @Test("a text whose quote is not closed before the next visit's line is a problem; the next visit is read")
    func anUnclosedQuoteDoesNotSwallowTheNextVisit() {
        let reading = FieldNotes.read(Array("GC1A2B3,2026-11-28T10:32Z,Found it,\"a\nGC2B3C4,2026-11-28T10:40Z,Found it,\"b\"\n".utf8))
        #expect(reading.visits.map(\.code) == ["GC2B3C4"])
        #expect(reading.problems == [FieldNotes.Problem(line: 1, reason: "the text's closing quote is missing (a quote closes it only at the end of a line)")])
    }

    @Test("a text whose closing quote never comes is a problem, not the rest of the file")
    func aMissingClosingQuoteIsAProblem() {
        let reading = FieldNotes.read(Array("GC1A2B3,2026-11-28T10:32Z,Found it,\"a\",extra,more\r\n".utf8))
        #expect(reading.visits.isEmpty)
        #expect(reading.problems == [FieldNotes.Problem(line: 1, reason: "the text's closing quote is missing (a quote closes it only at the end of a line)")])
    }

    @Test("a quote left undoubled just before the closing one is the text's, whether a visit, blank lines or the end of the file follow",
          arguments: ["\r\nGC2,2026-11-30T09:16Z,Found it,\"TFTC\"\r\n", "\r\n\r\nGC2,2026-11-30T09:16Z,Found it,\"TFTC\"\r\n",
                      "\r\n", "", "  \n"])
    func anUndoubledQuoteBeforeTheClosingOneIsTheTexts(_ rest: String) {
        let reading = FieldNotes.read(Array("GC1,2026-11-30T09:15Z,Found it,\"Found with my kid \"Max\"\"\(rest)".utf8))
        #expect(reading.problems.isEmpty, "\(reading.problems)")
        #expect(reading.visits.first?.text == "Found with my kid \"Max\"")
        #expect(reading.visits.count == (rest.contains("GC2") ? 2 : 1))
    }

    @Test("a file whose first line has a bad time is still field notes, and that line is named")
    func aBadTimeOnTheFirstLineIsThatLinesProblem() {
        let bytes = utf16LE("GC1A2B3,2026-13-01T10:00Z,Found it,\"a\"\r\nGC2B3C4,2026-11-28T10:40Z,Found it,\"b\"\r\n")
        #expect(FieldNotes.recognises(bytes))
        #expect(FieldNotes.read(bytes).problems.map(\.line) == [1])
    }

    @Test("a quote followed by more text on its line does not close the text, and the problem says where a quote closes it")
    func aQuoteBeforeMoreTextIsNoClosingQuote() {
        let reading = FieldNotes.read(Array("GC1AAAA,2026-11-28T10:32Z,Found it,\"a\" trailing\n".utf8))
        #expect(reading.visits.isEmpty)
        #expect(reading.problems.map(\.reason) == ["the text's closing quote is missing (a quote closes it only at the end of a line)"])
    }

    @Test("a NUL in a text is a problem of its line")
    func aNulInATextIsAProblemOfItsLine() {
        let reading = FieldNotes.read(Array("GC1A2B3,2026-11-28T10:32Z,Found it,\"a\u{0}b\"\nGC2B3C4,2026-11-28T10:40Z,Found it,\"b\"\n".utf8))
        #expect(reading.visits.map(\.code) == ["GC2B3C4"])
        #expect(reading.problems == [FieldNotes.Problem(line: 1, reason: "the text holds a NUL character (U+0000), which cannot be kept")])
    }

    @Test("bad lines are named with their line and reason, and the good ones around them are read",
          arguments: [
            ("GC1A2B3,2026-13-28T10:32Z,Found it,\"\"", "\"2026-13-28T10:32Z\" is written as a UTC time, but no such day or time exists"),
            ("GC1A2B3,2026-11-28T10:32,Found it,\"\"", "\"2026-11-28T10:32\" is not a UTC time such as 2026-11-28T10:32Z"),
            ("GC1A2B3,2026-11-28T10:32Z,Dropped it,\"\"", "\"Dropped it\" is not a log type field notes carry"),
            ("\u{FEFF}GC1A2B3,2026-11-28T10:32Z,Found it,\"\"", "\"\\u{FEFF}GC1A2B3\" is not a cache code"),
            ("GC1A2B3,0226-11-28T10:32Z,Found it,\"\"",
             "\"0226-11-28T10:32:00Z\" is before geocaching began (2000-05-03): a typo in the year?"),
            ("just some words", "expected CODE,TIME,TYPE,\"TEXT\", found 1 field(s)"),
          ])
    func namesBadLines(_ line: String, _ reason: String) {
        let text = "GC1A2B3,2026-11-28T10:32Z,Found it,\"a\"\n\(line)\nGC1A2B3,2026-11-28T10:33Z,Write note,\"b\"\n"
        let reading = FieldNotes.read(utf16LE(text))
        #expect(reading.visits.map(\.text) == ["a", "b"])
        #expect(reading.problems == [FieldNotes.Problem(line: 2, reason: reason)])
    }

    @Test("a time written as a UTC time that names no day or second that exists is said to be so, not to be written otherwise",
          arguments: ["2026-02-30T10:32Z", "2026-12-01T10:00:61Z"])
    func aTimeThatDoesNotExistIsSaidToBeSo(_ time: String) {
        let reading = FieldNotes.read(Array("GC1A2B3,\(time),Found it,\"a\"\n".utf8))
        #expect(reading.visits.isEmpty)
        #expect(reading.problems.map(\.reason) == ["\"\(time)\" is written as a UTC time, but no such day or time exists"])
    }

    @Test("a text longer than the limit is refused as a problem of its line, not read")
    func aHugeTextIsRefused() {
        let huge = String(repeating: "x", count: FieldNotes.maximumTextLength + 1)
        let reading = FieldNotes.read(Array("GC1A2B3,2026-11-28T10:32Z,Found it,\"\(huge)\"\n".utf8))
        #expect(reading.visits.isEmpty)
        #expect(reading.problems.map(\.reason) == ["the text is longer than \(FieldNotes.maximumTextLength) characters"])
    }

    @Test("a file cut in the middle of a UTF-16 character says so and keeps the visits before")
    func anOddLengthIsAProblem() {
        let bytes = utf16LE("GC1A2B3,2026-11-28T10:32Z,Found it,\"a\"\r\n") + [0x47]
        let reading = FieldNotes.read(bytes)
        #expect(reading.visits.count == 1)
        #expect(reading.problems.map(\.reason) == ["the file ends in half a UTF-16 character"])
    }

    @Test("the line a UTF-16 file was cut in is no visit, even where what is left of it reads as one")
    func theLineCutInHalfACharacterIsNoVisit() {
        let whole = utf16LE("GC1AAAA,2026-11-28T10:32Z,Found it,\"a\"\r\nGC1AAAB,2026-11-28T10:33Z,Found it,\"b\"\r\n")
        // Cut in half the text's opening quote: what is left of line 2 reads as a visit with no text.
        let reading = FieldNotes.read(Array(whole.dropLast(11)))
        #expect(reading.visits.map(\.code) == ["GC1AAAA"])
        #expect(reading.problems == [FieldNotes.Problem(line: 2, reason: "the file ends in half a UTF-16 character")])
    }

    @Test("a UTF-16 file cut inside a quoted text has one problem on the line cut, not two")
    func aFileCutInsideATextHasOneProblem() {
        let whole = utf16LE("GC1AAAA,2026-11-28T10:32Z,Found it,\"a\"\r\nGC1AAAB,2026-11-28T10:33Z,Found it,\"long text\"\r\n")
        let reading = FieldNotes.read(Array(whole.dropLast(9)))
        #expect(reading.visits.map(\.code) == ["GC1AAAA"])
        #expect(reading.problems == [FieldNotes.Problem(line: 2, reason: "the file ends in half a UTF-16 character")])
    }

    @Test("a GPX file, a JSON file and an empty file are not field notes",
          arguments: ["<?xml version=\"1.0\"?><gpx/>", "[{\"title\": \"x\"}]", ""])
    func otherFilesAreNotRecognised(_ text: String) {
        #expect(!FieldNotes.recognises(Array(text.utf8)))
    }

    @Test("each type has a command-line word and a field-note name that read back to it")
    func typesHaveWordsAndNames() {
        for type in VisitType.allCases {
            #expect(VisitType(word: type.word) == type)
            #expect(VisitType(fieldNoteType: type.rawValue.uppercased()) == type)
        }
        #expect(VisitType(word: "maintenance") == .needsMaintenance)
    }

    @Test("a field-notes file lists the visits earliest first, those of one time in the order given")
    func theFileListsVisitsByTime() {
        let late = Visit(code: "GC1AAAA", time: "2026-11-28T10:00:00Z", type: .foundIt, text: "late")
        let early = Visit(code: "GC2BBBB", time: "2026-11-01T07:00:00Z", type: .foundIt, text: "early")
        let sameAsLate = Visit(code: "GC3CCCC", time: "2026-11-28T10:00:00Z", type: .writeNote, text: "same")
        #expect(FieldNotes.read(FieldNotes.document(for: [late, early, sameAsLate])).visits == [early, late, sameAsLate])
    }

    @Test("the command line takes a type by the name the form and field notes show too, in any case")
    func theCommandLineTakesTheShownName() {
        #expect(VisitType(word: "Found it") == .foundIt)
        #expect(VisitType(word: "didn't find it") == .didNotFindIt)
        #expect(VisitType(word: "Found it!") == nil)
    }

    @Test("a visit to a cache whose code holds - or _ is written and read back, as every other way in takes such codes")
    func aCodeWithADashOrUnderscoreReadsBack() {
        let visit = Visit(code: "LAB-ZH_01", time: "2026-11-28T10:00:00Z", type: .foundIt, text: "lab done")
        let bytes = FieldNotes.document(for: [visit])
        #expect(FieldNotes.recognises(bytes))
        #expect(FieldNotes.read(bytes).visits == [visit])
    }

    @Test("a file whose first line is not a visit is still field notes, that line its problem")
    func aBadFirstLineIsThatLinesProblem() {
        let bytes = Array("GC#BAD,2026-11-28T12:50Z,Found it,\"x\"\r\nGC02MQX,2026-11-28T12:51Z,Found it,\"ok\"\r\n".utf8)
        #expect(FieldNotes.recognises(bytes))
        let reading = FieldNotes.read(bytes)
        #expect(reading.visits.map(\.code) == ["GC02MQX"])
        #expect(reading.problems == [FieldNotes.Problem(line: 1, reason: "\"GC#BAD\" is not a cache code")])
    }

    @Test("Latin-1 text is named with its line and column, not read as U+FFFD")
    func latin1IsAnEncodingProblem() {
        let bytes = Array("GC02MQX,2026-11-29T11:03Z,Write note,\"caf".utf8) + [0xE9, 0x22, 0x0A]
        #expect(FieldNotes.encodingProblem(bytes) == "line 1, column 42: invalid UTF-8: byte 0xE9 is followed by 0x22")
    }

    @Test("a lone UTF-16 surrogate is named with its line, not read as U+FFFD")
    func aLoneSurrogateIsAnEncodingProblem() {
        let units = Array("GC1A2B3,2026-11-28T10:32Z,Found it,\"a\"\r\nGC1A2B3,2026-11-28T10:33Z,Found it,\"".utf16)
            + [0xD83D] + Array("x\"\r\n".utf16)
        let bytes: [UInt8] = [0xFF, 0xFE] + units.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        #expect(FieldNotes.encodingProblem(bytes) == "line 2: invalid UTF-16: the surrogate 0xD83D stands alone, which is no character")
    }

    @Test("what export writes has no encoding problem, in UTF-16 with an emoji beyond the BMP")
    func ourOwnFileHasNoEncodingProblem() {
        let visit = Visit(code: "GC1A2B3", time: "2026-11-28T10:32:00Z", type: .foundIt, text: "🌸 Straße")
        #expect(FieldNotes.encodingProblem(FieldNotes.document(for: [visit])) == nil)
    }
}
