import Testing
@testable import GeoModel

@Suite struct CoordinateDistanceTests {
    let zurich = coordinate(47_368_717, 8_540_933)
    let bern = coordinate(46_948_020, 7_447_440)

    @Test func aPointIsNoDistanceFromItself() {
        #expect(zurich.distance(to: zurich) == 0)
    }

    @Test func oneDegreeOfLatitudeIsAnArcOfTheSphere() {
        let arc = Coordinate.earthRadius * .pi / 180
        #expect(abs(coordinate(0, 0).distance(to: coordinate(1_000_000, 0)) - arc) < 0.001)
        #expect(abs(arc - 111_195.08) < 0.01)
    }

    @Test func zurichToBernIsAbout95Kilometres() {
        #expect(abs(zurich.distance(to: bern) - 94_993.9) < 1)
    }

    @Test func distanceIsTheSameBothWays() {
        #expect(abs(zurich.distance(to: bern) - bern.distance(to: zurich)) < 0.000_001)
    }

    @Test func antipodesAreHalfTheCircumferenceApart() {
        let antipode = coordinate(-47_368_717, 8_540_933 - 180_000_000)
        #expect(abs(zurich.distance(to: antipode) - .pi * Coordinate.earthRadius) < 0.01)
        #expect(abs(coordinate(90_000_000, 0).distance(to: coordinate(-90_000_000, 0)) - .pi * Coordinate.earthRadius) < 0.01)
    }

    @Test func zurichToBernHeadsSouthWest() {
        #expect(abs(zurich.bearing(to: bern) - 240.90) < 0.01)
        #expect(zurich.compassPoint(to: bern) == .southWest)
    }

    @Test(arguments: [(Int32(1_000_000), Int32(0), 0.0), (0, 1_000_000, 90), (-1_000_000, 0, 180), (0, -1_000_000, 270)])
    func bearingOnTheEquatorIsAlongTheAxes(_ latitude: Int32, _ longitude: Int32, _ bearing: Double) {
        #expect(abs(coordinate(0, 0).bearing(to: coordinate(latitude, longitude)) - bearing) < 1e-9)
    }

    @Test func bearingToTheNorthWestIsBelow360() {
        let bearing = coordinate(0, 0).bearing(to: coordinate(1_000, -1_000))
        #expect(abs(bearing - 315) < 0.001)
        #expect((0..<360).contains(bearing))
    }

    @Test func bearingFromAPointToItselfIsNorth() {
        #expect(zurich.bearing(to: zurich) == 0)
    }

    @Test(arguments: [(0.0, CompassPoint.north), (22.49, .north), (22.5, .northEast), (45, .northEast),
                      (67.5, .east), (90, .east), (135, .southEast), (180, .south), (225, .southWest),
                      (270, .west), (315, .northWest), (337.49, .northWest), (337.5, .north), (359.99, .north),
                      (360, .north), (-45, .northWest), (810, .east), (.nan, .north)])
    func compassPointCoversTheFortyFiveDegreesAroundIt(_ bearing: Double, _ point: CompassPoint) {
        #expect(CompassPoint(bearing: bearing) == point)
    }

    @Test(arguments: [(0.0, "0 m"), (0.4, "0 m"), (349.6, "350 m"), (999.4, "999 m"), (999.6, "1.00 km"),
                      (1_240, "1.24 km"), (1_235, "1.24 km"), (9_994, "9.99 km"), (9_996, "10.0 km"),
                      (95_000, "95.0 km"), (99_949, "99.9 km"), (99_960, "100 km"), (1_234_400, "1234 km")])
    func distanceTextChangesUnitAndDecimalsWithTheDistance(_ metres: Double, _ text: String) {
        #expect(Coordinate.distanceText(metres: metres) == text)
    }

    @Test func directionTextGivesDistanceAndCompassPoint() {
        #expect(zurich.directionText(to: bern) == "95.0 km SW")
        #expect(zurich.directionText(to: coordinate(47_371_717, 8_544_933)) == "449 m NE")
    }

    @Test func directionTextLeavesOutTheDirectionWhenThereIsNone() {
        #expect(zurich.directionText(to: zurich) == "0 m")
    }

    @Test(arguments: [("5km", 5000.0), ("2.5 km", 2500), ("500m", 500), ("500", 500), ("3mi", 4828.032),
                      (" 1KM ", 1000), ("20038km", 20_038_000)])
    func aDistanceIsReadInKilometresMetresMilesOrBareMetres(_ text: String, _ metres: Double) throws {
        #expect(abs(try Coordinate.metres(parsing: text) - metres) < 0.001)
    }

    @Test(arguments: ["", "km", "-5km", "0", "0m", "5 parsecs", "nan", "inf", "1e400km", "5e1km", "0x10km", "1.2.3km"])
    func aTextThatIsNoNumberAboveZeroInAUnitItKnowsIsNotADistance(_ text: String) {
        #expect(throws: DistanceParseError.notADistance) { try Coordinate.metres(parsing: text) }
    }

    @Test(arguments: ["20039km", "20038001m", "12452mi", "99999999999999999999km"])
    func aDistanceBeyondHalfTheEarthsCircumferenceIsFartherThanAnyPlace(_ text: String) {
        #expect(throws: DistanceParseError.fartherThanAnyPlace) { try Coordinate.metres(parsing: text) }
    }

    @Test("from the North Pole every cache is south, from the South Pole north, whatever their longitude",
          arguments: [(90_000_000, "S"), (-90_000_000, "N")])
    func fromAPoleEveryWayIsOneWay(poleLatitude: Int32, direction: String) throws {
        let pole = try #require(Coordinate(latitudeMicrodegrees: poleLatitude, longitudeMicrodegrees: 0))
        for longitude in [0, 45_000_000, 180_000_000, -90_000_000] as [Int32] {
            let cache = try #require(Coordinate(latitudeMicrodegrees: 0, longitudeMicrodegrees: longitude))
            #expect(pole.directionText(to: cache).hasSuffix(" " + direction), "\(longitude)")
        }
    }
}
