import Foundation
@testable import GeoModel
import GeoTestSupport
import Testing
@testable import GeoTUI

/// The finder's prompt in the form (issue 38), driven by key scripts: Alt-L logs a
/// visit to the shown cache (Tab picks the kind), Alt-N keeps a note, Alt-C a corrected
/// place; Esc leaves; the model and the screen are both checked, on a file, on a live
/// club store and on a club store that is away.
@Suite(.serialized) struct FormFinderTests {
    static let oak: GeoCache = {
        var cache = Samples.oak
        cache.code = "GC1OAK"
        cache.coordinate = Coordinate(latitudeMicrodegrees: 47_000_000, longitudeMicrodegrees: 8_000_000)
        return cache
    }()

    @Test func altLOpensAFoundItPromptInTheStatusRow() throws {
        let form = try FormHarness(width: 100, height: 30, caches: [Self.oak])
        form.press(.alt("l"))
        #expect(form.status.hasPrefix(" Found it:"))
        #expect(form.help.contains("Type") && form.help.contains("Cancel"))
    }

    @Test func tabTurnsThePromptToTheNextKindOfVisit() throws {
        let form = try FormHarness(width: 100, height: 30, caches: [Self.oak])
        form.press(.alt("l"), .tab)
        #expect(form.status.hasPrefix(" Didn't find it:"))
        form.press(.backTab, .backTab)
        #expect(form.status.hasPrefix(" Unattempted:"))
    }

    @Test("a key the visit prompt refuses brings back its own note: Enter logs the visit")
    func aRefusedKeyInTheVisitPromptSaysEnterLogsIt() throws {
        let form = try FormHarness(width: 100, height: 30, caches: [Self.oak])
        form.press(.alt("l"))
        form.type("race")
        form.press(.control("n"))
        #expect(form.status.contains("Enter logs it, Esc"), "\(form.status)")
        #expect(form.status.hasPrefix(" Found it: race"))
    }

    @Test("Tab, Down, Shift-Tab and Up in a note's or a final's prompt, which has no kind, say so",
          arguments: [("n", Key.tab), ("n", .down), ("c", .backTab), ("c", .up)] as [(Character, Key)])
    func aKindKeyInANoteOrFinalPromptSaysWhyNothingHappens(prompt: Character, key: Key) throws {
        let form = try FormHarness(width: 80, height: 24, caches: [Self.oak])
        form.press(.alt(prompt), key)
        #expect(form.controller.mode.kind == .recording)
        #expect(form.status.hasSuffix(prompt == "n" ? "A note has no kind" : "A final has no kind"), "\(form.status)")
    }

    @Test("Ctrl-Q with a visit typed in the prompt is refused once, saying so; again, it quits without logging")
    func quitWithAVisitTypedAsksFirst() throws {
        let form = try FormHarness(width: 80, height: 24, caches: [Self.oak])
        form.press(.alt("l"))
        form.type("race")
        form.press(.control("q"))
        #expect(form.status.hasSuffix("^Q again quits"), "\(form.status)")
        #expect(form.status.hasPrefix(" Found it: race"))
        #expect(form.controller.handle(.key(.control("q"))) == .quit(status: 0))
        #expect(try form.model.store.visits().isEmpty)
    }

    @Test("Ctrl-Q with a visit typed and the help open closes the help, so that its note that Ctrl-Q again quits is seen")
    func quitWithTheHelpOverAVisitTypedClosesTheHelp() throws {
        let form = try FormHarness(width: 80, height: 24, caches: [Self.oak])
        form.press(.alt("l"))
        form.type("race")
        form.press(.function(1))
        form.press(.control("q"))
        #expect(form.controller.mode.kind == .recording)
        #expect(form.status.hasSuffix("^Q again quits"), "\(form.status)")
    }

