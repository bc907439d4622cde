import Testing
@testable import GeoTUI

@Suite struct StatusBarTests {
    private func bar(width: Int = 40) -> StatusBar {
        StatusBar(prompt: "Find:", frame: Rect(x: 0, y: 0, width: width, height: 1))
    }

    @Test func showsTheTextOnTheLeftAndTheNoteOnTheRight() {
        let b = bar()
        b.text = "Cache 2 of 3"
        b.note = "Added and saved"
        expectCanvas(render(b, width: 40, height: 1), " Cache 2 of 3           Added and saved")
    }

    @Test("a line break in a note (a file name holding one) shows as ␤ on the note's one row")
    func aLineBreakInANoteShowsAsASymbol() {
        let b = bar()
        b.text = "Cache 1 of 1"
        b.note = "first\nsecond.sqlite"
        #expect(render(b, width: 40, height: 1).text.hasSuffix("first␤second.sqlite"))
    }

    @Test func aLongNoteIsCutAtAWordTwoColumnsAfterTheText() {
        let b = bar(width: 30)
        b.text = "Cache 2 of 3"
        b.note = "a note far too long for the room"
        expectCanvas(render(b, width: 30, height: 1), " Cache 2 of 3     a note far…")
    }

    @Test("a text too long to leave the note room keeps up to two thirds of the row, and the note the rest")
    func aLongTextLeavesTheNoteTheLastThird() {
        let b = bar(width: 40)
        b.text = "Cache 3 of 4 · 2 of 4 shown · Filter: Traditional Cache"
        b.note = "Filter kept"
        expectCanvas(render(b, width: 40, height: 1), " Cache 3 of 4 · 2 of 4…     Filter kept")
    }

    @Test("where a prompt's field leaves too little room for both, the text is left out, not the note cut to a bare …")
    func aNarrowPromptLeavesOutTheTextBeforeTheNoteIsABareEllipsis() {
        let b = StatusBar(prompt: "Found it:", frame: Rect(x: 0, y: 0, width: 40, height: 1))
        b.text = "Cache 2 of 4"
        b.note = "Enter logs it, Esc leaves; Tab: another kind of visit"
        b.fieldWidth = .wide
        b.showsField = true
        expectCanvas(render(b, width: 40, height: 1), " Found it:" + String(repeating: " ", count: 18) + "Enter logs…")
    }

    @Test("a note whose first word does not fit even alone leaves the text where it was")
    func aNoteTooLongEvenAloneLeavesTheText() {
        let b = bar(width: 30)
        b.text = "Cache 2 of 3"
        b.note = "/a/path/without/any/space/at/all"
        expectCanvas(render(b, width: 30, height: 1), " Cache 2 of 3" + String(repeating: " ", count: 15) + "…")
    }

    @Test("a filter's short name is shown whole at 80 columns beside a long note, which takes what is left")
    func aShortFilterIsWholeBesideALongNote() {
        let b = bar(width: 80)
        b.text = "Cache 3 of 4 · 3 of 4 shown · Filter: not found"
        b.note = "Showing the 3 of 4 caches the filter keeps"
        expectCanvas(render(b, width: 80, height: 1),
                     " Cache 3 of 4 · 3 of 4 shown · Filter: not found     Showing the 3 of 4 caches…")
    }

    @Test("a text cut at a word gives the columns it does not use to the note")
    func aCutTextGivesItsUnusedColumnsToTheNote() {
        let b = bar(width: 40)
        b.text = "Cache 3 of 4 · 2 of 4 shown · Filter: Traditional Cache"
        b.note = "Filter kept, every word"
        #expect(b.noteFrame.x == b.textFrame.x + TextFitting.fitted(b.text, width: b.textFrame.width).displayWidth + 2)
    }

    @Test("a long text with no note takes the whole row")
    func aLongTextWithoutANoteTakesTheRow() {
        let b = bar(width: 40)
        b.text = "Cache 3 of 4 · 2 of 4 shown · Filter: Traditional Cache"
        expectCanvas(render(b, width: 40, height: 1), " Cache 3 of 4 · 2 of 4 shown · Filter:…")
    }

