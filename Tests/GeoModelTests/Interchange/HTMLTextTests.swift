import Testing
@testable import GeoModel

@Suite("HTML to plain text")
struct HTMLTextTests {
    @Test func tagsAreDroppedAndWhitespaceCollapses() {
        #expect(HTMLText.plainText(fromHTML: "  <b>Big</b>   <i>tree</i>\n\n here ") == "Big tree here")
    }

    @Test func namedAndNumericReferencesAreDecoded() {
        #expect(HTMLText.plainText(fromHTML: "caf&eacute; &amp; cr&#232;me &#x1F9ED; &lt;3 &ndash; &quot;ok&quot;")
                == "café & crème 🧭 <3 – \"ok\"")
    }

    @Test("a number and a legacy name are read without their semicolon, as browsers read them")
    func referencesWithoutASemicolonAreDecodedAsBrowsersDo() {
        #expect(HTMLText.plainText(fromHTML: "caf&eacute au lait&nbsp&amp cr&#232me &#x1F9EDx &copy2024 1&lt2 &notit")
                == "café au lait & crème 🧭x ©2024 1<2 ¬it")
    }

    @Test("names outside the legacy set and bare ampersands stay as written without a semicolon")
    func otherReferencesWithoutASemicolonStay() {
        #expect(HTMLText.plainText(fromHTML: "AT&T &ndash &hellip &# &x") == "AT&T &ndash &hellip &# &x")
    }

    @Test func unknownReferencesAndBareAmpersandsStayAsTheyAre() {
        #expect(HTMLText.plainText(fromHTML: "A & B &bogus; &") == "A & B &bogus; &")
    }

    @Test func paragraphsAreSeparatedByABlankLineAndBreaksEndLines() {
        #expect(HTMLText.plainText(fromHTML: "<p>One</p><p>Two<br>Three<br/>Four</p>") == "One\n\nTwo\nThree\nFour")
    }

    @Test func listItemsBecomeBulletedLines() {
        #expect(HTMLText.plainText(fromHTML: "<div>Steps:</div><ul><li>Count</li><li>Add 3</li></ul>")
                == "Steps:\n- Count\n- Add 3")
    }

    @Test func scriptsStylesAndCommentsVanish() {
        #expect(HTMLText.plainText(fromHTML: "a<script>alert('<b>')</script>b<style>p{}</style>c<!-- hidden -->d")
                == "abcd")
    }

    @Test func aLessThanSignThatIsNotATagStaysText() {
        #expect(HTMLText.plainText(fromHTML: "1 < 2 and 3 > 2") == "1 < 2 and 3 > 2")
    }

    @Test func attributesWithAngleBracketsInQuotesDoNotEndTheTag() {
        #expect(HTMLText.plainText(fromHTML: #"<a title="x > y" href='z'>link</a> text"#) == "link text")
    }

    @Test("a table's cells in a row are set apart by a bar, each row a line of its own")
    func tableCellsAreSetApart() {
        #expect(HTMLText.plainText(fromHTML: "<table><tr><th>Stage</th><th>Hint</th></tr><tr><td>1</td><td>bench</td></tr>"
                                   + "</table>After")
                == "Stage | Hint\n1 | bench\nAfter")
    }

    @Test("a non-breaking space that would begin a line is left out")
    func aNonBreakingSpaceDoesNotBeginALine() {
        #expect(HTMLText.plainText(fromHTML: "<table><tr><td>a</td></tr></table>&nbsp;&amp;&lt;tag&gt;") == "a\n&<tag>")
        #expect(HTMLText.plainText(fromHTML: "<p>one</p>&nbsp;two") == "one\n\ntwo")
    }

    @Test func nonBreakingSpacesSurviveCollapsing() {
        #expect(HTMLText.plainText(fromHTML: "a&nbsp;&nbsp;b") == "a  b")
    }
}