    @Test("Ctrl-Q with a visit typed below the smallest size quits, the text said after the terminal is restored")
    func quitWithAVisitTypedBelowTheSmallestSizeKeepsTheTextInItsReport() throws {
        let form = try FormHarness(width: 80, height: 24, caches: [Self.oak])
        form.press(.alt("l"))
        form.type("race")
        form.resize(width: 30, height: 10)
        #expect(form.controller.handle(.key(.control("q"))) == .quit(status: 0))
        #expect(form.controller.finishProblems.contains { $0.contains("which nothing keeps") && $0.hasSuffix(" race") },
                "\(form.controller.finishProblems)")
        #expect(try form.model.store.visits().isEmpty)
    }

    @Test("the refusal names the quit key pressed: Ctrl-C or F10 with a note typed says that key again quits",
          arguments: [(Key.control("c"), "^C"), (.function(10), "F10")] as [(Key, String)])
    func aRefusedQuitNamesTheKeyPressed(key: Key, label: String) throws {
        let form = try FormHarness(width: 80, height: 24, caches: [Self.oak])
        form.press(.alt("n"))
        form.type("Behind")
        form.press(key)
        #expect(form.status.hasSuffix("\(label) again quits"), "\(form.status)")
        #expect(form.controller.handle(.key(key)) == .quit(status: 0))
    }

    @Test("text typed after a refused Ctrl-Q takes away its note that Ctrl-Q again quits, and the next one is refused")
    func typingAfterARefusedQuitTakesItsNoteAway() throws {
        let form = try FormHarness(width: 80, height: 24, caches: [Self.oak])
        form.press(.alt("n"))
        form.type("Behind")
        form.press(.control("q"))
        #expect(form.status.hasSuffix("^Q again quits"), "\(form.status)")
        form.type(" the oak")
        #expect(!form.status.contains("again quits"), "\(form.status)")
        form.press(.control("q"))
        #expect(form.status.hasSuffix("^Q again quits"), "\(form.status)")
    }

    @Test("Ctrl-Q on a note prompt holding the note kept, unchanged, quits at once: nothing would be lost")
    func quitWithTheKeptNoteUnchangedQuits() throws {
        let form = try FormHarness(width: 100, height: 30, caches: [Self.oak])
        form.press(.alt("n"))
        form.type("Behind the oak")
        form.press(.enter, .alt("n"))
        #expect(form.status.hasPrefix(" Note: Behind the oak"), "\(form.status)")
        #expect(form.controller.handle(.key(.control("q"))) == .quit(status: 0))
    }

    @Test("a signal that ends the form with a note typed in its prompt leaves that note to print, not lost")
    func aSignalWithANoteTypedLeavesItToPrint() throws {
        let form = try FormHarness(width: 100, height: 30, caches: [Self.oak])
        form.press(.alt("n"))
        form.type("my private note")
        #expect(form.controller.handle(TerminalSignal.terminate) == .quit(status: 0))
        let code = try #require(form.model.current?.cache.code)
        #expect(form.controller.finishProblems == [
            "the form was ended with text in its prompt, which nothing keeps: Note: (\(code) “Old Oak”) my private note"])
    }

    @Test("a signal that ends the form with a prompt holding only the note kept before prints nothing")
    func aSignalWithTheKeptNoteUnchangedPrintsNothing() throws {
        let form = try FormHarness(width: 100, height: 30, caches: [Self.oak])
        form.press(.alt("n"))
        form.type("Behind the oak")
        form.press(.enter, .alt("n"))
        #expect(form.controller.handle(TerminalSignal.hangup) == .quit(status: 0))
        #expect(form.controller.finishProblems.isEmpty)
    }

    @Test("Ctrl-Q with an empty prompt quits at once")
    func quitWithAnEmptyPromptQuits() throws {
        let form = try FormHarness(width: 100, height: 30, caches: [Self.oak])
        form.press(.alt("n"))
        #expect(form.controller.handle(.key(.control("q"))) == .quit(status: 0))
    }

    @Test func enterLogsTheVisitAndThePaneShowsTheCacheFound() throws {
        let form = try FormHarness(width: 100, height: 30, caches: [Self.oak])
        form.press(.alt("l"))
        form.type("Quick find, \"thanks\"")
        form.press(.enter)
        let visits = try form.model.store.visits()
        #expect(visits.map(\.visit.text) == ["Quick find, \"thanks\""])
        #expect(visits.first?.visit.type == .foundIt)
        #expect(form.status.contains("Logged Found it on GC1OAK at"))
        #expect(form.screen.contains("Found:   by you on "))
    }

    @Test("the same visit logged again within its minute is said to be logged already, and kept once")
    func theSameVisitLoggedAgainIsSaidToBeLoggedAlready() throws {
        let clock = Date(timeIntervalSince1970: 1_795_858_859)   // 09:40:59: both within one minute however long they take.
        let form = try FormHarness(width: 100, height: 30, caches: [Self.oak], position: PositionSource(clock: { clock }))
        for _ in 0..<2 {
            form.press(.alt("l"))
            form.type("twice")
            form.press(.enter)
        }
        #expect(try form.model.store.visits().count == 1)
        #expect(form.status.hasSuffix("Already logged: Found it on GC1OAK within 2026-11-28 09:40 UTC"), "\(form.status)")
    }

    @Test func aDidNotFindIsShownInThePaneAboveAnEarlierFind() throws {
        let form = try FormHarness(width: 100, height: 30, caches: [Self.oak])
        _ = try form.model.logVisit(Visit(code: "GC1OAK", time: "2020-05-01T08:00:00Z", type: .foundIt, text: "first"))
        form.press(.alt("l"), .tab)
        form.type("muggles at the bench")
        form.press(.enter)
        let lines = form.screen.split(separator: "\n").map(String.init)
        let dnf = try #require(lines.firstIndex { $0.contains("Visit:   ") && $0.contains(" UTC Didn't find it") }, "\(form.screen)")
        let found = try #require(lines.firstIndex { $0.contains("Visit:   2020-05-01 08:00 UTC Found it") }, "\(form.screen)")
        #expect(dnf < found)
        #expect(lines[dnf + 1].contains("         muggles at the bench"))
        #expect(lines[found + 1].contains("         first"))
        #expect(form.screen.contains("Found:   by you on 2020-05-01 08:00 UTC"))
    }

    @Test func whatAVisitSaysHasTheRowsWidthWhileASearchKeepsItsShortField() throws {
        let form = try FormHarness(width: 120, height: 30, caches: [Self.oak])
        let sentence = "Found it after a long search in the rain, thanks for the walk"
        form.press(.alt("l"))
        form.type(sentence)
        #expect(form.status.hasPrefix(" Found it: \(sentence) "))
        form.press(.escape, .control("f"))
        form.type(sentence)
        #expect(form.status.hasPrefix(" Find: …"))
    }

    @Test func escLeavesThePromptWithoutLoggingAnything() throws {
        let form = try FormHarness(width: 100, height: 30, caches: [Self.oak])
        form.press(.alt("l"))
        form.type("never mind")
        form.press(.escape)
        #expect(try form.model.store.visits().isEmpty)
        #expect(form.status.contains("Nothing logged or kept"))
    }

    @Test func altNKeepsANoteThePaneShowsAndAnImportLeaves() throws {
        let form = try FormHarness(width: 100, height: 30, caches: [Self.oak])
        form.press(.alt("n"))
        form.type("Behind the second oak")
        form.press(.enter)
        #expect(try form.model.store.ownData().byCode["GC1OAK"]?.note == "Behind the second oak")
        #expect(form.screen.contains("Note:    Behind the second oak"))
        var newer = Self.oak
        newer.details = "Moved"
        _ = try form.model.store.importCaches(from: .bytes(Array(JSONInterchange.document(for: [newer]).utf8), name: "pq.json"))
        #expect(try form.model.store.ownData().byCode["GC1OAK"]?.note == "Behind the second oak")
    }

    @Test func altCKeepsAFinalThatTheAwayLineMeasuresTo() throws {
        let home = Coordinate(latitudeMicrodegrees: 47_000_000, longitudeMicrodegrees: 8_000_000)!
        let form = try FormHarness(width: 100, height: 30, caches: [Self.oak], position: PositionSource(home: home))
        form.press(.alt("c"))
        form.type("47.001000, 8.000000")
        form.press(.enter)
        #expect(try form.model.store.ownData().byCode["GC1OAK"]?.corrected
                == Coordinate(latitudeMicrodegrees: 47_001_000, longitudeMicrodegrees: 8_000_000))
        #expect(form.screen.contains("Final:   N 47° 00.060′ E 008° 00.000′ (yours"))
        #expect(form.screen.contains("Away:    111 m N"))
    }

    @Test("an empty note or a final of none on a cache that had neither says there was nothing to remove")
    func removingANoteOrAFinalThatWasNotThereSaysSo() throws {
        let form = try FormHarness(width: 120, height: 30, caches: [Self.oak])
        form.press(.alt("n"), .enter)
        #expect(form.status.contains("No note to remove: the cache had none"), "\(form.status)")
        form.press(.alt("c"))
        form.type("none")
        form.press(.enter)
        #expect(form.status.contains("No final to remove"), "\(form.status)")
        #expect(try form.model.store.ownData().byCode.isEmpty)
    }

    @Test("a note kept and then emptied is said to be removed")
    func aNoteEmptiedIsRemoved() throws {
        let form = try FormHarness(width: 120, height: 30, caches: [Self.oak])
        form.press(.alt("n"))
        form.type("x")
        form.press(.enter, .alt("n"), .control("u"), .enter)
        #expect(form.status.contains("Note removed"), "\(form.status)")
    }

    @Test func aFinalThatIsNoCoordinateIsRefusedAndThePromptStaysOpen() throws {
        let form = try FormHarness(width: 100, height: 30, caches: [Self.oak])
        form.press(.alt("c"))
        form.type("behind the shed")
        form.press(.enter)
        #expect(form.status.hasPrefix(" Final:"))
        #expect(try form.model.store.ownData().byCode.isEmpty)
        #expect(form.screen.contains("nothing kept"))
        #expect(form.screen.contains("Enter keeps it") && !form.screen.contains("Enter sets them"))
    }

    @Test("a final of none on a cache without coordinates says the cache had none, not that the listing's count")
    func noFinalToRemoveOnACacheWithoutPlaceSaysItHadNone() throws {
        let form = try FormHarness(width: 120, height: 30, caches: [GeoCache(title: "Bare", details: "d", creator: "c", reward: "r")])
        form.press(.alt("c"))
        form.type("none")
        form.press(.enter)
        #expect(form.status.contains("No final to remove: the cache had none"), "\(form.status)")
    }

    @Test func theHelpAndTheKeyReferenceListTheFinderKeys() throws {
        let entries = FormAction.keyMap.helpEntries(in: .browsing)
        #expect(entries.contains { $0.keys == "M-l, F11" && $0.description.hasPrefix("Log a visit") })
        #expect(entries.contains { $0.keys == "M-n" } && entries.contains { $0.keys == "M-c" })
        #expect(FormKeyReference.sections.map(\.title).contains { $0.hasPrefix("Logging a visit, a note or a final") })
    }

    @Test func onALiveClubStoreTheVisitIsTheMembers() throws {
        let url = try PostgresTestServer.shared().makeDatabase()
        try PostgresStore(url: url).add(Self.oak)
        let form = try ClubFormHarness(url: url)
        form.press(.alt("l"), .tab)
        form.type("not today")
        form.press(.enter)
        #expect(try PostgresStore(url: url).visits().map(\.visit.type) == [.didNotFindIt])
        #expect(form.status.contains("Logged Didn't find it on GC1OAK"))
    }

    @Test func onAClubStoreThatIsAwayTheVisitIsKeptHereAndShownFound() throws {
        let form = try ClubFormHarness { files in
            let live = try PostgresStore(url: try PostgresTestServer.shared().makeDatabase())
            try live.add(Self.oak)
            try ClubCopy(files: files).refresh(from: live, area: nil)
        }
        form.press(.alt("l"))
        form.type("offline find")
        form.press(.enter)
        #expect(form.status.contains("Kept on this machine: 1 change waiting"))
        #expect(try Outbox(files: form.files).finderChanges().count == 1)
        #expect(form.screen.contains("Found:   by you on "))
    }

    @Test func aVisitKeptWhileAwayOnTheSecondCacheShowsAtOnce() throws {
        var bridge = Samples.bridge
        bridge.code = "GC2BRDG"
        let form = try ClubFormHarness { files in
            let live = try PostgresStore(url: try PostgresTestServer.shared().makeDatabase())
            try live.add(Self.oak)
            try live.add(bridge)
            try ClubCopy(files: files).refresh(from: live, area: nil)
        }
        form.press(.control("n"))
        #expect(form.screen.contains("GC2BRDG"))
        form.press(.alt("l"))
        form.type("offline find")
        form.press(.enter)
        #expect(form.status.contains("Kept on this machine: 1 change waiting"))
        #expect(form.screen.contains("Found:   by you on "))
        #expect(form.screen.contains("offline find"))
    }
}
