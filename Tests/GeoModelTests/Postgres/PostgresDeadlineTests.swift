import Testing
@testable import GeoModel

/// The length of a wait as the messages about a server that did not answer give it.
@Suite struct PostgresDeadlineTests {
    @Test("what is left of a longer wait reads as the wait it is, not as a float's last digits",
          arguments: [(4.999_99, "5"), (2, "2"), (0.25, "0.25"), (12.5, "12.5")])
    func aWaitIsShownInThreeSignificantDigits(_ seconds: Double, _ shown: String) {
        #expect(PostgresDeadline(seconds: seconds).shownSeconds == shown)
    }
}
