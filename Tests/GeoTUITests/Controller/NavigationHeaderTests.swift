import Foundation
import GeoModel
import GeoTestSupport
import Testing
@testable import GeoTUI

/// The navigation view's line naming where it leads, for a cache whose final the person
/// keeps and which has a waypoint: "Going to GC1A2B3 Old Oak… (your final) (1 of 2)"
/// takes one row at every size, the name cut with `…` so that "(your final)" and the
/// place's number stay whole. Driven by key scripts with a receiver the test feeds.
@Suite struct NavigationHeaderTests {
    static let cacheAt = try! Coordinate(parsing: "N 47° 22.000′ E 008° 32.000′")
    static let final = try! Coordinate(parsing: "N 47° 22.300′ E 008° 32.300′")
    static let south = try! Coordinate(parsing: "N 47° 21.000′ E 008° 32.000′")

    /// A `width` by `height` form leading, from a fix due south, to the final of the
    /// cache `code` titled `title`, which has one waypoint besides.
    private func navigatingToTheFinal(width: Int, height: Int, code: String = "GC1A2B3",
                                      titled title: String = "Old Oak \u{202E}evil") throws -> FormHarness {
        let receiver = FedPositionReceiver()
        let form = try FormHarness(width: width, height: height, position: PositionSource(receiver: receiver))
        var cache = GeoCache(title: title, details: "d", creator: "ana", reward: "r", code: code, coordinate: Self.cacheAt)
        cache.listing.waypoints = [AdditionalWaypoint(code: "PK1A2B3", kind: "Parking Area", name: "Parking",
                                                      coordinate: try Coordinate(parsing: "N 47° 21.500′ E 008° 33.000′"))]
        try form.model.add(cache)
        _ = try form.model.setOwnData(OwnData(corrected: Self.final), forCode: code)
        form.redraw()
        receiver.reportFix(at: Self.south)
        form.readPosition()
        form.press(.alt("g"))
        return form
    }

    /// The screen's rows, and the index of the one naming where the view leads.
    private func goingRow(_ form: FormHarness) throws -> (rows: [String], index: Int) {
        let rows = form.screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let index = try #require(rows.firstIndex { $0.contains("Going to") }, "\(form.screen)")
        return (rows, index)
    }

    @Test("with a final and a waypoint, the line naming where the view leads takes one row, \"(your final) (1 of 2)\" whole",
          arguments: [(40, 14), (40, 15), (40, 22), (45, 20), (56, 20), (62, 30)])
    func theLineTakesOneRowWithTheLabelAndNumberWhole(width: Int, height: Int) throws {
        let form = try navigatingToTheFinal(width: width, height: height)
        let (rows, index) = try goingRow(form)
        #expect(rows[index].contains("(your final) (1 of 2)"), "\(form.screen)")
        #expect(!rows[index + 1].contains("final)") && !rows[index + 1].contains("of 2)"), "\(form.screen)")
    }

    @Test("a name too long beside \"(your final) (1 of 2)\" is cut with …",
          arguments: [(40, 14), (45, 20), (62, 30)])
    func aLongNameIsCutWithAnEllipsis(width: Int, height: Int) throws {
        let form = try navigatingToTheFinal(width: width, height: height)
        let (rows, index) = try goingRow(form)
        #expect(rows[index].contains("Going to GC1A"), "\(form.screen)")
        #expect(rows[index].contains("… (your final) (1 of 2)"), "\(form.screen)")
    }

    @Test("where the cache's code fits beside \"(your final) (1 of 2)\", the title is the part cut, at a word")
    func theTitleIsCutBeforeTheCode() throws {
        let form = try navigatingToTheFinal(width: 45, height: 20)
        #expect(form.screen.contains("Going to GC1A2B3… (your final) (1 of 2)"), "\(form.screen)")
    }

    @Test("beside the rose, a row too narrow for the cache's code beside the label and number cuts the code with …")
    func aCodeTooWideBesideTheRoseIsCut() throws {
        let form = try navigatingToTheFinal(width: 56, height: 20)
        #expect(form.screen.contains("W     o     E"), "\(form.screen)")
        #expect(form.screen.contains("Going to GC1A… (your final) (1 of 2)"), "\(form.screen)")
    }

    @Test("at 40 by 14 the line naming where the view leads comes right after the distance and bearing: no row left blank")
    func aShortViewShowsTheLineAfterTheBearing() throws {
        let form = try navigatingToTheFinal(width: 40, height: 14)
        let (rows, index) = try goingRow(form)
        #expect(rows[index - 2].contains("Distance"), "\(form.screen)")
        #expect(rows[index - 1].contains("Bearing"), "\(form.screen)")
    }

    @Test("a name of wide characters is cut by display width: the row keeps \"(your final) (1 of 2)\" whole inside the box")
    func aWideNameIsCutByDisplayWidth() throws {
        let form = try navigatingToTheFinal(width: 45, height: 20, code: "GC7", titled: "東京 タワー 🗼 の下")
        let (rows, index) = try goingRow(form)
        #expect(rows[index].contains("Going to GC7 東京… (your final) (1 of 2)"), "\(form.screen)")
        #expect(rows[index].hasSuffix("│") && rows[index].displayWidth == 45, "\(form.screen)")
    }
}
