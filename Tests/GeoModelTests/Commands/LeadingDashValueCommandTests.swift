import Foundation
import Testing
@testable import GeoModel
import GeoTestSupport

/// Values that begin with `-`, run through the built executable: text is text
/// (`--details "-5 m from the tree"`, `--details=-5 m`) unless it is one of the
/// command's option names, which is still a missing value; a negative number is a
/// value, refused with its own message where it makes no sense.
@Suite struct LeadingDashValueCommandTests {
    /// Text that begins with a dash, as issue 35 typed it.
    static let dashed = "-5 m from the tree"

    /// `add` with every field given, `field` as `value`.
    private func addArguments(_ store: String, _ field: GeoCache.Field, _ value: String) -> [String] {
        var values: [GeoCache.Field: String] = [.title: "Oak", .details: "Behind it", .creator: "ana", .reward: "Coin"]
        values[field] = value
        return ["add", "--store", store] + GeoCache.Field.allCases.flatMap { ["--\($0.key)", values[$0] ?? ""] }
    }

    @Test("Every text option of add takes a value that begins with a dash", arguments: GeoCache.Field.allCases)
    func addTakesADashedValue(_ field: GeoCache.Field) throws {
        let fixture = try StoreFixture()
        let result = try GeocacheTUIBinary.run(addArguments(fixture.storeArgument, field, Self.dashed))
        #expect(result.status == 0, "\(result.error)")
        #expect(try fixture.open().first()?.cache[field] == Self.dashed)
    }

    @Test("Every text option of edit takes a value that begins with a dash, two dashes included",
          arguments: GeoCache.Field.allCases)
    func editTakesADashedValue(_ field: GeoCache.Field) throws {
        let fixture = try StoreFixture()
        try fixture.store.add(Samples.oak)
        for value in [Self.dashed, "--- hidden ---"] {
            let result = try GeocacheTUIBinary.run(["edit", "--store", fixture.storeArgument, "--position", "1",
                                                    "--\(field.key)", value])
            #expect(result.status == 0, "\(result.error)")
            #expect(try fixture.open().first()?.cache[field] == value)
        }
    }

    @Test("Text of three dashes or an equals sign after two is a value too",
          arguments: ["--- hidden ---", "---", "--=x", "-=5", "-"])
    func dashesTheParserWouldRefuseAreAValue(_ value: String) throws {
        let fixture = try StoreFixture()
        let result = try GeocacheTUIBinary.run(addArguments(fixture.storeArgument, .details, value))
        #expect(result.status == 0, "\(result.error)")
        #expect(try fixture.open().first()?.cache.details == value)
    }

    @Test("An option's name after a value of three dashes is still a missing value")
    func optionNameAfterThreeDashes() throws {
        let fixture = try StoreFixture()
        let result = try GeocacheTUIBinary.run(["add", "--store", fixture.storeArgument, "--details", "---",
                                                "--title", "--creator", "c"])
        #expect(result.status == 64, "\(result.error)")
        #expect(result.error.hasPrefix("Error: Missing value for '--title <title>'"), "\(result.error)")
    }

    @Test("The = form takes a value that begins with a dash", arguments: ["add", "edit"])
    func equalsFormTakesADashedValue(_ command: String) throws {
        let fixture = try StoreFixture()
        try fixture.store.add(Samples.oak)
        let target = command == "edit" ? ["--position", "1"] : ["--title", "Oak", "--creator", "ana", "--reward", "Coin"]
        let result = try GeocacheTUIBinary.run([command, "--store", fixture.storeArgument] + target
            + ["--details=-5 m from the tree"])
        #expect(result.status == 0, "\(result.error)")
        #expect(try fixture.open().loadCaches().last?.details == Self.dashed)
    }

    @Test("An option's name where a text's value should be is still a missing value naming that option",
          arguments: [
              (["add", "--title", "--details", "x"], "--title <title>"),
              (["add", "--title", "t", "--details", "--creator=ana"], "--details <details>"),
              (["add", "--reward", "--help"], "--reward <reward>"),
              (["add", "--title", "--version", "--details", "d"], "--title <title>"),
              (["add", "--creator", "--at", "47.1, 8.5"], "--creator <creator>"),
              (["edit", "--position", "1", "--reward", "--title", "x"], "--reward <reward>"),
              (["edit", "--code", "--title", "x"], "--code <code>"),
              (["edit", "--position", "--title", "x"], "--position <n>"),
              (["list", "--match", "--json"], "--match <text>"),
              (["list", "--limit", "--json"], "--limit <n>"),
              (["export", "--output", "--quiet"], "--output <file>"),
          ])
    func optionNameIsNoValue(_ arguments: [String], _ option: String) throws {
        let fixture = try StoreFixture()
        try fixture.store.add(Samples.oak)
        let result = try GeocacheTUIBinary.run([arguments[0], "--store", fixture.storeArgument] + arguments.dropFirst())
        #expect(result.status == 64, "\(result.error)")
        #expect(result.error.hasPrefix("Error: Missing value for '\(option)'"), "\(result.error)")
        #expect(result.error.contains("Usage: geocache-tui \(arguments[0]) "), "\(result.error)")
        #expect(try fixture.store.loadCaches().withoutCodes == [Samples.oak])
    }

