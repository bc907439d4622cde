// The entry point: parse the arguments and run the chosen command. A usage error is
// reported against the subcommand the line names, even after a misplaced option
// (MeantSubcommand).
var command = MeantSubcommand.parseOrExit(Array(CommandLine.arguments.dropFirst()))
do {
    try command.run()
} catch {
    GeocacheTUICommand.exit(withError: error)
}
