import Testing
@testable import GeoTUI

@Suite struct HelpBarTests {
    private let items = [
        HelpItem(key: "^Q", description: "Quit"),
        HelpItem(key: "F2", description: "Add"),
        HelpItem(key: "F3", description: "Next"),
    ]

    private func bar(width: Int) -> HelpBar {
        HelpBar(items: items, frame: Rect(x: 0, y: 0, width: width, height: 1))
    }

    @Test func showsEveryHintWhenThereIsRoom() {
        expectCanvas(render(bar(width: 30), width: 30, height: 1), "^Q Quit  F2 Add  F3 Next")
    }

    @Test func dropsWholeHintsFromTheEndWhenShortOfRoom() {
        expectCanvas(render(bar(width: 23), width: 30, height: 1), "^Q Quit  F2 Add")
        expectCanvas(render(bar(width: 10), width: 30, height: 1), "^Q Quit")
    }

    @Test func showsNothingRatherThanHalfAHint() {
        expectCanvas(render(bar(width: 6), width: 30, height: 1), "")
    }

    @Test func flowsHintsOntoFurtherRowsOfItsFrame() {
        let help = HelpBar(items: items, frame: Rect(x: 0, y: 0, width: 16, height: 2))
        expectCanvas(render(help, width: 16, height: 2), """
            ^Q Quit  F2 Add
            F3 Next
            """)
    }

    @Test func saysHowManyRowsAWidthNeeds() {
        #expect(bar(width: 30).rowsNeeded(forWidth: 30) == 1)
        #expect(bar(width: 30).rowsNeeded(forWidth: 16) == 2)
        #expect(bar(width: 30).rowsNeeded(forWidth: 8) == 3)
    }

    @Test func keyLabelsAreHighlighted() {
        expectGrid(render(bar(width: 30), width: 30, height: 1).mask(.bold), "##       ##      ##")
    }

    @Test func isGeneratedFromAKeyMap() {
        enum Action: Hashable { case quit, save }
        let map = KeyMap<Action, Never>([
            .init(keys: [.control("q")], action: .quit, help: "Quit"),
            .init(keys: [.control("s")], action: .save, help: "Save"),
        ])
        let help = HelpBar(items: map.helpItems, frame: Rect(x: 0, y: 0, width: 20, height: 1))
        expectCanvas(render(help, width: 20, height: 1), "^Q Quit  ^S Save")
    }

    @Test func countsWideCharactersWhenFitting() {
        let help = HelpBar(items: [HelpItem(key: "F1", description: "帮助"), HelpItem(key: "F2", description: "添加")],
                           frame: Rect(x: 0, y: 0, width: 12, height: 1))
        expectCanvas(render(help, width: 12, height: 1), "F1 帮助")
    }
}
