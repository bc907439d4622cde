import Foundation

extension GPSFix {
    /// How far the fix's time and the clock may be apart before one of them is taken to
    /// be wrong: 10 minutes.
    ///
    /// A receiver's time is exact to a second once it has a fix, and a clock set by NTP
    /// is too; a clock left to drift for months gains or loses a few minutes. More than
    /// this is a fault of one of them: a receiver whose firmware misses a GPS week
    /// rollover reports a date 1024 weeks (19.6 years) early, and a box without a clock
    /// battery starts at whatever time it last saved.
    public static let clockTolerance: TimeInterval = 10 * 60

    /// What a fix can be taken for, by ``check(now:)``.
    public enum Check: Equatable, Sendable {
        /// A position whose time agrees with the clock: used for distances, nearest
        /// first and stamping.
        case sound(Coordinate)
        /// A position whose time and the clock's differ by more than
        /// ``GPSFix/clockTolerance``: one of the two is wrong, and nothing here can
        /// tell which. The position is used; whoever shows it says that the times differ
        /// and which time the fix carries.
        case clockDisagrees(Coordinate, fixTime: Date, clock: Date)
        /// No position at all, for the reason given: nothing is measured from it or
        /// stamped with it.
        case unusable(Flaw)

        /// The position to use; nil when the fix is ``unusable(_:)``.
        public var coordinate: Coordinate? {
            switch self {
            case .sound(let coordinate), .clockDisagrees(let coordinate, _, _): coordinate
            case .unusable: nil
            }
        }
    }

    /// Why a fix gpsd reports is no position.
    public enum Flaw: Equatable, Sendable {
        /// The report carries no time (or one that cannot be read): a fix that does not
        /// say when it was taken cannot be told from a receiver's guess.
        case noTime
        /// At 0,0, with either sign: what receivers report when they have no position
        /// (and what every import reads as no place); or angles out of range.
        case noPlace
    }

    /// What this fix can be taken for when the clock says `now`: no position when it is
    /// at 0,0 or has no time, else its position, with a word when its time and `now`
    /// differ by more than ``clockTolerance``.
    public func check(now: Date) -> Check {
        guard let coordinate, coordinate.latitudeMicrodegrees != 0 || coordinate.longitudeMicrodegrees != 0 else {
            return .unusable(.noPlace)
        }
        guard let time else { return .unusable(.noTime) }
        guard abs(time.timeIntervalSince(now)) <= Self.clockTolerance else {
            return .clockDisagrees(coordinate, fixTime: time, clock: now)
        }
        return .sound(coordinate)
    }

    /// `date` in UTC to the minute, as messages show a fix's time and the clock's:
    /// `2026-11-28 09:41 UTC`.
    public static func timeText(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        return String(format: "%04d-%02d-%02d %02d:%02d UTC", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0,
                      parts.hour ?? 0, parts.minute ?? 0)
    }
}
