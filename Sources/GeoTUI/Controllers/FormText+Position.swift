import Foundation
import GeoModel

/// What the form says about where you stand: the title bar's position, and the note
/// after an Add stamped with it.
extension FormText {
    /// What the title bar says about where you stand: the fix (and whether its time and
    /// the clock disagree), a fix that is no position and why, its loss, the daemon's
    /// absence, or home; "" when no position was asked for.
    ///
    /// - Parameters:
    ///   - status: The receiver's state, nil without a receiver.
    ///   - check: What the fresh fix can be taken for (`PositionSource.fixCheck`).
    ///   - receiver: What the receiver is reached through (`localhost:2947`).
    ///   - home: The home position, shown when there is no receiver.
    static func position(_ status: GPSDStatus?, check: GPSFix.Check?, receiver: String?, home: Coordinate?) -> String {
        guard let status else { return home.map { "Home: \($0.geocachingText)" } ?? "" }
        let receiver = receiver ?? ""
        switch status {
        case .connecting: return "GPS: connecting to \(receiver)"
        case .noDaemon: return "GPS: gpsd not answering on \(receiver)"
        case .silent: return "GPS: no answer from gpsd on \(receiver)"
        case .noFix: return "GPS: no fix"
        case .stale: return "GPS: fix lost"
        case .fix(let fix, _):
            let dimensions = fix.mode == .threeDimensional ? "3D" : "2D"
            switch check ?? .unusable(.noPlace) {
            case .sound(let coordinate):
                return "GPS \(dimensions): \(coordinate.geocachingText)"
            case .clockDisagrees(let coordinate, _, _):
                return "GPS \(dimensions): \(coordinate.geocachingText); fix and clock differ"
            case .unusable(.noTime):
                return "GPS: fix without a time, not used"
            case .unusable(.noPlace):
                return "GPS: fix at 0,0 (no position), not used"
            }
        }
    }

    /// The note after an Add stamped with `check`'s position: the place; when the fix's
    /// time and the clock disagree, the time of the fix the place was recorded from
    /// instead (the pane shows the place), so that the note fits a narrow status line.
    static func addedAt(_ check: GPSFix.Check) -> String {
        switch check {
        case .sound(let coordinate): "Added at \(coordinate.geocachingText)"
        case .clockDisagrees(_, let fixTime, _): "Added at the place of a fix dated \(GPSFix.timeText(fixTime))"
        case .unusable: added
        }
    }

    /// A time by this machine's clock and time zone (`zone`), to the second: "10:32:05"
    /// on the day of `now`, with its date before it on another ("2026-11-27 10:32:05"),
    /// and its offset where the zone is not UTC ("21:18:40 UTC+13", "13:48:40 UTC+5:30").
    static func clockTime(_ date: Date, now: Date, zone: TimeZone = .current) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        var time = String(format: "%02d:%02d:%02d", parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
        // Named where it is not UTC, the zone the visits' times are given in beside it.
        let offset = zone.secondsFromGMT(for: date) / 60
        if offset != 0 {
            time += " UTC" + (offset < 0 ? "-" : "+") + String(abs(offset) / 60)
                + (abs(offset) % 60 == 0 ? "" : String(format: ":%02d", abs(offset) % 60))
        }
        guard !calendar.isDate(date, inSameDayAs: now) else { return time }
        return String(format: "%04d-%02d-%02d ", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0) + time
    }
}
