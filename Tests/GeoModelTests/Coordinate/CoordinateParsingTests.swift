import Testing
@testable import GeoModel

/// The coordinate `text` reads as, or a failed expectation.
func coordinate(_ text: String) throws -> Coordinate {
    try Coordinate(parsing: text)
}

/// The coordinate of the given microdegrees, which are in range.
func coordinate(_ latitude: Int32, _ longitude: Int32) -> Coordinate {
    Coordinate(latitudeMicrodegrees: latitude, longitudeMicrodegrees: longitude)!
}

/// The error `text` is refused with, or `nil` when it is read.
func refusal(_ text: String) -> CoordinateParseError? {
    do {
        _ = try Coordinate(parsing: text)
        return nil
    } catch {
        return error
    }
}

@Suite struct CoordinateParsingTests {
    /// Zurich's main station, as the examples write it: N 47° 22.123′ E 008° 32.456′.
    let zurich = coordinate(47_368_717, 8_540_933)
    /// The same place to a tenth of a second: 47°22'07.4"N 8°32'27.4"E.
    let zurichInSeconds = coordinate(47_368_722, 8_540_944)

    @Test func readsDegreesAndMinutesWithoutMarks() throws {
        #expect(try coordinate("N47 22.123 E008 32.456") == zurich)
    }

    @Test func readsDegreesAndMinutesWithDegreeSignsAndPrimes() throws {
        #expect(try coordinate("N 47° 22.123′ E 8° 32.456′") == zurich)
    }

    @Test func readsDegreesAndMinutesWithApostrophesForPrimes() throws {
        #expect(try coordinate("N 47° 22.123' E 8° 32.456'") == zurich)
    }

    @Test func readsDegreesAndMinutesWithTheHemisphereAfter() throws {
        #expect(try coordinate("47 22.123 N 8 32.456 E") == zurich)
    }

    @Test func readsItsOwnGeocachingForm() throws {
        #expect(try coordinate("N 47° 22.123′ E 008° 32.456′") == zurich)
    }

    @Test func readsSouthAndWestAsNegative() throws {
        #expect(try coordinate("S33 51.407 W151 12.918") == coordinate(-33_856_783, -151_215_300))
    }

    @Test func readsLowerCaseHemispheres() throws {
        #expect(try coordinate("n47 22.123 e008 32.456") == zurich)
        #expect(try coordinate("s33 51.407 w151 12.918") == coordinate("S33 51.407 W151 12.918"))
    }

    @Test func ignoresExtraSpaces() throws {
        #expect(try coordinate("   N  47°  22.123′    E   008°  32.456′   ") == zurich)
    }

    @Test func readsDecimalDegreesSeparatedByACommaExactly() throws {
        let read = try coordinate("47.368717, 8.540933")
        #expect(read.latitudeMicrodegrees == 47_368_717)
        #expect(read.longitudeMicrodegrees == 8_540_933)
    }

    @Test func readsDecimalDegreesSeparatedByASpace() throws {
        #expect(try coordinate("47.368717 8.540933") == zurich)
    }

    @Test func readsDecimalDegreesWithACommaAndNoSpace() throws {
        #expect(try coordinate("47.368717,8.540933") == zurich)
    }

    @Test func readsNegativeDecimalDegreesAsSouthAndWest() throws {
        #expect(try coordinate("-33.856784, -151.215297") == coordinate(-33_856_784, -151_215_297))
    }

    @Test func readsTheMinusSignAndThePlusSign() throws {
        #expect(try coordinate("−33.856784, +151.215297") == coordinate(-33_856_784, 151_215_297))
    }

    @Test func readsWholeDecimalDegrees() throws {
        #expect(try coordinate("47 8") == coordinate(47_000_000, 8_000_000))
    }

    @Test func readsDecimalDegreesWithHemisphereLetters() throws {
        #expect(try coordinate("S 33.856784 W 151.215297") == coordinate(-33_856_784, -151_215_297))
        #expect(try coordinate("33.856784S, 151.215297W") == coordinate(-33_856_784, -151_215_297))
    }

    @Test func roundsDecimalDegreesBeyondSixDecimalsToTheNearestMicrodegree() throws {
        #expect(try coordinate("47.3687174, 8.5409336") == coordinate(47_368_717, 8_540_934))
    }

    @Test func readsDegreesMinutesAndSecondsWithTheHemisphereAfter() throws {
        #expect(try coordinate(#"47°22'07.4"N 8°32'27.4"E"#) == zurichInSeconds)
    }

    @Test func readsDegreesMinutesAndSecondsWithTheHemisphereBefore() throws {
        #expect(try coordinate(#"N 47°22'07.4" E 8°32'27.4""#) == zurichInSeconds)
    }

    @Test func readsDegreesMinutesAndSecondsWithPrimeCharacters() throws {
        #expect(try coordinate("47°22′07.4″N 8°32′27.4″E") == zurichInSeconds)
    }

