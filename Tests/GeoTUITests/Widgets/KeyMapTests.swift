import Testing
@testable import GeoTUI

@Suite struct KeyMapTests {
    private enum Action: Hashable { case quit, add, next, refresh }

    private let map = KeyMap<Action, Never>([
        .init(keys: [.control("q"), .function(10), .control("c")], action: .quit, help: "Quit"),
        .init(keys: [.function(2)], action: .add, help: "Add"),
        .init(keys: [.control("l")], action: .refresh),
        .init(keys: [.function(3), .function(2)], action: .next, help: "Next"),
    ])

    @Test func findsTheActionForEachBoundKey() {
        #expect(map.action(for: .control("q")) == .quit)
        #expect(map.action(for: .function(10)) == .quit)
        #expect(map.action(for: .control("c")) == .quit)
        #expect(map.action(for: .function(3)) == .next)
        #expect(map.action(for: .control("l")) == .refresh)
    }

    @Test func anUnboundKeyHasNoAction() {
        #expect(map.action(for: .character("q")) == nil)
    }

    @Test func theFirstBindingOfAKeyWins() {
        #expect(map.action(for: .function(2)) == .add)
    }

    @Test func helpItemsComeFromBindingsWithHelpInOrder() {
        #expect(map.helpItems == [
            HelpItem(key: "^Q", description: "Quit"),
            HelpItem(key: "F2", description: "Add"),
            HelpItem(key: "F3", description: "Next"),
        ])
    }

    @Test func appendedBindingsJoinTheEnd() {
        var copy = map
        copy.append(.init(keys: [.escape], action: .refresh, help: "Redraw"))
        #expect(copy.action(for: .escape) == .refresh)
        #expect(copy.helpItems.last == HelpItem(key: "Esc", description: "Redraw"))
    }

    @Test func listsTheKeysOfAnAction() {
        #expect(map.keys(for: .quit) == [.control("q"), .function(10), .control("c")])
    }

    // MARK: Modes

    private enum Mode: Hashable { case browsing, editing }

    private let modal = KeyMap<Action, Mode>([
        .init(keys: [.control("q")], action: .quit, help: "Quit"),
        .init(keys: [.function(2)], action: .add, help: "Add", modes: [.browsing]),
        .init(keys: [.function(2)], action: .add, help: "Save", modes: [.editing]),
        .init(keys: [.function(3)], action: .next, help: "Next", modes: [.browsing]),
        .init(keys: [.function(3)], action: .refresh, modes: [.editing]),
    ])

    @Test func aBindingWithoutModesWorksInEveryMode() {
        #expect(modal.action(for: .control("q"), in: .browsing) == .quit)
        #expect(modal.action(for: .control("q"), in: .editing) == .quit)
    }

    @Test func aKeyDoesWhatTheFirstBindingEnabledInTheModeSays() {
        #expect(modal.action(for: .function(3), in: .browsing) == .next)
        #expect(modal.action(for: .function(3), in: .editing) == .refresh)
    }

    @Test func aKeyWhoseBindingsAreAllDisabledInTheModeHasNoActionThere() {
        let map = KeyMap<Action, Mode>([.init(keys: [.function(3)], action: .next, modes: [.browsing])])
        #expect(map.action(for: .function(3), in: .editing) == nil)
        #expect(map.action(for: .function(3)) == .next)
    }

    @Test func anActionIsEnabledInTheModesOfItsBindings() {
        #expect(modal.isEnabled(.add, in: .browsing))
        #expect(modal.isEnabled(.add, in: .editing))
        #expect(modal.isEnabled(.next, in: .browsing))
        #expect(!modal.isEnabled(.next, in: .editing))
    }

    @Test func helpListsOnlyTheBindingsEnabledInTheMode() {
        #expect(modal.helpItems(in: .browsing) == [
            HelpItem(key: "^Q", description: "Quit"),
            HelpItem(key: "F2", description: "Add"),
            HelpItem(key: "F3", description: "Next"),
        ])
        #expect(modal.helpItems(in: .editing) == [
            HelpItem(key: "^Q", description: "Quit"),
            HelpItem(key: "F2", description: "Save"),
        ])
    }

    @Test func helpEntriesListEveryKeyOfTheModesBindingsWithTheirDescriptions() {
        let map = KeyMap<Action, Mode>([
            .init(keys: [.control("q"), .function(10)], action: .quit, help: "Quit"),
            .init(keys: [.function(2)], action: .add, help: "Add", description: "Add a cache", modes: [.browsing]),
            .init(keys: [.function(3), .control("q")], action: .next, description: "Next one"),
            .init(keys: [.function(4)], action: .refresh),
        ])
        #expect(map.helpEntries(in: .browsing) == [
            HelpEntry(keys: "^Q, F10", description: "Quit"),
            HelpEntry(keys: "F2", description: "Add a cache"),
            HelpEntry(keys: "F3", description: "Next one"),
        ])
        #expect(map.helpEntries(in: .editing).map(\.keys) == ["^Q, F10", "F3"])
    }

    // MARK: Resolving a key or an action in a mode

    private var refusing: KeyMap<Action, Mode> {
        var map = modal
        map.refusalNotes[.editing] = "Finish first"
        return map
    }

    @Test func aKeyEnabledInTheModeResolvesToItsAction() {
        #expect(refusing.resolve(.function(2), in: .editing) == .perform(.add))
        #expect(refusing.resolve(.control("q"), in: .browsing) == .perform(.quit))
    }

    @Test func aKeyOfAnotherModeIsRefusedWithTheNoteOfAModeThatHasOne() {
        let map = KeyMap<Action, Mode>([.init(keys: [.function(3)], action: .next, modes: [.browsing])])
        var refusing = map
        refusing.refusalNotes[.editing] = "Finish first"
        #expect(refusing.resolve(.function(3), in: .editing) == .refuse(note: "Finish first"))
        #expect(map.resolve(.function(3), in: .editing) == .pass)
    }

    @Test func aRefusalNoteSetAgainReplacesTheFirstAndNilEndsTheRefusal() {
        var map = refusing
        map.refusalNotes[.editing] = "Save first"
        #expect(map.refusalNotes[.editing] == "Save first")
        #expect(map.refusalNotes[.browsing] == nil)
        #expect(map.resolve(.function(3), in: .editing) == .perform(.refresh))
        #expect(map.resolve(action: .next, in: .editing) == .refuse(note: "Save first"))
        map.refusalNotes[.editing] = nil
        #expect(map.resolve(action: .next, in: .editing) == .pass)
    }

    @Test func helpEntriesGiveAKeyToTheFirstBindingEnabledInTheModeOnly() {
        let map = KeyMap<Action, Mode>([
            .init(keys: [.function(2)], action: .add, help: "Add", modes: [.browsing]),
            .init(keys: [.function(2), .function(5)], action: .refresh, help: "Again"),
        ])
        #expect(map.helpEntries(in: .browsing) == [
            HelpEntry(keys: "F2", description: "Add"),
            HelpEntry(keys: "F5", description: "Again"),
        ])
        #expect(map.helpEntries(in: .editing) == [HelpEntry(keys: "F2, F5", description: "Again")])
    }

    @Test func helpItemsLeaveOutTheActionsAskedFor() {
        #expect(modal.helpItems(in: .browsing, leavingOut: [.add, .next]) == [HelpItem(key: "^Q", description: "Quit")])
    }

    @Test func anUnboundKeyPassesOnEvenInARefusingMode() {
        #expect(refusing.resolve(.character("x"), in: .editing) == .pass)
    }

    @Test func anActionIsResolvedByTheSameRuleAsItsKeys() {
        #expect(refusing.resolve(action: .next, in: .browsing) == .perform(.next))
        #expect(refusing.resolve(action: .next, in: .editing) == .refuse(note: "Finish first"))
        #expect(modal.resolve(action: .next, in: .editing) == .pass)
    }

    @Test func theLabelOfAnActionIsItsFirstKeys() {
        #expect(map.label(of: .quit) == "^Q")
        #expect(KeyMap<Action, Mode>().label(of: .quit) == "")
    }

    @Test func keysOfAnActionBoundInSeveralModesAreListedOnce() {
        #expect(modal.keys(for: .add) == [.function(2)])
    }

    @Test func keysAreLabelledTheWayTerminalProgramsWriteThem() {
        let labels: [(Key, String)] = [
            (.control("q"), "^Q"), (.function(10), "F10"), (.tab, "Tab"), (.backTab, "S-Tab"),
            (.enter, "Enter"), (.escape, "Esc"), (.alt("b"), "M-b"), (.pageUp, "PgUp"),
            (.pageDown, "PgDn"), (.up, "↑"), (.down, "↓"), (.character("y"), "y"),
            (.character(" "), "Space"), (.wordLeft, "^←"),
        ]
        for (key, label) in labels { #expect(key.label == label) }
    }
}
