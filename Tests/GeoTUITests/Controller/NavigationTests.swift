import Foundation
import GeoModel
import GeoTestSupport
import Testing
@testable import GeoTUI

/// The navigation view (issue 38's "be led to it", begun): Alt-G leads to the shown
/// cache, Tab to its waypoints, Esc back; the arrow and distance follow the fixes the
/// receiver reports, and it says so when the fix is lost. Driven by key scripts with a
/// receiver the test feeds; the real gpsd is in the end-to-end tests.
@Suite struct NavigationTests {
    static let cacheAt = try! Coordinate(parsing: "N 47° 22.000′ E 008° 32.000′")
    static let south = try! Coordinate(parsing: "N 47° 21.000′ E 008° 32.000′")

    static let cache: GeoCache = {
        var cache = GeoCache(title: "Mill", details: "d", creator: "ana", reward: "r", code: "GC12345", coordinate: cacheAt)
        cache.listing.waypoints = [AdditionalWaypoint(code: "PK12345", kind: "Parking Area", name: "Parking",
                                                      coordinate: try! Coordinate(parsing: "N 47° 21.000′ E 008° 33.000′")),
                                   AdditionalWaypoint(code: "FN12345", kind: "Final Location", name: "", coordinate: nil)]
        return cache
    }()

    private func form(_ receiver: FedPositionReceiver? = FedPositionReceiver(), showing cache: GeoCache = cache) throws -> FormHarness {
        let form = try FormHarness(width: 100, height: 32, position: PositionSource(receiver: receiver))
        try form.model.add(cache)
        form.redraw()
        return form
    }

    /// A `width` by `height` form leading, from a fix due south, to the cache titled `title`.
    private func navigating(titled title: String, width: Int, height: Int) throws -> FormHarness {
        let receiver = FedPositionReceiver()
        let form = try FormHarness(width: width, height: height, position: PositionSource(receiver: receiver))
        var long = Self.cache
        long.title = title
        try form.model.add(long)
        form.redraw()
        receiver.reportFix(at: Self.south)
        form.readPosition()
        form.press(.alt("g"))
        return form
    }

    @Test("Alt-G leads to the shown cache: the arrow points north and the distance is shown from a fix due south")
    func leadsToTheCache() throws {
        let receiver = FedPositionReceiver()
        let form = try form(receiver)
        receiver.reportFix(at: Self.south)
        form.readPosition()
        form.press(.alt("g"))
        #expect(form.screen.contains("Going to GC12345 Mill (1 of 2)"), "\(form.screen)")
        #expect(form.screen.contains("Distance  1.85 km"))
        #expect(form.screen.contains("Bearing   0° N"))
        #expect(form.screen.contains("↑"))
        #expect(form.help.contains("Tab Next place"))
    }

    @Test("a place moved by another session is where the view leads from then on")
    func aPlaceMovedElsewhereIsLedTo() throws {
        let receiver = FedPositionReceiver()
        let form = try form(receiver)
        receiver.reportFix(at: Self.south)
        form.readPosition()
        form.press(.alt("g"))
        let other = try SQLiteStore(url: form.storeURL)
        let stored = try #require(try other.first())
        var moved = stored.cache
        moved.coordinate = try Coordinate(parsing: "N 47° 23.000′ E 008° 32.000′")
        _ = try other.update(stored, to: moved)
        form.idle()
        #expect(form.screen.contains("Distance  3.71 km"), "\(form.screen)")
    }

    @Test("a final set by another session is where the view leads from then on")
    func aFinalSetElsewhereIsLedTo() throws {
        let form = try form()
        form.press(.alt("g"))
        let final = try Coordinate(parsing: "N 47° 23.000′ E 008° 32.000′")
        try SQLiteStore(url: form.storeURL).setOwnData(OwnData(corrected: final), forCode: "GC12345", as: WriteID())
        form.idle()
        #expect(form.screen.contains("GC12345 Mill" + FormText.yourFinal), "\(form.screen)")
        #expect(form.screen.contains("N 47° 23.000′"), "\(form.screen)")
    }

