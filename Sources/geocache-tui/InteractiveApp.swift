import ArgumentParser
import GeoModel

/// Runs the full-screen form on `store` until the user quits.
///
/// The form is not built yet: this says so on standard error and exits 1.
func runInteractiveApp(store: CacheStore) throws {
    StandardStreams.writeError("geocache-tui: the interactive form is not built yet\n")
    throw ExitCode.failure
}
