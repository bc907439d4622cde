import Testing
@testable import GeoModel

/// The text helpers an import leans on for every cache: trimming, and finding a
/// separator by its bytes.
@Suite struct TextHelperTests {
    @Test("trimming keeps a text that starts and ends with printable ASCII as it is, and trims the rest",
          arguments: [
        ("Old oak", "Old oak"), ("  Old oak\n", "Old oak"), ("\u{3000}Eiche\u{00A0}", "Eiche"),
        ("é by ana", "é by ana"), (" \t ", ""), ("a\u{301}", "a\u{301}"), ("\r\n", ""),
    ])
    func trimming(_ text: String, _ trimmed: String) {
        #expect(text.trimmingWhitespace() == trimmed)
    }

    @Test("a separator is found first or last by its bytes, also after text that is not ASCII")
    func separatorsAreFound() throws {
        let text = "Mühle by ana by böb"
        let last = try #require(text.byteRange(of: " by ", backwards: true))
        #expect(text[..<last.lowerBound] == "Mühle by ana" && text[last.upperBound...] == "böb")
        let first = try #require(text.byteRange(of: " by "))
        #expect(text[..<first.lowerBound] == "Mühle")
        #expect(text.byteRange(of: " von ") == nil && "".byteRange(of: "x") == nil)
        let tail = text[text.index(text.startIndex, offsetBy: 6)...]
        #expect(tail.byteRange(of: " by ").map { tail[..<$0.lowerBound] } == "by ana")
    }
}
