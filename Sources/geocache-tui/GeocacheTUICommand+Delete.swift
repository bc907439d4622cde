import ArgumentParser
import GeoModel

extension GeocacheTUICommand {
    /// `geocache-tui delete`: deletes one cache.
    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "delete",
            abstract: "Delete one cache.",
            discussion: """
                Name the cache with --position or --id. The deleted cache is printed as \
                `list` prints it, so a script can log what it removed. If another process \
                changes or deletes it while the command runs, nothing is deleted and the \
                exit status is 1.
                """
        )

        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var target: CacheTarget

        func run() throws {
            let store = try storeOptions.openStore()
            let stored = try target.resolve(in: store)
            do {
                try store.delete(stored)
            } catch {
                throw CommandFailure.report(error)
            }
            print("deleted: " + stored.cache.tabSeparatedLine)
        }
    }
}
