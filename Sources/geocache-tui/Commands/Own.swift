import ArgumentParser
import GeoModel

extension GeocacheTUICommand {
    /// `geocache-tui own CODE`: your own data on a cache (found, note, final), shown or
    /// set, as the form's Alt-N and Alt-C set it, and the visits you logged to it.
    struct Own: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "own",
            abstract: CommandHelp.Own.abstract,
            discussion: CommandHelp.Own.discussion
        )

        @OptionGroup var storeOptions: StoreOptions

        @Argument(help: ArgumentHelp(CommandHelp.Own.code, valueName: "code"))
        var code: String

        @Option(parsing: .unconditional, help: ArgumentHelp(CommandHelp.Own.note, valueName: "text"))
        var note: String?

        @Option(parsing: .unconditional, help: ArgumentHelp(CommandHelp.Own.final, valueName: "coordinates|none"))
        var final: String?

        @Option(parsing: .unconditional, help: ArgumentHelp(CommandHelp.Own.found, valueName: "time|none"))
        var found: String?

        /// A value that may be `none`: nil for none, else what `parse` reads of it.
        enum Setting<T> {
            case none
            case value(T)

            init(_ text: String, _ parse: (String) throws -> T) throws {
                self = text.trimmingCharacters(in: .whitespaces).lowercased() == "none" ? .none : .value(try parse(text))
            }

            var value: T? { if case .value(let value) = self { value } else { nil } }
        }

        func validate() throws {
            // A code that cannot be one is a usage error, as `edit --code` makes it.
            guard CacheCode.normalized(code) != nil else { throw ValidationError(CommandText.notACode(code)) }
            _ = try finalSetting()
            _ = try foundSetting()
        }

        /// `--final`, read.
        func finalSetting() throws -> Setting<Coordinate>? {
            try final.map { try Setting($0) { try CoordinateArgument.parse($0) } }
        }

        /// `--found`, read: a date alone is its midnight in UTC.
        func foundSetting() throws -> Setting<String>? {
            try found.map { text in
                try Setting(text) { text in
                    let isDate = text.count == 10
                    do { return try Visit.time(parsing: isDate ? text + "T00:00Z" : text) } catch {
                        // A date is named as typed, not with the midnight added to it.
                        throw ValidationError("--found: " + (isDate ? CommandText.notADate(text) : "\(error)"))
                    }
                }
            }
        }

        func run() throws {
            guard let normalized = CacheCode.normalized(code) else {
                throw CommandFailure.report(FinderInputError.badCode(code))
            }
            let sets = note != nil || final != nil || found != nil
            let session = try storeOptions.openSession(creatingStore: sets)
            var own: OwnData
            let visits: [Visit]
            do {
                let book = try session.ownData(includingVisits: true, onlyCode: normalized)
                own = book.of(code: normalized)
                visits = book.visits(toCode: normalized)
            } catch {
                throw CommandFailure.report(error)
            }
            if sets {
                let read = own
                if let note { own.note = note.trimmingCharacters(in: .whitespacesAndNewlines) }
                if let final = try finalSetting() { own.corrected = final.value }
                if let found = try foundSetting() { own.found = found.value }
                // It states what it sets whole: set over another session's change of those parts,
                // the others left as stored. Kept on this machine (nil), it is printed as kept.
                let changed = own
                own = try session.run({
                    try session.setOwnData(changed, forCode: normalized, from: read, overChanges: true)
                }) ?? own
            }
            try CommandOutput.output(line: CommandText.ownData(own, code: normalized, visits: visits))
        }
    }
}
