import Foundation

/// A fix that has been: where it put you and when it arrived, by this machine's clock
/// (``PositionSource/lastFix``).
public struct LastFix: Equatable, Sendable {
    /// Where the fix put you.
    public let coordinate: Coordinate
    /// When it arrived.
    public let time: Date

    /// The fix at `coordinate` that arrived at `time`.
    public init(coordinate: Coordinate, time: Date) {
        self.coordinate = coordinate
        self.time = time
    }
}
