import Foundation

/// How to get from a GPS fix to a target: how far, which way, how sure, and how old the
/// fix is. What a navigation view shows, worked out from the fix alone.
///
/// The direction is given twice: ``bearing``, clockwise from true north, and
/// ``pointer``, clockwise from where the view's top points: the direction of travel
/// while ``isMoving`` (the receiver reports a track and a speed of at least
/// ``movingSpeed``), else north. ``north`` is where north lies on the same dial.
public struct Guidance: Equatable, Sendable {
    /// The slowest speed, in metres a second, at which the direction of travel is taken
    /// to mean something: a GPS standing still reports a track that wanders. A slow walk
    /// is about 1 m/s.
    public static let movingSpeed = 0.5

    /// The great-circle distance to the target, in metres.
    public let distance: Double
    /// The initial bearing to the target, degrees clockwise from true north, 0 to 360.
    public let bearing: Double
    /// True when the direction of travel is known and the receiver is moving.
    public let isMoving: Bool
    /// Where the target lies on the dial, degrees clockwise from its top.
    public let pointer: Double
    /// Where north lies on the dial: 0 north-up, minus the track while moving.
    public let north: Double
    /// The fix's estimated horizontal error in metres, when the receiver gave one.
    public let accuracy: Double?
    /// How old the fix is, in seconds, when it carried a time (never negative).
    public let age: TimeInterval?

    /// The guidance from `fix` to `target`, at `now`.
    public init(from fix: GPSFix, to target: Coordinate, now: Date) {
        let here = Coordinate(latitude: fix.latitude, longitude: fix.longitude)
            ?? Coordinate(latitudeMicrodegrees: 0, longitudeMicrodegrees: 0)!
        distance = here.distance(to: target)
        bearing = here.bearing(to: target)
        if let track = fix.track, let speed = fix.speed, speed >= Self.movingSpeed {
            isMoving = true
            pointer = Self.normalized(bearing - track)
            north = Self.normalized(-track)
        } else {
            isMoving = false
            pointer = bearing
            north = 0
        }
        accuracy = fix.horizontalError
        age = fix.time.map { max(0, now.timeIntervalSince($0)) }
    }

    /// True when the target is no farther than the fix's accuracy says it may be wrong by:
    /// the target may be on any side, so its direction means nothing (a navigation view
    /// shows none). False when the receiver gave no accuracy.
    public var isWithinAccuracy: Bool { accuracy.map { distance <= $0 } ?? false }

    /// `angle` as 0 up to 360.
    static func normalized(_ angle: Double) -> Double {
        let turned = angle.truncatingRemainder(dividingBy: 360)
        return turned < 0 ? turned + 360 : turned
    }
}
