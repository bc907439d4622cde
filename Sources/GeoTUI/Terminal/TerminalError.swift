/// Why the terminal could not be opened, as a one-line message for the user.
///
/// Every case except ``startFailed(_:)`` and ``systemCallFailed(_:errno:)`` is found by
/// ``TerminalRequirements/check(environment:inputIsTerminal:outputIsTerminal:probe:)``
/// before anything is written to the terminal, so the user's screen is left as it was.
public enum TerminalError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Standard input is not a terminal (a pipe, a file, `/dev/null`).
    case inputNotATerminal
    /// Standard output is not a terminal.
    case outputNotATerminal
    /// `TERM` is unset or empty.
    case terminalTypeNotSet
    /// terminfo has no entry for the terminal type named by `TERM`.
    case unknownTerminalType(String)
    /// No terminfo database could be found at all.
    case noTerminfoDatabase(String)
    /// The terminal cannot move its cursor (`cup`), as `dumb` cannot.
    case cannotMoveCursor(String)
    /// The terminal is a printing terminal: nothing drawn can be changed again.
    case hardcopyTerminal(String)
    /// ncurses refused to start (`newterm` returned no screen).
    case startFailed(String)
    /// A system call the terminal layer needs failed.
    case systemCallFailed(String, errno: Int32)

    /// The message shown to the user: one line, no trailing period.
    public var description: String {
        switch self {
        case .inputNotATerminal: "standard input is not a terminal"
        case .outputNotATerminal: "standard output is not a terminal"
        case .terminalTypeNotSet: "TERM is not set: cannot tell what kind of terminal this is"
        case .unknownTerminalType(let name):
            "unknown terminal type '\(name)' (TERM): this machine has no terminfo entry for it; install one "
                + "(the ncurses-term package, or the terminal's own), or run with TERM=xterm-256color"
        case .noTerminfoDatabase(let name): "no terminfo database found to look up terminal type '\(name)' (TERM)"
        case .cannotMoveCursor(let name): "terminal '\(name)' cannot move the cursor"
        case .hardcopyTerminal(let name): "terminal '\(name)' is a printing terminal"
        case .startFailed(let name): "ncurses could not start on terminal '\(name)'"
        case .systemCallFailed(let call, let code): "\(call) failed (errno \(code))"
        }
    }
}
