import Foundation

/// A position reported by a GPS receiver through gpsd: WGS84 degrees, how it was
/// fixed, and when the receiver says it was taken.
public struct GPSFix: Equatable, Sendable {
    /// How many dimensions the receiver fixed.
    public enum Mode: Int, Equatable, Sendable {
        /// Latitude and longitude only (too few satellites for an altitude).
        case twoDimensional = 2
        /// Latitude, longitude and altitude.
        case threeDimensional = 3
    }

    /// Degrees north of the equator (negative: south), -90 through 90.
    public var latitude: Double
    /// Degrees east of Greenwich (negative: west), -180 through 180.
    public var longitude: Double
    /// Whether the fix is 2D or 3D.
    public var mode: Mode
    /// The time of the fix as the receiver reported it (UTC), when it reported one.
    public var time: Date?
    /// The speed over ground in metres a second (gpsd's `speed`), when reported.
    public var speed: Double?
    /// The direction of travel in degrees clockwise from true north (gpsd's `track`),
    /// when reported.
    public var track: Double?
    /// The estimated horizontal error in metres: gpsd's `eph`, else the larger of its
    /// `epx` and `epy` (longitude and latitude errors); nil when it reports none.
    public var horizontalError: Double?

    /// A fix at `latitude`, `longitude` of the given mode and time, and what the
    /// receiver said of its movement and error.
    public init(latitude: Double, longitude: Double, mode: Mode, time: Date? = nil, speed: Double? = nil,
                track: Double? = nil, horizontalError: Double? = nil) {
        self.latitude = latitude
        self.longitude = longitude
        self.mode = mode
        self.time = time
        self.speed = speed
        self.track = track
        self.horizontalError = horizontalError
    }
}
