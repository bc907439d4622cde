import Foundation
import GeoModel
import Testing
@testable import GeoTUI

/// F1 (and `?` on a button) opens the help overlay with every key of the current mode,
/// generated from the key table and the text field's own keys; Esc or F1 closes it.
@Suite struct HelpOverlayControllerTests {
    private let three: [GeoCache] = [.sample("One"), .sample("Two"), .sample("Three")]

    @Test func f1OpensTheHelpWithEveryKeyOfBrowsingAndTheFieldKeys() throws {
        let form = try FormHarness(width: 100, height: 60, caches: three)
        form.press(.function(1))
        for line in ["Help: browsing", "Add the fields as a new cache", "F8 ", "Delete the shown cache",
                     "S-Tab, ↑", "PgDn", "^L", "In a text field", "^A", "Start of the text", "^K", "^U", "^W",
                     "M-b", "One word left", "Esc or F1 closes this help"] {
            #expect(form.screen.contains(line), "missing \(line)")
        }
        #expect(form.help.hasPrefix("^Q Quit  Esc Close  ^Z Suspend"))
    }

    @Test func theHelpListsEveryEntryOfTheKeyTableInTheMode() throws {
        let form = try FormHarness(width: 120, height: 80, caches: three)
        form.press(.function(1))
        for entry in FormAction.keyMap.helpEntries(in: .browsing) {
            #expect(form.screen.contains(entry.description), "missing \(entry.description)")
        }
    }

    @Test func theHelpSaysTheAltDigitsStandForTheFunctionKeys() throws {
        let form = try FormHarness(width: 100, height: 60, caches: three)
        form.press(.alt("1"))
        #expect(form.screen.contains("M-1…M-0      As F1…F10, for a keyboard without function keys"))
        form.press(.alt("1"))
        #expect(!form.screen.contains("Help:"))
    }

    @Test("F1's line says ? opens the help too only in the modes where a button can have the focus",
          arguments: [(FormMode.Kind.browsing, true), (.editing, true), (.searching, false), (.placing, false),
                      (.navigating, false), (.recording, false), (.filtering, false)])
    func questionMarkIsNamedOnlyWhereAButtonCanHaveTheFocus(_ kind: FormMode.Kind, _ named: Bool) throws {
        let entries = GeoCacheFormController.helpSections(in: kind).flatMap(\.entries)
        let f1 = try #require(entries.first { $0.keys == "F1" })
        #expect(f1.description == (named ? "This help (also ? when a button has the focus)" : "This help"))
    }

    @Test func whileEditingTheHelpListsSaveAndNotDelete() throws {
        let form = try FormHarness(width: 100, height: 60, caches: three)
        form.press(.function(4), .function(1))
        #expect(form.screen.contains("Help: editing a cache"))
        #expect(form.screen.contains("Save the edit"))
        #expect(!form.screen.contains("Delete the shown cache"))
    }

    @Test func inTheSearchTheFieldKeysLeaveOutTheKeysTheTableTakes() throws {
        let form = try FormHarness(width: 100, height: 60, caches: three)
        form.press(.control("f"), .function(1))
        #expect(form.screen.contains("In the search field"))
        #expect(form.screen.contains("One character right"))
        #expect(!form.screen.contains("→, ^F"))
    }

    @Test func escapeClosesTheHelpAndTheEditGoesOn() throws {
        let form = try FormHarness(width: 100, height: 60, caches: three)
        form.press(.function(4), .function(1), .escape)
        #expect(!form.screen.contains("Help:"))
        #expect(form.screen.contains("[ Save ]"))
        #expect(form.fieldTexts.first == "One")
    }

    @Test func f1ClosesTheHelpToo() throws {
        let form = try FormHarness(width: 100, height: 60, caches: three)
        let before = form.screen
        form.press(.function(1), .function(1))
        #expect(form.screen == before)
    }

    @Test func keysWhileTheHelpIsOpenScrollItAndNeverReachTheForm() throws {
        let form = try FormHarness(width: 60, height: 16, caches: three)
        form.press(.function(1))
        guard case .helping(let overlay, _) = form.controller.mode else {
            Issue.record("the help is not open")
            return
        }
        form.type("abc")
        form.press(.control("n"), .function(8), .pageDown)
        #expect(overlay.topLine > 0)
        form.press(.escape)
        #expect(form.fieldTexts == ["", "", "", ""])
        #expect(form.status.contains("Cache 1 of 3"))
    }

    @Test func aQuestionMarkOnAButtonOpensTheHelp() throws {
        let form = try FormHarness(width: 100, height: 60, caches: three)
        form.press(.backTab)
        form.type("?")
        #expect(form.screen.contains("Help: browsing"))
    }

    @Test func aQuestionMarkInAFieldIsTyped() throws {
        let form = try FormHarness(width: 100, height: 60, caches: three)
        form.type("Why?")
        #expect(form.fieldTexts.first == "Why?")
        #expect(!form.screen.contains("Help:"))
    }

    @Test func theDeleteQuestionKeepsF1ForItself() throws {
        let form = try FormHarness(width: 100, height: 60, caches: three)
        form.press(.function(8), .function(1))
        #expect(!form.screen.contains("Help:"))
    }

    @Test func tooSmallTheHelpIsNotDrawnAndComesBackWithTheSize() throws {
        let form = try FormHarness(width: 100, height: 60, caches: three)
        form.press(.function(1))
        form.resize(width: 30, height: 10)
        #expect(form.screen.contains("Terminal too small"))
        #expect(!form.screen.contains("Help:"))
        form.resize(width: 100, height: 60)
        #expect(form.screen.contains("Help: browsing"))
    }
}
