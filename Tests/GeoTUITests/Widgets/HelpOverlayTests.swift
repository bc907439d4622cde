import Testing
@testable import GeoTUI

@Suite struct HelpOverlayTests {
    private let sections = [
        HelpSection(title: "Keys", entries: [HelpEntry(keys: "^S, F2", description: "Add"),
                                             HelpEntry(keys: "Esc", description: "Cancel")]),
        HelpSection(title: "Field", entries: [HelpEntry(keys: "^A", description: "Start")]),
    ]

    @Test func drawsACentredBoxWithTheSectionsInTwoColumns() {
        let overlay = HelpOverlay(title: "Help", sections: sections, footer: "Esc closes",
                                  frame: Rect(x: 0, y: 0, width: 30, height: 12))
        expectCanvas(render(overlay, width: 30, height: 12), """

                  ┌ Help ──────────┐
                  │ Keys           │
                  │ ^S, F2  Add    │
                  │ Esc     Cancel │
                  │                │
                  │ Field          │
                  │ ^A      Start  │
                  │                │
                  │ Esc closes     │
                  └────────────────┘

            """)
    }

    @Test func aHeadingAndTheFooterTooLongForTheBoxWrapFromItsLeftEdgeNotUnderTheDescriptions() {
        let long = [HelpSection(title: "In a text field (any character is typed)",
                                entries: [HelpEntry(keys: "Ctrl-A, Home", description: "Start")])]
        let overlay = HelpOverlay(title: "Help", sections: long, footer: "Esc or F1 closes this help; arrows scroll it",
                                  frame: Rect(x: 0, y: 0, width: 28, height: 12))
        expectCanvas(render(overlay, width: 28, height: 12), """


             ┌ Help ──────────────────┐
             │ In a text field (any   │
             │ character is typed)    │
             │ Ctrl-A, Home  Start    │
             │                        │
             │ Esc or F1 closes this  │
             │ help; arrows scroll it │
             └────────────────────────┘


            """)
    }

    @Test func aLongListScrollsWithTheArrowsAndPageKeysAndSaysThereIsMore() {
        let many = [HelpSection(title: "Keys", entries: (1...20).map { HelpEntry(keys: "F\($0)", description: "Key \($0)") })]
        let overlay = HelpOverlay(title: "Help", sections: many, frame: Rect(x: 0, y: 0, width: 30, height: 8))
        #expect(overlay.canScrollDown)
        #expect(render(overlay, width: 30, height: 8).text.contains("▼ more"))
        #expect(overlay.handle(.key(.down)) == .handled)
        #expect(overlay.topLine == 1)
        #expect(overlay.handle(.key(.pageDown)) == .handled)
        #expect(overlay.topLine > 1)
        #expect(overlay.handle(.key(.end)) == .handled)
        #expect(!overlay.canScrollDown)
        #expect(overlay.handle(.key(.home)) == .handled)
        #expect(overlay.topLine == 0)
    }

    @Test("a resize that wraps a heading anew keeps the lines scrolled to at the top, not the first")
    func aResizeThatWrapsAHeadingAnewKeepsThePlace() {
        let many = [HelpSection(title: "In a text field (any character is typed)",
                                entries: (1...20).map { HelpEntry(keys: "F\($0)", description: "Key \($0)") })]
        let overlay = HelpOverlay(title: "Help", sections: many, frame: Rect(x: 0, y: 0, width: 30, height: 8))
        for _ in 1...10 { _ = overlay.handle(.key(.down)) }
        func topRow(width: Int) -> String {
            let rows = render(overlay, width: width, height: 8).text.split(separator: "\n", omittingEmptySubsequences: false)
            return String(rows.drop { !$0.contains("┌") }.dropFirst().first ?? "")
        }
        #expect(topRow(width: 30).contains("F9   Key 9"))
        overlay.frame = Rect(x: 0, y: 0, width: 20, height: 8)
        #expect(topRow(width: 20).contains("F9   Key 9"), "\(render(overlay, width: 20, height: 8).text)")
        overlay.frame = Rect(x: 0, y: 0, width: 30, height: 8)
        #expect(topRow(width: 30).contains("F9   Key 9"))
    }

    @Test func otherKeysAreLeftToTheOwner() {
        let overlay = HelpOverlay(title: "Help", sections: sections, frame: Rect(x: 0, y: 0, width: 30, height: 12))
        #expect(overlay.handle(.key(.escape)) == .ignored)
        #expect(overlay.handle(.key(.character("x"))) == .ignored)
        #expect(overlay.handle(.key(.function(1))) == .ignored)
    }

    @Test func aLongDescriptionWrapsUnderItsOwnColumn() {
        let long = [HelpSection(title: "Keys", entries: [HelpEntry(keys: "F5", description: "one two three four five six")])]
        let overlay = HelpOverlay(title: "Help", sections: long, frame: Rect(x: 0, y: 0, width: 20, height: 10))
        let text = render(overlay, width: 20, height: 10).text
        #expect(text.contains("│ F5  one two      │"))
        #expect(text.contains("│     three four   │"))
    }

    @Test func keyDescriptionsBecomeEntriesWithoutTheKeysTheOwnerTakes() {
        let description = KeyDescription(keys: [.right, .control("f")], description: "Right")
        #expect(description.entry() == HelpEntry(keys: "→, ^F", description: "Right"))
        #expect(description.entry { $0 != .control("f") } == HelpEntry(keys: "→", description: "Right"))
        #expect(description.entry { _ in false } == nil)
    }
}
