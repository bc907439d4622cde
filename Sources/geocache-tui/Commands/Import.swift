import ArgumentParser
import Foundation
import GeoModel

extension GeocacheTUICommand {
    /// `geocache-tui import`: adds the caches of JSON or GPX files, all or nothing.
    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: CommandHelp.Import.abstract,
            discussion: CommandHelp.Import.discussion
        )

        @OptionGroup var storeOptions: StoreOptions

        @Flag(help: ArgumentHelp(CommandHelp.Import.skipInvalid))
        var skipInvalid = false

        @Flag(help: ArgumentHelp(CommandHelp.Import.keepExisting))
        var keepExisting = false

        @Flag(help: ArgumentHelp(CommandHelp.quiet))
        var quiet = false

        @Argument(help: ArgumentHelp(CommandHelp.Import.files, valueName: "file"), completion: .file())
        var files: [String] = []

        func validate() throws {
            guard !files.isEmpty else { throw ValidationError(CommandText.noFileToImport) }
            if files.contains("") { throw ValidationError(CommandText.emptyFileToImport) }
            guard files.filter({ $0 == "-" }).count <= 1 else {
                throw ValidationError(CommandText.standardInputTwice)
            }
        }

        func run() throws {
            // From the start SIGINT, SIGTERM and SIGHUP only interrupt the import: before the
            // commit it rolls back and says so; after it the summary is still printed.
            let signals = CommandSignals()
            // Field notes (recognised by their content) are visits, recorded after the caches.
            let noteFiles = files.filter { $0 != "-" && FieldNotes.isFieldNotesFile($0) }
            let visits = try readFieldNotes(noteFiles, stoppingFor: signals)
            let cacheFiles = files.filter { !noteFiles.contains($0) }
            guard !cacheFiles.isEmpty else {
                if let summary = try recordVisits(visits) { try CommandOutput.output(line: summary) }
                // A signal that came while the visits were written: they are stored and reported.
                if let status = signals.exitStatus { throw ExitCode(status) }
                return
            }
            var sources = cacheFiles.map { $0 == "-" ? ImportSource.standardInput : ImportSource.file($0) }
            // With --skip-invalid, a file of several that cannot be read is left out whole.
            var skipped: [ImportError] = []
            if skipInvalid, sources.count > 1 {
                (sources, skipped) = CacheImporter.partitionReadable(sources)
                for error in skipped {
                    StandardStreams.writeError("geocache-tui: \(CommandText.skippedUnreadable(error.message))\n")
                }
                guard !sources.isEmpty else {
                    throw CommandFailure.report(message: CommandText.noFileReadable)
                }
            }
            let newStoreFile = newStoreFilePath()
            let session = try storeOptions.openSession()
            if let unreachable = session.unreachable {
                throw CommandFailure.report(message: CommandText.importNotKept(because: unreachable))
            }
            let store = try session.readStore()
            store.interruption = signals.storeInterruption
            var report: ImportReport
            let progress = progressLine(sources, signals.interruption.progress)
            defer { progress?.finish() }
            do {
                let result = try session.importCaches(
                    from: sources, skipInvalid: skipInvalid, existing: keepExisting ? .keep : .update,
                    interruption: signals.interruption)
                if case .outcomeUnknown(let error) = result {
                    // Its COMMIT was sent; the connection broke before it was known.
                    if signals.signal != nil { throw error }
                    throw CommandFailure.report(message: CommandText.importOutcomeUnknown(error),
                                                status: CommandFailure.outcomeUnknownStatus)
                }
                report = try session.finish(result) ?? ImportReport()
                report.include(signals.interruption.tally)
                if !skipped.isEmpty {
                    report.storedSources = sources.map(\.name)
                    report.skippedSources = skipped.map(\.source)
                }
                progress?.finish()
            } catch let error as ImportError where error.kind == .interrupted {
                progress?.finish()
                Self.removeIfEmpty(store, createdAt: newStoreFile)
                let name = signals.signal.map(CommandSignals.name) ?? "a signal"
                StandardStreams.writeError("geocache-tui: \(CommandText.importRolledBack(by: name))\n")
                throw ExitCode(signals.exitStatus ?? 1)
            } catch let exit as ExitCode {
                progress?.finish()
                Self.removeIfEmpty(store, createdAt: newStoreFile)
                throw exit
            } catch WriteSession.NotKept.importWhileUnreachable(let error) {
                progress?.finish()
                throw CommandFailure.report(message: CommandText.importNotKept(because: error))
            } catch let error as ImportError {
                progress?.finish()
                Self.removeIfEmpty(store, createdAt: newStoreFile)
                throw CommandFailure.report(message: error.message)
            } catch {
                progress?.finish()
                if let signal = signals.signal {
                    // A round trip given up for the signal: the server may or may not have the caches.
                    StandardStreams.writeError(
                        "geocache-tui: \(CommandText.importInterrupted(by: CommandSignals.name(signal), error))\n")
                    throw ExitCode(signals.exitStatus ?? 1)
                }
                Self.removeIfEmpty(store, createdAt: newStoreFile)
                throw CommandFailure.report(error)
            }
            for rejection in report.rejections {
                StandardStreams.writeError("geocache-tui: \(CommandText.skippedInvalid(rejection))\n")
            }
            // Everything is stored before anything is printed: a closed pipe (SIGPIPE) or
            // an output that cannot be written then loses no visit.
            var summary: String?
            do {
                if !visits.isEmpty || !noteFiles.isEmpty { summary = try recordVisits(visits, in: session) }
            } catch {
                try CommandOutput.output(line: report.description)
                throw error
            }
            try CommandOutput.output([report.description] + (summary.map { [$0] } ?? []))
            // A signal that came during the commit or after it: the caches are stored and
            // reported; the exit status still says the process was asked to stop.
            if let status = signals.exitStatus { throw ExitCode(status) }
        }

        /// The visits of the field-notes files `paths`, each line that is not a visit named
        /// on standard error: with --skip-invalid they are left out, else nothing is stored
        /// (exit status 1). A signal that came meanwhile ends the import after the file it
        /// came in, nothing written yet, as an import of caches rolls back.
        private func readFieldNotes(_ paths: [String], stoppingFor signals: CommandSignals) throws -> [Visit] {
            var visits: [Visit] = []
            var problems = 0
            for path in paths {
                let reading: FieldNotes.Reading
                do {
                    reading = try FieldNotes.readFile(path)
                } catch {
                    try Self.stopIfSignalled(signals)
                    throw CommandFailure.report(message: CommandText.fieldNotesNotImported(error))
                }
                try Self.stopIfSignalled(signals)
                for problem in reading.problems {
                    StandardStreams.writeError("geocache-tui: \(CommandText.fieldNoteProblem(path, problem, skipped: skipInvalid))\n")
                }
                problems += reading.problems.count
                visits += reading.visits
            }
            if problems > 0, !skipInvalid { throw CommandFailure.report(message: CommandText.fieldNotesRefused(problems)) }
            return visits
        }

        /// Ends the import before anything was written when one of the signals has come:
        /// the line an interrupted import says, and the signal's exit status (128 + its number).
        private static func stopIfSignalled(_ signals: CommandSignals) throws {
            guard let signal = signals.signal else { return }
            StandardStreams.writeError("geocache-tui: \(CommandText.importRolledBack(by: CommandSignals.name(signal)))\n")
            throw ExitCode(signals.exitStatus ?? 1)
        }

        /// Records `visits` through the session (opened for them when none is given) and
        /// returns the summary line for the caller to print: what the store did with them,
        /// or, while the club store is away, how many were kept on this machine (nil:
        /// nothing was recorded).
        private func recordVisits(_ visits: [Visit], in opened: WriteSession? = nil) throws -> String? {
            let session = try opened ?? storeOptions.openSession()
            var keptHere = 0
            let recorded = try session.run({ () throws -> WriteResult<VisitsRecorded> in
                let result = try session.recordVisits(visits)
                if case .kept(.finder(let change), _) = result, case .visits(let kept, _) = change.kind { keptHere = kept.count }
                return result
            })
            if let recorded { return CommandText.visitsImported(recorded) }
            return CommandText.visitsKept(keptHere, of: visits.count)
        }

        /// The store file's path when the store is a file that does not exist yet (this
        /// import creates it), else nil.
        private func newStoreFilePath() -> String? {
            guard case .file(let path, _)? = try? storeOptions.location(),
                  !FileManager.default.fileExists(atPath: path) else { return nil }
            return path
        }

        /// After a failed import: removes the store file the import created, with its side
        /// files, when it is still empty, so a typo in a file name leaves nothing behind.
        private static func removeIfEmpty(_ store: any CacheStore, createdAt path: String?) {
            guard let path, (try? store.count()) == 0 else { return }
            for file in store.protectedPaths where file.hasPrefix(path) {
                unlink(file)
            }
        }

        /// The progress line: bytes read of the total when every source's size is known
        /// (a regular file), else bytes and caches so far. None when an input is read
        /// from a terminal (standard input, `/dev/tty` or the terminal's own path): it
        /// would be drawn over what the person types there.
        private func progressLine(_ sources: [ImportSource], _ progress: ImportProgress) -> ProgressLine? {
            let sizes = sources.map(\.size)
            let total: Int64? = sizes.contains(nil) ? nil : sizes.reduce(0) { $0 + ($1 ?? 0) }
            let typed = files.contains { Self.isTypedIn($0) }
            return ProgressLine(verb: "Importing", unit: .bytes, quiet: quiet || typed) {
                let now = progress.snapshot
                return ProgressLine.Sample(done: now.bytes, total: total, caches: now.records)
            }
        }

        /// Whether `file` (`-` for standard input) is read from the terminal the progress
        /// line would be drawn on, where a person types it: `/dev/tty`, or the path of the
        /// terminal standard error is on. Only `stat`: opening a device may do something.
        private static func isTypedIn(_ file: String) -> Bool {
            if file == "-" { return isatty(STDIN_FILENO) == 1 }
            var info = stat(), terminal = stat(), controlling = stat()
            guard stat(file, &info) == 0, info.st_mode & S_IFMT == S_IFCHR else { return false }
            return (fstat(STDERR_FILENO, &terminal) == 0 && terminal.st_mode & S_IFMT == S_IFCHR
                    && terminal.st_rdev == info.st_rdev)
                || (stat("/dev/tty", &controlling) == 0 && controlling.st_rdev == info.st_rdev)
        }
    }
}
