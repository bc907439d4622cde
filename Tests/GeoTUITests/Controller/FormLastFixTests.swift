import Foundation
import GeoModel
import GeoTestSupport
import Testing
@testable import GeoTUI

/// The fix lost with no home given: nearest first goes on from the last fix's place and
/// says so, a filter's `within` measures from it too, and nothing says there was no fix
/// yet. Driven by key scripts with a receiver the test feeds.
@Suite struct FormLastFixTests {
    static let here = try! Coordinate(parsing: "47.000000, 8.000000")

    /// Stored in this order, each 1 km further north of ``here`` than the one before.
    static let caches = ["One", "Two", "Three"].enumerated().map { index, title in
        var cache = GeoCache.sample(title)
        cache.coordinate = Coordinate(latitudeMicrodegrees: Int32(47_000_000 + (index + 1) * 9_000),
                                      longitudeMicrodegrees: 8_000_000)
        return cache
    }

    /// A form on ``caches`` whose receiver had a fix at ``here`` at `time`, then lost
    /// gpsd; `nearestFirst` switches nearest first on while the fix was there.
    private func formAfterTheFixWentAway(at time: Date, nearestFirst: Bool) throws -> FormHarness {
        let receiver = FedPositionReceiver()
        let form = try FormHarness(width: 110, height: 32, caches: Self.caches,
                                   position: PositionSource(receiver: receiver, clock: { time }))
        receiver.reportFix(at: Self.here, time: time)
        form.readPosition()
        if nearestFirst { form.press(.control("o")) }
        receiver.report(.noDaemon)
        form.readPosition()
        return form
    }

    private func clockTime(_ time: Date) -> String {
        let formatter = DateFormatter()
        formatter.dateFormat = "HH:mm:ss"
        return formatter.string(from: time)
    }

    @Test("a time by the clock gives its offset where the zone is not UTC, beside the visits' UTC times", arguments: [
        ("UTC", "08:18:40"), ("Pacific/Auckland", "21:18:40 UTC+13"), ("Asia/Kolkata", "13:48:40 UTC+5:30"),
        ("America/New_York", "03:18:40 UTC-5"),
    ])
    func aClockTimeNamesItsZoneWhereItIsNotUTC(_ zone: String, _ shown: String) throws {
        let time = Date(timeIntervalSince1970: 1_795_940_320)   // 2026-11-29 08:18:40 UTC
        let zone = try #require(TimeZone(identifier: zone))
        #expect(FormText.clockTime(time, now: time, zone: zone) == shown)
    }

    @Test("nearest first goes on from the last fix once gpsd goes away, and the status line says so")
    func nearestFirstSaysItGoesOnFromTheLastFix() throws {
        let time = Date.wholeSecondNow
        let form = try formAfterTheFixWentAway(at: time, nearestFirst: true)
        form.press(.control("n"))
        #expect(form.status.contains("Nearest 2 of 3"), "\(form.status)")
        #expect(form.status.contains("Nearest first from your last GPS fix, at \(clockTime(time))"), "\(form.status)")
    }

    @Test("Ctrl-O after the fix went away switches nearest first on from the last fix, not saying there was none yet")
    func nearestFirstOnFromTheLastFix() throws {
        let time = Date.wholeSecondNow
        let form = try formAfterTheFixWentAway(at: time, nearestFirst: false)
        form.press(.control("o"))
        #expect(form.model.isNearestFirst)
        #expect(form.model.current?.cache.title == "One")
        #expect(form.status.contains("Nearest first from your last GPS fix, at \(clockTime(time))"), "\(form.status)")
    }

    @Test("within after the fix went away measures from the last fix, as nearest first does")
    func withinMeasuresFromTheLastFix() throws {
        let form = try formAfterTheFixWentAway(at: Date(), nearestFirst: false)
        form.press(.alt("s"), .control("u"))
        form.type("within 1.5km")
        form.press(.enter)
        #expect(form.model.keptCount == 1, "\(form.status)")
    }
}
