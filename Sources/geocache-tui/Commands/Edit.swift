import ArgumentParser
import GeoModel

extension GeocacheTUICommand {
    /// `geocache-tui edit`: changes fields of one cache, validated like the form.
    struct Edit: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit",
            abstract: CommandHelp.Edit.abstract,
            discussion: CommandHelp.Edit.discussion
        )

        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var target: CacheTarget

        @Option(parsing: .unconditional, help: ArgumentHelp(CommandHelp.Edit.owner, valueName: "role"),
                transform: { text in
                    // An empty role (an unset variable) names no member: a usage error.
                    guard !text.trimmingCharacters(in: .whitespaces).isEmpty else {
                        throw ValidationError(CommandText.emptyOwner)
                    }
                    guard text.utf8.count <= CacheOwner.longestRole else {
                        throw ValidationError(CommandText.ownerTooLong(text.utf8.count))
                    }
                    return CacheOwner(argument: text)
                })
        var owner: CacheOwner?

        @Option(parsing: .unconditional, help: ArgumentHelp(CommandHelp.Edit.title)) var title: String?
        @Option(parsing: .unconditional, help: ArgumentHelp(CommandHelp.Edit.details)) var details: String?
        @Option(parsing: .unconditional, help: ArgumentHelp(CommandHelp.Edit.creator)) var creator: String?
        @Option(parsing: .unconditional, help: ArgumentHelp(CommandHelp.Edit.reward)) var reward: String?

        @Option(parsing: .unconditional,
                help: ArgumentHelp(CommandHelp.Edit.at, valueName: "coordinates"),
                transform: { .init(try CoordinateArgument.parseOrNone($0)) })
        var at: PlaceChange?

        /// A new place, or none: `--at none` is not the same as no `--at`.
        struct PlaceChange {
            let coordinate: Coordinate?
            init(_ coordinate: Coordinate?) { self.coordinate = coordinate }
        }

        func validate() throws {
            guard title != nil || details != nil || creator != nil || reward != nil || at != nil || owner != nil else {
                throw ValidationError(CommandText.noFieldToEdit)
            }
            if owner != nil, case .file(let path, _)? = try? storeOptions.location() {
                throw ValidationError(CommandText.ownerIsForAClubStore(path))
            }
        }

        func run() throws {
            let session = try storeOptions.openSession(creatingStore: false)
            let base = try session.cache(named: target)
            // The hand-over is stored first, a write of its own: said when the change after it was not stored.
            var handed: StoredCache?
            _ = try session.run({ try session.update(base, to: edited(base.cache), handingOverTo: owner) { handed = $0 } },
                                sayingFirst: { handed.map { [CommandText.handedOverAlone($0)] } ?? [] })
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