    @Test func thePromptAndTheFieldComeBeforeTheTextWhileTheFieldIsShown() {
        let b = bar(width: 60)
        b.text = "Match 1 of 2"
        b.showsField = true
        b.field.text = "zurich"
        expectCanvas(render(b, width: 60, height: 1), " Find: zurich                  Match 1 of 2")
        #expect(b.field.frame == Rect(x: 7, y: 0, width: 22, height: 1))
    }

    @Test func aWideFieldTakesTheRowLessThePromptTheTextAndAQuarterOfItForTheNote() {
        let b = bar(width: 100)
        b.text = "Cache 1 of 7"
        b.note = "Enter logs it"
        b.fieldWidth = .wide
        b.showsField = true
        b.field.text = "Found it after a long search in the rain, thanks!"
        #expect(b.field.frame == Rect(x: 7, y: 0, width: 52, height: 1))
        expectCanvas(render(b, width: 100, height: 1),
                     " Find: Found it after a long search in the rain, thanks!     Cache 1 of 7"
                     + "             Enter logs it")
    }

    @Test func aWideFieldStopsGrowingAtItsWidestSoAWideRowGivesTheRestToTheNote() {
        let b = bar(width: 250)
        b.text = "Cache 1 of 7"
        b.fieldWidth = .wide
        b.showsField = true
        #expect(b.field.frame.width == StatusBar.maximumWideFieldWidth)
        #expect(b.noteFrame.width > 250 / 2)
    }

    @Test func aWideFieldIsNeverNarrowerThanAShortOne() {
        let b = bar(width: 50)
        b.text = "Cache 1 of 7"
        b.showsField = true
        let short = b.field.frame
        b.fieldWidth = .wide
        #expect(b.field.frame == short)
        #expect(short.width == 17)
    }

    @Test func thePromptIsBold() {
        let b = bar()
        b.showsField = true
        expectGrid(render(b, width: 40, height: 1).mask(.bold), " #####")
    }

    @Test func keysGoToTheFieldOnlyWhileItIsShown() {
        let b = bar()
        #expect(b.handle(.character("a")) == .ignored)
        #expect(b.cursorPosition == nil)
        b.showsField = true
        #expect(b.handle(.character("a")) == .handled)
        #expect(b.field.text == "a")
        #expect(b.cursorPosition == Point(x: 8, y: 0))
    }

    @Test("a note short of its least columns beside a prompt takes them from the field first")
    func aNoteShortOfItsLeastColumnsNarrowsTheFieldFirst() {
        let b = StatusBar(prompt: "Found it:", frame: Rect(x: 0, y: 0, width: 40, height: 1))
        b.leastNoteWidth = 15
        b.note = "F10 again quits"
        b.fieldWidth = .wide
        b.showsField = true
        #expect(b.field.frame.width == 11)
        expectCanvas(render(b, width: 40, height: 1), " Found it:" + String(repeating: " ", count: 14) + "F10 again quits")
    }

    @Test("the field gives the note no more than down to its least width, and then the prompt is cut by characters")
    func aNoteStillShortCutsThePromptByCharacters() {
        let b = StatusBar(prompt: "Needs Maintenance:", frame: Rect(x: 0, y: 0, width: 40, height: 1))
        b.leastNoteWidth = 15
        b.text = "Cache 2 of 4"
        b.note = "F10 again quits"
        b.fieldWidth = .wide
        b.showsField = true
        #expect(b.field.frame.width == StatusBar.leastFieldWidth)
        expectCanvas(render(b, width: 40, height: 1), " Needs Maint…" + String(repeating: " ", count: 11) + "F10 again quits")
    }

    @Test("a note that fits in the room it has takes nothing from the field or the prompt")
    func aNoteThatFitsTakesNothing() {
        let b = StatusBar(prompt: "Needs Maintenance:", frame: Rect(x: 0, y: 0, width: 40, height: 1))
        b.leastNoteWidth = 15
        b.note = "Kept"
        b.showsField = true
        #expect(b.field.frame.width == 12)
        expectCanvas(render(b, width: 40, height: 1), " Needs Maintenance:" + String(repeating: " ", count: 16) + "Kept")
    }
}
