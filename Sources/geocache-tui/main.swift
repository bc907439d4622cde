// The entry point: parse the arguments and run the chosen command. A usage error is
// reported against the subcommand the line names, even after a misplaced option
// (MeantSubcommand). The form on its store and `--version` skip the parser
// (QuickStart): it costs more than the rest of the start-up. An option given twice, or
// followed by an option's name where its value should be, is a usage error before
// anything runs (RepeatedOption, LeadingDashValue), and a value that begins with a dash
// is joined to its option before the parser splits the line. An argument that is not
// UTF-8 text is refused first (NonUTF8Argument). A standard stream started closed is
// held by a placeholder that fails as a closed one does (StandardStreams).
import GeoModel
#if canImport(Glibc)
import Glibc
#endif

// A write past the file size limit (ulimit -f) fails with EFBIG, which the store and
// the export report, instead of SIGXFSZ ending the program before it says anything.
signal(SIGXFSZ, SIG_IGN)
StandardStreams.holdClosedDescriptors()
NonUTF8Argument.exitIfAny()
let arguments = MeantSubcommand.helpFlagFirst(PositionOptions.withDefaultGPSEndpoint(Array(CommandLine.arguments.dropFirst())))
switch QuickStart.request(arguments) {
case .version:
    do {
        try CommandOutput.output(line: "geocache-tui \(GeocacheTUICommand.version)")
    } catch {
        GeocacheTUICommand.exitReporting(error)
    }
case .form(let location):
    do {
        try runInteractiveApp(location: location)
    } catch {
        GeocacheTUICommand.exitReporting(error)
    }
case nil:
    MeantSubcommand.exitIfHelpNamesNone(arguments)
    let named = MeantSubcommand.named(in: arguments)
    let options = RepeatedOption.options(of: named?.command ?? GeocacheTUICommand.Interactive.self)
    RepeatedOption.exitIfRepeated(in: arguments, named: named, options: options)
    let prepared = LeadingDashValue.prepared(arguments, named: named, options: options)
    DashArgument.exitIfNotAnOption(prepared, options: options, named: named)
    var command = MeantSubcommand.parseOrExit(prepared)
    do {
        try command.run()
        StoreOptions.sayClubNote()
        StoreOptions.closeOpened()
    } catch {
        StoreOptions.closeOpened()
        GeocacheTUICommand.exitReporting(error)
    }
}
