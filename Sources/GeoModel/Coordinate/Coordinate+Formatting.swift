extension Coordinate: CustomStringConvertible {
    /// The coordinate in the geocaching.com form, as ``geocachingText``.
    public var description: String { geocachingText }

    /// The geocaching.com form: hemisphere, degrees and minutes to 3 decimals, such as
    /// `N 47° 22.123′ E 008° 32.456′`.
    ///
    /// The latitude's degrees have 2 digits and the longitude's 3; the minutes are rounded
    /// to the nearest thousandth (a half up), carrying into the degrees, so 59.9996′ is
    /// written as the next degree and 00.000′. South and west are written S and W.
    public var geocachingText: String {
        Self.degreesAndMinutes(latitudeMicrodegrees, axis: .latitude) + " "
            + Self.degreesAndMinutes(longitudeMicrodegrees, axis: .longitude)
    }

    /// The decimal-degrees form: signed degrees to 6 decimals, latitude first, such as
    /// `47.368717, 8.540933` or `-33.856784, -151.215297`; exact, as the coordinate is kept.
    public var decimalText: String {
        Self.decimalDegrees(latitudeMicrodegrees) + ", " + Self.decimalDegrees(longitudeMicrodegrees)
    }

    /// The latitude in signed decimal degrees with 6 decimals, such as `47.368717`.
    public var latitudeText: String { Self.decimalDegrees(latitudeMicrodegrees) }

    /// The longitude in signed decimal degrees with 6 decimals, such as `-8.540933`.
    public var longitudeText: String { Self.decimalDegrees(longitudeMicrodegrees) }

    /// One angle in the geocaching.com form, such as `N 47° 22.123′` or `W 008° 32.456′`.
    ///
    /// - Parameters:
    ///   - microdegrees: The angle, negative in the south or west.
    ///   - axis: Which angle it is, for the hemisphere letter and the degrees' width.
    static func degreesAndMinutes(_ microdegrees: Int32, axis: Axis) -> String {
        let hemisphere = microdegrees < 0 ? axis.hemispheres.negative : axis.hemispheres.positive
        // Thousandths of a minute: a microdegree is 60/1000 of one, rounded a half up.
        let thousandths = (abs(Int(microdegrees)) * 60 + 500) / 1000
        let degrees = thousandths / 60_000
        let minutes = thousandths % 60_000
        let degreesText = padded(degrees, to: axis == .latitude ? 2 : 3)
        return "\(hemisphere) \(degreesText)° \(padded(minutes / 1000, to: 2)).\(padded(minutes % 1000, to: 3))′"
    }

    /// One angle in signed decimal degrees with 6 decimals, such as `-8.540933`.
    ///
    /// - Parameter microdegrees: The angle.
    static func decimalDegrees(_ microdegrees: Int32) -> String {
        let size = abs(Int(microdegrees))
        return (microdegrees < 0 ? "-" : "") + "\(size / 1_000_000).\(padded(size % 1_000_000, to: 6))"
    }

    /// `value` in decimal with leading zeros up to `width` digits.
    ///
    /// - Parameters:
    ///   - value: A number that is not negative.
    ///   - width: The fewest digits to write.
    static func padded(_ value: Int, to width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
