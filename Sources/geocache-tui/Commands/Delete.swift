import ArgumentParser
import GeoModel

extension GeocacheTUICommand {
    /// `geocache-tui delete`: deletes one cache.
    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "delete",
            abstract: CommandHelp.Delete.abstract,
            discussion: CommandHelp.Delete.discussion
        )

        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var target: CacheTarget

        func run() throws {
            let session = try storeOptions.openSession(creatingStore: false)
            let target = try session.cache(named: target)
            try session.run { try session.delete(target) }
            try CommandOutput.output(line: CommandText.deleted(target.cache))
        }
    }
}
