import ArgumentParser
import GeoModel

extension GeocacheTUICommand {
    /// `geocache-tui add`: stores one cache, validated like the form.
    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: CommandHelp.Add.abstract,
            discussion: CommandHelp.Add.discussion
        )

        @OptionGroup var storeOptions: StoreOptions

        @Option(parsing: .unconditional, help: ArgumentHelp(CommandHelp.Add.title))
        var title: String = ""

        @Option(parsing: .unconditional, help: ArgumentHelp(CommandHelp.Add.details))
        var details: String = ""

        @Option(parsing: .unconditional, help: ArgumentHelp(CommandHelp.Add.creator))
        var creator: String = ""

        @Option(parsing: .unconditional, help: ArgumentHelp(CommandHelp.Add.reward))
        var reward: String = ""

        @Option(parsing: .unconditional,
                help: ArgumentHelp(CommandHelp.Add.at, valueName: "coordinates"),
                transform: CoordinateArgument.parse)
        var at: Coordinate?

        func run() throws {
            let cache = GeoCache(title: title, details: details, creator: creator, reward: reward, coordinate: at)
            // Validate before touching the store, so a typo never creates a store file.
            do {
                _ = try cache.validated()
            } catch {
                throw CommandFailure.report(error)
            }
            let session = try storeOptions.openSession()
            try session.run { try session.add(cache) }
        }
    }
}
