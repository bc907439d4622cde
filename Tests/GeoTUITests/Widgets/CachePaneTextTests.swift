import GeoModel
import Testing
@testable import GeoTUI

/// The pane's paragraphs for a cache with a place and a listing (``FormText/paneText(for:club:own:visits:showsHint:mayPlace:away:origin:originIsHome:)``),
/// drawn by a generic ``TextPane`` into an in-memory canvas: every value in one column,
/// long ones wrapped under it, the HTML listing as text, the hint only when asked for.
@Suite struct CachePaneTextTests {
    static let cache = GeoCache(
        title: "Lindenhof", details: "Old town", creator: "ana", reward: "Coin", code: "GC12345",
        coordinate: try! Coordinate(parsing: "N 47° 22.123′ E 008° 32.456′"),
        listing: Listing(type: "Traditional Cache", container: "Micro", difficulty: Rating(halves: 4),
                         terrain: Rating(halves: 3), hint: "Bench",
                         longDescription: "<p>A view over the river, <i>worth</i> the climb.</p>",
                         longDescriptionIsHTML: true))

    /// A pane showing `paragraphs` as the form's does, titled "Cache".
    private static func pane(_ paragraphs: [String], width: Int, height: Int) -> TextPane {
        let pane = TextPane(title: "Cache", frame: Rect(x: 0, y: 0, width: width, height: height))
        pane.hangingIndent = GeoCache.descriptionValueColumn
        pane.setParagraphs(paragraphs)
        return pane
    }

    /// `paragraphs` as a pane wide enough for every line shows them, without a border.
    private static func shown(_ paragraphs: [String]) -> String {
        let pane = pane(paragraphs, width: 500, height: 1)
        pane.showsBorder = false
        return pane.lines.joined(separator: "\n")
    }

    private func draw(showsHint: Bool, away: String? = nil) -> Canvas {
        let pane = Self.pane(FormText.paneText(for: Self.cache, showsHint: showsHint, away: away), width: 44, height: 15)
        return render(pane, width: 44, height: 15)
    }

    @Test("A cache with a place and a listing is drawn field by field, its listing wrapped under its label")
    func drawsEveryValueInOneColumn() {
        expectCanvas(draw(showsHint: false, away: "1.24 km NE"), """
            ┌ Cache ───────────────────────────────────┐
            │Title:   Lindenhof                        │
            │Details: Old town                         │
            │Creator: ana                              │
            │Reward:  Coin                             │
            │Code:    GC12345                          │
            │Place:   N 47° 22.123′ E 008° 32.456′     │
            │Away:    1.24 km NE                       │
            │Type:    Traditional Cache                │
            │D/T:     D2/T1.5                          │
            │Size:    Micro                            │
            │Hint:    hidden (^T shows it)             │
            │Listing: A view over the river, worth the │
            │         climb.                           │
            └──────────────────────────────────────────┘
            """)
    }

    @Test("A value's lines after any line break (CRLF, CR, LF, VT, FF, NEL, U+2028, U+2029) go on under the values' column",
          arguments: ["A1\r\nA2", "A1\rA2", "A1\nA2", "A1\u{0B}A2", "A1\u{0C}A2", "A1\u{85}A2", "A1\u{2028}A2", "A1\u{2029}A2"])
    func everyLineBreakIndentsTheNextLine(details: String) {
        var cache = GeoCache(title: "T", details: details, creator: "c", reward: "r")
        cache.code = "GC1"
        let pane = Self.pane(FormText.paneText(for: cache, showsHint: false, away: nil), width: 30, height: 8)
        let text = render(pane, width: 30, height: 8).text
        #expect(text.contains("│Details: A1"), "\(text)")
        #expect(text.contains("│         A2"), "\(text)")
    }

    @Test("The hint is drawn in place of its note when asked for")
    func drawsTheHint() {
        #expect(draw(showsHint: true).text.contains("│Hint:    Bench "))
    }

    @Test("A cache with nothing beyond the four fields says only that it has no place")
    func labFieldsOnly() {
        let text = Self.shown(FormText.paneText(for: GeoCache(title: "T", details: "D", creator: "C", reward: "R"),
                                                showsHint: false, away: nil))
        #expect(text == "Title:   T\nDetails: D\nCreator: C\nReward:  R\nPlace:   none (^G sets it)")
    }

    @Test("An archived or disabled cache says so under its size; an available one says nothing",
          arguments: [(false, true, "Status:  archived"), (false, false, "Status:  temporarily disabled")])
    func saysTheStatus(_ available: Bool, _ archived: Bool, _ line: String) {
        var cache = Self.cache
        (cache.listing.available, cache.listing.archived) = (available, archived)
        let text = Self.shown(FormText.paneText(for: cache, showsHint: false, away: nil))
        #expect(text.contains("Size:    Micro\n\(line)\n"))
        #expect(!Self.shown(FormText.paneText(for: Self.cache, showsHint: false, away: nil)).contains("Status:"))
    }

    static let parking = AdditionalWaypoint(code: "PK12345", kind: "Parking Area", name: "Parking",
                                            coordinate: try! Coordinate(parsing: "N 47° 22.000′ E 008° 32.000′"),
                                            comment: "Free after 6 pm")

