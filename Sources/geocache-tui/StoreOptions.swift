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
    func openStore() throws -> CacheStore {
        do {
            if let store, !store.isEmpty {
                return try CacheStore(url: URL(fileURLWithPath: store))
            }
            return try CacheStore.openDefault()
        } catch {
            throw CommandFailure.report(error)
        }
    }
}

/// Ends a command with `geocache-tui: <message>` on standard error and exit status 1.
enum CommandFailure {
    /// Prints `error`'s description and returns the exit to throw.
    static func report(_ error: any Error) -> ExitCode {
        report(message: String(describing: error))
    }

    /// Prints `message` and returns the exit to throw.
    static func report(message: String) -> ExitCode {
        StandardStreams.writeError("geocache-tui: \(message)\n")
        return ExitCode.failure
    }
}

/// Unbuffered writes to the standard streams.
enum StandardStreams {
    /// Writes `text` to standard error as UTF-8.
    static func writeError(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
