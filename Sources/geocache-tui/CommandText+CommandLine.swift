import Foundation

/// How a command line itself is refused, before any command runs (exit status 64, in
/// the argument parser's layout): a subcommand missing or unknown, an option unknown,
/// given twice or misplaced, an argument or variable that is not UTF-8. The rest of the
/// usage errors, a command's own: `CommandText.swift`.
extension CommandText {
    /// A command that only groups subcommands (`club`) given none: the ones it has,
    /// "init" or "init or check" or "init, check or drop".
    static func missingSubcommand(of name: String, among subcommands: [String]) -> String {
        let listed = subcommands.count < 2 ? subcommands.joined()
            : subcommands.dropLast().joined(separator: ", ") + " or " + subcommands[subcommands.count - 1]
        return "'\(name)' needs a subcommand: \(listed)."
    }

    /// A word where a subcommand's name stands that names none, and the one `meant` when it is a slip.
    static func unknownSubcommand(_ word: String, meant: String?) -> String {
        "Unknown subcommand '\(word)'." + (meant.map { " Did you mean '\($0)'?" } ?? "")
    }

    /// An option the command does not have, and the one `meant` when it is a slip (``DashArgument``).
    static func unknownOption(_ option: String, meant: String?) -> String {
        "Unknown option '\(option)'." + (meant.map { " Did you mean '\($0)'?" } ?? "")
    }

    /// An argument that begins with a dash and is not an option (``DashArgument``).
    static func dashArgument(_ argument: String) -> String {
        "Unknown option '\(argument)'. A value that begins with - goes after -- (… -- '\(argument)')."
    }

    /// An option given twice, before anything runs: the usage error, ending with a
    /// blank line; `usage` is the command's, `name` the subcommand's.
    static func repeatedOption(_ spelling: String, usage: String, name: String) -> String {
        """
        Error: \(spelling) is given more than once; give it once (only its last value \
        would be used)
        Usage: \(usage)
          See 'geocache-tui \(name) --help' for more information.

        """
    }

    /// An option before the subcommand that only belongs after it: the parser's
    /// `message`, the usage of the subcommand `name`, and a blank line.
    static func optionBeforeSubcommand(_ message: String, usage: String, name: String) -> String {
        usageError("\(message) (only --store may come before the subcommand; put the other options after '\(name)')",
                   usage: usage, name: name)
    }

    /// A usage error of the subcommand `name` (empty: of the whole program), in the
    /// parser's own layout.
    static func usageError(_ message: String, usage: String, name: String) -> String {
        """
        Error: \(message)
        Usage: \(usage)
          See 'geocache-tui \(name.isEmpty ? "" : name + " ")--help' for more information.

        """
    }

    /// An argument that is not UTF-8 text, its bytes shown (`x\xFF.gpx`).
    static func notUTF8Argument(_ shown: String) -> String {
        "the argument \(shown) is not UTF-8 text: geocache-tui reads its arguments as UTF-8 (a file's name read so "
            + "would name another file); give it in UTF-8, renaming the file if it names one"
    }

    /// A variable of ``NonUTF8Argument/pathVariables`` whose value is not UTF-8 text:
    /// what it would name wrongly, and how to go on.
    static func notUTF8Variable(_ name: String, _ shown: String) -> String {
        let reason = switch name {
        case "GEOCACHE_STORE":
            "geocache-tui reads the store's place as UTF-8, and would name another file; set it in UTF-8, "
                + "or name the store with --store"
        case "XDG_DATA_HOME":
            "geocache-tui keeps its files there (the default store, a club store's outbox and copy) and reads "
                + "the place as UTF-8, so it would use another directory; set it in UTF-8, or unset it"
        default:
            "geocache-tui keeps its records there (the store files it has checked) and reads the place as "
                + "UTF-8, so it would use another directory; set it in UTF-8, or unset it"
        }
        return "the variable \(name) (\(shown)) is not UTF-8 text: " + reason
    }
}
