import Foundation
import GeoModel

/// The usage errors the commands report (exit status 64) beyond the argument parser's
/// own. The rest of what the commands say: `CommandText.swift`.
extension CommandText {
    // MARK: - Usage errors

    /// `edit` and `delete` given more than one of `--position`, `--id` and `--code`.
    static let oneTarget = "Give only one of --position, --id and --code."

    /// `--code` given something that cannot be a cache code.
    static func notACode(_ code: String) -> String {
        "\"\(code)\" is not a cache code: codes are letters, digits, - and _, at most 32, such as GC1A2B3."
    }

    /// `edit` and `delete` given none of `--position`, `--id` and `--code`.
    static let noTarget = "Name the cache with --position N, --id N or --code CODE."

    /// `--position` below 1.
    static func positionBelowOne(_ position: Int) -> String {
        "Positions start at 1: --position \(position) names no cache (see list --numbered)."
    }

    /// `sync --discard` or `--overwrite` (`option`) below 1.
    static func sequenceBelowOne(_ sequence: Int64, option: String) -> String {
        "Sequence numbers start at 1: \(option) \(sequence) names no waiting change (see sync --status)."
    }

    /// `--id` below 1.
    static func idBelowOne(_ id: Int64) -> String {
        "Identifiers start at 1: --id \(id) names no cache (see list --ids)."
    }

    /// `edit` given no field to change.
    static let noFieldToEdit = "Give at least one of --title, --details, --creator, --reward, --at."

    /// `list --json` with a flag that starts the lines.
    static let prefixWithJSON = "--numbered, --ids and --codes do not apply to --json."

    /// `list --numbered --ids`.
    static let numberedAndIDs = "Give either --numbered or --ids, not both."

    /// `list --numbered --near`.
    static let numberedNear = "--numbered does not apply to --near: positions count in stored order (use --ids "
        + "or --codes)."

    /// `list --limit` below 0.
    static func negativeLimit(_ limit: Int) -> String {
        "--limit must be 0 or more, not \(limit)."
    }

    /// `--status` naming no status.
    /// `--status`, `--type` or `--container` given nothing but blanks and commas: it
    /// would keep no cache.
    static func emptyFilterList(_ option: String, of what: String) -> String {
        "\(option) is empty: give one or more \(what) (commas between several), or leave \(option) out."
    }

    static func unknownStatus(_ word: String) -> String {
        "--status: \"\(word)\" is not a status; give available, disabled or archived (commas between several)."
    }

    /// A filter's value that is not one (`--difficulty`, `--terrain`, `--within`).
    static func badFilter(_ reason: String) -> String { reason + "." }

    /// `list --within` without `--near`.
    static let withinWithoutNear = "--within needs --near: the distance is measured from there."
    static let foundAndNotFound = "--found and --not-found exclude each other: give one."

    /// `list` or `sync` given `--gps` without `--near`.
    static let gpsWithoutNear = "--gps applies to --near gps only."

    /// `--near gps` with no fix from gpsd in time; at once when nothing listens there
    /// (no wait to speak of).
    static func noFix(from endpoint: GPSDEndpoint, within seconds: Int64, status: GPSDStatus) -> String {
        let why = switch status {
        case .noDaemon: "nothing answers there (is gpsd running?)"
        case .silent: "what listens there sent nothing gpsd sends within \(seconds) s (is it gpsd?)"
        default: "within \(seconds) s (\(status))"
        }
        return "--near gps: no position from gpsd on \(endpoint): \(why). Give coordinates "
            + "instead, such as --near \"N47 22.123 E008 32.456\"."
    }

    /// `sync` given more than one of its actions.
    static let oneSyncAction = "Give only one of --status, --discard, --overwrite and --adopt-club."

    /// `sync` given one of `--within` and `--near` without the other.
    static let withinAndNear = "--within and --near go together: --within 50km --near \"N47 22.123 E008 32.456\"."

    /// `sync --within` with `--status` or `--discard`.
    static let withinWithoutRefresh = "--within applies to a sync that refreshes the copy, not to --status or "
        + "--discard."

    /// `sync --within` given something that is not a distance.
    static func notADistance(_ text: String) -> String {
        "“\(text)” is not a distance: give a number above 0 in km, m or mi (metres without a unit), "
            + "such as 50km or 500m."
    }

    /// `import` given no file.
    /// A word where a subcommand's name stands that is a slip of `meant`'s.
    static func unknownSubcommand(_ word: String, meant: String) -> String {
        "Unknown subcommand '\(word)'. Did you mean '\(meant)'?"
    }

    /// `help WORD` where the word names no subcommand and is no slip of one.
    static func unknownSubcommand(_ word: String) -> String {
        "Unknown subcommand '\(word)'."
    }

    /// An argument that begins with a dash and is not an option (``DashArgument``).
    static func dashArgument(_ argument: String) -> String {
        "Unknown option '\(argument)'. A value that begins with - goes after -- (… -- '\(argument)')."
    }

    static let noFileToImport = "Name at least one file to import, or - for standard input (a name that starts with - goes after --)."
    /// `import ""` (an unset variable, say): no file is named.
    static let emptyFileToImport = "a file to import is named by an empty string: give a file's path, or - for standard input."

    /// `import` given `-` twice.
    static let standardInputTwice = "Standard input (-) can be read only once."

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
    /// An argument that is not UTF-8 text, its bytes shown (`x\xFF.gpx`).
    static func notUTF8Argument(_ shown: String) -> String {
        "the argument \(shown) is not UTF-8 text: geocache-tui reads its arguments as UTF-8 (a file's name read so "
            + "would name another file); give it in UTF-8, renaming the file if it names one"
    }

    /// A variable naming the store's place whose value is not UTF-8 text.
    /// What a variable of ``NonUTF8Argument/pathVariables`` that is not UTF-8 would
    /// name wrongly, and how to go on.
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

    static func usageError(_ message: String, usage: String, name: String) -> String {
        """
        Error: \(message)
        Usage: \(usage)
          See 'geocache-tui \(name.isEmpty ? "" : name + " ")--help' for more information.

        """
    }
}
