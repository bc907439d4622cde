import Foundation
import GeoModel
import GeoTestSupport
import Testing
@testable import GeoTUI

/// The form's place, listing and position, driven by key scripts on a real model over a
/// temporary store: the pane's listing and hint, the coordinates prompt, edits that keep
/// what the form does not show, the position in the title bar, stamping an Add, and
/// nearest first. The receiver is fed by the test (``FedPositionReceiver``); the real
/// gpsd is in the end-to-end tests.
@Suite struct PlaceAndPositionTests {
    static let zurich = try! Coordinate(parsing: "N 47° 22.123′ E 008° 32.456′")
    static let bern = try! Coordinate(parsing: "46.948020, 7.447440")

    /// A cache with everything a listing may carry; its hint is "Under the bench".
    static let listed = GeoCache(
        title: "Lindenhof", details: "Old town", creator: "ana", reward: "Coin", code: "GC12345",
        coordinate: zurich,
        listing: Listing(type: "Traditional Cache", container: "Micro", difficulty: Rating(halves: 3),
                         terrain: Rating(halves: 2), hint: "Under the bench",
                         longDescription: "<p>A view over the <b>Limmat</b>.</p>", longDescriptionIsHTML: true))

    /// A form showing `cache` (added through the model, as it is shown after an Add).
    private func form(showing cache: GeoCache = listed, position: PositionSource = .none) throws -> FormHarness {
        let form = try FormHarness(width: 100, height: 32, position: position)
        try form.model.add(cache)
        form.redraw()
        return form
    }

    // MARK: The pane

    @Test("The pane shows the code, the place in the geocaching.com form, type, D/T, size and the listing as text")
    func paneShowsTheListing() throws {
        let form = try form()
        for line in ["Code:    GC12345", "Place:   N 47° 22.123′ E 008° 32.456′", "Type:    Traditional Cache",
                     "D/T:     D1.5/T1", "Size:    Micro", "Listing: A view over the Limmat."] {
            #expect(form.screen.contains(line), "missing \(line)")
        }
        #expect(!form.screen.contains("<b>"))
    }

    @Test("A cache without coordinates says it has none and which key sets them")
    func paneSaysNoPlace() throws {
        let form = try form(showing: .sample("Bare"))
        #expect(form.screen.contains("Place:   none (^G sets it)"))
    }

    @Test("The hint is hidden until ^T shows it, and ^T hides it again")
    func hintToggles() throws {
        let form = try form()
        #expect(form.screen.contains("Hint:    hidden (^T shows it)"))
        #expect(!form.screen.contains("Under the bench"))
        form.press(.control("t"))
        #expect(form.screen.contains("Hint:    Under the bench"))
        #expect(form.status.hasSuffix("Hint shown"))
        form.press(.control("t"))
        #expect(!form.screen.contains("Under the bench"))
    }

    @Test("A hint shown stays with its cache: the next cache's hint is hidden")
    func hintHiddenAfterAMove() throws {
        let form = try form()
        var other = Self.listed
        other.title = "Second"
        other.code = "GC54321"
        try form.model.add(other)
        form.press(.control("t"))
        #expect(form.screen.contains("Under the bench"))
        form.press(.control("n"))
        #expect(form.screen.contains("Title:   Lindenhof"))
        #expect(form.screen.contains("Hint:    hidden"))
    }

    @Test("^T keeps the pane scrolled where it was, so the hint it shows is in view")
    func hintShownInPlace() throws {
        var long = Self.listed
        long.details = (1...25).map { "Line \($0) of the way" }.joined(separator: "\n")
        let form = try form(showing: long)
        #expect(!form.screen.contains("Hint:    hidden"))
        form.press(.pageDown)
        let scrolled = try #require(form.screen.split(separator: "\n").first { $0.contains("Line ") })
        #expect(form.screen.contains("Hint:    hidden"))
        form.press(.control("t"))
        #expect(form.screen.contains("Hint:    Under the bench"), "\(form.screen)")
        #expect(form.screen.split(separator: "\n").first { $0.contains("Line ") } == scrolled)
    }

