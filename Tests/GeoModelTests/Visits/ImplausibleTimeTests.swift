import Foundation
@testable import GeoModel
import Testing

/// A visit or a find dated when none can have been made (before geocaching began, or
/// well after this machine's clock) is a typo, refused before anything is written.
@Suite struct ImplausibleTimeTests {
    @Test func aVisitBeforeGeocachingBeganIsRefusedAsATypo() {
        let visit = Visit(code: "GC1OAK", time: "0000-06-01T00:00:00Z", type: .attended, text: "x")
        let error = try? #require(throws: FinderInputError.self) { try visit.validated() }
        #expect(error?.description == "\"0000-06-01T00:00:00Z\" is before geocaching began (2000-05-03): a typo in the year?")
    }

    @Test func aVisitMoreThanADayAfterTheClockIsRefusedNamingTheClock() throws {
        let now = Date()
        let error = try #require(throws: FinderInputError.self) { try Visit.checkPlausible("9999-12-31T23:59:00Z", now: now) }
        #expect(error == .implausibleTime("9999-12-31T23:59:00Z", clock: GPSFix.timeText(now)))
        #expect(error.description.hasSuffix("is more than a day after this machine's clock (\(GPSFix.timeText(now))): a typo in the year?"))
    }

    @Test func aVisitOnTheFirstDayOrWithinADayAheadOfTheClockIsKept() throws {
        let now = Date()
        try Visit.checkPlausible("2000-05-03T09:00:00Z", now: now)
        try Visit.checkPlausible(UTCTime.spelling(of: now.addingTimeInterval(20 * 3600)), now: now)
    }

    @Test func aFoundDateInTheFutureIsRefused() {
        #expect(throws: FinderInputError.self) { try OwnData(found: "2099-01-01").validated() }
    }
}
