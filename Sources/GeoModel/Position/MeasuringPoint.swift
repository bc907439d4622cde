import Foundation

/// Where nearest first and a filter's `within` measure from, and what that place is
/// (``PositionSource/measuringPoint``).
public struct MeasuringPoint: Equatable, Sendable {
    /// What the place is: where you stand, home, or where the last fix put you.
    public enum Basis: Equatable, Sendable {
        /// The fresh fix.
        case fix
        /// The home position (`--home`, `GEOCACHE_HOME`).
        case home
        /// The last fix, which arrived at `at`: the fix is lost and no home was given.
        case lastFix(at: Date)
    }

    /// The place measured from.
    public let coordinate: Coordinate
    /// What it is.
    public let basis: Basis

    /// `coordinate`, which is `basis`.
    public init(coordinate: Coordinate, basis: Basis) {
        self.coordinate = coordinate
        self.basis = basis
    }
}
