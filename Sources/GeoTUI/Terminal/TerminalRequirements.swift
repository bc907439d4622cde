import Glibc

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
        try check(term: environment["TERM"], inputIsTerminal: inputIsTerminal, outputIsTerminal: outputIsTerminal,
                  probe: probe)
    }

    /// The same checks with `TERM`'s value (nil when unset) given alone.
    public static func check(
        term: String?,
        inputIsTerminal: Bool,
        outputIsTerminal: Bool,
        probe: (String) -> TerminfoProbe
    ) throws(TerminalError) -> String {
        guard inputIsTerminal else { throw .inputNotATerminal }
        guard outputIsTerminal else { throw .outputNotATerminal }
        guard let name = term, !name.isEmpty else { throw .terminalTypeNotSet }
        // A name with a slash or a control character cannot be a terminfo entry; never
        // pass it on to the library. (Bytes: `contains` with a string is Foundation's
        // search, code the form runs nowhere else.)
        guard !name.utf8.contains(UInt8(ascii: "/")), !name.unicodeScalars.contains(where: \.isControlCharacter)
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

    /// A variable of the process's environment, nil when unset. Asked of `getenv` by
    /// name: Foundation's `ProcessInfo.environment` first builds a dictionary of every
    /// variable, and even a `[String: String]` of the two these checks read makes the
    /// runtime check `String: Hashable` by searching all the program's conformance
    /// records, code run for the first time on the way to the first paint.
    public static func processVariable(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// True when `NO_COLOR` is present and not empty (https://no-color.org).
    public static func colorIsRefused(in environment: [String: String]) -> Bool {
        colorIsRefused(noColor: environment["NO_COLOR"])
    }

    /// True when `NO_COLOR`'s value `noColor` is present and not empty.
    public static func colorIsRefused(noColor: String?) -> Bool {
        guard let noColor else { return false }
        return !noColor.isEmpty
    }
}