    @Test("a cache deleted by another session closes the view, saying so")
    func aCacheDeletedElsewhereClosesTheView() throws {
        let form = try form()
        form.press(.alt("g"))
        let other = try SQLiteStore(url: form.storeURL)
        try other.delete(try #require(try other.first()))
        form.idle()
        #expect(!form.screen.contains("Going to GC12345"))
        #expect(form.status.contains("\u{201C}Mill\u{201D} was deleted in another session"), "\(form.status)")
    }

    @Test("Tab leads to the next waypoint with a place, then the cache again; one without a place is left out")
    func tabCyclesThePlaces() throws {
        let form = try form()
        form.press(.alt("g"), .tab)
        #expect(form.screen.contains("Going to PK12345 Parking Area: Parking (2 of 2)"))
        form.press(.tab)
        #expect(form.screen.contains("Going to GC12345 Mill (1 of 2)"))
    }

    @Test("the arrow follows the fixes as they come: walking past the cache turns it round")
    func theArrowFollowsTheFixes() throws {
        let receiver = FedPositionReceiver()
        let form = try form(receiver)
        receiver.reportFix(at: Self.south)
        form.readPosition()
        form.press(.alt("g"))
        #expect(form.screen.contains("↑"))
        receiver.reportFix(at: try Coordinate(parsing: "N 47° 23.000′ E 008° 32.000′"))
        form.readPosition()
        #expect(form.screen.contains("Bearing   180° S"))
        #expect(form.screen.contains("↓"))
    }

    @Test("moving, the dial turns with the direction of travel and says so")
    func movingTurnsTheDial() throws {
        let receiver = FedPositionReceiver()
        let form = try form(receiver)
        receiver.report(.fix(GPSFix(latitude: Self.south.latitude, longitude: Self.south.longitude, mode: .threeDimensional,
                                    time: Date(), speed: 1.5, track: 90, horizontalError: 4), age: .zero))
        form.readPosition()
        form.press(.alt("g"))
        #expect(form.screen.contains("Dial      your way up, moving 1.5 m/s"))
        #expect(form.screen.contains("Accuracy  ±4 m"))
        #expect(form.screen.contains("←"), "the cache, north, is to the left of a walk east")
    }

    @Test("standing within the fix's accuracy of the place, the view says it is here, with no bearing and no arrow")
    func withinTheAccuracyThePlaceIsHere() throws {
        let receiver = FedPositionReceiver()
        let form = try form(receiver)
        let nearby = try Coordinate(parsing: "N 47° 22.005′ E 008° 32.000′")   // 9 m north
        receiver.report(.fix(GPSFix(latitude: nearby.latitude, longitude: nearby.longitude, mode: .threeDimensional,
                                    time: Date(), horizontalError: 17), age: .zero))
        form.readPosition()
        form.press(.alt("g"))
        #expect(form.screen.contains("Distance  here, within ±17 m"), "\(form.screen)")
        #expect(!form.screen.contains("Bearing"), "\(form.screen)")
        #expect(!form.screen.contains { "↑↗→↘↓↙←↖".contains($0) }, "\(form.screen)")
        #expect(form.screen.contains("Accuracy  ±17 m"), "\(form.screen)")
        receiver.report(.fix(GPSFix(latitude: nearby.latitude, longitude: nearby.longitude, mode: .threeDimensional,
                                    time: Date(), horizontalError: 5), age: .zero))
        form.readPosition()
        #expect(form.screen.contains("Distance  9 m"), "\(form.screen)")
        #expect(form.screen.contains("Bearing   180° S"), "\(form.screen)")
        #expect(form.screen.contains("↓"), "\(form.screen)")
    }

    /// A form leading to ``cache`` from a fix due south read at `time` by the source's clock.
    private func navigatingFromAFix(at time: Date, _ receiver: FedPositionReceiver) throws -> FormHarness {
        let form = try FormHarness(width: 100, height: 32, position: PositionSource(receiver: receiver, clock: { time }))
        try form.model.add(Self.cache)
        receiver.reportFix(at: Self.south, time: time)
        form.readPosition()
        form.press(.alt("g"))
        return form
    }

    /// `time` as the form writes a time of day: by this machine's clock, to the second.
    private func clockTime(_ time: Date) -> String {
        let formatter = DateFormatter()
        formatter.dateFormat = "HH:mm:ss"
        return formatter.string(from: time)
    }

    @Test("when the fix is lost the view says when the last one came, and draws no arrow")
    func aLostFixIsSaid() throws {
        let receiver = FedPositionReceiver()
        let time = Date.wholeSecondNow
        let form = try navigatingFromAFix(at: time, receiver)
        let fix = GPSFix(latitude: Self.south.latitude, longitude: Self.south.longitude, mode: .threeDimensional)
        receiver.report(.stale(fix, age: .seconds(12)))
        form.readPosition()
        #expect(form.screen.contains("Fix lost at \(clockTime(time)): no arrow until it is back"), "\(form.screen)")
        #expect(!form.screen.contains("↑"))
    }

    @Test("at 40x14 with a home and no receiver the view keeps where it leads and cuts how to be led")
    func aSmallViewFromHomeKeepsWhereItLeads() throws {
        let home = try Coordinate(parsing: "N 47° 21.000′ E 008° 31.000′")
        let form = try FormHarness(width: 40, height: 14, position: PositionSource(home: home))
        try form.model.add(Self.cache)
        form.press(.alt("g"))
        #expect(form.screen.contains("Going to"), "\(form.screen)")
        #expect(form.screen.contains("Home      "), "\(form.screen)")
        #expect(!form.screen.contains("GPS       none"), "\(form.screen)")
    }

    @Test("at 40x14 with a home and no receiver the place is left out whole rather than shown without its longitude")
    func aSmallViewFromHomeShowsNoHalfPlace() throws {
        let home = try Coordinate(parsing: "N 47° 21.000′ E 008° 31.000′")
        let form = try FormHarness(width: 40, height: 14, position: PositionSource(home: home))
        try form.model.add(Self.cache)
        form.press(.alt("g"))
        #expect(form.screen.contains("Going to GC12345 Mill (1 of 2)"), "\(form.screen)")
        #expect(!form.screen.contains("N 47° 22.000′") || form.screen.contains("E 008° 32.000′"), "\(form.screen)")
    }

    @Test("a fix at 0,0, which the form does not use, draws no arrow and no distance, and says why")
    func aFixAtZeroZeroLeadsNowhere() throws {
        let receiver = FedPositionReceiver()
        let time = Date.wholeSecondNow
        let form = try FormHarness(width: 100, height: 32, position: PositionSource(receiver: receiver, clock: { time }))
        try form.model.add(Self.cache)
        receiver.report(.fix(GPSFix(latitude: 0, longitude: 0, mode: .threeDimensional, time: time), age: .zero))
        form.readPosition()
        form.press(.alt("g"))
        #expect(form.screen.contains("GPS       Fix at 0,0 (no position), not used: no arrow"), "\(form.screen)")
        #expect(!form.screen.contains("Distance"))
        #expect(!form.screen.contains("↑"))
    }

    @Test("a fix at 0,0 that goes stale was never a position: the view says there is none yet, not that one was lost")
    func aStaleFixAtZeroZeroIsNoneLost() throws {
        let receiver = FedPositionReceiver()
        let time = Date.wholeSecondNow
        let form = try FormHarness(width: 100, height: 32, position: PositionSource(receiver: receiver, clock: { time }))
        try form.model.add(Self.cache)
        receiver.report(.stale(GPSFix(latitude: 0, longitude: 0, mode: .threeDimensional, time: time), age: .seconds(12)))
        form.readPosition()
        form.press(.alt("g"))
        #expect(form.screen.contains("No GPS fix yet: no arrow until there is one"), "\(form.screen)")
    }

    @Test("when gpsd reports no fix after one, the view says since when, not that there is none yet")
    func noFixAfterOneSaysSinceWhen() throws {
        let receiver = FedPositionReceiver()
        let time = Date.wholeSecondNow
        let form = try navigatingFromAFix(at: time, receiver)
        receiver.report(.noFix)
        form.readPosition()
        #expect(form.screen.contains("No GPS fix since \(clockTime(time)): no arrow until there is one"), "\(form.screen)")
    }

    @Test("without a receiver but with a home the view says how far and which way from home, and how to be led")
    func withHomeOnly() throws {
        let home = try Coordinate(parsing: "N 47° 21.000′ E 008° 31.000′")
        let form = try FormHarness(width: 100, height: 32, position: PositionSource(home: home))
        try form.model.add(Self.cache)
        form.redraw()
        form.press(.alt("g"))
        let away = try #require(Self.cache.coordinate).distance(to: home)
        #expect(form.screen.contains("Home      " + Coordinate.distanceText(metres: away)), "\(form.screen)")
        #expect(form.screen.contains("GPS       none: start with --gps to be led there"), "\(form.screen)")
        #expect(!form.screen.contains("No position"))
    }

    @Test("without a receiver the view says how to get one; Esc goes back to the pane")
    func withoutReceiverAndBack() throws {
        let form = try form(nil)
        form.press(.alt("g"))
        #expect(form.screen.contains("No position: start with --gps to be led here"))
        form.press(.escape)
        #expect(form.screen.contains("Title:   Mill"))
        #expect(!form.screen.contains("Going to"))
    }

    @Test("for a cache with no waypoint to go to, neither the help bar nor the help lists Tab's next place")
    func noNextPlaceWithoutWaypoints() throws {
        var plain = Self.cache
        plain.listing.waypoints = []
        let form = try form(showing: plain)
        form.press(.alt("g"))
        #expect(!form.help.contains("Next place"), "\(form.help)")
        form.press(.function(1))
        #expect(!form.screen.contains("next additional waypoint"), "\(form.screen)")
    }

    @Test("a cache with no place anywhere is not navigated to, and the status line says why")
    func noPlaceNoNavigation() throws {
        let form = try form(showing: .sample("Bare"))
        form.press(.alt("g"))
        #expect(form.status.hasSuffix("This cache has no place to go to (^G sets it)"))
        #expect(!form.screen.contains("Going to"))
    }

    @Test("a key of the form, or a letter, pressed in the navigation view says how to get back, and does nothing",
          arguments: [Key.alt("l"), .control("n"), .character("x")])
    func aKeyOfTheFormSaysHowToGetBack(_ key: Key) throws {
        let form = try form()
        form.press(.alt("g"))
        form.press(key)
        #expect(form.screen.contains("Going to GC12345"), "\(form.screen)")
        #expect(form.status.hasSuffix("Esc goes back to the form first (to log a visit, a note…)"),
                "\(form.status)")
    }

