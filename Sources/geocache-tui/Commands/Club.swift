import ArgumentParser
import GeoModel

extension GeocacheTUICommand {
    /// `geocache-tui club`: the club store's rules.
    struct Club: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "club",
            abstract: CommandHelp.Club.abstract,
            discussion: CommandHelp.Club.discussion,
            subcommands: [Init.self]
        )

        /// `club` alone: a usage error naming the subcommands, as `club bogus` is (the
        /// parser would print the help and succeed, and a script would not notice).
        func run() throws {
            let names = Self.configuration.subcommands.compactMap { $0.configuration.commandName }
            StandardStreams.writeError(CommandText.usageError(
                CommandText.missingSubcommand(of: "club", among: names),
                usage: GeocacheTUICommand.usageString(for: Self.self), name: "club"))
            throw ExitCode.validationFailure
        }

        /// `geocache-tui club init`: sets the club's rules up, or checks them again.
        struct Init: ParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "init",
                abstract: CommandHelp.Club.initAbstract,
                discussion: CommandHelp.Club.initDiscussion
            )

            @OptionGroup var storeOptions: StoreOptions

            /// A file store is refused before it is opened: opening would make one.
            func validate() throws {
                if case .file(let path, _)? = try? storeOptions.location() {
                    throw ValidationError(CommandText.clubIsForAClubStore(path))
                }
            }

            func run() throws {
                let session = try storeOptions.openSession()
                let setUp: ClubSetUp
                do {
                    setUp = try session.setUpClub()
                } catch {
                    throw CommandFailure.report(error)
                }
                try CommandOutput.output(CommandText.clubSetUp(setUp, store: session.location.description))
                if let open = setUp.openSchema {
                    throw CommandFailure.report(message: CommandText.schemaOpenToPublic(open),
                                                status: CommandFailure.schemaOpenStatus)
                }
            }
        }
    }
}
