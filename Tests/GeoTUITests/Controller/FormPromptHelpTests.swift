import Foundation
import GeoModel
import Testing
@testable import GeoTUI

/// Enter in the status row's prompts (a visit, a note, a final, coordinates, a filter, a
/// search): the field leaves it to the form, which does the prompt's work, and the help
/// bar and the help overlay say so beside the Esc that leaves, at 80 columns too.
@Suite struct FormPromptHelpTests {
    private let oak: [GeoCache] = [.sample("Oak")]

    /// The help bar's hints as one line, rows joined by two spaces as within a row.
    private func hints(_ form: FormHarness) -> String {
        form.help.split(separator: "\n").joined(separator: "  ")
    }

    @Test func aVisitPromptListsEnterLogAndEscCancelRightAfterF1At80Columns() throws {
        let form = try FormHarness(caches: oak)
        form.press(.alt("l"))
        #expect(hints(form).contains("F1 Help  Enter Log  Esc Cancel  "), "\(form.help)")
        #expect(hints(form).hasSuffix("Tab Type"), "\(form.help)")
    }

    @Test func aPromptKeepsEnterAndEscWhenANarrowBarDropsHints() throws {
        let form = try FormHarness(width: 40, height: 14, caches: oak)
        form.press(.alt("n"))
        #expect(hints(form).contains("Enter Keep"), "\(form.help)")
        #expect(hints(form).contains("Esc Cancel"), "\(form.help)")
    }

    @Test func aNotePromptListsEnterKeepAndNoTabForAKindItHasNot() throws {
        let form = try FormHarness(caches: oak)
        form.press(.alt("n"))
        #expect(hints(form).contains("F1 Help  Enter Keep  Esc Cancel"), "\(form.help)")
        #expect(!form.help.contains("Tab"))
    }

    @Test("the help overlay of a note's or a final's prompt lists no key for a kind of visit, which it has not",
          arguments: ["n", "c"] as [Character])
    func theOverlayOfANoteOrFinalPromptListsNoVisitKind(key: Character) throws {
        let form = try FormHarness(width: 80, height: 30, caches: oak)
        form.press(.alt(key), .function(1))
        #expect(form.screen.contains("Help:"), "\(form.screen)")
        #expect(!form.screen.contains("kind of visit"), "\(form.screen)")
    }

    @Test func theOverlayOfAVisitPromptListsTheKindsOfVisit() throws {
        let form = try FormHarness(width: 80, height: 30, caches: oak)
        form.press(.alt("l"), .function(1))
        #expect(form.screen.contains("The next kind of visit"), "\(form.screen)")
    }

    @Test func aFinalPromptListsEnterKeep() throws {
        let form = try FormHarness(caches: oak)
        form.press(.alt("c"))
        #expect(hints(form).contains("Enter Keep  Esc Cancel"), "\(form.help)")
    }

    @Test func theCoordinatesAndFilterPromptsListEnterSet() throws {
        let form = try FormHarness(caches: oak)
        form.press(.control("g"))
        #expect(hints(form).contains("Enter Set  Esc Cancel"), "\(form.help)")
        form.press(.escape, .alt("s"))
        #expect(hints(form).contains("Enter Set  Esc Cancel"), "\(form.help)")
    }

    @Test func theSearchFieldListsEnterSearch() throws {
        let form = try FormHarness(caches: oak)
        form.press(.control("f"))
        #expect(hints(form).contains("Enter Search  Esc Cancel"), "\(form.help)")
    }

    @Test func browsingListsNoEnterWhereNoPromptIsOpen() throws {
        let form = try FormHarness(caches: oak)
        #expect(!form.help.contains("Enter"))
        form.press(.alt("l"), .escape)
        #expect(!form.help.contains("Enter"))
    }

    @Test func theHelpBarKeepsItsRowsWhenAPromptOpens() throws {
        let form = try FormHarness(width: 50, height: 15, caches: oak)
        let rows = form.controller.layout.help
        for keys: [Key] in [[.alt("l")], [.escape, .alt("n")], [.escape, .control("g")], [.escape, .alt("s")]] {
            for key in keys { form.press(key) }
            #expect(form.controller.layout.help == rows)
            #expect(form.help.contains("Enter"), "\(form.help)")
        }
    }

    @Test func theHelpOverlayListsEnterFirstAmongThePromptsFieldKeys() throws {
        let form = try FormHarness(width: 100, height: 60, caches: oak)
        form.press(.alt("l"), .function(1))
        let lines = form.screen.split(separator: "\n").map(String.init)
        let section = try #require(lines.firstIndex { $0.contains("In the prompt's field") }, "\(form.screen)")
        #expect(lines[section + 1].contains("Enter        Log the visit, or keep the note or the final"))
    }

    @Test func theFieldKeysLeaveOutAKeyTheModeRefusesAsAnotherModes() {
        for kind: FormMode.Kind in [.editing, .placing, .recording, .filtering] {
            let field = GeoCacheFormController.helpSections(in: kind)[1]
            let right = try? #require(field.entries.first { $0.description == "One character right" })
            #expect(right?.keys == "→", "\(kind)")
        }
    }

    @Test func aNoteOrAFinalOnAnEmptyStoreSaysWhatThereIsNothingToKeepItOn() throws {
        let form = try FormHarness()
        form.press(.alt("n"))
        #expect(form.status.hasSuffix("No cache is shown to keep a note on"))
        form.press(.alt("c"))
        #expect(form.status.hasSuffix("No cache is shown to keep a final for"))
    }

    @Test func theNavigationViewsHelpListsNoTextFieldKeys() {
        let sections = GeoCacheFormController.helpSections(in: .navigating)
        #expect(sections.map(\.title) == [FormText.helpKeysSection])
    }

    @Test func theKeyReferenceSaysWhatEnterDoesInEveryModeWithAField() {
        let entries = FormKeyReference.sections.filter { $0.title.contains(": In ") }
            .map { ($0.title, $0.entries.first) }
        #expect(entries.count == 6)
        for (title, first) in entries {
            #expect(first?.keys == "Enter", "\(title)")
        }
    }
}
