import GeoModel

/// The two command lines that need no argument parser: the form on its store
/// (nothing, `--store VALUE` or `--store=VALUE`) and `--version`.
///
/// swift-argument-parser builds its whole command tree, with a reflection and a
/// protocol-conformance look-up per property of every command, before it looks at
/// the first argument: a large part of what the program did before the form's first
/// paint (docs/performance.md has the figures, issue 11). These
/// two lines skip it. Every other line, and any of these whose store location is not
/// usable (the usage error names it), goes through ``MeantSubcommand/parseOrExit(_:)``
/// as before, so the parser stays the one place that reports usage errors.
enum QuickStart {
    /// What a command line asks for, when it is one of the two.
    enum Request: Equatable {
        /// The form on this store.
        case form(StoreLocation)
        /// `--version`: the version line on standard output.
        case version
    }

    /// The request `arguments` (without the program's name) make, or nil when the
    /// parser must read them.
    static func request(_ arguments: [String]) -> Request? {
        let value: String?
        switch arguments.count {
        case 0:
            value = nil
        case 1 where arguments[0] == "--version":
            return .version
        case 1 where arguments[0].hasPrefix("--store="):
            value = String(arguments[0].dropFirst("--store=".count))
        case 2 where arguments[0] == "--store" && !arguments[1].hasPrefix("-"):
            value = arguments[1]
        default:
            return nil
        }
        do {
            return .form(try value.map { try StoreLocation($0) } ?? StoreLocation.standard())
        } catch {
            return nil
        }
    }
}
