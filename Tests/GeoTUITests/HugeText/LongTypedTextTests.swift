import Foundation
import GeoModel
import GeoTestSupport
import Testing
@testable import GeoTUI

/// 1.3 MB of text, more than a field edits when it comes from elsewhere
/// (``TextField/editableBytes``), ending in words that show where its end is.
private let pasted = String(repeating: "abcdefghij", count: 130_000) + " the end"

/// A text field given a long text its owner wants edited: as typing or a paste of that
/// length left it, not kept whole as a stored text over the limit is.
@Suite struct LongEditedTextFieldTests {
    @Test("A field given a text over the limit to be edited goes to its end and edits it")
    func aLongTextSetToBeEditedIsEdited() {
        let field = TextField(frame: Rect(x: 0, y: 0, width: 20, height: 1))
        field.setText(pasted, ifLong: .edited)
        #expect(!field.isTooLongToEdit)
        #expect(field.text == pasted)
        _ = field.handle(.key(.end))
        #expect(field.cursorIndex == pasted.count)
        _ = field.handle(.key(.backspace))
        #expect(field.text == String(pasted.dropLast()))
        _ = field.handle(.key(.control("u")))
        #expect(field.text.isEmpty)
        _ = field.handle(.key(.character("x")))
        #expect(field.text == "x")
    }

    @Test("A field given a text over the limit to be kept whole keeps it, as its text property does")
    func aLongTextSetToBeKeptWholeIsKeptWhole() {
        let field = TextField(frame: Rect(x: 0, y: 0, width: 20, height: 1))
        field.setText(pasted, ifLong: .keptWhole)
        #expect(field.isTooLongToEdit)
        _ = field.handle(.key(.control("u")))
        #expect(field.text == pasted)
    }
}

/// The form with more than a field edits from elsewhere typed or pasted into it: restored
/// from a draft, or put back by Esc out of an edit, it stays editable as it was typed.
@Suite struct FormLongTypedTextTests {
    @Test("A restored draft with 1.3 MB of details is edited like typed text: End, Backspace and ^U reach all of it")
    func aRestoredLongDraftIsEditable() throws {
        let form = try FormHarness(width: 80, height: 24, draft: [.title: "Pasted", .details: pasted])
        #expect(form.fieldTexts[1] == pasted)
        form.press(.tab, .end)
        #expect(form.screen.contains("the end"), "\(form.screen)")
        form.press(.backspace)
        #expect(form.fieldTexts[1] == String(pasted.dropLast()))
        form.press(.control("u"))
        form.type("Short")
        #expect(form.fieldTexts[1] == "Short")
        form.press(.control("q"))
        let kept = try SQLiteStore(url: form.storeURL).keptDrafts()
        #expect(kept.map { $0.fields[.details] } == ["Short"])
    }

    @Test("1.3 MB pasted into the details, put back by Esc out of an edit, can still be cleared")
    func longTextPutBackAfterAnEditIsEditable() throws {
        let form = try FormHarness(width: 80, height: 24, caches: [.sample("One")])
        form.press(.tab)
        form.send(.paste(pasted))
        form.press(.function(4), .escape)
        #expect(form.fieldTexts[1] == pasted)
        form.press(.tab, .control("k"), .control("u"))
        #expect(form.fieldTexts[1] == "")
    }
}
