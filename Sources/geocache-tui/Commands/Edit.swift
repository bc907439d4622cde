import ArgumentParser
import GeoModel

extension GeocacheTUICommand {
    /// `geocache-tui edit`: changes fields of one cache, validated like the form.
    struct Edit: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit",
            abstract: "Change fields of one cache.",
            discussion: """
                Name the cache with --position, --id or --code; the fields not given keep \
                their value, and so do its code and listing. --at COORDINATES moves it \
                (as add --at takes them), --at none removes its place. The result must be valid like a new cache: a field left empty (or \
                only whitespace) is named on standard error and nothing is written. If \
                another process changes or deletes the cache while the edit runs, nothing \
                is written and the exit status is 1. Prints nothing on success. \
                On a club store, a write whose reply was lost is looked up and reported as it \
                happened (exit status 0 when it was stored); when the server cannot be asked in \
                time, the exit status is 75 and the message says it is not known. \
                A script that retries names the cache with --code: a position may name \
                another cache by then. \
                On a club store that cannot be reached (field mode), the edit is kept on this \
                machine and delivered, in order and exactly once, by the next command on that store or by \
                sync; standard error says so ("kept on this machine: 2 changes waiting for the club \
                store") and the exit status is 0. The cache is then named in the copy kept by sync \
                (--position and --id count there), or by --code among the adds waiting too.
                """
        )

        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var target: CacheTarget

        @Option(help: "The new title.") var title: String?
        @Option(help: "The new details.") var details: String?
        @Option(help: "The new creator.") var creator: String?
        @Option(help: "The new reward.") var reward: String?

        @Option(parsing: .unconditional,
                help: ArgumentHelp("Where the cache is now, or \"none\" for no place.", valueName: "coordinates"),
                transform: { .init(try CoordinateArgument.parseOrNone($0)) })
        var at: PlaceChange?

        /// A new place, or none: `--at none` is not the same as no `--at`.
        struct PlaceChange {
            let coordinate: Coordinate?
            init(_ coordinate: Coordinate?) { self.coordinate = coordinate }
        }

        func validate() throws {
            guard title != nil || details != nil || creator != nil || reward != nil || at != nil else {
                throw ValidationError("Give at least one of --title, --details, --creator, --reward, --at.")
            }
        }

        func run() throws {
            let session = try storeOptions.openSession()
            let base = try session.cache(named: target)
            let cache = edited(base.cache)
            guard cache != base.cache else { return }
            try session.run { try session.update(base, to: cache) }
        }

        /// `cache` with the fields the options give.
        private func edited(_ cache: GeoCache) -> GeoCache {
            var cache = cache
            if let title { cache.title = title }
            if let details { cache.details = details }
            if let creator { cache.creator = creator }
            if let reward { cache.reward = reward }
            if let at { cache.coordinate = at.coordinate }
            return cache
        }
    }
}
