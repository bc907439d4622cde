/// One change of a ``PositionSource``, as broadcast to its observers.
public enum PositionChange: Equatable, Sendable {
    /// The receiver's state changed: connected, lost, a fix gained, moved, lost or gone
    /// stale (not a fix merely growing older). `origin` is the source's
    /// ``PositionSource/origin`` now.
    case receiverChanged(GPSDStatus, origin: Coordinate?)
}
