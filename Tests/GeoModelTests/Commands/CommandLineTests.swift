import Foundation
import Testing
@testable import GeoModel
import GeoTestSupport

/// The scripting command line, run as a separate process.
@Suite struct CommandLineTests {
    @Test func versionPrintsTheNameAndVersion() throws {
        let result = try GeocacheTUIBinary.run(["--version"])
        #expect(result.status == 0)
        #expect(result.output == "geocache-tui 0.1.0\n")
    }

    @Test(arguments: [[], ["add"], ["list"]])
    func helpWorksOnEveryCommand(_ command: [String]) throws {
        let result = try GeocacheTUIBinary.run(command + ["--help"])
        #expect(result.status == 0)
        #expect(result.output.contains("--store"))
    }

    @Test func aSubcommandNameWithASlipIsRefusedNamingTheOneMeant() throws {
        let result = try GeocacheTUIBinary.run(["lst"])
        #expect(result.status == 64)
        #expect(result.error.hasPrefix("Error: Unknown subcommand 'lst'. Did you mean 'list'?\n"), "\(result.error)")
        #expect(result.error.contains("See 'geocache-tui --help'"))
    }

    @Test func aNestedSubcommandNameWithASlipIsRefusedNamingTheOneMeantAtItsLevel() throws {
        let result = try GeocacheTUIBinary.run(["club", "nit"])
        #expect(result.status == 64)
        #expect(result.error.hasPrefix("Error: Unknown subcommand 'nit'. Did you mean 'init'?\n"), "\(result.error)")
        #expect(result.error.contains("See 'geocache-tui club --help'"), "\(result.error)")
    }

