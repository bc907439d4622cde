/// Where the position from gpsd stands, for a status line.
public enum GPSDStatus: Equatable, Sendable, CustomStringConvertible {
    /// The first connection to the daemon is under way.
    case connecting
    /// Nothing answers at the endpoint (or the daemon went away); the client tries
    /// again.
    case noDaemon
    /// Connected, but nothing gpsd sends has come, not even the greeting it sends at
    /// once: what listens there may not be gpsd (another service on its port).
    case silent
    /// Connected, and the daemon has no 2D or 3D fix to report (yet, or any more).
    case noFix
    /// A fix received `age` ago, recent enough to use.
    case fix(GPSFix, age: Duration)
    /// The last fix, received `age` ago, more than ``GPSDClient/staleAfter``: the
    /// receiver has stopped reporting and the position may no longer be where one is.
    case stale(GPSFix, age: Duration)

    /// The fix while it is fresh; nil in every other state.
    public var freshFix: GPSFix? {
        if case .fix(let fix, _) = self { return fix }
        return nil
    }

    /// A short English phrase: `connecting to gpsd`, `no gpsd`, `no answer from gpsd`, `no GPS fix`,
    /// `3D fix, 2 s old`, `stale fix, 12 s old`.
    public var description: String {
        switch self {
        case .connecting: "connecting to gpsd"
        case .noDaemon: "no gpsd"
        case .silent: "no answer from gpsd"
        case .noFix: "no GPS fix"
        case .fix(let fix, let age): "\(fix.mode == .threeDimensional ? "3D" : "2D") fix, \(Self.seconds(age)) s old"
        case .stale(_, let age): "stale fix, \(Self.seconds(age)) s old"
        }
    }

    /// Whole seconds in `duration`, rounded down, at least 0.
    private static func seconds(_ duration: Duration) -> Int64 {
        max(duration.components.seconds, 0)
    }
}
