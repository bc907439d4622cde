import ArgumentParser
import GeoModel

extension GeocacheTUICommand {
    /// `geocache-tui add`: stores one cache, validated like the form.
    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Add one cache to the store.",
            discussion: """
                Every field must hold something other than whitespace; otherwise the empty \
                fields are named on standard error and the exit status is 1. The cache is \
                committed to disk before the command returns, with a code of its own \
                (GT and seven letters and digits; see list --codes). --at gives its \
                coordinates as geocachers write them: "N47 22.123 E008 32.456", \
                "47.368717, 8.540933" or 47°22'07.4"N 8°32'27.4"E; a wrong one is refused \
                naming what is wrong, and nothing is stored. Prints nothing on success. \
                On a club store, a write whose reply was lost is looked up and reported as it \
                happened (exit status 0 when it was stored); when the server cannot be asked in \
                time, the exit status is 75 and the message says it is not known. \
                On a club store that cannot be reached (field mode), the change is kept on this \
                machine and delivered, in order and exactly once, by the next command on that store or by \
                sync; standard error says so ("kept on this machine: 2 changes waiting for the club \
                store") and the exit status is 0.
                """
        )

        @OptionGroup var storeOptions: StoreOptions

        @Option(help: "A title for the geocache.")
        var title: String = ""

        @Option(help: "Additional details: where it is, what to look for.")
        var details: String = ""

        @Option(help: "The name of the person who hid it.")
        var creator: String = ""

        @Option(help: "What can be found at the cache.")
        var reward: String = ""

        @Option(parsing: .unconditional,
                help: ArgumentHelp("Where the cache is, e.g. \"N47 22.123 E008 32.456\".", valueName: "coordinates"),
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
