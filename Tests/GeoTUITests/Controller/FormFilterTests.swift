import Foundation
import GeoModel
import Testing
@testable import GeoTUI

/// Filters in the form (issue 38, the finder's loop), driven by key scripts: M-s opens a
/// field in the status row, Enter sets the filter typed there, the status line names it
/// and counts what it keeps, Next walks only the kept caches, Esc leaves it unchanged,
/// and a line that is no filter is refused saying why.
@Suite struct FormFilterTests {
    static let home = try! Coordinate(parsing: "47.000000, 8.000000")

    /// Stored in this order: One (traditional), Two (multi), Three (traditional), Four
    /// (multi); each 1 km further north of ``home`` than the one before.
    static let caches = ["One", "Two", "Three", "Four"].enumerated().map { index, title in
        var cache = GeoCache.sample(title)
        cache.listing = Listing(type: index % 2 == 1 ? "Multi-cache" : "Traditional Cache")
        cache.coordinate = Coordinate(latitudeMicrodegrees: Int32(47_000_000 + (index + 1) * 9_000),
                                      longitudeMicrodegrees: 8_000_000)
        return cache
    }

    private func form(position: PositionSource = .none) throws -> FormHarness {
        try FormHarness(width: 100, height: 32, caches: Self.caches, position: position)
    }

    /// Opens the filter field, empties it, types `text` and presses Enter.
    private func setFilter(_ text: String, in form: FormHarness) {
        form.press(.alt("s"), .control("u"))
        form.type(text)
        form.press(.enter)
    }

    @Test("M-s opens the filter field in the status row")
    func altLOpensTheField() throws {
        let form = try form()
        form.press(.alt("s"))
        #expect(form.controller.mode.kind == .filtering)
        #expect(form.status.contains("Filter:"))
        #expect(form.status.hasSuffix("Enter sets, Esc leaves; empty shows all"))
    }

    @Test("Enter sets the filter: the first kept cache is shown and the status line names the filter and its count")
    func enterSetsTheFilter() throws {
        let form = try form()
        setFilter("multi-cache", in: form)
        #expect(form.controller.mode.kind == .browsing)
        #expect(form.screen.contains("Title:   Two"))
        #expect(form.status.hasPrefix(" Cache 2 of 4 · 2 of 4 shown · Filter: Multi-cache"))
        #expect(form.status.hasSuffix("Showing the 2 of 4 caches the filter keeps"))
    }

    @Test("every move under a filter that keeps no cache says no cache is shown, not an older note",
          arguments: [Key.control("n"), .control("p"), .control("r"), .alt("<"), .alt(">")])
    func aMoveUnderAFilterThatKeepsNoneSaysSo(_ key: Key) throws {
        let form = try form()
        setFilter("D5", in: form)
        form.press(key)
        #expect(form.status.hasSuffix("No cache is shown"), "\(form.status)")
    }

    @Test("the note with the filter's counts goes at the next move, the status line keeping them")
    func theFilterNoteGoesAtTheNextMove() throws {
        let form = try form()
        setFilter("Multi-cache", in: form)
        form.press(.control("n"))
        #expect(!form.status.contains("caches the filter keeps"), "\(form.status)")
        #expect(form.status.contains("2 of 4 shown"))
    }

    @Test("Next and Previous walk only the kept caches")
    func nextWalksOnlyKept() throws {
        let form = try form()
        setFilter("Multi-cache", in: form)
        form.press(.control("n"))
        #expect(form.screen.contains("Title:   Four"))
        #expect(form.status.hasPrefix(" Cache 4 of 4 · 2 of 4 shown"))
        form.press(.control("n"))
        #expect(form.screen.contains("Title:   Two"))
        form.press(.control("p"))
        #expect(form.screen.contains("Title:   Four"))
    }

    @Test("Esc leaves the filter as it was")
    func escapeLeavesItUnchanged() throws {
        let form = try form()
        form.press(.alt("s"))
        form.type("Multi-cache")
        form.press(.escape)
        #expect(form.controller.mode.kind == .browsing)
        #expect(form.model.filter == nil)
        #expect(form.status.hasSuffix("Filter unchanged"))
        #expect(!form.status.contains("Filter:"))
    }

