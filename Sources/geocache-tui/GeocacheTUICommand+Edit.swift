import ArgumentParser
import GeoModel

extension GeocacheTUICommand {
    /// `geocache-tui edit`: changes fields of one cache, validated like the form.
    struct Edit: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit",
            abstract: "Change fields of one cache.",
            discussion: """
                Name the cache with --position or --id; the fields not given keep their \
                value. The result must be valid like a new cache: a field left empty (or \
                only whitespace) is named on standard error and nothing is written. If \
                another process changes or deletes the cache while the edit runs, nothing \
                is written and the exit status is 1. Prints nothing on success.
                """
        )

        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var target: CacheTarget

        @Option(help: "The new title.") var title: String?
        @Option(help: "The new details.") var details: String?
        @Option(help: "The new creator.") var creator: String?
        @Option(help: "The new reward.") var reward: String?

        func validate() throws {
            guard title != nil || details != nil || creator != nil || reward != nil else {
                throw ValidationError("Give at least one of --title, --details, --creator, --reward.")
            }
        }

        func run() throws {
            let store = try storeOptions.openStore()
            let stored = try target.resolve(in: store)
            var cache = stored.cache
            if let title { cache.title = title }
            if let details { cache.details = details }
            if let creator { cache.creator = creator }
            if let reward { cache.reward = reward }
            guard cache != stored.cache else { return }
            do {
                try store.update(stored, to: cache)
            } catch {
                throw CommandFailure.report(error)
            }
        }
    }
}
