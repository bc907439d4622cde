/// A place on the Earth: a WGS84 latitude and longitude, as a GPS and geocaching.com give it.
///
/// Both angles are kept as whole numbers of microdegrees (millionths of a degree). A
/// coordinate written in decimal degrees with up to 6 decimals is therefore kept exactly
/// as given, two coordinates are equal exactly when they print the same, and a store can
/// keep and index them as integers without a floating-point value that prints as
/// `47.368716999999997`. Coordinates written with minutes or seconds are rounded to the
/// nearest microdegree, far finer than the thousandth of a minute the geocaching form shows.
///
/// ```swift
/// let zurich = try Coordinate(parsing: "N 47° 22.123′ E 008° 32.456′")
/// zurich.geocachingText          // "N 47° 22.123′ E 008° 32.456′"
/// zurich.decimalText             // "47.368717, 8.540933"
/// let bern = try Coordinate(parsing: "46.948020, 7.447440")
/// zurich.directionText(to: bern) // "95.0 km SW"
/// ```
public struct Coordinate: Equatable, Hashable, Sendable {
    /// The latitude in microdegrees, from -90,000,000 (south pole) to 90,000,000 (north pole).
    public let latitudeMicrodegrees: Int32
    /// The longitude in microdegrees, from -180,000,000 (west) to 180,000,000 (east).
    public let longitudeMicrodegrees: Int32

    /// The largest latitude, in microdegrees.
    public static let maximumLatitudeMicrodegrees: Int32 = 90_000_000
    /// The largest longitude, in microdegrees.
    public static let maximumLongitudeMicrodegrees: Int32 = 180_000_000

    /// Creates a coordinate from microdegrees, or `nil` when an angle is out of range.
    ///
    /// - Parameters:
    ///   - latitudeMicrodegrees: The latitude, -90,000,000 to 90,000,000.
    ///   - longitudeMicrodegrees: The longitude, -180,000,000 to 180,000,000.
    public init?(latitudeMicrodegrees: Int32, longitudeMicrodegrees: Int32) {
        guard abs(Int(latitudeMicrodegrees)) <= Int(Self.maximumLatitudeMicrodegrees),
              abs(Int(longitudeMicrodegrees)) <= Int(Self.maximumLongitudeMicrodegrees) else { return nil }
        self.latitudeMicrodegrees = latitudeMicrodegrees
        self.longitudeMicrodegrees = longitudeMicrodegrees
    }

    /// Creates a coordinate from degrees rounded to the nearest microdegree, or `nil` when
    /// an angle is not a number or out of range.
    ///
    /// - Parameters:
    ///   - latitude: The latitude in degrees, -90 (south) to 90 (north).
    ///   - longitude: The longitude in degrees, -180 (west) to 180 (east).
    public init?(latitude: Double, longitude: Double) {
        guard let latitude = Self.microdegrees(latitude, limit: Self.maximumLatitudeMicrodegrees),
              let longitude = Self.microdegrees(longitude, limit: Self.maximumLongitudeMicrodegrees) else { return nil }
        self.init(latitudeMicrodegrees: latitude, longitudeMicrodegrees: longitude)
    }

    /// The latitude in degrees, negative in the south.
    public var latitude: Double { Double(latitudeMicrodegrees) / 1_000_000 }

    /// The longitude in degrees, negative in the west.
    public var longitude: Double { Double(longitudeMicrodegrees) / 1_000_000 }

    /// The angle in `degrees` rounded to whole microdegrees, or `nil` when it is not a
    /// number or its size is beyond `limit`.
    ///
    /// - Parameters:
    ///   - degrees: An angle in degrees.
    ///   - limit: The largest size allowed, in microdegrees.
    static func microdegrees(_ degrees: Double, limit: Int32) -> Int32? {
        guard degrees.isFinite else { return nil }
        let rounded = (degrees * 1_000_000).rounded()
        guard abs(rounded) <= Double(limit) else { return nil }
        return Int32(rounded)
    }
}

extension Coordinate {
    /// One of the two angles of a coordinate.
    public enum Axis: Sendable, Equatable, Hashable, CaseIterable {
        /// North and south, -90° to 90°.
        case latitude
        /// East and west, -180° to 180°.
        case longitude

        /// "latitude" or "longitude", for messages.
        public var name: String {
            switch self {
            case .latitude: "latitude"
            case .longitude: "longitude"
            }
        }

        /// The two hemisphere letters of the axis, positive first: "N" and "S", or "E" and "W".
        public var hemispheres: (positive: Character, negative: Character) {
            switch self {
            case .latitude: ("N", "S")
            case .longitude: ("E", "W")
            }
        }

        /// The largest size of an angle on this axis, in microdegrees.
        var maximumMicrodegrees: Int32 {
            switch self {
            case .latitude: Coordinate.maximumLatitudeMicrodegrees
            case .longitude: Coordinate.maximumLongitudeMicrodegrees
            }
        }
    }
}

extension Coordinate: Codable {
    /// The keys of the encoded form: `{"latitude": 47.368717, "longitude": 8.540933}`.
    private enum CodingKeys: String, CodingKey {
        case latitude, longitude
    }

    /// Decodes a coordinate from its degrees, refusing an angle out of range.
    ///
    /// - Parameter decoder: The decoder to read from.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let latitude = try container.decode(Double.self, forKey: .latitude)
        let longitude = try container.decode(Double.self, forKey: .longitude)
        guard let coordinate = Coordinate(latitude: latitude, longitude: longitude) else {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: decoder.codingPath,
                debugDescription: "Latitude \(latitude) or longitude \(longitude) is out of range"))
        }
        self = coordinate
    }

    /// Encodes the coordinate as its latitude and longitude in degrees.
    ///
    /// - Parameter encoder: The encoder to write to.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(latitude, forKey: .latitude)
        try container.encode(longitude, forKey: .longitude)
    }
}
