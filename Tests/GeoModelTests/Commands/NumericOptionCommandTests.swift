import Foundation
import GeoModel
import GeoTestSupport
import Testing

/// Absurd numbers in every numeric option, given to the real binary on a club store of a
/// real PostgreSQL server: each is refused as a usage error (exit 64) with the range it
/// takes, or, in range, names nothing and says so; none traps.
@Suite(.serialized) struct NumericOptionCommandTests {
    /// The greatest number a whole-number option holds.
    static let greatest = String(Int64.max)

    /// Runs the binary on a club store of the shared server holding one cache at Zürich,
    /// with a data directory of its own.
    private static func runOnClub(_ arguments: [String]) throws -> GeocacheTUIBinary.Result {
        let data = try TemporaryDirectory()
        defer { data.remove() }
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_DATA_HOME"] = data.url.path
        environment["GEOCACHE_STORE"] = try PostgresTestServer.shared().makeDatabase()
        let add = try GeocacheTUIBinary.run(["add", "--title", "Old Oak", "--details", "d", "--creator", "c",
                                             "--reward", "r", "--at", "47.368717, 8.540933"], environment: environment)
        #expect(add.status == 0, "stderr was: \(add.error)")
        return try GeocacheTUIBinary.run(arguments, environment: environment)
    }

    @Test(arguments: ["10000000000000000km", "100000000000000000km", "99999999999999999999km",
                      "1" + String(repeating: "0", count: 300) + "km", "20039km", "20038001m"])
    func syncWithinBeyondHalfTheEarthsCircumferenceIsAUsageErrorNotACrash(_ distance: String) throws {
        let sync = try Self.runOnClub(["sync", "--within", distance, "--near", "47.368717, 8.540933"])
        #expect(sync.status == 64, "stderr was: \(sync.error)")
        #expect(sync.error.contains("“\(distance)” is farther than any place can be: give at most 20038 km"),
                "stderr was: \(sync.error)")
        #expect(sync.output.isEmpty)
    }

    @Test(arguments: [("3mi", "4.83 km"), ("5000", "5.00 km"), (" 2.5 KM ", "2.50 km")])
    func syncWithinReadsADistanceAsListDoes(_ distance: String, _ said: String) throws {
        let sync = try Self.runOnClub(["sync", "--within", distance, "--near", "47.368717, 8.540933"])
        #expect(sync.status == 0, "stderr was: \(sync.error)")
        #expect(sync.output.hasPrefix("delivered 0 changes; the copy holds 1 cache (within \(said) of N 47"),
                "stdout was: \(sync.output)")
    }

    @Test func syncWithinHalfTheEarthsCircumferenceCopiesEveryPlacedCacheAndSaysSo() throws {
        let sync = try Self.runOnClub(["sync", "--within", "20038km", "--near", "-47.368717, -171.459067"])
        #expect(sync.status == 0, "stderr was: \(sync.error)")
        #expect(sync.output.hasPrefix("delivered 0 changes; the copy holds 1 cache (within 20038 km of S 47"),
                "stdout was: \(sync.output)")
    }

    @Test(arguments: [
        ["list", "--limit", "99999999999999999999"],
        ["edit", "--position", "99999999999999999999", "--reward", "Coin"],
        ["delete", "--position", "-99999999999999999999"],
        ["edit", "--id", "99999999999999999999", "--reward", "Coin"],
        ["delete", "--id", "184467440737095516160"],
        ["sync", "--discard", "99999999999999999999"],
        ["sync", "--overwrite", "99999999999999999999"],
    ])
    func aWholeNumberBeyondWhatTheOptionHoldsIsAUsageErrorGivingTheRange(_ arguments: [String]) throws {
        let run = try Self.runOnClub(arguments)
        #expect(run.status == 64, "stderr was: \(run.error)")
        #expect(run.error.contains("is out of range: give a whole number from "), "stderr was: \(run.error)")
        #expect(run.error.contains(" to \(Self.greatest)."))
    }

    @Test(arguments: [["list", "--limit", "ten"], ["delete", "--id", "1.5"], ["sync", "--discard", "3rd"]])
    func textInAWholeNumberOptionIsAUsageError(_ arguments: [String]) throws {
        let run = try Self.runOnClub(arguments)
        #expect(run.status == 64, "stderr was: \(run.error)")
        #expect(run.error.contains("is not a whole number: give one such as 3."), "stderr was: \(run.error)")
    }

    @Test func theGreatestLimitListsEveryCacheNearestFirst() throws {
        let list = try Self.runOnClub(["list", "--near", "47.368717, 8.540933", "--limit", Self.greatest])
        #expect(list.status == 0, "stderr was: \(list.error)")
        #expect(list.output.hasPrefix("0 m\t"), "stdout was: \(list.output)")
        #expect(list.output.contains("\tOld Oak\t"))
    }

    @Test(arguments: [
        (["delete", "--position", greatest], "there is no cache at position \(greatest): the store holds 1"),
        (["edit", "--id", greatest, "--reward", "Coin"], "there is no cache with id \(greatest)"),
        (["sync", "--discard", greatest], "there is no waiting change \(greatest): nothing waits on this machine"),
        (["sync", "--overwrite", greatest], "there is no waiting change \(greatest): nothing waits on this machine"),
    ])
    func theGreatestWholeNumberNamesNothingAndSaysSo(_ arguments: [String], _ message: String) throws {
        let run = try Self.runOnClub(arguments)
        #expect(run.status == 1, "stderr was: \(run.error)")
        #expect(run.error.contains(message), "stderr was: \(run.error)")
    }

    @Test(arguments: ["99999999999999999999, 8.5", "47.3, 1e300", "N99999999999999999999 22.123 E008 32.456"])
    func coordinatesOffTheEarthAreAUsageError(_ place: String) throws {
        let run = try Self.runOnClub(["list", "--near", place])
        #expect(run.status == 64, "stderr was: \(run.error)")
        #expect(run.error.contains("is invalid for '--near"), "stderr was: \(run.error)")
    }
}