    @Test("club without a subcommand is a usage error naming its subcommands, with the usage on standard error and nothing on standard output")
    func clubWithoutASubcommandIsAUsageErrorNamingItsSubcommands() throws {
        let result = try GeocacheTUIBinary.run(["club"])
        #expect(result.status == 64)
        #expect(result.output.isEmpty, "\(result.output)")
        #expect(result.error == """
            Error: 'club' needs a subcommand: init.
            Usage: geocache-tui club <subcommand>
              See 'geocache-tui club --help' for more information.

            """, "\(result.error)")
    }

    @Test("club --help still shows the help, with exit status 0")
    func clubHelpStillShowsTheHelp() throws {
        let result = try GeocacheTUIBinary.run(["club", "--help"])
        #expect(result.status == 0)
        #expect(result.output.contains("SUBCOMMANDS:"), "\(result.output)")
        #expect(result.error.isEmpty, "\(result.error)")
    }

    @Test("a word that names no subcommand and is no slip of one is refused as an unknown subcommand, not as the form's argument")
    func aWordThatNamesNoSubcommandIsRefusedAsAnUnknownSubcommand() throws {
        let result = try GeocacheTUIBinary.run(["xyzzy"])
        #expect(result.status == 64)
        #expect(result.error.hasPrefix("Error: Unknown subcommand 'xyzzy'.\n"), "\(result.error)")
        #expect(result.error.contains("See 'geocache-tui --help'"), "\(result.error)")
    }

    @Test func helpOfASubcommandNameWithASlipIsRefusedNamingTheOneMeant() throws {
        let result = try GeocacheTUIBinary.run(["help", "lst"])
        #expect(result.status == 64)
        #expect(result.output.isEmpty, "\(result.output)")
        #expect(result.error.hasPrefix("Error: Unknown subcommand 'lst'. Did you mean 'list'?\n"), "\(result.error)")
    }

    @Test func helpOfANestedSubcommandNameWithASlipNamesTheOneMeantAtItsLevel() throws {
        let result = try GeocacheTUIBinary.run(["help", "club", "nit"])
        #expect(result.status == 64)
        #expect(result.error.hasPrefix("Error: Unknown subcommand 'nit'. Did you mean 'init'?\n"), "\(result.error)")
        #expect(result.error.contains("See 'geocache-tui club --help'"), "\(result.error)")
    }

    @Test("an option the command does not have is named before the values of the others are checked")
    func anUnknownOptionIsNamedBeforeTheOtherOptionsValuesAreChecked() throws {
        let result = try GeocacheTUIBinary.run(["list", "--within", "5", "--titel"])
        #expect(result.status == 64)
        #expect(result.error.hasPrefix("Error: Unknown option '--titel'.\n"), "\(result.error)")
        #expect(result.error.contains("See 'geocache-tui list --help'"), "\(result.error)")
    }

    @Test("an option sync does not have is named on a file store, not that sync is for a club store")
    func anUnknownSyncOptionOnAFileStoreIsNamed() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let result = try GeocacheTUIBinary.run(["sync", "--store", directory.file("caches.sqlite").path, "--bogus=1"])
        #expect(result.status == 64)
        #expect(result.error.hasPrefix("Error: Unknown option '--bogus'.\n"), "\(result.error)")
        #expect(!result.error.contains("club store"), "\(result.error)")
    }

    @Test func theParsersOwnOptionsAreNotRefusedAsUnknown() throws {
        let result = try GeocacheTUIBinary.run(["--generate-completion-script", "bash"])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains("geocache-tui"))
    }

    @Test func helpOfACommandFollowedByAWordThatNamesNothingIsAUsageError() throws {
        let result = try GeocacheTUIBinary.run(["help", "add", "zzz"])
        #expect(result.status == 64)
        #expect(result.error.hasPrefix("Error: Unknown subcommand 'zzz'."), "\(result.error)")
    }

    @Test("--help or -h before a subcommand's name prints that subcommand's help, not the form's",
          arguments: ["--help", "-h"])
    func helpFlagBeforeASubcommandPrintsItsHelp(_ flag: String) throws {
        let result = try GeocacheTUIBinary.run([flag, "add"])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.hasPrefix("OVERVIEW: Add one cache to the store."), "\(result.output)")
    }

    @Test func helpOfHelpIsHelpsOwn() throws {
        let result = try GeocacheTUIBinary.run(["help", "help"])
        #expect(result.status == 0, "\(result.error)")
    }

    @Test(arguments: [["log", "GC1A2B3", "note", "-dash"], ["import", "-hx.gpx"]])
    func aValueBeginningWithADashIsAUsageErrorNamingDashDashNotHelp(_ arguments: [String]) throws {
        let result = try GeocacheTUIBinary.run(arguments)
        #expect(result.status == 64)
        #expect(result.output.isEmpty, "\(result.output)")
        #expect(result.error.contains("A value that begins with - goes after --"), "\(result.error)")
    }

    @Test func addThenListPrintsOneLinePerCacheInStoredOrder() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = directory.file().path
        for cache in [Samples.oak, GeoCache(title: "Two\nlines", details: "tab\there", creator: "東京", reward: "🧭")] {
            let result = try GeocacheTUIBinary.run(["add", "--store", store, "--title", cache.title,
                                                    "--details", cache.details, "--creator", cache.creator,
                                                    "--reward", cache.reward])
            #expect(result.status == 0 && result.error.isEmpty)
        }
        let list = try GeocacheTUIBinary.run(["list", "--store", store])
        #expect(list.status == 0)
        #expect(list.output == """
            Old Oak\tBehind the tree\tana\tTravel bug
            Two\\nlines\ttab\\there\t東京\t🧭

            """)
    }

    @Test func addWithEmptyFieldsNamesThemAndCreatesNoStore() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = directory.file()
        let result = try GeocacheTUIBinary.run(["add", "--store", store.path, "--title", "Oak", "--details", "  "])
        #expect(result.status == 1)
        #expect(result.error == "geocache-tui: Details, Creator and Reward are empty\n")
        #expect(!FileManager.default.fileExists(atPath: store.path))
    }

    @Test func listJSONIsAPrettySortedArrayOfTheLabsDictionaries() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let caches = [Samples.oak, GeoCache(title: "Ünïcode \"q\"", details: "a/b\nc", creator: "\u{1B}", reward: "🧭")]
        try SQLiteStore(url: directory.file()).saveCaches(caches)
        let result = try GeocacheTUIBinary.run(["list", "--json", "--store", directory.file().path])
        #expect(result.status == 0)
        let decoded = try JSONDecoder().decode([[String: String]].self, from: Data(result.output.utf8))
        #expect(decoded.compactMap(GeoCache.init(fromDictionary:)).withoutCodes == caches)
        #expect(result.output.hasPrefix("[\n  {\n    \"code\" : \"GT"))
        #expect(result.output.contains("\",\n    \"creator\" : \"ana\",\n    \"details\" : "))
        #expect(result.output.contains("Ünïcode") && result.output.contains("🧭") && result.output.contains("a/b"))
    }

    @Test func listJSONOfAnEmptyStoreIsAnEmptyArray() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        _ = try SQLiteStore(url: directory.file())
        let result = try GeocacheTUIBinary.run(["list", "--json", "--store", directory.file().path])
        #expect(result.output == "[]\n")
    }

    @Test func storeEnvironmentVariablePicksTheStore() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var environment = ProcessInfo.processInfo.environment
        environment["GEOCACHE_STORE"] = directory.file("env.sqlite").path
        let add = try GeocacheTUIBinary.run(["add", "--title", "a", "--details", "b", "--creator", "c", "--reward", "d"],
                                            environment: environment)
        #expect(add.status == 0)
        #expect(try SQLiteStore(url: directory.file("env.sqlite")).count() == 1)
    }

    @Test(arguments: [["list"], ["add", "--title", "a", "--details", "b", "--creator", "c", "--reward", "d"], []])
    func badStoreFileIsReportedInOneLineAndLeftUnchanged(_ command: [String]) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file()
        try Data("PK\u{3}\u{4} not a store".utf8).write(to: url)
        let before = FileSnapshot(url)
        let result = try GeocacheTUIBinary.run(command + ["--store", url.path])
        #expect(result.status == 1)
        #expect(result.error.hasPrefix("geocache-tui: \(url.path) is not a geocache-tui store"))
        #expect(result.error.split(separator: "\n").count == 1)
        #expect(result.output.isEmpty)
        #expect(FileSnapshot(url) == before)
    }

    @Test("edit --owner with an empty role is a usage error naming no member, before any store is opened")
    func anEmptyOwnerIsAUsageError() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let result = try GeocacheTUIBinary.run(["edit", "--code", "GC1", "--owner", "", "--store", directory.file().path])
        #expect(result.status == 64)
        #expect(result.error.contains("it names no member: give a member's role, or club for the club"), "\(result.error)")
        #expect(!FileManager.default.fileExists(atPath: directory.file().path))
    }

    @Test("edit --owner with a role longer than PostgreSQL keeps is a usage error, not handed to the role it was cut to")
    func anOwnerLongerThanARoleNameIsAUsageError() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let role = String(repeating: "a", count: 64)
        let result = try GeocacheTUIBinary.run(["edit", "--code", "GC1", "--owner", role, "--store", directory.file().path])
        #expect(result.status == 64)
        #expect(result.error.contains("it is 64 bytes long, and PostgreSQL's role names are at most 63"), "\(result.error)")
        #expect(!FileManager.default.fileExists(atPath: directory.file().path))
    }
}
