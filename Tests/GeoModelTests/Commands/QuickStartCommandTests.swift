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
        // Standard input is /dev/null here: the store is opened, then the terminal refused.
        #expect(quick.status == 2)
        #expect(quick.error.hasPrefix("geocache-tui: standard input is not a terminal"))
        #expect(quick.status == parsed.status && quick.error == parsed.error && quick.output == parsed.output)
        #expect(FileManager.default.fileExists(atPath: store))
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
}
