import ArgumentParser
import Foundation
import GeoModel

/// The options every subcommand shares: which store to use.
struct StoreOptions: ParsableArguments {
    @Option(
        name: .long,
        parsing: .unconditional,
        help: ArgumentHelp(CommandHelp.Store.store, valueName: "path-or-url"),
        completion: .file())
    var store: String?

    /// A malformed URL, in `--store` or `GEOCACHE_STORE`, is a usage error (exit 64).
    func validate() throws {
        do {
            _ = try location()
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// Where the chosen store is.
    func location() throws(StoreLocation.Invalid) -> StoreLocation {
        if let store { return try StoreLocation(store) }
        return try StoreLocation.standard()
    }
}
