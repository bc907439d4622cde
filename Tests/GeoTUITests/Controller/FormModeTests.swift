import Foundation
import GeoModel
import Testing
@testable import GeoTUI

/// The form's modes (browsing, editing, searching, the delete question): the help bar
/// lists what works in each, and what does not work is refused.
@Suite struct FormModeTests {
    private let three: [GeoCache] = [.sample("One"), .sample("Two"), .sample("Three")]

    // MARK: The help bar follows the mode

    @Test func whileEditingTheHelpBarListsSaveAndNotTheMovesOrDelete() throws {
        let form = try FormHarness(width: 200, caches: three)
        form.press(.function(4))
        #expect(form.help.trimmingCharacters(in: .newlines) == "^S Save  ^Q Quit  F1 Help  F5 Reload  Esc Cancel  Tab Move  PgUp Scroll  ^Z Suspend  ^T Hint")
    }

    @Test func whileSearchingTheHelpBarListsTheMatchMoves() throws {
        let form = try FormHarness(width: 200, caches: three)
        form.press(.control("f"))
        #expect(form.help.trimmingCharacters(in: .newlines) == "^N Next  ^P Prev  ^F Find  ^Q Quit  F1 Help  Enter Search  Esc Cancel  M-< First  M-> Last  ^R Random  PgUp Scroll  ^Z Suspend  ^T Hint")
    }

    @Test func aKeyOfAnotherModeDuringASearchSaysHowToLeaveIt() throws {
        let form = try FormHarness(caches: three)
        form.press(.control("f"))
        form.type("o")
        form.press(.function(4))
        #expect(form.status.hasSuffix("Enter searches, Esc leaves"), "\(form.status)")
        #expect(form.controller.mode.editSession == nil)
    }

    @Test func whileTheDeleteQuestionIsOpenTheHelpBarListsOnlyQuitAndSuspend() throws {
        let form = try FormHarness(width: 200, caches: three)
        form.press(.function(8))
        #expect(form.help.trimmingCharacters(in: .newlines) == "^Q Quit  ^Z Suspend")
    }

    @Test func theHelpBarListsEveryKeyAgainWhenTheEditEnds() throws {
        let form = try FormHarness(width: 200, caches: three)
        let browsing = form.help
        form.press(.function(4), .escape)
        #expect(form.help == browsing)
    }

    @Test func aShorterHelpBarKeepsTheRowsTheLongestModeNeeds() throws {
        let form = try FormHarness(caches: three)
        let pane = form.controller.pane.frame
        let status = form.controller.layout.status
        form.press(.function(4))
        form.resize(width: 80, height: 24)
        #expect(form.controller.pane.frame == pane)
        #expect(form.controller.layout.status == status)
    }

    @Test func closingTheDeleteQuestionLeavesNothingOfItBehind() throws {
        let form = try FormHarness(width: 40, height: 14, caches: three)
        let before = form.screen
        form.press(.function(8), .character("n"))
        #expect(form.row(5) == "         [ Add ]  [ Previous ] [ Next ]")
        #expect(form.screen.split(separator: "\n").dropLast(3) == before.split(separator: "\n").dropLast(3))
    }

    // MARK: Refused actions

    @Test func theNextButtonIsRefusedWhileEditing() throws {
        let form = try FormHarness(caches: three)
        form.press(.function(4))
        form.controller.nextButton.sendAction()
        form.redraw()
        #expect(form.model.current?.cache.title == "One")
        #expect(form.status.contains("Finish the edit first: ^S saves, Esc cancels"))
    }

    @Test func deleteIsRefusedWhileEditing() throws {
        let form = try FormHarness(caches: three)
        form.press(.function(4), .function(8))
        #expect(!form.screen.contains("[ Yes ]"))
        #expect(form.status.contains("Finish the edit first"))
    }

    @Test func aRefusedKeyIsNotTypedIntoTheField() throws {
        let form = try FormHarness(caches: three)
        form.press(.function(4), .end, .control("f"))
        #expect(form.fieldTexts[0] == "One")
        #expect(form.status.contains("Finish the edit first"))
    }

    @Test func aKeyTheSearchDoesNotUseLeavesTheFormAlone() throws {
        let form = try FormHarness(caches: three)
        form.type("draft")
        form.press(.control("f"), .control("s"), .tab, .function(4))
        #expect(form.model.count == 3)
        #expect(form.fieldTexts == ["draft", "", "", ""])
        #expect(form.status.contains("Find:"))
    }
}
