import Foundation

extension Coordinate {
    /// The Earth's mean radius in metres (IUGG), the sphere ``distance(to:)`` measures on.
    public static let earthRadius: Double = 6_371_008.8

    /// Half the Earth's circumference at the equator, in metres, rounded up to a whole
    /// kilometre (20,038 km): from anywhere it reaches every place, so it is the farthest
    /// a distance a person gives may be (``metres(parsing:)``).
    public static let halfCircumference: Double = 20_038_000

    /// A distance as people write it, in metres: `5km`, `2.5 km`, `500m`, `500` (metres
    /// when no unit is given), `3mi`, in any case and with spaces around. The one reading
    /// of a distance: a filter's `within` and a club copy's area (`sync --within`) both
    /// take it.
    ///
    /// - Throws: ``DistanceParseError/notADistance`` for anything but a number above 0
    ///   written out (no exponent, no `0x`) and one of those units; ``DistanceParseError/fartherThanAnyPlace`` for
    ///   one beyond ``halfCircumference``.
    public static func metres(parsing text: String) throws(DistanceParseError) -> Double {
        let trimmed = text.trimmingWhitespace().lowercased()
        // "km" before "m", which ends it.
        let units: [(suffix: String, metres: Double)] = [("km", 1000), ("mi", 1609.344), ("m", 1)]
        let unit = units.first { trimmed.hasSuffix($0.suffix) }
        let number = trimmed.dropLast(unit?.suffix.count ?? 0)
        let factor = unit?.metres ?? 1
        guard let value = Double.plainDecimal(String(number).trimmingWhitespace()), value > 0 else {
            throw .notADistance
        }
        guard value * factor <= halfCircumference else { throw .fartherThanAnyPlace }
        return value * factor
    }

    /// The great-circle distance to `other` in metres, on a sphere of ``earthRadius``.
    ///
    /// The haversine formula, which stays accurate for points close together. A sphere
    /// rather than the WGS84 ellipsoid: off by a fraction of a percent at most, which
    /// does not change which cache is nearer or how a distance reads at a cache's scale.
    ///
    /// - Parameter other: The coordinate to measure to.
    public func distance(to other: Coordinate) -> Double {
        let φ1 = latitude * .pi / 180, φ2 = other.latitude * .pi / 180
        let Δφ = φ2 - φ1
        let Δλ = (other.longitude - longitude) * .pi / 180
        let sinΔφ = sin(Δφ / 2), sinΔλ = sin(Δλ / 2)
        let h = sinΔφ * sinΔφ + cos(φ1) * cos(φ2) * sinΔλ * sinΔλ
        return 2 * Self.earthRadius * asin(min(1, sqrt(h)))
    }

    /// The initial bearing to `other` along the great circle, in degrees clockwise from
    /// true north, from 0 up to but not including 360.
    ///
    /// From a point to itself the bearing is 0. To its antipode every direction is as
    /// good; the result is then whichever the formula gives and means nothing. From the
    /// North Pole every way is south (180), from the South Pole north (0), whatever
    /// longitude the pole was written with.
    ///
    /// - Parameter other: The coordinate to head for.
    public func bearing(to other: Coordinate) -> Double {
        if latitudeMicrodegrees == Self.maximumLatitudeMicrodegrees {
            return other.latitudeMicrodegrees == Self.maximumLatitudeMicrodegrees ? 0 : 180
        }
        if latitudeMicrodegrees == -Self.maximumLatitudeMicrodegrees { return 0 }
        let φ1 = latitude * .pi / 180, φ2 = other.latitude * .pi / 180
        let Δλ = (other.longitude - longitude) * .pi / 180
        let y = sin(Δλ) * cos(φ2)
        let x = cos(φ1) * sin(φ2) - sin(φ1) * cos(φ2) * cos(Δλ)
        let degrees = atan2(y, x) * 180 / .pi
        let normalised = degrees < 0 ? degrees + 360 : degrees
        return normalised >= 360 ? 0 : normalised
    }

    /// The 8-point compass direction of the initial bearing to `other`.
    ///
    /// - Parameter other: The coordinate to head for.
    public func compassPoint(to other: Coordinate) -> CompassPoint {
        CompassPoint(bearing: bearing(to: other))
    }

    /// The distance and direction to `other` for a person, such as "1.24 km NE" or
    /// "350 m SW"; "0 m" alone when the two are less than half a metre apart.
    ///
    /// The distance is written as ``distanceText(metres:)`` writes it.
    ///
    /// - Parameter other: The coordinate to head for.
    public func directionText(to other: Coordinate) -> String {
        let metres = distance(to: other)
        let text = Self.distanceText(metres: metres)
        return metres < 0.5 ? text : text + " " + compassPoint(to: other).rawValue
    }

    /// A distance for a person: whole metres below 1 km ("350 m"), kilometres with 2
    /// decimals below 10 km ("1.24 km"), with 1 decimal below 100 km ("95.5 km"), and
    /// whole kilometres beyond ("1234 km").
    ///
    /// Each form is chosen after rounding, so 999.6 m is "1.00 km", not "1000 m". A
    /// distance no place on the Earth is from another (a billion kilometres and more,
    /// or not a number) is written as it is, never turned into a whole number that
    /// could not hold it.
    ///
    /// - Parameter metres: The distance, not negative.
    public static func distanceText(metres: Double) -> String {
        guard metres.isFinite, abs(metres) < 1e12 else { return String(format: "%.0f km", metres / 1000) }
        let wholeMetres = Int(metres.rounded())
        if wholeMetres < 1000 { return "\(wholeMetres) m" }
        let hundredths = Int((metres / 10).rounded())
        if hundredths < 1000 { return "\(hundredths / 100).\(padded(hundredths % 100, to: 2)) km" }
        let tenths = Int((metres / 100).rounded())
        if tenths < 1000 { return "\(tenths / 10).\(tenths % 10) km" }
        return "\(Int((metres / 1000).rounded())) km"
    }
}

/// One of the 8 points of the compass, as a direction is shown beside a distance.
///
/// Each point covers the 45° centred on it: N from 337.5° up to 22.5°, NE from 22.5°
/// up to 67.5°, and so on.
public enum CompassPoint: String, Sendable, CaseIterable, Equatable, Hashable {
    /// North, "N": 0°.
    case north = "N"
    /// North-east, "NE": 45°.
    case northEast = "NE"
    /// East, "E": 90°.
    case east = "E"
    /// South-east, "SE": 135°.
    case southEast = "SE"
    /// South, "S": 180°.
    case south = "S"
    /// South-west, "SW": 225°.
    case southWest = "SW"
    /// West, "W": 270°.
    case west = "W"
    /// North-west, "NW": 315°.
    case northWest = "NW"

    /// The point whose 45° contain `bearing`.
    ///
    /// - Parameter bearing: Degrees clockwise from north; any value, taken modulo 360.
    ///   One that is not a number gives north.
    public init(bearing: Double) {
        guard bearing.isFinite else {
            self = .north
            return
        }
        var degrees = bearing.truncatingRemainder(dividingBy: 360)
        if degrees < 0 { degrees += 360 }
        let index = Int((degrees + 22.5) / 45) % 8
        self = Self.allCases[index]
    }
}

/// Why ``Coordinate/metres(parsing:)`` refused a text; each reader of a distance says it
/// in its own words.
public enum DistanceParseError: Error, Equatable, Sendable {
    /// Not a number above 0 with a unit it knows (or none).
    case notADistance
    /// A distance, but farther than ``Coordinate/halfCircumference``, which reaches every place.
    case fartherThanAnyPlace
}
