import Foundation
import Testing
@testable import GeoModel
import GeoTestSupport

/// `list --match`, `edit` and `delete`, run through the built executable.
@Suite struct ScriptingCommandTests {
    static let caches = [
        GeoCache(title: "Zürich lake", details: "By the water", creator: "ana", reward: "Coin"),
        Samples.oak,
        GeoCache(title: "Café", details: "ZÜRICH road", creator: "bo", reward: "Pen"),
    ]

    private func makeStore(_ fixture: StoreFixture) throws -> String {
        try fixture.store.saveCaches(Self.caches)
        return fixture.storeArgument
    }

    @Test(arguments: StoreKind.allCases) func listMatchPrintsTheMatchesIgnoringCaseAndAccents(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let store = try makeStore(fixture)
        let result = try GeocacheTUIBinary.run(["list", "--store", store, "--match", "ZURICH"])
        #expect(result.status == 0)
        #expect(result.output == "Zürich lake\tBy the water\tana\tCoin\nCafé\tZÜRICH road\tbo\tPen\n")
    }

    @Test(arguments: StoreKind.allCases) func listMatchNumberedGivesStoredPositions(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let store = try makeStore(fixture)
        let result = try GeocacheTUIBinary.run(["list", "--store", store, "--match", "cafe", "--numbered"])
        #expect(result.output == "3\tCafé\tZÜRICH road\tbo\tPen\n")
    }

    @Test(arguments: StoreKind.allCases) func listMatchJSONHoldsOnlyTheMatches(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let store = try makeStore(fixture)
        let result = try GeocacheTUIBinary.run(["list", "--store", store, "--match", "oak", "--json"])
        let decoded = try JSONDecoder().decode([[String: String]].self, from: Data(result.output.utf8))
        #expect(decoded.compactMap(GeoCache.init(fromDictionary:)).withoutCodes == [Samples.oak])
    }

    @Test(arguments: StoreKind.allCases) func listLimitPrintsTheFirstCachesInEveryForm(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let store = try makeStore(fixture)
        let plain = try GeocacheTUIBinary.run(["list", "--store", store, "--limit", "2"])
        #expect(plain.status == 0, "stderr was: \(plain.error)")
        #expect(plain.output == "Zürich lake\tBy the water\tana\tCoin\nOld Oak\tBehind the tree\tana\tTravel bug\n")
        let numbered = try GeocacheTUIBinary.run(["list", "--store", store, "--limit", "1", "--numbered", "--match", "zurich"])
        #expect(numbered.output == "1\tZürich lake\tBy the water\tana\tCoin\n")
        let json = try GeocacheTUIBinary.run(["list", "--store", store, "--limit", "1", "--json"])
        let decoded = try JSONDecoder().decode([[String: String]].self, from: Data(json.output.utf8))
        #expect(decoded.compactMap(GeoCache.init(fromDictionary:)).withoutCodes == [Self.caches[0]])
    }

    @Test(arguments: StoreKind.allCases) func listLimitZeroPrintsNoCache(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let store = try makeStore(fixture)
        let plain = try GeocacheTUIBinary.run(["list", "--store", store, "--limit", "0"])
        #expect(plain.status == 0 && plain.output.isEmpty, "stderr was: \(plain.error)")
        let json = try GeocacheTUIBinary.run(["list", "--store", store, "--limit", "0", "--json"])
        #expect(json.output.filter { !$0.isWhitespace } == "[]")
    }

