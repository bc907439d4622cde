import Foundation
import Testing
@testable import GeoModel

/// Guidance from a fix to a target (groundwork for issue 38's navigation view): the
/// dial turns with the direction of travel only while the receiver moves.
@Suite struct GuidanceTests {
    static let target = Coordinate(latitudeMicrodegrees: 47_010_000, longitudeMicrodegrees: 8_000_000)!
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    private func guidance(speed: Double? = nil, track: Double? = nil, error: Double? = nil, age: Double? = 2) -> Guidance {
        Guidance(from: GPSFix(latitude: 47, longitude: 8, mode: .threeDimensional,
                              time: age.map { Self.now.addingTimeInterval(-$0) }, speed: speed, track: track,
                              horizontalError: error),
                 to: Self.target, now: Self.now)
    }

    @Test("standing still the dial is north-up and points along the bearing")
    func standingStillIsNorthUp() {
        let still = guidance(speed: 0.1, track: 90)
        #expect(!still.isMoving)
        #expect(still.north == 0)
        #expect(abs(still.pointer - still.bearing) < 1e-9)
        #expect(abs(still.distance - 1112) < 1)
    }

    @Test("moving east toward a target due north, the target lies to the left of the direction of travel")
    func movingTurnsTheDial() {
        let moving = guidance(speed: 1.4, track: 90)
        #expect(moving.isMoving)
        #expect(abs(moving.pointer - 270) < 0.01)
        #expect(moving.north == 270)
    }

    @Test("a speed without a track is not moving")
    func speedWithoutTrack() {
        #expect(!guidance(speed: 3).isMoving)
    }

    @Test("a target no farther than the fix's accuracy is within it; without an accuracy none is")
    func withinTheAccuracy() {
        #expect(guidance(error: 1200).isWithinAccuracy)
        #expect(!guidance(error: 1000).isWithinAccuracy)
        #expect(!guidance(error: nil).isWithinAccuracy)
    }

    @Test("accuracy and age come from the fix; a fix stamped in the future is not of negative age")
    func accuracyAndAge() {
        let fix = guidance(error: 6.5, age: 3)
        #expect(fix.accuracy == 6.5)
        #expect(fix.age == 3)
        #expect(guidance(age: -5).age == 0)
        #expect(guidance(age: nil).age == nil)
    }
}
