import ArgumentParser

/// A usage error told from the subcommand the user meant.
///
/// `--store` may stand before the subcommand (``GeocacheTUICommand/storeOptions``). Any
/// other option there makes the parser give up before it reaches the subcommand's
/// name, and it would then report the error against the default subcommand
/// (`interactive`). When the command line names a subcommand further on, the error is
/// reported against that one instead: parsed again with the subcommand first, the
/// option that is really wrong is named with that subcommand's usage; when that parse
/// succeeds, the option was only in the wrong place, and the message says so.
enum MeantSubcommand {
    /// The subcommands a command line can name, by name.
    static var subcommands: [String: ParsableCommand.Type] {
        var byName: [String: ParsableCommand.Type] = [:]
        for command in GeocacheTUICommand.configuration.subcommands {
            if let name = command.configuration.commandName { byName[name] = command }
        }
        return byName
    }

    /// The subcommand named after the first argument, with its index; nil when the
    /// line starts with a subcommand or names none. The value of `--store` is skipped.
    static func find(in arguments: [String]) -> (index: Int, command: ParsableCommand.Type)? {
        let commands = subcommands
        if let first = arguments.first, commands[first] != nil { return nil }
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" { return nil }
            if argument == "--store" {
                index += 2
                continue
            }
            if index > 0, let command = commands[argument] { return (index, command) }
            index += 1
        }
        return nil
    }

    /// The subcommand the line names, first or after `--store VALUE`, with its name;
    /// nil when it names none (the form, `interactive`, is meant).
    static func named(in arguments: [String]) -> (name: String, command: ParsableCommand.Type)? {
        if let first = arguments.first, let command = subcommands[first] { return (first, command) }
        guard let (index, command) = find(in: arguments) else { return nil }
        return (arguments[index], command)
    }

    /// The subcommand whose name `word` is a slip of (among `names`, by default the
    /// top level's): two letters changed, missing or added at most, and the word at
    /// least three letters long; nil when none is.
    static func closest(to word: String, among names: [String]? = nil) -> String? {
        let names = names ?? Array(subcommands.keys)
        guard word.count >= 3, !names.contains(word) else { return nil }
        let candidates = names.map { ($0, distance(Array(word.lowercased()), Array($0))) }
        guard let best = candidates.min(by: { $0.1 < $1.1 || ($0.1 == $1.1 && $0.0 < $1.0) }), best.1 <= 2 else { return nil }
        return best.0
    }

    /// The edit distance of two words (letters changed, missing or added).
    private static func distance(_ a: [Character], _ b: [Character]) -> Int {
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }

    /// `--help add` (or `-h add`) as `help add`: the help of the subcommand named (the
    /// parser would show the form's, the default subcommand's), a word that names none
    /// being refused as after `help`.
    static func helpFlagFirst(_ arguments: [String]) -> [String] {
        guard let first = arguments.first, first == "--help" || first == "-h", arguments.count > 1,
              !arguments[1].hasPrefix("-") else { return arguments }
        return ["help"] + arguments.dropFirst()
    }

    /// `help` followed by a word that names no subcommand (at its level: `help club
    /// nit`) is a usage error naming the word, and the one meant when it is a slip; the
    /// parser would print the top-level help and succeed.
    static func exitIfHelpNamesNone(_ arguments: [String]) {
        guard arguments.first == "help" else { return }
        var command: ParsableCommand.Type = GeocacheTUICommand.self
        var path: [String] = []
        for word in arguments.dropFirst() {
            if word.hasPrefix("-") || (path.isEmpty && word == "help") { return }
            let names = command.configuration.subcommands.compactMap { $0.configuration.commandName }
            guard let next = command.configuration.subcommands.first(where: { $0.configuration.commandName == word }) else {
                // A word after a command without subcommands is no subcommand either.
                exitNamingUnknown(word, among: names, of: command, path: path)
            }
            command = next
            path.append(word)
        }
    }

    /// The word that stands where a subcommand's name belongs and names none, with the
    /// command it should be a subcommand of and the names leading there: `xyzzy` (the
    /// top level's), `club nit` (`club`'s). Nil when every such word names one, or an
    /// option comes first.
    static func unknownSubcommand(in arguments: [String]) -> (word: String, of: ParsableCommand.Type, path: [String])? {
        var command: ParsableCommand.Type = GeocacheTUICommand.self
        var path: [String] = []
        var words = arguments.first == "--store" ? arguments.dropFirst(2) : arguments[...]
        while let word = words.first, !word.hasPrefix("-"), !command.configuration.subcommands.isEmpty {
            guard let next = command.configuration.subcommands.first(where: { $0.configuration.commandName == word }) else {
                return (word, command, path)
            }
            (command, words) = (next, words.dropFirst())
            path.append(word)
        }
        return nil
    }

    /// Ends the program with the usage error for `word`, which names none of the
    /// subcommands `names` of `command`: the one meant when it is a slip, and `command`'s usage.
    private static func exitNamingUnknown(_ word: String, among names: [String], of command: ParsableCommand.Type,
                                          path: [String]) -> Never {
        let message = CommandText.unknownSubcommand(word, meant: closest(to: word, among: names))
        StandardStreams.writeError(CommandText.usageError(message, usage: GeocacheTUICommand.usageString(for: command),
                                                          name: path.joined(separator: " ")))
        GeocacheTUICommand.exitReporting(ExitCode.validationFailure)
    }

    /// Parses `arguments` as the root command, exiting with the usage error of the
    /// subcommand that was meant when there is one.
    static func parseOrExit(_ arguments: [String]) -> ParsableCommand {
        do {
            return try GeocacheTUICommand.parseAsRoot(arguments)
        } catch {
            if GeocacheTUICommand.exitCode(for: error) != .success, let (word, command, path) = unknownSubcommand(in: arguments) {
                exitNamingUnknown(word, among: command.configuration.subcommands.compactMap { $0.configuration.commandName },
                                  of: command, path: path)
            }
            guard let (index, command) = find(in: arguments) else { GeocacheTUICommand.exitReporting(error) }
            var reordered = arguments
            let name = reordered.remove(at: index)
            do {
                _ = try GeocacheTUICommand.parseAsRoot([name] + reordered)
            } catch {
                GeocacheTUICommand.exitReporting(error)
            }
            let usage = GeocacheTUICommand.usageString(for: command)
            StandardStreams.writeError(CommandText.optionBeforeSubcommand(
                GeocacheTUICommand.message(for: error), usage: usage, name: name))
            GeocacheTUICommand.exitReporting(ExitCode.validationFailure)
        }
    }
}
