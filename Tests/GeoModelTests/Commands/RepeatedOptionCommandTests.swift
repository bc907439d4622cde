import Foundation
import Testing
@testable import GeoModel
import GeoTestSupport

/// An option given twice is a usage error naming it, for every option of every
/// command: the parser alone would keep the last value and carry on.
@Suite("Repeated options")
struct RepeatedOptionCommandTests {
    /// One named option or flag of a subcommand, as the parser describes it.
    struct Option: CustomTestStringConvertible, Sendable {
        var command: String
        var spellings: [String]
        var takesValue: Bool
        var testDescription: String { "\(command) \(spellings.joined(separator: "/"))" }
    }

    /// Every option and flag of every subcommand that takes one value, from the
    /// binary's own description of itself (`--experimental-dump-help`), so a new
    /// option is tested without being listed here.
    static let options: [Option] = {
        guard let root = try? describe([]), let subcommands = root["subcommands"] as? [[String: Any]] else { return [] }
        return subcommands.flatMap { subcommand -> [Option] in
            guard let name = subcommand["commandName"] as? String,
                  let arguments = subcommand["arguments"] as? [[String: Any]] else { return [] }
            return arguments.compactMap { argument in
                guard let kind = argument["kind"] as? String, kind != "positional",
                      argument["isRepeating"] as? Bool == false,
                      let names = argument["names"] as? [[String: Any]] else { return nil }
                let spellings = names.compactMap { name -> String? in
                    guard let text = name["name"] as? String else { return nil }
                    return name["kind"] as? String == "short" ? "-\(text)" : "--\(text)"
                }
                guard !spellings.contains("--help"), !spellings.contains("--version") else { return nil }
                return Option(command: name, spellings: spellings, takesValue: kind == "option")
            }
        }
    }()

    private static func describe(_ command: [String]) throws -> [String: Any]? {
        let result = try GeocacheTUIBinary.run(command + ["--experimental-dump-help"])
        let object = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
        return object?["command"] as? [String: Any]
    }

    @Test func everySubcommandHasItsOptionsDescribed() {
        let commands = Set(Self.options.map(\.command))
        #expect(commands.isSuperset(of: ["interactive", "add", "list", "edit", "delete", "export", "import"]))
    }

    @Test("Each option given twice is refused with its name and the subcommand's usage, and nothing runs",
          arguments: options)
    func optionGivenTwiceIsAUsageErrorNamingIt(option: Option) throws {
        let fixture = try StoreFixture(.sqlite)
        try fixture.store.add(Samples.oak)
        try fixture.store.add(Samples.bridge)
        let name = option.spellings.last!
        let once = option.takesValue ? [name, "1"] : [name]
        let storeFirst = name == "--store" ? [] : ["--store", fixture.storeArgument]
        let result = try GeocacheTUIBinary.run([option.command] + storeFirst + once + once)
        #expect(result.status == 64, "stderr: \(result.error)")
        #expect(result.error.hasPrefix("Error: \(name) is given more than once"))
        #expect(result.error.contains("Usage: geocache-tui \(option.command) "))
        #expect(try fixture.store.count() == 2)
    }

    @Test func deleteWithTwoPositionsDeletesNothing() throws {
        let fixture = try StoreFixture(.sqlite)
        try fixture.store.add(Samples.oak)
        try fixture.store.add(Samples.bridge)
        let result = try GeocacheTUIBinary.run(["delete", "--store", fixture.storeArgument,
                                                "--position", "1", "--position", "2"])
        #expect(result.status == 64)
        #expect(result.error.hasPrefix("Error: --position is given more than once"))
        #expect(try fixture.store.loadCaches().withoutCodes == [Samples.oak, Samples.bridge])
    }

    @Test func aShortAndALongNameOfOneOptionCountAsTheSameOption() throws {
        let result = try GeocacheTUIBinary.run(["export", "-o", "a.json", "--output=b.json"])
        #expect(result.status == 64)
        #expect(result.error.hasPrefix("Error: --output is given more than once"))
    }

    @Test func storeBeforeAndAfterTheSubcommandIsGivenTwice() throws {
        let result = try GeocacheTUIBinary.run(["--store", "a.sqlite", "list", "--store", "b.sqlite"])
        #expect(result.status == 64)
        #expect(result.error.hasPrefix("Error: --store is given more than once"))
        #expect(result.error.contains("Usage: geocache-tui list "))
    }

    @Test func aValueThatLooksLikeTheOptionIsAValueNotASecondOption() throws {
        let fixture = try StoreFixture(.sqlite)
        let result = try GeocacheTUIBinary.run(["add", "--store", fixture.storeArgument, "--title=--title",
                                                "--details", "d", "--creator", "c", "--reward", "r"])
        #expect(result.status == 0, "stderr: \(result.error)")
        #expect(try fixture.store.loadCaches().first?.title == "--title")
    }

    @Test func anOptionNameAfterDoubleDashIsAFileNameNotAnOption() throws {
        let fixture = try StoreFixture(.sqlite)
        let result = try GeocacheTUIBinary.run(["import", "--store", fixture.storeArgument, "--quiet", "--", "--quiet"])
        #expect(!result.error.contains("more than once"), "stderr: \(result.error)")
        #expect(result.error.contains("--quiet"), "the file named --quiet is the one that cannot be read")
    }
}
