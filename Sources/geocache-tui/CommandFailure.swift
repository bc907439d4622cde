import ArgumentParser
import Foundation

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
