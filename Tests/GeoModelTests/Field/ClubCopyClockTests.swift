import Foundation
import GeoModel
import GeoTestSupport
import Testing

/// A copy dated ahead of this machine's clock (refreshed while the clock was ahead, or
/// read now that it is behind) is never "just now": it says the clocks disagree.
@Suite struct ClubCopyClockTests {
    @Test(arguments: [
        (-60, "1 min from now: the clocks disagree"), (-59 * 60, "59 min from now: the clocks disagree"),
        (-3 * 3600, "3 h from now: the clocks disagree"), (-365 * 86400, "365 days from now: the clocks disagree"),
    ])
    func aCopyDatedAheadOfTheClockSaysTheClocksDisagree(_ seconds: Int, _ text: String) {
        let refreshed = Date(timeIntervalSince1970: 1_800_000_000)
        #expect(ClubCopy.age(of: refreshed, now: refreshed.addingTimeInterval(TimeInterval(seconds))) == text)
    }

    @Test func aCopyDatedLessThanAMinuteAheadIsJustNow() {
        let refreshed = Date(timeIntervalSince1970: 1_800_000_000)
        #expect(ClubCopy.age(of: refreshed, now: refreshed.addingTimeInterval(-59)) == "just now")
    }

    @Test func aCopyDatedAbsurdlyFarAheadIsSaidWithoutTrapping() {
        #expect(ClubCopy.age(of: .distantFuture, now: .distantPast)
                == "more than a million days from now: the clocks disagree")
    }

    @Test func theCopyOpenedAsAStoreSaysTheClocksDisagreeInItsReason() throws {
        let home = try FieldHome()
        defer { home.directory.remove() }
        let club = try PostgresStore(url: try PostgresTestServer.shared().makeDatabase())
        try club.add(Samples.oak)
        let copy = ClubCopy(files: home.files())
        try copy.refresh(from: club, area: nil)
        try CopyDating.shift(home.files(), by: CopyDating.yearAhead)

        #expect(try copy.open().readOnlyReason
                == "club store away; showing the copy of 365 days from now: the clocks disagree")
    }
}
