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
        case .unknownTerminalType(let name): "unknown terminal type '\(name)' (TERM)"
        case .noTerminfoDatabase(let name): "no terminfo database found to look up terminal type '\(name)' (TERM)"
        case .cannotMoveCursor(let name): "terminal '\(name)' cannot move the cursor"
        case .hardcopyTerminal(let name): "terminal '\(name)' is a printing terminal"
        case .startFailed(let name): "ncurses could not start on terminal '\(name)'"
        case .systemCallFailed(let call, let code): "\(call) failed (errno \(code))"
        }
    }
}

/// What terminfo says about a terminal type, as far as the up-front check needs it.
public enum TerminfoProbe: Equatable, Sendable {
    /// The entry exists and can drive a full-screen program.
    case usable
    /// terminfo has no such entry.
    case unknown
    /// No terminfo database was found.
    case noDatabase
    /// The entry exists but has no cursor addressing (`cup`).
    case noCursorAddressing
    /// The entry describes a hardcopy terminal (`hc`).
    case hardcopy
}

/// The checks made before the terminal is touched: are we on a terminal, and can
/// terminfo drive it?
public enum TerminalRequirements {
    /// Checks the facts in order and returns the terminal type to start ncurses with.
    ///
    /// Pure: the caller supplies the facts (`isatty` results and a terminfo lookup), so
    /// tests can inject them. ``Terminal/open(environment:)`` passes the real ones.
    /// - Returns: the value of `TERM`.
    public static func check(
        environment: [String: String],
        inputIsTerminal: Bool,
        outputIsTerminal: Bool,
        probe: (String) -> TerminfoProbe
    ) throws(TerminalError) -> String {
        guard inputIsTerminal else { throw .inputNotATerminal }
        guard outputIsTerminal else { throw .outputNotATerminal }
        guard let name = environment["TERM"], !name.isEmpty else { throw .terminalTypeNotSet }
        // A name with a slash or a control character cannot be a terminfo entry; never
        // pass it on to the library.
        guard !name.contains("/"), name.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F })
        else { throw .unknownTerminalType(sanitized(name)) }
        switch probe(name) {
        case .usable: return name
        case .unknown: throw .unknownTerminalType(name)
        case .noDatabase: throw .noTerminfoDatabase(name)
        case .noCursorAddressing: throw .cannotMoveCursor(name)
        case .hardcopy: throw .hardcopyTerminal(name)
        }
    }

    /// `name` with control characters made visible, so an error message stays one line.
    private static func sanitized(_ name: String) -> String {
        String(name.map(\.displayed))
    }

    /// True when `NO_COLOR` is present and not empty (https://no-color.org).
    public static func colorIsRefused(in environment: [String: String]) -> Bool {
        guard let value = environment["NO_COLOR"] else { return false }
        return !value.isEmpty
    }
}