    @Test("A line that is no filter is refused naming the word, nothing changes, and the field stays open")
    func badFilterSaysWhy() throws {
        let form = try form()
        setFilter("Multi-cache, availble", in: form)
        #expect(form.screen.contains("\"availble\" is not a condition"))
        #expect(form.status.hasSuffix("Not a filter: nothing changed"))
        #expect(form.controller.mode.kind == .filtering)
        #expect(form.model.filter == nil)
    }

    @Test("The line corrected after a refusal sets the filter and the pane shows the cache again")
    func correctedAfterRefusal() throws {
        let form = try form()
        setFilter("availble", in: form)
        form.press(.control("u"))
        form.type("available")
        form.press(.enter)
        #expect(form.model.filter?.statuses == [.available])
        #expect(form.screen.contains("Title:   One"))
    }

    @Test("The field opens holding the active filter, and an empty line shows every cache again")
    func emptyLineClears() throws {
        let form = try form()
        setFilter("multi-cache", in: form)
        form.press(.alt("s"))
        #expect(form.controller.statusBar.field.text == "Multi-cache")
        form.press(.control("u"), .enter)
        #expect(form.model.filter == nil)
        #expect(form.status.hasSuffix("Filter cleared: every cache is shown"))
        form.press(.control("n"))
        #expect(form.screen.contains("Title:   Three"))
    }

    @Test("within measures from where you stand")
    func withinMeasuresFromHome() throws {
        let form = try form(position: PositionSource(home: Self.home))
        setFilter("within 2.5km", in: form)
        #expect(form.model.keptCount == 2)
        #expect(form.status.contains("Filter: within 2.50 km"))
    }

    @Test("within with no position known is refused, saying it needs a place to measure from")
    func withinWithoutAPosition() throws {
        let form = try form()
        setFilter("within 2km", in: form)
        #expect(form.screen.contains("\"within 2km\" needs a place to measure from"))
        #expect(form.model.filter == nil)
    }

    @Test("A filter that keeps no cache says so in the pane and the status line")
    func noneKept() throws {
        let form = try form()
        setFilter("Earthcache", in: form)
        #expect(form.screen.contains("No cache meets the filter: Earthcache."))
        #expect(form.status.hasPrefix(" 0 of 4 shown · Filter: Earthcache"))
        #expect(form.status.hasSuffix("No cache meets the filter"))
    }

    @Test("A cache added under a filter that keeps none is shown with its position in the status line")
    func anAddUnderAFilterKeepingNoneShowsItsPosition() throws {
        let form = try form()
        setFilter("Earthcache", in: form)
        for (index, text) in ["Five", "d", "c", "r"].enumerated() {
            if index > 0 { form.press(.tab) }
            form.type(text)
        }
        form.press(.control("s"))
        #expect(form.screen.contains("Title:   Five"), "\(form.screen)")
        #expect(form.status.hasPrefix(" Cache 5 of 5 · 0 of 5 shown · Filter: Earthcache"), "\(form.status)")
    }

    @Test("A long filter is cut at a whole word in the status line, so the note keeps its room")
    func longFilterIsCut() throws {
        let form = try form()
        setFilter("not found, available or disabled, Multi-cache, Micro or Small, D1-2.5, T3-5", in: form)
        #expect(form.status.contains("Filter: not found, available or disabled, Multi-cache,…"), "\(form.status)")
        #expect(form.status.hasSuffix("   No cache meets the filter"), "\(form.status)")
    }

    @Test("While the field is open, another mode's key is refused saying how to finish")
    func otherKeysAreRefused() throws {
        let form = try form()
        form.press(.alt("s"), .function(4))
        #expect(form.controller.mode.kind == .filtering)
        #expect(form.status.hasSuffix("Enter sets the filter, Esc leaves"))
    }

    @Test("F1 and the keys' manual list the filter key and the filter field's keys")
    func helpListsTheKey() throws {
        let browsing = FormAction.keyMap.helpEntries(in: .browsing)
        #expect(browsing.contains { $0.keys == "M-s" && $0.description.hasPrefix("Show only the caches a filter keeps") })
        let titles = FormKeyReference.sections.map(\.title)
        #expect(titles.contains("Choosing a filter (Alt-S): Keys"))
        #expect(titles.contains("Choosing a filter (Alt-S): In the filter field (any character is typed)"))
    }
}
