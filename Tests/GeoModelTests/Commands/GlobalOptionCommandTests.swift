import Foundation
import Testing
@testable import GeoModel
import GeoTestSupport

/// `--store` before the subcommand means what it means after it, and a usage error
/// names the option that is wrong with the usage of the subcommand that was meant.
@Suite("Global options before the subcommand")
struct GlobalOptionCommandTests {
    private let fields = ["--title", "Old Oak", "--details", "Behind the tree", "--creator", "ana", "--reward", "Travel bug"]

    @Test func storeBeforeTheSubcommandAddsToThatStore() throws {
        let fixture = try StoreFixture(.sqlite)
        let result = try GeocacheTUIBinary.run(["--store", fixture.storeArgument, "add"] + fields)
        #expect(result.status == 0, "stderr: \(result.error)")
        #expect(try fixture.store.loadCaches().withoutCodes == [Samples.oak])
    }

    @Test func storeBeforeAndAfterTheSubcommandListTheSameStore() throws {
        let fixture = try StoreFixture(.sqlite)
        try fixture.store.add(Samples.oak)
        let before = try GeocacheTUIBinary.run(["--store", fixture.storeArgument, "list"])
        let after = try GeocacheTUIBinary.run(["list", "--store", fixture.storeArgument])
        #expect(before.status == 0)
        #expect(before.output == after.output)
        #expect(before.output == "Old Oak\tBehind the tree\tana\tTravel bug\n")
    }

    @Test func storeWithAnEqualsSignBeforeTheSubcommandWorks() throws {
        let fixture = try StoreFixture(.sqlite)
        let result = try GeocacheTUIBinary.run(["--store=\(fixture.storeArgument)", "add"] + fields)
        #expect(result.status == 0, "stderr: \(result.error)")
        #expect(try fixture.store.count() == 1)
    }

    @Test func aMalformedStoreURLBeforeTheSubcommandIsAUsageError() throws {
        let result = try GeocacheTUIBinary.run(["--store", "postgres://ana:Pw-1234@host:port/caches", "list"])
        #expect(result.status == 64)
        #expect(result.error.hasPrefix("Error: "))
        #expect(!result.error.contains("Pw-1234"))
    }

    @Test func aMisspelledOptionAfterAGlobalStoreIsNamedWithTheSubcommandsUsage() throws {
        let fixture = try StoreFixture(.sqlite)
        let result = try GeocacheTUIBinary.run(["--store", fixture.storeArgument, "add", "--titel", "x"])
        #expect(result.status == 64)
        #expect(result.error.hasPrefix("Error: Unknown option '--titel'. Did you mean '--title'?\n"))
        #expect(result.error.contains("Usage: geocache-tui add [--store <path-or-url>] [--title <title>]"))
        #expect(try fixture.store.count() == 0)
    }

    @Test func aMisspelledGlobalOptionIsNamedWithTheUsageOfTheSubcommandThatFollows() throws {
        let result = try GeocacheTUIBinary.run(["--stor", "x.sqlite", "add"] + fields)
        #expect(result.status == 64)
        #expect(result.error.hasPrefix("Error: Unknown option '--stor'. Did you mean '--store'?\n"))
        #expect(result.error.contains("Usage: geocache-tui add "))
        #expect(!result.error.contains("interactive"))
    }

    @Test func aSubcommandsOptionBeforeTheSubcommandIsNamedAsMisplaced() throws {
        let fixture = try StoreFixture(.sqlite)
        let result = try GeocacheTUIBinary.run(["--title", "Old Oak", "add", "--store", fixture.storeArgument])
        #expect(result.status == 64)
        #expect(result.error.hasPrefix(
            "Error: Unknown option '--title' (only --store may come before the subcommand; put the other options after 'add')\n"))
        #expect(result.error.contains("Usage: geocache-tui add "))
        #expect(try fixture.store.count() == 0)
    }

    @Test func anUnknownOptionWithoutASubcommandStillNamesTheDefaultCommand() throws {
        let result = try GeocacheTUIBinary.run(["--bogus"])
        #expect(result.status == 64)
        #expect(result.error.hasPrefix("Error: Unknown option '--bogus'\n"))
        #expect(result.error.contains("Usage: geocache-tui interactive"))
    }

    @Test func theRootHelpShowsStoreAsAGlobalOption() throws {
        let result = try GeocacheTUIBinary.run(["--help"])
        #expect(result.status == 0)
        #expect(result.output.contains("USAGE: geocache-tui [--store <path-or-url>] <subcommand>"))
    }
}