    /// Output that finds no room fails while the store is being read: it is the output's
    /// failure, not the store's.
    @Test(.enabled(if: FileManager.default.isWritableFile(atPath: "/dev/full")), arguments: StoreKind.allCases)
    func listIntoAFullDiskSaysTheOutputCannotBeWrittenNotTheStore(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let long = String(repeating: "d", count: 2_000)
        try fixture.store.saveCaches((1...300).map { GeoCache(title: "Cache \($0)", details: long, creator: "c", reward: "r") })
        for form in [[], ["--codes"], ["--match", "cache"], ["--near", "47, 8"], ["--json"]] {
            let result = try GeocacheTUIBinary.runTool(
                "/bin/sh", ["-c", "exec \"$0\" \"$@\" > /dev/full", GeocacheTUIBinary.url.path,
                            "list", "--store", fixture.storeArgument] + form)
            #expect(result.status == 1)
            #expect(result.error == "geocache-tui: cannot write standard output: \(String(cString: strerror(ENOSPC)))\n",
                    "list \(form)")
        }
    }

    @Test(arguments: StoreKind.allCases) func editByPositionChangesOnlyTheGivenFields(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let store = try makeStore(fixture)
        let result = try GeocacheTUIBinary.run(["edit", "--store", store, "--position", "2", "--reward", "Gold"])
        #expect(result.status == 0 && result.output.isEmpty && result.error.isEmpty)
        var expected = Self.caches
        expected[1].reward = "Gold"
        #expect(try fixture.open().loadCaches().withoutCodes == expected)
    }

    @Test(arguments: StoreKind.allCases) func editByIdUsesTheIdentifierListIdsPrints(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let store = try makeStore(fixture)
        let ids = try GeocacheTUIBinary.run(["list", "--store", store, "--ids"])
        let id = try #require(ids.output.split(separator: "\n").last?.split(separator: "\t").first)
        let result = try GeocacheTUIBinary.run(["edit", "--store", store, "--id", String(id), "--title", "Cafe 2"])
        #expect(result.status == 0)
        #expect(try fixture.open().loadCaches().last?.title == "Cafe 2")
    }

    @Test(arguments: StoreKind.allCases) func editThatEmptiesAFieldNamesItAndWritesNothing(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let store = try makeStore(fixture)
        let result = try GeocacheTUIBinary.run(["edit", "--store", store, "--position", "1", "--creator", " "])
        #expect(result.status == 1)
        #expect(result.error == "geocache-tui: Creator is empty\n")
        #expect(try fixture.open().loadCaches().withoutCodes == Self.caches)
    }

    @Test(arguments: StoreKind.allCases) func deleteByPositionRemovesThatCacheAndSaysWhich(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let store = try makeStore(fixture)
        let result = try GeocacheTUIBinary.run(["delete", "--store", store, "--position", "1"])
        #expect(result.status == 0)
        #expect(result.output == "deleted: Zürich lake\tBy the water\tana\tCoin\n")
        #expect(try fixture.open().loadCaches().withoutCodes == Array(Self.caches.dropFirst()))
    }

    @Test(arguments: [["delete", "--position", "4"], ["edit", "--position", "9", "--title", "x"],
                      ["delete", "--id", "99"]])
    func aMissingTargetFailsWithOneLineAndChangesNothing(_ command: [String]) throws {
        let fixture = try StoreFixture()
        let store = try makeStore(fixture)
        let result = try GeocacheTUIBinary.run(command + ["--store", store])
        #expect(result.status == 1)
        #expect(result.error.hasPrefix("geocache-tui: there is no cache "))
        #expect(result.error.split(separator: "\n").count == 1)
        #expect(try fixture.store.loadCaches().withoutCodes == Self.caches)
    }

    @Test(arguments: [["delete"], ["delete", "--position", "1", "--id", "1"], ["edit", "--position", "1"],
                      ["delete", "--position", "0"]])
    func aBadTargetIsAUsageError(_ command: [String]) throws {
        let fixture = try StoreFixture()
        let store = try makeStore(fixture)
        let result = try GeocacheTUIBinary.run(command + ["--store", store])
        #expect(result.status != 0)
        #expect(!result.error.isEmpty)
        #expect(try fixture.store.loadCaches().withoutCodes == Self.caches)
    }

    @Test(arguments: [["edit", "--position", "-1", "--title", "x"], ["edit", "--position", "0", "--title", "x"],
                      ["delete", "--position", "-1"], ["delete", "--position", "0"]])
    func aPositionBelowOneIsAUsageErrorSayingPositionsStartAtOne(_ command: [String]) throws {
        let fixture = try StoreFixture()
        let store = try makeStore(fixture)
        let result = try GeocacheTUIBinary.run(command + ["--store", store])
        #expect(result.status == 64)
        #expect(result.error.contains("Positions start at 1: --position \(command[2]) names no cache"),
                "stderr was: \(result.error)")
        #expect(try fixture.store.loadCaches().withoutCodes == Self.caches)
    }

    @Test(arguments: StoreKind.allCases) func anIdentifierBelowOneIsAUsageErrorSayingIdentifiersStartAtOne(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let store = try makeStore(fixture)
        let result = try GeocacheTUIBinary.run(["delete", "--id", "-1", "--store", store])
        #expect(result.status == 64)
        #expect(result.error.contains("Identifiers start at 1: --id -1 names no cache"), "stderr was: \(result.error)")
    }
}
