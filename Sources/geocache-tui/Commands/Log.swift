import ArgumentParser
import Foundation
import GeoModel

extension GeocacheTUICommand {
    /// `geocache-tui log CODE TYPE [TEXT]`: records a visit, as the form's Alt-L does.
    struct Log: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "log",
            abstract: CommandHelp.Log.abstract,
            discussion: CommandHelp.Log.discussion
        )

        @OptionGroup var storeOptions: StoreOptions

        @Argument(help: ArgumentHelp(CommandHelp.Log.code, valueName: "code"))
        var code: String

        @Argument(help: ArgumentHelp(CommandHelp.Log.type, valueName: "type"),
                  completion: .list(VisitType.allCases.map(\.word)),
                  transform: { word in
                      guard let type = VisitType(word: word) else { throw ValidationError(CommandText.unknownVisitType(word)) }
                      return type
                  })
        var type: VisitType

        @Argument(help: ArgumentHelp(CommandHelp.Log.text, valueName: "text"))
        var text: String = ""

        @Option(parsing: .unconditional, help: ArgumentHelp(CommandHelp.Log.time, valueName: "time"),
                transform: { text in
                    // The parser names the option before the reason.
                    do { return try Visit.time(parsing: text) } catch { throw ValidationError("\(error)") }
                })
        var time: String?

        /// A code that cannot be one is a usage error, as `edit --code` makes it.
        func validate() throws {
            guard CacheCode.normalized(code) != nil else { throw ValidationError(CommandText.notACode(code)) }
        }

        func run() throws {
            let visit = Visit(code: code, time: time ?? Visit.time(of: Date()), type: type, text: text)
            let valid: Visit
            do {
                valid = try visit.validated()
            } catch {
                throw CommandFailure.report(error)
            }
            let session = try storeOptions.openSession()
            // Kept on this machine (nil), it is printed as logged, as `own` prints what it kept;
            // a visit the club store holds already is counted, not added, at delivery.
            guard let recorded = try session.run({ try session.recordVisits([valid]) }) else {
                return try CommandOutput.output(line: CommandText.logged(valid))
            }
            if recorded.added == 0 {
                try CommandOutput.output(line: CommandText.alreadyLogged(valid))
            } else {
                try CommandOutput.output(line: CommandText.logged(valid))
                if !recorded.unknownCodes.isEmpty {
                    StandardStreams.writeError("geocache-tui: " + CommandText.visitToUnknownCode(valid.code) + "\n")
                }
            }
        }
    }
}
