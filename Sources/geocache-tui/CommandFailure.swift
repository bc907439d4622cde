import ArgumentParser
import Foundation
import GeoModel

/// Ends a command with `geocache-tui: <message>` on standard error and exit status 1,
/// or ``outcomeUnknownStatus`` when the store could not tell whether a write was stored.
enum CommandFailure {
    /// The exit status of a write whose outcome is not known (the server stopped
    /// answering after it was sent, and did not answer again in time to tell):
    /// `EX_TEMPFAIL` of sysexits.h.
    static let outcomeUnknownStatus: Int32 = 75

    /// Prints `error`'s description and returns the exit to throw: status 1, or
    /// ``outcomeUnknownStatus`` for ``StoreError/outcomeUnknown(server:reason:)``, whose
    /// message tells a script how to go on without writing twice.
    static func report(_ error: any Error) -> ExitCode {
        if case StoreError.outcomeUnknown = error {
            _ = report(message: "\(error) Look with `list --codes` before trying again, and name the cache "
                       + "with --code in edit and delete (a position may name another cache by then).")
            return ExitCode(outcomeUnknownStatus)
        }
        return report(message: String(describing: error))
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
