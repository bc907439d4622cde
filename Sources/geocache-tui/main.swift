// The entry point: parse the arguments and run the chosen command. A usage error is
// reported against the subcommand the line names, even after a misplaced option
// (MeantSubcommand). The form on its store and `--version` skip the parser
// (QuickStart): it costs more than the rest of the start-up. An option given twice is
// a usage error before anything runs (RepeatedOption).
import GeoModel

let arguments = PositionOptions.withDefaultGPSEndpoint(Array(CommandLine.arguments.dropFirst()))
switch QuickStart.request(arguments) {
case .version:
    print("geocache-tui \(GeocacheTUICommand.version)")
case .form(let location):
    do {
        try runInteractiveApp(location: location)
    } catch {
        GeocacheTUICommand.exit(withError: error)
    }
case nil:
    RepeatedOption.exitIfRepeated(in: arguments)
    var command = MeantSubcommand.parseOrExit(arguments)
    do {
        try command.run()
    } catch {
        GeocacheTUICommand.exit(withError: error)
    }
}