    @Test func readsTwoApostrophesAsSeconds() throws {
        #expect(try coordinate("47°22'07.4''N 8°32'27.4''E") == zurichInSeconds)
    }

    @Test func readsDegreesMinutesAndSecondsWithoutMarks() throws {
        #expect(try coordinate("N 47 22 07.4 E 8 32 27.4") == zurichInSeconds)
    }

    @Test func readsDegreesMinutesAndSecondsInTheSouthAndWest() throws {
        #expect(try coordinate("33°51'24.4\"S 151°12'55.1\"W") == coordinate(-33_856_778, -151_215_306))
    }

    @Test func readsALatitudeAndAnEastLongitudeWrittenTogetherAsSuch() throws {
        #expect(try coordinate("N47E8") == coordinate(47_000_000, 8_000_000))
        #expect(try coordinate("47E8") == coordinate(47_000_000, 8_000_000))
    }

    @Test func readsThePolesAndTheDateLine() throws {
        #expect(try coordinate("N 90° 00.000′ E 180° 00.000′") == coordinate(90_000_000, 180_000_000))
        #expect(try coordinate("S 90° 00.000′ W 180° 00.000′") == coordinate(-90_000_000, -180_000_000))
        #expect(try coordinate("90, 180") == coordinate(90_000_000, 180_000_000))
        #expect(try coordinate("-90, -180") == coordinate(-90_000_000, -180_000_000))
    }

    @Test func readsMinutesJustBelow60() throws {
        #expect(try coordinate("N 47 59.999 E 8 59.999") == coordinate(47_999_983, 8_999_983))
    }

    @Test func readsSecondsJustBelow60() throws {
        #expect(try coordinate(#"47°22'59.9"N 8°32'59.9"E"#) == coordinate(47_383_306, 8_549_972))
    }
}

@Suite struct CoordinateRefusalTests {
    @Test(arguments: ["", "   ", "\t\n"])
    func refusesEmptyText(_ text: String) {
        #expect(refusal(text) == .empty)
        #expect(refusal(text)?.description == "No coordinates given")
    }

    @Test func refusesALatitudeBeyond90DegreesNamingIt() {
        let error = refusal("N 90 00.001 E 8 00.000")
        #expect(error == .latitudeBeyond90(written: "N 90 00.001"))
        #expect(error?.description == "The latitude N 90 00.001 is beyond 90°")
    }

    @Test func refusesADecimalLatitudeBeyond90Degrees() {
        #expect(refusal("-90.000001, 8.5") == .latitudeBeyond90(written: "-90.000001"))
    }

    @Test func refusesALongitudeBeyond180DegreesNamingIt() {
        let error = refusal("N 47° 00.000′ W 180° 00.001′")
        #expect(error == .longitudeBeyond180(written: "W 180° 00.001′"))
        #expect(error?.description == "The longitude W 180° 00.001′ is beyond 180°")
    }

    @Test func refusesADecimalLongitudeBeyond180Degrees() {
        #expect(refusal("47.5, 180.5") == .longitudeBeyond180(written: "180.5"))
    }

    @Test func refusesMinutesOfExactly60NamingTheAngle() {
        let error = refusal("N 47 60.000 E 8 32.456")
        #expect(error == .minutesNotBelow60(.latitude, written: "60.000"))
        #expect(error?.description == "The latitude's minutes, 60.000, are 60 or more")
    }

    @Test("a sign on the minutes or seconds is refused, not dropped", arguments: [
        ("N47 -22.123 E8 32.456", CoordinateParseError.signedMinutesOrSeconds(.latitude, written: "-22.123")),
        ("N47 22.123 E8 -32.456", .signedMinutesOrSeconds(.longitude, written: "-32.456")),
        ("N47 22 -07.4 E8 32 27.4", .signedMinutesOrSeconds(.latitude, written: "-07.4")),
    ])
    func refusesASignedMinuteOrSecond(_ text: String, _ expected: CoordinateParseError) {
        #expect(refusal(text) == expected)
    }

    @Test func refusesLongitudeMinutesOfMoreThan60() {
        let error = refusal("N 47 22.123 E 8 61.5")
        #expect(error == .minutesNotBelow60(.longitude, written: "61.5"))
        #expect(error?.description == "The longitude's minutes, 61.5, are 60 or more")
    }

