import ArgumentParser
import GeoModel

extension GeocacheTUICommand {
    /// The default command: the full-screen form on the chosen store.
    struct Interactive: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "interactive",
            abstract: CommandHelp.Interactive.abstract
        )

        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var positionOptions: PositionOptions

        func run() throws {
            let location: StoreLocation
            do {
                location = try storeOptions.location()
            } catch {
                throw CommandFailure.report(error)
            }
            try runInteractiveApp(location: location, position: positionOptions)
        }
    }
}
