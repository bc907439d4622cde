import Foundation
import Testing
@testable import GeoModel

@Suite struct CoordinateFormattingTests {
    @Test func writesTheGeocachingForm() {
        #expect(coordinate(47_368_717, 8_540_933).geocachingText == "N 47° 22.123′ E 008° 32.456′")
    }

    @Test func describesItselfInTheGeocachingForm() {
        let zurich = coordinate(47_368_717, 8_540_933)
        #expect(zurich.description == zurich.geocachingText)
    }

    @Test func writesSouthAndWestForNegativeAngles() {
        #expect(coordinate(-33_856_784, -151_215_297).geocachingText == "S 33° 51.407′ W 151° 12.918′")
    }

    @Test func padsLatitudeDegreesToTwoDigitsAndLongitudeDegreesToThree() {
        #expect(coordinate(5_500_000, 7_250_000).geocachingText == "N 05° 30.000′ E 007° 15.000′")
    }

    @Test func writesTheOriginAsNorthAndEast() {
        #expect(coordinate(0, 0).geocachingText == "N 00° 00.000′ E 000° 00.000′")
    }

    @Test func writesThePolesAndTheDateLine() {
        #expect(coordinate(90_000_000, 180_000_000).geocachingText == "N 90° 00.000′ E 180° 00.000′")
        #expect(coordinate(-90_000_000, -180_000_000).geocachingText == "S 90° 00.000′ W 180° 00.000′")
    }

    @Test func roundsMinutesUpIntoTheNextDegree() throws {
        let almost = try coordinate("N 47 59.9996 E 8 59.9996")
        #expect(almost.geocachingText == "N 48° 00.000′ E 009° 00.000′")
    }

    @Test func roundsMinutesUpIntoTheNextDegreeInTheSouthAndWest() throws {
        let almost = try coordinate("S 47 59.9996 W 179 59.9996")
        #expect(almost.geocachingText == "S 48° 00.000′ W 180° 00.000′")
    }

    @Test func roundsMinutesJustBelowTheNextDegreeDown() throws {
        let almost = try coordinate("N 47 59.9994 E 8 59.9994")
        #expect(almost.geocachingText == "N 47° 59.999′ E 008° 59.999′")
    }

    @Test func roundsMinutesUpIntoTheNextMinute() throws {
        #expect(try coordinate("N 47 21.9996 E 8 09.9996").geocachingText == "N 47° 22.000′ E 008° 10.000′")
    }

    @Test func writesDecimalDegreesWithSixDecimals() {
        #expect(coordinate(47_368_717, 8_540_933).decimalText == "47.368717, 8.540933")
    }

    @Test func writesDecimalDegreesWithSignsInTheSouthAndWest() {
        #expect(coordinate(-33_856_784, -151_215_297).decimalText == "-33.856784, -151.215297")
    }

    @Test func writesDecimalDegreesBelowOneWithLeadingZeros() {
        #expect(coordinate(-1, 1_000).decimalText == "-0.000001, 0.001000")
    }

    @Test func keepsDecimalDegreesExactlyAsGiven() throws {
        #expect(try coordinate("47.368717, 8.540933").decimalText == "47.368717, 8.540933")
        #expect(try coordinate("-0.000001, -179.999999").decimalText == "-0.000001, -179.999999")
    }
}

@Suite struct CoordinateValueTests {
    @Test func givesItsAnglesInDegrees() {
        let zurich = coordinate(47_368_717, -8_540_933)
        #expect(zurich.latitude == 47.368717)
        #expect(zurich.longitude == -8.540933)
    }

    @Test func roundsDegreesToTheNearestMicrodegree() {
        let rounded = Coordinate(latitude: 47.3687174, longitude: -8.5409336)
        #expect(rounded == coordinate(47_368_717, -8_540_934))
    }

    @Test(arguments: [(90.000001, 0.0), (-90.5, 0.0), (0.0, 180.000001), (0.0, -181.0),
                      (.nan, 0.0), (0.0, .infinity)])
    func refusesDegreesOutOfRangeOrNotNumbers(_ latitude: Double, _ longitude: Double) {
        #expect(Coordinate(latitude: latitude, longitude: longitude) == nil)
    }

    @Test(arguments: [(Int32(90_000_001), Int32(0)), (-90_000_001, 0), (0, 180_000_001), (0, -180_000_001)])
    func refusesMicrodegreesOutOfRange(_ latitude: Int32, _ longitude: Int32) {
        #expect(Coordinate(latitudeMicrodegrees: latitude, longitudeMicrodegrees: longitude) == nil)
    }

    @Test func equalCoordinatesHashAlike() {
        let set: Set = [coordinate(47_368_717, 8_540_933), coordinate(47_368_717, 8_540_933), coordinate(0, 0)]
        #expect(set.count == 2)
    }

    @Test func encodesAsLatitudeAndLongitudeInDegrees() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(coordinate(47_368_717, -8_540_933)), as: UTF8.self)
        #expect(json == #"{"latitude":47.368717,"longitude":-8.540933}"#)
    }

    @Test func decodesWhatItEncodes() throws {
        let original = coordinate(-33_856_784, 151_215_297)
        let decoded = try JSONDecoder().decode(Coordinate.self, from: try JSONEncoder().encode(original))
        #expect(decoded == original)
    }

    @Test func refusesToDecodeALatitudeBeyond90Degrees() {
        let json = Data(#"{"latitude": 91, "longitude": 8}"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Coordinate.self, from: json) }
    }
}