    @Test func refusesSecondsOf60NamingTheAngle() {
        let error = refusal(#"47°22'60"N 8°32'27.4"E"#)
        #expect(error == .secondsNotBelow60(.latitude, written: "60"))
        #expect(error?.description == "The latitude's seconds, 60, are 60 or more")
    }

    @Test func refusesLongitudeSecondsOfMoreThan60() {
        #expect(refusal(#"47°22'07.4"N 8°32'60.5"E"#) == .secondsNotBelow60(.longitude, written: "60.5"))
    }

    @Test func refusesMinutesWithoutAnyHemisphere() {
        let error = refusal("47 22.123 8 32.456")
        #expect(error == .missingHemisphere(.latitude))
        #expect(error?.description == "The latitude has no hemisphere: write N or S before or after it")
    }

    @Test func refusesALatitudeWithMinutesButNoHemisphere() {
        #expect(refusal("47 22.123 E008 32.456") == .missingHemisphere(.latitude))
    }

    @Test func refusesALongitudeWithMinutesButNoHemisphere() {
        let error = refusal("N47 22.123 008 32.456")
        #expect(error == .missingHemisphere(.longitude))
        #expect(error?.description == "The longitude has no hemisphere: write E or W before or after it")
    }

    @Test func refusesASignInsteadOfAHemisphereWithMinutes() {
        #expect(refusal("-47 22.123, -8 32.456") == .missingHemisphere(.latitude))
    }

    @Test func refusesEastOrWestForTheLatitude() {
        let error = refusal("E8 32.456 N47 22.123")
        #expect(error == .wrongHemisphere(.latitude, letter: "E"))
        #expect(error?.description == "The latitude's hemisphere must be N or S, not E")
    }

    @Test func refusesNorthOrSouthForTheLongitude() {
        let error = refusal("N47 22.123 S008 32.456")
        #expect(error == .wrongHemisphere(.longitude, letter: "S"))
        #expect(error?.description == "The longitude's hemisphere must be E or W, not S")
    }

    @Test func refusesASignTogetherWithAHemisphere() {
        let error = refusal("N -47.368717 E 8.540933")
        #expect(error == .signAndHemisphere(.latitude))
        #expect(error?.description == "The latitude has both a sign and a hemisphere: write only one")
    }

    @Test(arguments: ["47.368717", "N 47 22.123", "47.368717,"])
    func refusesALatitudeAlone(_ text: String) {
        #expect(refusal(text) == .missingLongitude)
        #expect(refusal(text)?.description == "The longitude is missing")
    }

    @Test func refusesTrailingTextNamingIt() {
        let error = refusal("N47 22.123 E008 32.456 near the bridge")
        #expect(error == .trailingText("near the bridge"))
        #expect(error?.description == "Unexpected “near the bridge” after the coordinates")
    }

    @Test func refusesAThirdNumber() {
        #expect(refusal("47.368717, 8.540933, 410") == .trailingText(", 410"))
    }

    @Test func refusesTextThatIsNotACoordinate() {
        let error = refusal("Zurich")
        #expect(error == .unexpectedText("Zurich"))
        #expect(error?.description == "“Zurich” is not part of a coordinate")
    }

    @Test func refusesALetterThatIsNoHemisphere() {
        #expect(refusal("X47 22.123 E8 32.456") == .unexpectedText("X"))
    }

    @Test func refusesAHemisphereWithoutDegrees() {
        #expect(refusal("N") == .unexpectedText("N"))
    }

    @Test func refusesANumberWithAnExponentNamingIt() {
        let error = refusal("1e308, 8")
        #expect(error == .exponent("1e308"))
        #expect(error?.description == "“1e308” is a number with an exponent: write the degrees out, such as 47.368717")
    }

    @Test(arguments: [("47.3e1, 8", "47.3e1"), ("47, -1E+5", "-1E+5"), ("4.7E1, 8.5", "4.7E1"), ("4.71e1 8.2", "4.71e1")])
    func refusesAnExponentWhereverItStands(_ text: String, _ written: String) {
        #expect(refusal(text) == .exponent(written))
    }

    @Test("decimal commas are refused showing the coordinate with points",
          arguments: [("47,368717 8,540933", "47.368717, 8.540933"), ("-33,85 151,2", "-33.85, 151.2")])
    func refusesDecimalCommasShowingPoints(_ text: String, _ pointed: String) {
        let error = refusal(text)
        #expect(error == .decimalCommas(pointed: pointed))
        #expect(error?.description == "Decimals take a point, not a comma: write \(pointed)")
    }

    @Test func aCommaBetweenTwoWholeNumbersStillSeparatesLatitudeFromLongitude() throws {
        #expect(try Coordinate(parsing: "47,8") == Coordinate(latitudeMicrodegrees: 47_000_000, longitudeMicrodegrees: 8_000_000))
    }

    @Test func refusesTrailingTextAfterLettersWrittenTogetherAsTrailingText() {
        #expect(refusal("N47E8 near the bridge") == .trailingText("near the bridge"))
    }

    @Test("a latitude and a longitude written in different forms are refused naming both")
    func refusesAnglesWrittenInDifferentForms() {
        let error = refusal("N47.5 E8 32.456")
        #expect(error == .mixedForms(latitude: "N47.5", longitude: "E8 32.456"))
        #expect(error?.description == "The latitude “N47.5” and the longitude “E8 32.456” are written differently: "
                    + "write both in degrees, both with minutes, or both with seconds")
    }
}
