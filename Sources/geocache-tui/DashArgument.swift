import ArgumentParser

/// A usage error for an argument that begins with one dash and is not an option.
///
/// swift-argument-parser reads `-dash` as the flags `-d -a -s -h`: a log text or a
/// file name that begins with a dash and holds an `h` printed the help and exited 0,
/// and a script took that for success. Any such argument before `--` that is not one
/// of the command's short options is refused
/// before the parser sees it, saying that a value beginning with a dash goes after
/// `--`. Values of options are joined to them first (``LeadingDashValue``), so
/// `--at -8.5,47` is not one.
enum DashArgument {
    /// Exits with a usage error (status 64) at the first argument of `arguments` (the
    /// line as ``LeadingDashValue/prepared(_:named:options:)`` gives it) that begins with
    /// one dash, is longer than a short option and is not one of `options`.
    /// The usage printed is that of the subcommand the line names, `named` (the whole
    /// program's without one).
    static func exitIfNotAnOption(_ arguments: [String], options: [RepeatedOption.Described],
                                  named: (name: String, command: ParsableCommand.Type)?) {
        let shorts = options.flatMap(\.spellings).filter { !$0.hasPrefix("--") }
        for argument in arguments {
            if argument == "--" { return }
            guard argument.hasPrefix("-"), !argument.hasPrefix("--"), argument.count > 2,
                  !shorts.contains(argument) else { continue }
            guard let named else { GeocacheTUICommand.exitReporting(ValidationError(CommandText.dashArgument(argument))) }
            StandardStreams.writeError(CommandText.usageError(CommandText.dashArgument(argument),
                                                              usage: GeocacheTUICommand.usageString(for: named.command),
                                                              name: named.name))
            GeocacheTUICommand.exitReporting(ExitCode.validationFailure)
        }
    }
}
