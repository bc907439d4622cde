import Foundation
import GeoModel

/// What `list --near gps` and `sync --near gps` say of a fix gpsd reports that is no
/// position, or whose time and the clock disagree (``CommandText/noFix(from:within:status:)``
/// says there was none).
extension CommandText {
    /// `--near gps` when gpsd reported only a fix that is no position (`flaw`) in time.
    static func unusableFix(_ flaw: GPSFix.Flaw, from endpoint: GPSDEndpoint, within seconds: Int64) -> String {
        let what = switch flaw {
        case .noTime: "a fix without a time, which cannot be told from a receiver's guess"
        case .noPlace: "a fix at 0,0, which receivers report when they have no position"
        }
        return "--near gps: no position from gpsd on \(endpoint) within \(seconds) s, only \(what). Give coordinates "
            + "instead, such as --near \"N47 22.123 E008 32.456\"."
    }

    /// `--near gps` with a fix whose time and this machine's clock differ by more than
    /// `GPSFix.clockTolerance` (said on standard error; the fix is used).
    static func fixClockDisagrees(_ fixTime: Date, clock: Date) -> String {
        "--near gps: the GPS fix is dated \(GPSFix.timeText(fixTime)) and this machine's clock says "
            + "\(GPSFix.timeText(clock)); one of them is wrong (a receiver's GPS week rollover, a clock without "
            + "its battery). Its position is used."
    }
}
