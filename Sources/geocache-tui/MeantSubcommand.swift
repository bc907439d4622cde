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

    /// Parses `arguments` as the root command, exiting with the usage error of the
    /// subcommand that was meant when there is one.
    static func parseOrExit(_ arguments: [String]) -> ParsableCommand {
        do {
            return try GeocacheTUICommand.parseAsRoot(arguments)
        } catch {
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