    @Test("the note refusing a key of the form in the view goes when Esc closes the view, and stays gone after a move",
          arguments: [Key.alt("l"), .character("x")])
    func theRefusalNoteGoesWithTheView(_ key: Key) throws {
        let form = try form()
        try form.model.add(.sample("Second"))
        form.press(.control("p"), .alt("g"), key)
        #expect(form.status.contains("Esc goes back to the form first"), "\(form.status)")
        form.press(.escape)
        #expect(form.screen.contains("Title:   Mill"), "\(form.screen)")
        #expect(!form.status.contains("goes back to the form"), "\(form.status)")
        form.press(.control("n"))
        #expect(form.screen.contains("Title:   Second"), "\(form.screen)")
        #expect(!form.status.contains("goes back to the form"), "\(form.status)")
    }

    @Test("the note that a cache has no place goes once another session gives it a final")
    func theNoPlaceNoteGoesOnceAFinalIsSetElsewhere() throws {
        var bare = GeoCache.sample("Bare")
        bare.code = "GC9BARE"
        let form = try form(showing: bare)
        form.press(.alt("g"))
        #expect(form.status.hasSuffix("This cache has no place to go to (^G sets it)"))
        let final = try Coordinate(parsing: "N 47° 23.000′ E 008° 32.000′")
        try SQLiteStore(url: form.storeURL).setOwnData(OwnData(corrected: final), forCode: "GC9BARE", as: WriteID())
        form.idle()
        #expect(!form.status.contains("no place to go to"), "\(form.status)")
    }

