import Foundation
import GeoModel
import Testing

/// ``GPSFix/check(now:)``: which fixes gpsd reports are a position, which are none, and
/// which have a time the clock disagrees with, without a daemon.
@Suite struct GPSFixCheckTests {
    /// Where the tests' fixes are, unless at 0,0.
    static let zurich = try! Coordinate(parsing: "N 47° 22.123′ E 008° 32.456′")
    /// 2026-11-28 09:41:00 UTC.
    static let now = Date(timeIntervalSince1970: 1_795_858_860)

    /// A 3D fix at `latitude`, `longitude` (Zurich unless given) taken at `time`.
    private func fix(latitude: Double = zurich.latitude, longitude: Double = zurich.longitude,
                     time: Date? = now) -> GPSFix {
        GPSFix(latitude: latitude, longitude: longitude, mode: .threeDimensional, time: time)
    }

    @Test("A fix whose time agrees with the clock is a sound position")
    func soundFix() {
        #expect(fix().check(now: Self.now) == .sound(Self.zurich))
        #expect(fix().check(now: Self.now).coordinate == Self.zurich)
    }

    @Test("A fix without a time is no position")
    func noTime() {
        #expect(fix(time: nil).check(now: Self.now) == .unusable(.noTime))
        #expect(fix(time: nil).check(now: Self.now).coordinate == nil)
    }

    @Test("A fix at 0,0 is no position, whatever the signs of its zeros",
          arguments: [(0.0, 0.0), (-0.0, -0.0), (-0.0, 0.0), (0.0, -0.0), (0.0000004, -0.0000004)])
    func nullIsland(_ latitude: Double, _ longitude: Double) {
        #expect(fix(latitude: latitude, longitude: longitude).check(now: Self.now) == .unusable(.noPlace))
    }

    @Test("A fix at 0,0 without a time is no position for its place first")
    func nullIslandWithoutTime() {
        #expect(fix(latitude: -0.0, longitude: -0.0, time: nil).check(now: Self.now) == .unusable(.noPlace))
    }

    @Test("A place on the equator or the prime meridian alone is a position")
    func equatorOrMeridian() {
        let equator = Coordinate(latitudeMicrodegrees: 0, longitudeMicrodegrees: 32_456_000)!
        #expect(fix(latitude: 0, longitude: 32.456).check(now: Self.now) == .sound(equator))
        #expect(fix(latitude: 51.4779, longitude: -0.0).check(now: Self.now).coordinate != nil)
    }

    @Test("Ten minutes between the fix's time and the clock is agreement; more is a disagreement naming both",
          arguments: [-1.0, 1.0])
    func tenMinutes(_ sign: Double) {
        let atTheLimit = Self.now.addingTimeInterval(sign * GPSFix.clockTolerance)
        #expect(fix(time: atTheLimit).check(now: Self.now) == .sound(Self.zurich))
        let beyond = Self.now.addingTimeInterval(sign * (GPSFix.clockTolerance + 1))
        #expect(fix(time: beyond).check(now: Self.now) == .clockDisagrees(Self.zurich, fixTime: beyond, clock: Self.now))
        #expect(fix(time: beyond).check(now: Self.now).coordinate == Self.zurich)
    }

    @Test("A fix dated 2001, as a receiver past a GPS week rollover reports it, disagrees with the clock")
    func weekRollover() {
        let rolledBack = Self.now.addingTimeInterval(-1024 * 7 * 86_400)
        let check = fix(time: rolledBack).check(now: Self.now)
        #expect(check == .clockDisagrees(Self.zurich, fixTime: rolledBack, clock: Self.now))
        #expect(GPSFix.timeText(rolledBack) == "2007-04-14 09:41 UTC")
    }

    @Test("A clock years behind a right fix, as on a box without a clock battery, disagrees too")
    func clockBehind() {
        let clock = Date(timeIntervalSince1970: 978_307_200)
        #expect(fix().check(now: clock) == .clockDisagrees(Self.zurich, fixTime: Self.now, clock: clock))
        #expect(GPSFix.timeText(clock) == "2001-01-01 00:00 UTC")
    }

    @Test("Times are shown in UTC to the minute")
    func timeText() {
        #expect(GPSFix.timeText(Self.now) == "2026-11-28 09:41 UTC")
        #expect(GPSFix.timeText(Self.now.addingTimeInterval(59)) == "2026-11-28 09:41 UTC")
    }
}
