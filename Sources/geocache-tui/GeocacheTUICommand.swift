import ArgumentParser

/// The root command, `geocache-tui`: the interactive form by default, plus the
/// scripting subcommands.
struct GeocacheTUICommand: ParsableCommand {
    /// The version `--version` prints.
    static let version = "0.1.0"

    static let configuration = CommandConfiguration(
        commandName: "geocache-tui",
        abstract: CommandHelp.Root.abstract,
        discussion: CommandHelp.Root.discussion,
        version: "geocache-tui \(version)",
        subcommands: [Interactive.self, Add.self, List.self, Edit.self, Delete.self, Export.self, Import.self,
                      Log.self, Own.self, Sync.self, Club.self, DumpKeys.self],
        defaultSubcommand: Interactive.self
    )

    /// `--store` before the subcommand (`geocache-tui --store FILE add …`). The parser
    /// reads the root's options from the whole command line first, wherever they
    /// stand, and hands the subcommand's `@OptionGroup` of the same type the value it
    /// decoded, so `--store` means the same before and after the subcommand.
    @OptionGroup var storeOptions: StoreOptions
}
