import Testing
@testable import GeoModel
import GeoTestSupport

/// `HTMLText` reads UTF-8 bytes; it gives exactly the text the scalar-by-scalar reading
/// gave (`ScalarHTMLText`), for real-looking descriptions and for random markup.
@Suite("HTML text on bytes")
struct HTMLTextBytesTests {
    @Test(arguments: [
        "<p>Der Cache liegt an der alten Br&uuml;cke &uuml;ber den Bach.</p><ul><li>Stift</li><li>Lampe</li></ul>",
        "<P CLASS='x'>Caf&eacute; &amp; cr&#232;me &#x1F9ED;</P><br/>47&#176; 22’ N<SCRIPT>var a = '<p>';</SCRIPT>after",
        "<é>letter tag</é> <1> <!-- comment <p> --> & &; &#; &#xZZ; &noSuchName; &" + String(repeating: "a", count: 40) + ";",
        "<style>p { }</STYLE>x<scrİpt>y</scrİpt> <a href=\"a>b\">link</a> <b>unclosed",
        "\t\n lots   of\r\n\u{0C}space <br><br><br> and <p><p> blocks <hr> end ",
        "東京 <b>タワー</b>&nbsp;&mdash;&nbsp;👍🏽 e\u{301} <!-- never closed",
    ])
    func descriptionsReadAsBefore(html: String) {
        #expect(HTMLText.plainText(fromHTML: html) == ScalarHTMLText.plainText(fromHTML: html))
    }

    @Test func randomMarkupReadsAsBefore() {
        let pieces = ["<", ">", "/", "!", "?", "--", "&", ";", "#", "x", "1", "F", "amp", "eacute", "nbsp", "\"", "'",
                      "p", "br", "li", "script", "style", "ul", " ", "\n", "\t", "é", "İ", "東", "👍", "\u{301}", "a", "Z", "="]
        var generator = SeededGenerator(state: 7)
        for _ in 0..<5_000 {
            let html = (0..<Int.random(in: 0...30, using: &generator))
                .map { _ in pieces.randomElement(using: &generator)! }.joined()
            #expect(HTMLText.plainText(fromHTML: html) == ScalarHTMLText.plainText(fromHTML: html), "\(html.debugDescription)")
        }
    }
}
