import ArgumentParser
import Foundation

/// A usage error for an option given twice.
///
/// swift-argument-parser keeps the last value of an option given more than once, so
/// `delete --position 1 --position 2` would quietly delete the cache at position 2.
/// No option of this program takes more than one value, so a second one is refused
/// before anything runs, naming it, whatever the command and whether the option is
/// one with a value or a flag.
///
/// The options a command has, their names and how their values are read come from
/// the parser's own description of the command (the JSON it writes for
/// `--experimental-dump-help`), so a new option is covered without a list to keep.
enum RepeatedOption {
    /// What the parser says of one named option or flag.
    struct Described: Equatable {
        /// Its names as typed: `--output`, `-o`.
        var spellings: [String]
        /// Whether a value follows it (an option) or not (a flag).
        var takesValue: Bool
        /// Whether its value is the next argument whatever that looks like
        /// (`parsing: .unconditional`, as for negative coordinates and text that begins
        /// with `-`), unless that is an option's name (``LeadingDashValue``).
        var valueIsUnconditional: Bool
        /// Whether the parser collects it each time it is given (an array option; this
        /// program has none).
        var isRepeating = false
    }

    /// Every named option and flag of `command`, `--help` and `--version` included, as
    /// the parser describes them. `--version` is the root command's, but the parser
    /// answers it after any subcommand too (`add --version`), so it is one of each
    /// command's: `add --title --version` lacks its title, as `add --title --help` does.
    static func options(of command: ParsableCommand.Type) -> [Described] {
        var options = describedOptions(of: command)
        if !options.contains(where: { $0.spellings.contains("--version") }) {
            options.append(Described(spellings: ["--version"], takesValue: false, valueIsUnconditional: false))
        }
        return options
    }

    /// The named options and flags the parser's description of `command` lists.
    private static func describedOptions(of command: ParsableCommand.Type) -> [Described] {
        guard let data = command._dumpHelp().data(using: .utf8),
              let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let described = root["command"] as? [String: Any],
              let arguments = described["arguments"] as? [[String: Any]] else { return [] }
        return arguments.compactMap { argument in
            guard let kind = argument["kind"] as? String, kind == "option" || kind == "flag",
                  let names = argument["names"] as? [[String: Any]] else { return nil }
            let spellings = names.compactMap { name -> String? in
                guard let text = name["name"] as? String, let nameKind = name["kind"] as? String else { return nil }
                return nameKind == "short" ? "-\(text)" : "--\(text)"
            }
            guard !spellings.isEmpty else { return nil }
            return Described(spellings: spellings, takesValue: kind == "option",
                             valueIsUnconditional: argument["parsingStrategy"] as? String == "unconditional",
                             isRepeating: argument["isRepeating"] as? Bool == true)
        }
    }

    /// Of `options`, those that may be given only once (every one but `--help` and
    /// `--version`, which end the line's reading at once).
    static func singleOptions(_ options: [Described]) -> [Described] {
        options.filter { !$0.isRepeating && !$0.spellings.contains("--help") && !$0.spellings.contains("--version") }
    }

    /// Whether `argument` names one of `options`: one of its spellings, alone or with
    /// its value after `=` (`--details`, `--details=x`, `-o`).
    static func isName(_ argument: String, of options: [Described]) -> Bool {
        let (spelling, _) = split(argument)
        return options.contains { $0.spellings.contains(spelling) }
    }

    /// Whether the parser takes `next` as the value of `option`, given as `--name` with
    /// no `=`: an unconditional option takes anything but the name of one of
    /// `options`, any other option only an argument that does not begin with `-`.
    static func takesAsValue(_ next: String, for option: Described, among options: [Described]) -> Bool {
        option.valueIsUnconditional ? !isName(next, of: options) : !next.hasPrefix("-")
    }

    /// The first option of `options` that `arguments` give twice, as the user typed it
    /// the second time; nil when none is. Values are skipped as the parser reads them
    /// (`--title --details` and `--format -x` have no value; `--at -33.8,151.2` and
    /// `--title "-5 m"` have one), nothing after `--` is an option, and `--name=value`
    /// counts as `--name`.
    static func firstRepeated(in arguments: [String], options: [Described]) -> String? {
        var seen = Set<Int>()
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" { return nil }
            let (spelling, hasInlineValue) = split(argument)
            guard let found = options.firstIndex(where: { $0.spellings.contains(spelling) }) else { continue }
            if !seen.insert(found).inserted { return spelling }
            let option = options[found]
            if option.takesValue, !hasInlineValue, index < arguments.count,
               takesAsValue(arguments[index], for: option, among: options) {
                index += 1
            }
        }
        return nil
    }

    /// An argument's option name and whether it carries its value (`--name=value`).
    static func split(_ argument: String) -> (String, Bool) {
        guard argument.hasPrefix("-"), let equals = argument.firstIndex(of: "=") else { return (argument, false) }
        return (String(argument[..<equals]), true)
    }

    /// Exits with a usage error (64) when `arguments` give an option of the command
    /// they name twice; returns otherwise.
    ///
    /// - Parameters:
    ///   - arguments: The command line, without the program's name.
    ///   - named: The subcommand the line names (``MeantSubcommand/named(in:)``), nil
    ///     for the form.
    ///   - options: That command's options (``options(of:)``).
    static func exitIfRepeated(in arguments: [String], named: (name: String, command: ParsableCommand.Type)?,
                               options: [Described]) {
        let command = named?.command ?? GeocacheTUICommand.Interactive.self
        guard let spelling = firstRepeated(in: arguments, options: singleOptions(options)) else { return }
        let name = named?.name ?? "interactive"
        StandardStreams.writeError(CommandText.repeatedOption(
            spelling, usage: GeocacheTUICommand.usageString(for: command), name: name))
        GeocacheTUICommand.exitReporting(ExitCode.validationFailure)
    }
}