    @Test("A note about the shown cache goes once another cache is shown")
    func noteAboutTheCacheGoesWithIt() throws {
        let form = try form(showing: .sample("Bare"))
        try form.model.add(Self.listed)
        form.press(.control("t"))
        #expect(form.controller.statusBar.note == FormText.hintShown)
        form.press(.control("n"))
        #expect(form.screen.contains("Title:   Bare"))
        #expect(form.controller.statusBar.note.isEmpty)
    }

    @Test("A note about no cache in particular stays over a move")
    func generalNoteStays() throws {
        let form = try form(showing: .sample("Bare"))
        try form.model.add(Self.listed)
        form.press(.function(6))
        let note = form.controller.statusBar.note
        form.press(.control("n"))
        #expect(form.screen.contains("Title:   Bare"))
        #expect(!note.isEmpty && form.controller.statusBar.note == note)
    }

    @Test("^T on an empty store says no cache is shown")
    func noCacheNoHint() throws {
        let form = try FormHarness()
        form.press(.control("t"))
        #expect(form.status.hasSuffix("No cache is shown"))
    }

    @Test("^T on a cache without a hint says it has none")
    func noHint() throws {
        let form = try form(showing: .sample("Bare"))
        form.press(.control("t"))
        #expect(form.status.hasSuffix("This cache has no hint"))
    }

    @Test("With a position, the pane shows the distance and direction from there to the cache")
    func paneShowsDistance() throws {
        let form = try form(position: PositionSource(home: Self.bern))
        let expected = Self.bern.directionText(to: Self.zurich)
        #expect(form.screen.contains("Away:    \(expected) from home"))
    }

    // MARK: The coordinates prompt

    @Test("^G opens the coordinates field pre-filled with the shown cache's coordinates")
    func promptIsPrefilled() throws {
        let form = try form()
        form.press(.control("g"))
        #expect(form.status.contains("Coordinates: N 47° 22.123′ E 008° 32.456′"))
        #expect(form.controller.mode.kind == .placing)
    }

    @Test("Enter stores coordinates written the way geocachers write them, compared and written like an edit",
          arguments: ["N47 22.123 E008 32.456", "47.368717, 8.540933", "47°22'07.4\"N 8°32'27.4\"E"])
    func promptStores(_ written: String) throws {
        let form = try form(showing: .sample("Bare"))
        form.press(.control("g"))
        form.type(written)
        form.press(.enter)
        let stored = try #require(form.model.current?.cache.coordinate)
        let expected = try Coordinate(parsing: written)
        #expect(stored == expected)
        #expect(form.controller.mode.kind == .browsing)
        #expect(form.status.hasSuffix("Placed at \(expected.geocachingText)"))
        #expect(form.screen.contains("Place:   \(expected.geocachingText)"))
    }

    @Test("A wrong coordinate is refused naming what is wrong, nothing is stored, and the field stays open")
    func promptRefuses() throws {
        let form = try form(showing: .sample("Bare"))
        form.press(.control("g"))
        form.type("N 95 00.000 E 008 00.000")
        form.press(.enter)
        #expect(form.screen.contains("The latitude N 95 00.000 is beyond 90°; nothing stored"))
        #expect(form.status.hasSuffix("Not a coordinate: nothing stored"))
        #expect(form.model.current?.cache.coordinate == nil)
        #expect(form.controller.mode.kind == .placing)
    }

    @Test("none, or an empty line, removes the cache's place", arguments: ["none", ""])
    func promptRemoves(_ written: String) throws {
        let form = try form()
        form.press(.control("g"), .control("u"))
        form.type(written)
        form.press(.enter)
        #expect(form.model.current?.cache.coordinate == nil)
        #expect(form.model.current?.cache.listing == Self.listed.listing)
        #expect(form.status.hasSuffix("Coordinates removed"))
    }

