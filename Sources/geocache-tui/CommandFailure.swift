import ArgumentParser
import Foundation
import GeoModel

/// Ends a command with `geocache-tui: <message>` on standard error and the exit status
/// the error calls for: 1, or one of sysexits.h's where a script can act on it.
enum CommandFailure {
    /// The exit status of a write whose outcome is not known (the server stopped
    /// answering after it was sent, and did not answer again in time to tell):
    /// `EX_TEMPFAIL` of sysexits.h.
    static let outcomeUnknownStatus: Int32 = 75
    /// The exit status of a write the server refused because the role may not make it,
    /// and of a login the server refuses (the role itself): `EX_NOPERM` of sysexits.h.
    static let notPermittedStatus: Int32 = 77
    /// The exit status when the club store answers as another club database than the one
    /// this machine's copy and kept changes came from: `EX_CONFIG` of sysexits.h (the URL
    /// reaches another database than the club's); nothing was delivered or replaced.
    static let anotherClubStatus: Int32 = 78
    /// The exit status of `club init` when `PUBLIC` may still create objects in the
    /// club's schema, which only the schema's owner may take away: `EX_CONFIG` too (the
    /// server's configuration must change); the rest of the rules are set up.
    static let schemaOpenStatus: Int32 = 78

    /// Prints `error`'s description and returns the exit to throw: status 1,
    /// ``outcomeUnknownStatus`` for ``StoreError/outcomeUnknown(server:reason:)`` (whose
    /// message tells a script how to go on without writing twice), or
    /// ``notPermittedStatus`` for ``StoreError/notPermitted(server:reason:)`` and
    /// ``StoreError/accessDenied(server:reason:)`` (the server refused the login: a wrong
    /// password, a `pg_hba.conf` line that rejects it, a role that may not log in) and
    /// ``OutboxError/changedHands(_:_:)`` (`sync --overwrite` of a change the rules refuse), a usage
    /// error (64) for ``StoreError/badConnectionOption(server:reason:)``. A lost
    /// connection is said with a command's way on (``CommandText/connectionLost(_:)``).
    static func report(_ error: any Error) -> ExitCode {
        if let refusal = error as? ChangeRefusal { return report(refusal) }
        if case WriteSession.NotKept.handOverWhileUnreachable? = error as? WriteSession.NotKept {
            return report(message: CommandText.handOverNotKept)
        }
        if case OutboxError.changedHands? = error as? OutboxError {
            return report(message: String(describing: error), status: notPermittedStatus)
        }
        guard let error = error as? StoreError else { return report(message: String(describing: error)) }
        switch error {
        case .outcomeUnknown:
            return report(message: CommandText.outcomeUnknown(error), status: outcomeUnknownStatus)
        case .notPermitted, .accessDenied:
            return report(message: error.description, status: notPermittedStatus)
        case .connectionLost:
            return report(message: CommandText.connectionLost(error))
        case .anotherClub:
            return report(message: error.description, status: anotherClubStatus)
        case .badConnectionOption:
            return report(message: error.description, status: ExitCode.validationFailure.rawValue)
        default:
            return report(message: error.description)
        }
    }

    /// A change the club's rules do not give this role, or a hand-over to a role that is
    /// no member: ``notPermittedStatus``; `--owner` on a store of one person's, a usage error.
    private static func report(_ refusal: ChangeRefusal) -> ExitCode {
        switch refusal {
        case .ownedBy, .clubOwned, .keepersHandOver, .notAMember, .memberRoleGone:
            report(message: refusal.description, status: notPermittedStatus)
        case .noOwners: report(message: refusal.description, status: ExitCode.validationFailure.rawValue)
        }
    }

    /// Prints `message` and returns the exit to throw, with `status` (1 unless told).
    static func report(message: String, status: Int32 = ExitCode.failure.rawValue) -> ExitCode {
        StandardStreams.writeError("geocache-tui: \(message)\n")
        return ExitCode(status)
    }
}

/// Unbuffered writes to the standard streams, with `write(2)`: `FileHandle.write`
/// traps on a stream that cannot be written (closed, full, a broken pipe).
enum StandardStreams {
    /// Puts a placeholder on each of descriptors 0, 1 and 2 that the program was started
    /// with closed (`<&-`, `>&-`): `/dev/null` opened the other way round (write-only for
    /// input, read-only for the outputs), so that reading or writing it fails as on a
    /// closed descriptor (EBADF), and no descriptor the program opens later (a pipe, a
    /// store) takes that number and is read or written as a standard stream.
    static func holdClosedDescriptors() {
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO]
        where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            let placeholder = open("/dev/null", (descriptor == STDIN_FILENO ? O_WRONLY : O_RDONLY) | O_CLOEXEC)
            guard placeholder >= 0, placeholder != descriptor else { continue }
            dup2(placeholder, descriptor)
            close(placeholder)
        }
    }

    /// Writes `text` to standard error as UTF-8, every control character but the line
    /// break and the tab written as `\u{XX}`: a name or a message that came from a
    /// file (a zip entry's, libarchive's) cannot move the cursor or change colours on
    /// the terminal. When standard error cannot be written the text is lost, as there
    /// is nowhere left to say so.
    static func writeError(_ text: String) {
        _ = write(terminalSafe(text), to: STDERR_FILENO)
    }

    /// `text` with its control characters other than `\n` and `\t` escaped, and the
    /// controls that reorder text (U+202E and its kind), which no message writes
    /// itself: a name or value quoted raw cannot turn a message around.
    static func terminalSafe(_ text: String) -> String {
        MessageValue.escaped(text, where: isEscaped)
    }

    private static func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
        scalar != "\n" && scalar != "\t" && scalar.properties.generalCategory == .control
            || scalar.properties.isBidiControl
    }

    /// Writes `text` to standard output as UTF-8; throws the refusal `cannot write
    /// standard output: REASON` (exit status 1) when it cannot, as `list` does.
    static func writeOutput(_ text: String) throws {
        if let reason = outputFailure(writing: text) {
            throw CommandFailure.report(message: "cannot write \(CommandText.standardOutput): \(reason)")
        }
    }

    /// Writes `text` to standard output as UTF-8; nil when it did, else why not.
    static func outputFailure(writing text: String) -> String? {
        write(text, to: STDOUT_FILENO)
    }

    /// Writes all of `text` to `descriptor`; nil when it did, else why not.
    private static func write(_ text: String, to descriptor: Int32) -> String? {
        var text = text
        return text.withUTF8 { bytes -> String? in
            guard let base = bytes.baseAddress else { return nil }
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(descriptor, base + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return SystemReason.of(errno)
                }
                offset += written
            }
            return nil
        }
    }
}

extension GeocacheTUICommand {
    /// Ends the program for `error` as the parser's `exit(withError:)` would (its
    /// message, its exit status), but through ``StandardStreams``: an argument's control
    /// characters are escaped in a usage error, and help or a version that cannot be
    /// written to standard output says so and exits 1 rather than 0.
    static func exitReporting(_ error: any Error) -> Never {
        let message = fullMessage(for: error)
        var status = exitCode(for: error)
        if status == .success {
            if !message.isEmpty {
                do {
                    try StandardStreams.writeOutput(message + "\n")
                } catch {
                    // The refusal has said why (CommandFailure.report writes it).
                    status = exitCode(for: error)
                }
            }
        } else if !message.isEmpty {
            StandardStreams.writeError(message + "\n")
        }
        Glibc.exit(status.rawValue)
    }
}
