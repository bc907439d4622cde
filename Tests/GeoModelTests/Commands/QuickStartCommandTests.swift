import Foundation
import Testing
@testable import GeoModel
import GeoTestSupport

/// The command lines that skip the argument parser (`QuickStart` in the executable):
/// each must end exactly as the same request through the parser does.
@Suite struct QuickStartCommandTests {
    @Test(arguments: [false, true])
    func theFormOnAStoreEndsAsTheInteractiveCommandDoes(joined: Bool) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = directory.file().path
        let quick = try GeocacheTUIBinary.run(joined ? ["--store=\(store)"] : ["--store", store])
        let parsed = try GeocacheTUIBinary.run(["interactive", "--store", store])
        // Standard input is /dev/null here: the terminal is refused before a store that is
        // not there yet is made.
        #expect(quick.status == 2)
        #expect(quick.error.hasPrefix("geocache-tui: standard input is not a terminal"))
        #expect(quick.status == parsed.status && quick.error == parsed.error && quick.output == parsed.output)
        #expect(!FileManager.default.fileExists(atPath: store))
    }

    @Test("a form that cannot start makes no store, so it takes no cache another process stored in a new file at the same time")
    func aFormThatCannotStartLeavesAnotherProcesssNewStore() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        // Each round starts the two together; the form once took the new file away after
        // the add had stored its cache there in about half of them.
        for round in 0..<20 {
            let store = directory.file("round\(round).sqlite").path
            let form = try GeocacheTUIBinary.start(["--store", store])
            let add = try GeocacheTUIBinary.run(["add", "--store", store, "--title", "T\(round)", "--details", "d",
                                                  "--creator", "c", "--reward", "r"])
            form.waitUntilExit()
            #expect(form.terminationStatus == 2)
            #expect(add.status == 0, "\(add.error)")
            #expect(try GeocacheTUIBinary.run(["list", "--store", store]).output == "T\(round)\td\tc\tr\n", "round \(round)")
        }
    }

    @Test func aStoreThatCannotBeOpenedFailsAsThroughTheParser() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let quick = try GeocacheTUIBinary.run(["--store", directory.url.path])
        let parsed = try GeocacheTUIBinary.run(["interactive", "--store", directory.url.path])
        #expect(quick.status == 1)
        #expect(quick.error.hasPrefix("geocache-tui: "))
        #expect(quick.status == parsed.status && quick.error == parsed.error)
    }

    @Test func anUnusableURLIsStillTheParsersUsageError() throws {
        let url = "postgres://ana@host:port/caches"
        let result = try GeocacheTUIBinary.run(["--store", url])
        #expect(result.status == 64)
        #expect(result.error.contains("is not a usable PostgreSQL URL"))
    }

    @Test("an empty --store is a usage error, and the default store is not touched",
          arguments: [["--store", ""], ["--store="], ["list", "--store", ""], ["add", "--title", "T", "--store", ""],
                      // Not the next argument taken as the store (`list` made a store named list).
                      ["--store=", "list"], ["--store=", "export"], ["list", "--store=", "--json"],
                      ["--store=", "add", "--title", "a", "--details", "b", "--creator", "c", "--reward", "d"]])
    func anEmptyStoreIsAUsageError(arguments: [String]) throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let environment = ["HOME": home.url.path, "XDG_DATA_HOME": home.file("data").path,
                           "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]
        let result = try GeocacheTUIBinary.run(arguments, environment: environment)
        #expect(result.status == 64)
        #expect(result.error.contains("--store is empty"), "stderr was: \(result.error)")
        #expect(!FileManager.default.fileExists(atPath: home.file("data").path))
    }

    @Test("a HOME that does not exist is said, and neither it nor anything under it is made",
          arguments: [["add", "--title", "T", "--details", "D", "--creator", "C", "--reward", "R"], ["list"]])
    func aMissingHomeIsNotMade(arguments: [String]) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let home = directory.file("nonexistent")
        let environment = ["HOME": home.path, "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]
        let result = try GeocacheTUIBinary.run(arguments, environment: environment)
        #expect(result.status != 0)
        if arguments == ["list"] {
            #expect(result.error.contains("there is no store at \(home.path)/.local/share/geocache-tui/caches.sqlite"),
                    "stderr was: \(result.error)")
        } else {
            #expect(result.error.contains("the home directory \(home.path) (HOME) does not exist"),
                    "stderr was: \(result.error)")
        }
        #expect(!FileManager.default.fileExists(atPath: home.path))
    }

    @Test("a quoted ~ in --store or GEOCACHE_STORE is $HOME, not the password database's home directory",
          arguments: [true, false])
    func aTildeInTheStorePathIsHome(inEnvironment: Bool) throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        var environment = ["HOME": home.url.path, "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]
        var arguments = ["add", "--title", "T", "--details", "D", "--creator", "C", "--reward", "R"]
        if inEnvironment { environment["GEOCACHE_STORE"] = "~/tilde.sqlite" } else { arguments += ["--store", "~/tilde.sqlite"] }
        let result = try GeocacheTUIBinary.run(arguments, environment: environment)
        #expect(result.status == 0, "\(result.error)")
        #expect(FileManager.default.fileExists(atPath: home.file("tilde.sqlite").path))
    }

    @Test("a --store path that ends with a slash is a usage error, and nothing is made there",
          arguments: [[], ["list"], ["add", "--title", "T", "--details", "D", "--creator", "C", "--reward", "R"]])
    func aStorePathEndingWithASlashIsAUsageError(command: [String]) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let value = directory.file("caches").path + "/"
        let result = try GeocacheTUIBinary.run(command + ["--store", value])
        #expect(result.status == 64)
        #expect(result.error.contains("ends with a slash, so it names a directory"))
        #expect(result.error.contains(value + "caches.sqlite"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).isEmpty)
    }
}