    @Test("A corrected coordinate after a refusal is stored and the pane shows the cache again")
    func promptCorrected() throws {
        let form = try form(showing: .sample("Bare"))
        form.press(.control("g"))
        form.type("N 47 60.000 E 008 00.000")
        form.press(.enter, .control("u"))
        form.type("N 47 59.000 E 008 00.000")
        form.press(.enter)
        #expect(form.model.current?.cache.coordinate == (try Coordinate(parsing: "N 47 59.000 E 008 00.000")))
        #expect(form.screen.contains("Title:   Bare"))
        #expect(!form.screen.contains("nothing stored"))
    }

    @Test("Esc leaves the coordinates unchanged")
    func promptCancels() throws {
        let form = try form()
        form.press(.control("g"), .control("u"))
        form.type("none")
        form.press(.escape)
        #expect(form.model.current?.cache.coordinate == Self.zurich)
        #expect(form.status.hasSuffix("Coordinates unchanged"))
    }

    @Test("While the coordinates field is open, the other modes' keys are refused with how to finish")
    func promptRefusesOtherKeys() throws {
        let form = try form()
        form.press(.control("g"), .function(4))
        #expect(form.status.hasSuffix("Enter sets, Esc leaves"))
        #expect(form.controller.mode.kind == .placing)
    }

    @Test("A cache changed in another session meanwhile is not overwritten by the coordinates")
    func promptConflict() throws {
        let form = try form(showing: .sample("Shared"))
        form.press(.control("g"))
        let other = try SQLiteStore(url: form.storeURL)
        let stored = try #require(try other.first())
        var changed = stored.cache
        changed.reward = "Changed elsewhere"
        try other.update(stored, to: changed)
        form.type("N47 22.123 E008 32.456")
        form.press(.enter)
        #expect(form.status.contains("was changed in another session; nothing stored"))
        #expect(try other.first()?.cache.reward == "Changed elsewhere")
    }

    // MARK: Edits keep what the form does not show

    @Test("Saving an edit keeps the cache's code, place and listing")
    func editKeepsListing() throws {
        let form = try form()
        form.press(.function(4), .control("u"))
        form.type("Lindenhof hill")
        form.press(.control("s"))
        let saved = try #require(form.model.current?.cache)
        #expect(saved.title == "Lindenhof hill")
        #expect(saved.code == "GC12345")
        #expect(saved.coordinate == Self.zurich)
        #expect(saved.listing == Self.listed.listing)
    }

    // MARK: Where you stand

    private func fill(_ form: FormHarness, _ cache: GeoCache) {
        for field in GeoCache.Field.allCases {
            form.type(cache[field])
            form.press(.tab)
        }
    }

    @Test("An Add made with a fresh fix stamps the new cache with it and says where")
    func addStamps() throws {
        let receiver = FedPositionReceiver()
        let form = try FormHarness(width: 100, height: 32, position: PositionSource(receiver: receiver))
        receiver.reportFix(at: Self.zurich)
        form.readPosition()
        fill(form, .sample("Stamped"))
        form.press(.control("s"))
        #expect(form.model.current?.cache.coordinate == Self.zurich)
        #expect(form.status.hasSuffix("Added at N 47° 22.123′ E 008° 32.456′"))
    }

    @Test("An Add without a fresh fix stores no place, even with a home", arguments: [false, true])
    func addWithoutFix(_ stale: Bool) throws {
        let receiver = FedPositionReceiver()
        let form = try FormHarness(width: 100, height: 32,
                                   position: PositionSource(receiver: receiver, home: Self.bern))
        let fix = GPSFix(latitude: Self.zurich.latitude, longitude: Self.zurich.longitude, mode: .twoDimensional)
        receiver.report(stale ? .stale(fix, age: .seconds(9)) : .noFix)
        form.readPosition()
        fill(form, .sample("Unstamped"))
        form.press(.control("s"))
        #expect(form.model.current?.cache.coordinate == nil)
        #expect(form.status.hasSuffix("Added and saved"))
    }

