import GeoTestSupport
import Testing
@testable import GeoModel

/// Written then read, a coordinate comes back to the precision the written form shows.
@Suite struct CoordinateRoundTripTests {
    /// Random coordinates over the whole globe, the same on every run.
    static func randomCoordinates(count: Int, seed: UInt64) -> [Coordinate] {
        var generator = SeededGenerator(state: seed)
        return (0..<count).map { _ in
            coordinate(Int32.random(in: -90_000_000...90_000_000, using: &generator),
                       Int32.random(in: -180_000_000...180_000_000, using: &generator))
        }
    }

    @Test func theGeocachingFormReadsBackWithinHalfAThousandthOfAMinute() throws {
        // Written to the nearest thousandth of a minute, read to the nearest microdegree:
        // off by at most half of each.
        let tolerance = 0.0005 + 0.5 * 60 / 1_000_000
        for original in Self.randomCoordinates(count: 2_000, seed: 25) {
            let read = try Coordinate(parsing: original.geocachingText)
            let latitudeMinutes = Double(read.latitudeMicrodegrees - original.latitudeMicrodegrees) * 60 / 1_000_000
            let longitudeMinutes = Double(read.longitudeMicrodegrees - original.longitudeMicrodegrees) * 60 / 1_000_000
            #expect(abs(latitudeMinutes) <= tolerance, "\(original.decimalText)")
            #expect(abs(longitudeMinutes) <= tolerance, "\(original.decimalText)")
        }
    }

    @Test func theGeocachingFormReadBackIsWrittenTheSame() throws {
        for original in Self.randomCoordinates(count: 2_000, seed: 2_500) {
            #expect(try Coordinate(parsing: original.geocachingText).geocachingText == original.geocachingText)
        }
    }

    @Test func theDecimalFormReadsBackExactly() throws {
        for original in Self.randomCoordinates(count: 2_000, seed: 250) {
            #expect(try Coordinate(parsing: original.decimalText) == original)
        }
    }
}
