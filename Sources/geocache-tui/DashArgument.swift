import ArgumentParser

/// A usage error for an argument that begins with a dash and is not one of the
/// command's options, told before the parser sees the line.
///
/// swift-argument-parser reads `-dash` as the flags `-d -a -s -h`: a log text or a
/// file name that begins with a dash and holds an `h` printed the help and exited 0,
/// and a script took that for success. Any such argument before `--` that is not one
/// of the command's short options is refused, saying that a value beginning with a
/// dash goes after `--`. Values of options are joined to them first
/// (``LeadingDashValue``), so `--at -8.5,47` is not one.
///
/// The parser checks the values of the options it read (each command's `validate()`)
/// before it looks for what it did not read: `sync --bogus` on a file store was told
/// that sync is for a club store, and `list --within 5 --titel` that --within needs
/// --near, never that the option does not exist. A long option the command does not
/// have is refused here first, with the one meant when it is a slip.
enum DashArgument {
    /// The options the parser itself answers on every command (the manual's and the
    /// completions' sources among them), which the commands' descriptions leave out.
    static let parsersOwn = ["--help", "-h", "--help-hidden", "--version", "--generate-completion-script",
                             "--experimental-dump-help"]

    /// Exits with a usage error (status 64) at the first argument of `arguments` (the
    /// line as ``LeadingDashValue/prepared(_:named:options:)`` gives it) before `--`
    /// that is a long option (`--name`, `--name=value`) `options` do not hold, or begins
    /// with one dash, is longer than a short option and is not one of them. The usage
    /// printed is that of the subcommand the line names, `named` (the whole program's
    /// without one).
    static func exitIfNotAnOption(_ arguments: [String], options: [RepeatedOption.Described],
                                  named: (name: String, command: ParsableCommand.Type)?) {
        let (options, named) = nested(arguments, options: options, named: named)
        let spellings = options.flatMap(\.spellings) + parsersOwn
        let shorts = spellings.filter { !$0.hasPrefix("--") }
        for argument in arguments {
            if argument == "--" { return }
            if argument.hasPrefix("--") {
                let (spelling, _) = RepeatedOption.split(argument)
                guard !spellings.contains(spelling) else { continue }
                let longs = spellings.filter { $0.hasPrefix("--") }
                // The options are the form's when no subcommand is named, and so is the usage.
                exit(CommandText.unknownOption(spelling, meant: MeantSubcommand.closest(to: spelling, among: longs)),
                     named: named ?? ("interactive", GeocacheTUICommand.Interactive.self))
            }
            guard argument.hasPrefix("-"), argument.count > 2, !shorts.contains(argument) else { continue }
            exit(CommandText.dashArgument(argument), named: named)
        }
    }

    /// The subcommand nested in `named` that the line names after it (`club init`), with
    /// its options in place of `options`; `named` and `options` when it names none.
    private static func nested(_ arguments: [String], options: [RepeatedOption.Described],
                               named: (name: String, command: ParsableCommand.Type)?)
        -> ([RepeatedOption.Described], (name: String, command: ParsableCommand.Type)?) {
        guard var (name, command) = named, !command.configuration.subcommands.isEmpty else { return (options, named) }
        for word in arguments.drop(while: { $0 != name }).dropFirst() where !word.hasPrefix("-") {
            guard let next = command.configuration.subcommands.first(where: { $0.configuration.commandName == word }) else {
                break
            }
            (name, command) = ("\(name) \(word)", next)
        }
        return command == named?.command ? (options, named) : (RepeatedOption.options(of: command), (name, command))
    }

    /// Ends the program with the usage error `message` and the usage of the subcommand
    /// `named` (the parser's form of both without one).
    private static func exit(_ message: String, named: (name: String, command: ParsableCommand.Type)?) -> Never {
        guard let named else { GeocacheTUICommand.exitReporting(ValidationError(message)) }
        StandardStreams.writeError(CommandText.usageError(message, usage: GeocacheTUICommand.usageString(for: named.command),
                                                          name: named.name))
        GeocacheTUICommand.exitReporting(ExitCode.validationFailure)
    }
}