    @Test("A fix without a time stamps nothing, and the title bar says why")
    func fixWithoutTimeIsNotStamped() throws {
        let receiver = FedPositionReceiver()
        let form = try FormHarness(width: 100, height: 32, position: PositionSource(receiver: receiver))
        receiver.reportFix(at: Self.zurich, time: nil)
        form.readPosition()
        #expect(form.title.hasSuffix("GPS: fix without a time, not used"), "\(form.title)")
        fill(form, .sample("Untimed"))
        form.press(.control("s"))
        #expect(form.model.current?.cache.title == "Untimed")
        #expect(form.model.current?.cache.coordinate == nil)
        #expect(form.status.hasSuffix("Added and saved"))
    }

    @Test("A fix at 0,0 stamps nothing, whatever the signs of its zeros, and the title bar says why",
          arguments: [0.0, -0.0])
    func fixAtNullIslandIsNotStamped(_ zero: Double) throws {
        let receiver = FedPositionReceiver()
        let form = try FormHarness(width: 100, height: 32, position: PositionSource(receiver: receiver))
        receiver.report(.fix(GPSFix(latitude: zero, longitude: zero, mode: .threeDimensional, time: Date()), age: .zero))
        form.readPosition()
        #expect(form.title.hasSuffix("GPS: fix at 0,0 (no position), not used"), "\(form.title)")
        fill(form, .sample("Nowhere"))
        form.press(.control("s"))
        #expect(form.model.current?.cache.title == "Nowhere")
        #expect(form.model.current?.cache.coordinate == nil)
        #expect(form.status.hasSuffix("Added and saved"))
    }

    @Test("A fix dated 2001 stamps; the title bar says its time and the clock's differ, and the Add names the fix's time")
    func fixFrom2001IsStampedWithAWord() throws {
        let receiver = FedPositionReceiver()
        let form = try FormHarness(width: 100, height: 32, position: PositionSource(receiver: receiver))
        receiver.reportFix(at: Self.zurich, time: Date(timeIntervalSince1970: 1_006_940_460))
        form.readPosition()
        #expect(form.title.hasSuffix("GPS 3D: N 47° 22.123′ E 008° 32.456′; fix and clock differ"), "\(form.title)")
        fill(form, .sample("Rolled over"))
        form.press(.control("s"))
        #expect(form.model.current?.cache.coordinate == Self.zurich)
        #expect(form.status.hasSuffix("Added at the place of a fix dated 2001-11-28 09:41 UTC"), "\(form.status)")
        #expect(form.screen.contains("Place:   N 47° 22.123′ E 008° 32.456′"))
    }

