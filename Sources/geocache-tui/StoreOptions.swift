import ArgumentParser
import Foundation
import GeoModel

/// The options every subcommand shares: which store file to use.
struct StoreOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The store file (default: $GEOCACHE_STORE, else $XDG_DATA_HOME/geocache-tui/caches.sqlite).",
            valueName: "path"))
    var store: String?

    /// Opens the chosen store; on failure prints the store's message and exits 1.
    func openStore() throws -> any CacheStore {
        do {
            if let store, !store.isEmpty {
                return try SQLiteStore(url: URL(fileURLWithPath: store))
            }
            return try SQLiteStore.openDefault()
        } catch {
            throw CommandFailure.report(error)
        }
    }
}