    @Test("An additional waypoint is drawn with its kind, place, distance and bearing from where you stand, and comment")
    func drawsAWaypointWithDistanceAndBearing() {
        var cache = Self.cache
        cache.listing.waypoints = [Self.parking]
        let text = Self.shown(FormText.paneText(for: cache, showsHint: false, away: nil,
                                                origin: try! Coordinate(parsing: "N 47° 23.000′ E 008° 33.000′")))
        #expect(text.contains("""
            Wpt:     PK12345 Parking Area: Parking
                     N 47° 22.000′ E 008° 32.000′, 2.24 km SW
                     Free after 6 pm
            """), "text: \(text)")
    }

    @Test("Without a known position a waypoint shows its place alone; a hidden one says its place is not given")
    func aWaypointWithoutPositionOrPlace() {
        var cache = Self.cache
        var final = Self.parking
        final.code = "FN12345"
        final.kind = "Final Location"
        final.name = "Final Location"
        final.coordinate = nil
        final.comment = ""
        cache.listing.waypoints = [Self.parking, final]
        let text = Self.shown(FormText.paneText(for: cache, showsHint: false, away: nil))
        #expect(text.contains("         N 47° 22.000′ E 008° 32.000′\n"))
        #expect(text.hasSuffix("Wpt:     FN12345 Final Location\n         place not given\nListing: A view over the river, worth the climb."))
    }

    @Test("The day the cache was placed follows its status")
    func drawsThePlacedDay() {
        var cache = Self.cache
        cache.listing.placed = "2011-09-01T07:00:00"
        cache.listing.archived = true
        let text = Self.shown(FormText.paneText(for: cache, showsHint: false, away: nil))
        #expect(text.contains("Size:    Micro\nStatus:  archived\nPlaced:  2011-09-01\nHint:"), "text: \(text)")
    }

    @Test("The region and the attributes follow the size, an attribute stated off as no")
    func drawsRegionAndAttributes() {
        var cache = Self.cache
        cache.listing.country = "Switzerland"
        cache.listing.state = "Zürich"
        cache.listing.attributes = [CacheAttribute(source: CacheAttribute.groundspeak, id: "1", isOn: true, name: "Dogs"),
                                    CacheAttribute(source: CacheAttribute.groundspeak, id: "14", isOn: false,
                                                   name: "Recommended at night")]
        let text = Self.shown(FormText.paneText(for: cache, showsHint: false, away: nil))
        #expect(text.contains("Size:    Micro\nRegion:  Zürich, Switzerland\nAttrs:   Dogs, no Recommended at night\n"))
    }

    @Test("The logs follow the listing newest first, though kept oldest first: day, type and finder, what was written below")
    func drawsTheLogsBelowTheListing() {
        var cache = Self.cache
        cache.listing.logs = [CacheLog(date: "2026-11-02T08:00:00Z", type: "Didn't find it", finder: "bo", text: ""),
                              CacheLog(date: "2026-11-20T19:00:00Z", type: "Found it", finder: "kim",
                                       text: "  Quick find,\ndry log.\n")]
        let text = Self.shown(FormText.paneText(for: cache, showsHint: false, away: nil))
        #expect(text.hasSuffix("""
            Listing: A view over the river, worth the climb.
            Log:     2026-11-20 Found it by kim
                     Quick find,
                     dry log.
            Log:     2026-11-02 Didn't find it by bo
            """), "text: \(text)")
    }

    @Test("A log whose date is no date shows it as the file gave it; one without type or finder shows what it has")
    func drawsWhatALogHas() {
        #expect(FormText.logText(CacheLog(date: "last spring", type: "Write note", finder: "", text: "Hi"))
            == "last spring Write note\nHi")
        #expect(FormText.logText(CacheLog(date: "", type: "", finder: "", text: "TFTC")) == "TFTC")
    }

    @Test("The first log is drawn wrapped under its label in the pane, after the listing")
    func drawsALogInThePane() {
        var cache = Self.cache
        cache.listing.logs = [CacheLog(date: "2026-11-20T19:00:00Z", type: "Found it", finder: "kim",
                                       text: "Quick find on a dry day, the log book is full.")]
        let pane = Self.pane(FormText.paneText(for: cache, showsHint: false, away: nil), width: 44, height: 17)
        let lines = render(pane, width: 44, height: 17).text.split(separator: "\n").map(String.init)
        #expect(Array(lines[11...14]) == ["│Listing: A view over the river, worth the │",
                                          "│         climb.                           │",
                                          "│Log:     2026-11-20 Found it by kim       │",
                                          "│         Quick find on a dry day, the log │"], "\(lines)")
    }

    @Test("The person's visits follow their find and note newest first: time in UTC, type, and what they wrote below")
    func drawsThePersonsVisitsAfterTheirNote() {
        let visits = [Visit(code: "GC12345", time: "2026-11-30T09:15:00Z", type: .didNotFindIt, text: " Muggles.\n"),
                      Visit(code: "GC12345", time: "2026-11-28T10:32:00Z", type: .writeNote, text: "")]
        let text = Self.shown(FormText.paneText(for: Self.cache, own: OwnData(note: "second bench"), visits: visits,
                                                showsHint: false, away: nil))
        #expect(text.contains("""
            Note:    second bench
            Visit:   2026-11-30 09:15 UTC Didn't find it
                     Muggles.
            Visit:   2026-11-28 10:32 UTC Write note
            Type:    Traditional Cache
            """), "text: \(text)")
    }
}