    @Test("A visit logged beside a fix dated 2001 is logged at the clock's time, and the note names the fix's date")
    func aVisitBesideADisagreeingFixTakesTheClocksTime() throws {
        let receiver = FedPositionReceiver()
        let clock = Date(timeIntervalSince1970: 1_795_858_860)
        let form = try form(position: PositionSource(receiver: receiver, clock: { clock }))
        receiver.reportFix(at: Self.zurich, time: Date(timeIntervalSince1970: 1_006_940_460))
        form.readPosition()
        form.press(.alt("l"))
        form.type("rollover")
        form.press(.enter)
        #expect(try form.model.store.visits().map(\.visit.time) == ["2026-11-28T09:41:00Z"])
        #expect(form.status.hasSuffix("Logged Found it on GC12345 at 2026-11-28 09:41 UTC (clock; GPS fix of 2001-11-28)"),
                "\(form.status)")
    }

    @Test("A visit logged beside a fix that agrees with the clock is logged at the fix's time, to the second")
    func aVisitBesideASoundFixTakesItsTime() throws {
        let receiver = FedPositionReceiver()
        let fixTime = Date(timeIntervalSince1970: 1_795_858_867)
        let form = try form(position: PositionSource(receiver: receiver, clock: { fixTime.addingTimeInterval(2) }))
        receiver.reportFix(at: Self.zurich, time: fixTime)
        form.readPosition()
        form.press(.alt("l"))
        form.press(.enter)
        #expect(try form.model.store.visits().map(\.visit.time) == ["2026-11-28T09:41:07Z"])
    }

    @Test("A clock years behind a right fix: the title bar says they differ, and the Add stamps naming the fix's time")
    func clockBehindTheFixIsSaid() throws {
        let receiver = FedPositionReceiver()
        let clock = Date(timeIntervalSince1970: 978_307_200)
        let form = try FormHarness(width: 100, height: 32, position: PositionSource(receiver: receiver, clock: { clock }))
        receiver.reportFix(at: Self.zurich, time: Date(timeIntervalSince1970: 1_795_858_860))
        form.readPosition()
        #expect(form.title.hasSuffix("; fix and clock differ"), "\(form.title)")
        fill(form, .sample("Battery gone"))
        form.press(.control("s"))
        #expect(form.model.current?.cache.coordinate == Self.zurich)
        #expect(form.status.hasSuffix("Added at the place of a fix dated 2026-11-28 09:41 UTC"), "\(form.status)")
    }

    @Test("The title bar shows the fix, its loss, no fix, and a daemon that does not answer")
    func titleFollowsTheReceiver() throws {
        let receiver = FedPositionReceiver(name: "localhost:2947")
        let form = try FormHarness(width: 100, height: 32, position: PositionSource(receiver: receiver))
        #expect(form.title.hasSuffix("GPS: connecting to localhost:2947"))
        receiver.reportFix(at: Self.zurich)
        form.readPosition()
        #expect(form.title.hasSuffix("GPS 3D: N 47° 22.123′ E 008° 32.456′"))
        let fix = try #require(receiver.status.freshFix)
        receiver.report(.stale(fix, age: .seconds(6)))
        form.readPosition()
        #expect(form.title.hasSuffix("GPS: fix lost"))
        receiver.report(.noFix)
        form.readPosition()
        #expect(form.title.hasSuffix("GPS: no fix"))
        receiver.report(.noDaemon)
        form.readPosition()
        #expect(form.title.hasSuffix("GPS: gpsd not answering on localhost:2947"))
        #expect(form.title.hasPrefix(" geocache-tui"))
    }

    @Test("The run loop waits on the receiver's descriptor and wakes when it asks")
    func idleWakeIncludesTheReceiver() throws {
        let receiver = FedPositionReceiver()
        receiver.descriptor = 42
        receiver.status = .noFix
        receiver.wakeAfter = .milliseconds(700)
        let form = try FormHarness(position: PositionSource(receiver: receiver))
        let wake = form.controller.idleWake
        #expect(wake.descriptors.contains(42))
        #expect(wake.timeout.map { $0 <= .milliseconds(700) } == true)
    }

    // MARK: Nearest first

    @Test("Nearest first without a position is refused with how to give one")
    func nearestNeedsAPosition() throws {
        let form = try form()
        form.press(.control("o"))
        #expect(form.status.hasSuffix("Nearest first needs a position: start with --gps, --home COORD, or GEOCACHE_HOME set"))
        #expect(!form.model.isNearestFirst)
    }

    @Test("^O switches Next to nearest first from where you stand, the status line says so, and ^O goes back")
    func nearestToggles() throws {
        let form = try FormHarness(width: 100, height: 32, position: PositionSource(home: Self.bern))
        let far = GeoCache(title: "Far", details: "d", creator: "c", reward: "r",
                           coordinate: try Coordinate(parsing: "47.5, 9.5"))
        let near = GeoCache(title: "Near", details: "d", creator: "c", reward: "r",
                            coordinate: try Coordinate(parsing: "46.95, 7.45"))
        for cache in [far, .sample("Nowhere"), near] { try form.model.add(cache) }
        form.press(.control("o"))
        #expect(form.screen.contains("Title:   Near"))
        #expect(form.status.hasPrefix(" Nearest 1 of 3"))
        #expect(form.status.hasSuffix("Nearest first from home"))
        form.press(.control("n"))
        #expect(form.screen.contains("Title:   Far"))
        form.press(.control("n"))
        #expect(form.screen.contains("Title:   Nowhere"))
        form.press(.control("o"))
        #expect(form.status.hasPrefix(" Cache 2 of 3"))
        #expect(form.status.hasSuffix("Stored order"))
    }
}
