import ArgumentParser
import GeoModel

/// How `edit` and `delete` name the one cache they act on: `--position N` (1-based,
/// in stored order, as `list --numbered` and the screen's "3 of 12" count),
/// `--id N` (the store's identifier, as `list --ids` prints; stable while other
/// caches come and go) or `--code CODE` (the cache's code, as `list --codes` prints;
/// the same in every store and file).
///
/// Each takes the next argument as its value even when it starts with a dash, so
/// `--position -1` is refused as a position below 1 and `--code -1` as no code, not as
/// a missing value; an option's name there still is one (``LeadingDashValue``).
struct CacheTarget: ParsableArguments {
    @Option(parsing: .unconditional,
            help: ArgumentHelp(CommandHelp.Target.position, valueName: "n"),
            transform: { try WholeNumberArgument.parse($0, least: 1) })
    var position: Int?

    @Option(parsing: .unconditional,
            help: ArgumentHelp(CommandHelp.Target.id, valueName: "n"),
            transform: { try WholeNumberArgument.parse($0, least: 1) })
    var id: Int64?

    @Option(parsing: .unconditional,
            help: ArgumentHelp(CommandHelp.Target.code, valueName: "code"))
    var code: String?

    func validate() throws {
        let given = [position != nil, id != nil, code != nil].filter { $0 }.count
        if given > 1 { throw ValidationError(CommandText.oneTarget) }
        if let code {
            guard CacheCode.normalized(code) != nil else {
                throw ValidationError(CommandText.notACode(code))
            }
            return
        }
        switch (position, id) {
        case (nil, nil): throw ValidationError(CommandText.noTarget)
        case (let position?, nil) where position < 1:
            throw ValidationError(CommandText.positionBelowOne(position))
        case (nil, let id?) where id < 1:
            throw ValidationError(CommandText.idBelowOne(id))
        default: break
        }
    }

    /// The cache the options name, for the write session.
    var name: WriteSession.CacheName {
        if let code { return .code(code) }
        if let position { return .position(position) }
        return .id(CacheID(rawValue: id ?? 0))
    }
}