    @Test("in a small terminal the rose is left out and the distance still shows")
    func aSmallTerminalShowsTheDistance() throws {
        let receiver = FedPositionReceiver()
        let form = try FormHarness(width: 44, height: 16, position: PositionSource(receiver: receiver))
        try form.model.add(Self.cache)
        form.redraw()
        receiver.reportFix(at: Self.south)
        form.readPosition()
        form.press(.alt("g"))
        #expect(form.screen.contains("Distance  1.85 km"), "\(form.screen)")
        #expect(!form.screen.contains("↑"))
    }

    @Test("in a small terminal the distance and bearing come before a title that takes several lines")
    func aSmallTerminalPutsTheDistanceBeforeALongTitle() throws {
        let form = try navigating(titled: "東京タワーの下にある秘密の箱 とても長いタイトルです 東京タワー", width: 40, height: 14)
        #expect(form.screen.contains("Distance  1.85 km"), "\(form.screen)")
        #expect(form.screen.contains("Bearing   0° N"), "\(form.screen)")
    }

    @Test("beside the rose, a title too long for the view's rows goes last: the distance, the bearing and the place stay",
          arguments: [(60, 18), (50, 20)])
    func aLongTitleBesideTheRoseGoesLast(width: Int, height: Int) throws {
        let form = try navigating(titled: (0..<40).map { "word\($0)" }.joined(separator: " "), width: width, height: height)
        #expect(form.screen.contains("Distance  1.85 km"), "\(form.screen)")
        #expect(form.screen.contains("Bearing   0° N"), "\(form.screen)")
        #expect(form.screen.contains("At        N 47° 22.000′"), "\(form.screen)")
        #expect(form.screen.contains("Going to GC12345… (1 of 2)") || form.screen.contains("Going to GC12345 word0"),
                "\(form.screen)")
    }

    @Test("beside the rose, a long name is cut with … so that the place's number stays whole on its row")
    func aLongNameBesideTheRoseKeepsTheNumberWhole() throws {
        let form = try navigating(titled: "東京タワー 🗼 under the 🌸 bench", width: 80, height: 24)
        let lines = form.screen.split(separator: "\n").map(String.init)
        #expect(form.screen.contains("W         o         E"), "\(form.screen)")
        #expect(lines.contains { $0.contains("Going to GC12345 東京タワー") && $0.contains("… (1 of 2)") }, "\(form.screen)")
    }

    @Test("beside the rose, a name too long beside \"(your final)\" is the part cut: the label stays whole")
    func aLongNameBesideTheRoseKeepsTheFinalLabelWhole() throws {
        let receiver = FedPositionReceiver()
        let form = try FormHarness(width: 80, height: 24, position: PositionSource(receiver: receiver))
        var cache = Self.cache
        cache.title = "Lindenhof Aussicht"
        try form.model.add(cache)
        _ = try form.model.setOwnData(OwnData(corrected: Self.cacheAt), forCode: "GC12345")
        receiver.reportFix(at: Self.south)
        form.readPosition()
        form.press(.alt("g"))
        #expect(form.screen.contains("W         o         E"), "\(form.screen)")
        #expect(form.screen.contains("Going to GC12345 Lindenhof… (your final) (1 of 2)"), "\(form.screen)")
    }

    @Test("at 40 columns, where the rose would leave the text too narrow for a coordinate, the text goes alone, whole",
          arguments: [18, 24])
    func aRoseThatLeavesTooFewColumnsIsLeftOut(height: Int) throws {
        let form = try navigating(titled: "Mill", width: 40, height: height)
        let lines = form.screen.split(separator: "\n").map(String.init)
        #expect(form.screen.contains("Going to GC12345 Mill (1 of 2)"), "\(form.screen)")
        #expect(lines.contains { $0.contains("At        N 47° 22.000′") }, "\(form.screen)")
        #expect(lines.contains { $0.contains("E 008° 32.000′") }, "\(form.screen)")
        #expect(!lines.contains { $0.contains("W     +     E") }, "\(form.screen)")
    }

    @Test("in 14 rows, the distance, the bearing and Tab's next place, named with its number, come before the rest")
    func aShortViewNamesTheNextPlace() throws {
        let form = try navigating(titled: "Mill", width: 40, height: 14)
        form.press(.tab)
        #expect(form.screen.contains("Distance  1.26 km"), "\(form.screen)")
        #expect(form.screen.contains("Bearing   90° E"), "\(form.screen)")
        #expect(form.screen.contains("Going to PK12345 Parking… (2 of 2)"), "\(form.screen)")
    }

    @Test("in 15 rows at 40 columns, the place takes the last row on one line: no row is left blank",
          arguments: [true, false])
    func aShortViewGivesThePlaceItsLastRow(withFix: Bool) throws {
        let form = withFix ? try navigating(titled: "Mill", width: 40, height: 15)
            : try FormHarness(width: 40, height: 15, position: .none)
        if !withFix { try form.model.add(Self.cache); form.redraw(); form.press(.alt("g")) }
        #expect(form.screen.contains("│ At N 47° 22.000′ E 008° 32.000′"), "\(form.screen)")
    }

    @Test("a place too wide for the text beside the rose wraps between its latitude and longitude")
    func aCoordinateWrapsBetweenItsHalves() throws {
        let form = try FormHarness(width: 56, height: 24, position: .none)
        try form.model.add(Self.cache)
        form.redraw()
        form.press(.alt("g"))
        let lines = form.screen.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.contains("At        N 47° 22.000′") && !$0.contains("E 008°") }, "\(form.screen)")
        #expect(lines.contains { $0.contains("          E 008° 32.000′") }, "\(form.screen)")
    }

    @Test("at 44 columns the text beside a smaller rose wraps at whole words, a blank column before the border: no coordinate or reason is cut")
    func aNarrowTerminalWrapsTheText() throws {
        let form = try FormHarness(width: 44, height: 22, position: .none)
        try form.model.add(Self.cache)
        form.redraw()
        form.press(.alt("g"))
        let lines = form.screen.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.contains("At        N 47° 22.000′  │") }, "\(form.screen)")
        #expect(lines.contains { $0.contains("          E 008° 32.000′") })
        #expect(lines.contains { $0.contains("GPS       No position:") }, "\(form.screen)")
        #expect(lines.contains { $0.contains("          start with") }, "\(form.screen)")
        #expect(lines.contains { $0.contains("led here") })
        #expect(lines.contains { $0.contains("W     +     E") })
    }

    @Test("with room, the rose keeps its 11 rows and the place takes one line")
    func aWideTerminalKeepsTheBigRose() throws {
        let form = try FormHarness(width: 80, height: 24, position: .none)
        try form.model.add(Self.cache)
        form.redraw()
        form.press(.alt("g"))
        #expect(form.screen.contains("At        N 47° 22.000′ E 008° 32.000′"), "\(form.screen)")
        #expect(form.screen.contains("W         +         E"))
    }
}
