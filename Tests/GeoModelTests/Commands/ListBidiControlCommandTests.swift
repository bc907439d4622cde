import Foundation
import Testing
@testable import GeoModel
import GeoTestSupport

/// `list` and the controls that reorder text (Trojan Source): a line writes them by
/// number, as it writes control characters, whether it goes to a terminal or a pipe;
/// `--json` writes them as JSON's `\u` escapes, which its readers take back unchanged.
@Suite struct ListBidiControlCommandTests {
    static let reversed = GeoCache(title: "Oak \u{202E}kao\u{202C} tree", details: "\u{2067}east\u{2069} side",
                                   creator: "ana\u{200F}", reward: "Coin")

    @Test(arguments: StoreKind.allCases) func listWritesBidiControlsByNumber(_ kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        try fixture.store.saveCaches([Self.reversed])
        for extra in [[], ["--codes"], ["--match", "oak"]] {
            let result = try GeocacheTUIBinary.run(["list", "--store", fixture.storeArgument] + extra)
            #expect(result.status == 0, "\(result.error)")
            #expect(result.output.hasSuffix(
                "Oak \\u{202E}kao\\u{202C} tree\t\\u{2067}east\\u{2069} side\tana\\u{200F}\tCoin\n"), "\(extra)")
        }
    }

    @Test func listOnATerminalShowsNoBidiControl() throws {
        let fixture = try StoreFixture(.sqlite)
        try fixture.store.saveCaches([Self.reversed])
        let terminal = try PseudoTerminal()
        let process = Process()
        process.executableURL = GeocacheTUIBinary.url
        process.arguments = ["list", "--store", fixture.storeArgument]
        process.environment = GeocacheTUIBinary.inheritedEnvironment
        process.standardOutput = terminal.slaveHandle
        try process.run()
        terminal.closeSlave()
        terminal.readToEnd()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(terminal.text.contains("Oak \\u{202E}kao\\u{202C} tree"))
        #expect(!terminal.text.unicodeScalars.contains { $0.properties.isBidiControl })
    }

    @Test func listJSONEscapesBidiControlsAndGivesTheTextBack() throws {
        let fixture = try StoreFixture(.sqlite)
        try fixture.store.saveCaches([Self.reversed])
        let result = try GeocacheTUIBinary.run(["list", "--store", fixture.storeArgument, "--json"])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains(#""Oak \u202ekao\u202c tree""#), "\(result.output)")
        #expect(!result.output.unicodeScalars.contains { $0.properties.isBidiControl })
        let read = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String: Any]]
        #expect(read?.first?["title"] as? String == Self.reversed.title)
        #expect(read?.first?["creator"] as? String == Self.reversed.creator)
    }
}