    @Test("An option's name as a value is a missing value with --store before the subcommand too")
    func optionNameIsNoValueAfterStore() throws {
        let fixture = try StoreFixture()
        let result = try GeocacheTUIBinary.run(["--store", fixture.storeArgument, "add", "--title", "--details", "x"])
        #expect(result.status == 64, "\(result.error)")
        #expect(result.error.hasPrefix("Error: Missing value for '--title <title>'"), "\(result.error)")
        #expect(try fixture.store.count() == 0)
    }

    @Test("list --match finds text that begins with a dash")
    func matchTakesADashedValue() throws {
        let fixture = try StoreFixture()
        try fixture.store.saveCaches([Samples.oak, GeoCache(title: "Lake", details: Self.dashed, creator: "bo", reward: "Pen")])
        let result = try GeocacheTUIBinary.run(["list", "--store", fixture.storeArgument, "--match", "-5 m"])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output == "Lake\t\(Self.dashed)\tbo\tPen\n")
    }

    @Test("export --output takes a file name that begins with a dash")
    func outputTakesADashedName() throws {
        let fixture = try StoreFixture()
        try fixture.store.add(Samples.oak)
        let shell = try GeocacheTUIBinary.startShell(
            "cd '\(fixture.directory.url.path)' && \"$BIN\" export --quiet --store '\(fixture.storeArgument)' -o -caches.json")
        try shell.waitForExit()
        #expect(shell.terminationStatus == 0)
        let written = try Data(contentsOf: fixture.directory.file("-caches.json"))
        #expect(String(decoding: written, as: UTF8.self).contains("Old Oak"))
    }

    @Test("A code that begins with a dash is a code to look for, not a missing value")
    func dashedCodeIsACode() throws {
        let fixture = try StoreFixture()
        try fixture.store.add(Samples.oak)
        let result = try GeocacheTUIBinary.run(["delete", "--store", fixture.storeArgument, "--code", "-GC1"])
        #expect(result.status == 1)
        #expect(result.error == "geocache-tui: there is no cache with the code -GC1\n", "\(result.error)")
        #expect(try fixture.store.count() == 1)
    }

    @Test("A negative --limit is refused saying limits start at 0")
    func negativeLimit() throws {
        let fixture = try StoreFixture()
        let result = try GeocacheTUIBinary.run(["list", "--store", fixture.storeArgument, "--limit", "-1"])
        #expect(result.status == 64)
        #expect(result.error.hasPrefix("Error: --limit must be 0 or more, not -1."), "\(result.error)")
    }

    @Test("sync --discard or --overwrite below 1 is refused saying sequence numbers start at 1",
          arguments: [("--discard", "-1"), ("--overwrite", "-1"), ("--discard", "0")])
    func sequenceBelowOne(_ option: String, _ value: String) throws {
        let port = try SilentListener.closedPort()
        let result = try GeocacheTUIBinary.run(["sync", "--store", "postgres://nobody@127.0.0.1:\(port)/club",
                                                option, value])
        #expect(result.status == 64)
        #expect(result.error.hasPrefix("Error: Sequence numbers start at 1: \(option) \(value) names no waiting change "
            + "(see sync --status)."), "\(result.error)")
    }

    @Test("Coordinates in the south and west take a minus sign in add --at, also in the = form")
    func negativeCoordinates() throws {
        let fixture = try StoreFixture()
        let result = try GeocacheTUIBinary.run(["add", "--store", fixture.storeArgument, "--title", "Opera",
                                                "--details", "d", "--creator", "c", "--reward", "r",
                                                "--at=-33.856784, -151.215297"])
        #expect(result.status == 0, "\(result.error)")
        #expect(try fixture.open().first()?.cache.coordinate
            == Coordinate(latitudeMicrodegrees: -33_856_784, longitudeMicrodegrees: -151_215_297))
    }
}
