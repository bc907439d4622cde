import Foundation

/// NMEA 0183 sentences as a GPS receiver sends them, with their checksums, to feed a
/// test gpsd (``GPSDTestDaemon/feed(_:)``).
package enum NMEASentence {
    /// `$BODY*CS\r\n`, the checksum being the XOR of the body's bytes in two hex digits.
    package static func framed(_ body: String) -> String {
        "$\(body)*\(checksum(body))\r\n"
    }

    /// The checksum of `body` (the bytes between `$` and `*`): their XOR, two
    /// upper-case hex digits.
    package static func checksum(_ body: String) -> String {
        let value = body.utf8.reduce(UInt8(0), ^)
        return String(format: "%02X", value)
    }

    /// An RMC and a GGA sentence reporting a 3D fix at `latitude`, `longitude` (decimal
    /// degrees; -0.0 is written south or west, as a receiver with nothing may write it)
    /// at `time`: what makes gpsd report a TPV of mode 3. With `time` nil both
    /// sentences leave the time and date empty, and gpsd reports the fix without a time.
    /// `knots` and `course` are the speed over ground and the direction of travel
    /// (degrees from true north) the RMC reports.
    package static func fix(latitude: Double, longitude: Double, at time: Date? = Date(), knots: Double = 0,
                            course: Double = 0) -> [String] {
        let (clock, date) = time.map(stamp) ?? ("", "")
        let position = "\(degreesMinutes(latitude, width: 2)),\(latitude.sign == .minus ? "S" : "N"),"
            + "\(degreesMinutes(longitude, width: 3)),\(longitude.sign == .minus ? "W" : "E")"
        return [
            framed("GPRMC,\(clock),A,\(position),\(String(format: "%.1f", knots)),\(String(format: "%.1f", course)),\(date),,,A"),
            framed("GPGGA,\(clock),\(position),1,08,0.9,545.4,M,46.9,M,,"),
        ]
    }

    /// An RMC with status V (void) and a GGA with fix quality 0, both without a
    /// position, at `time`: what a receiver that has lost the sky sends, and what makes
    /// gpsd report a TPV of mode 1.
    package static func void(at time: Date = Date()) -> [String] {
        let (clock, date) = stamp(time)
        return [
            framed("GPRMC,\(clock),V,,,,,,,\(date),,,N"),
            framed("GPGGA,\(clock),,,,,0,00,99.99,,,,,,"),
        ]
    }

    /// `time` in UTC as NMEA writes it: `HHMMSS.00` and `DDMMYY`.
    private static func stamp(_ time: Date) -> (clock: String, date: String) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: time)
        let clock = String(format: "%02d%02d%02d.00", parts.hour!, parts.minute!, parts.second!)
        let date = String(format: "%02d%02d%02d", parts.day!, parts.month!, parts.year! % 100)
        return (clock, date)
    }

    /// `degrees` without sign as NMEA's degrees and minutes (`4722.123000`), the
    /// degrees in `width` digits and the minutes to six decimals, enough to carry the
    /// position to better than 1e-7 degrees.
    package static func degreesMinutes(_ degrees: Double, width: Int) -> String {
        let magnitude = abs(degrees)
        var whole = Int(magnitude)
        var minutes = ((magnitude - Double(whole)) * 60 * 1_000_000).rounded() / 1_000_000
        if minutes >= 60 {
            whole += 1
            minutes -= 60
        }
        return String(format: "%0\(width)d%09.6f", whole, minutes)
    }
}
