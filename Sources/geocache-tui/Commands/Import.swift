import ArgumentParser
import Foundation
import GeoModel

extension GeocacheTUICommand {
    /// `geocache-tui import`: adds the caches of JSON or GPX files, all or nothing.
    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Add the caches of JSON, GPX or LOC files (or standard input) to the store.",
            discussion: """
                The format is detected from the content: '[' starts the lab's JSON array, \
                '<' starts XML: GPX (1.0 or 1.1, Groundspeak cache extension under <wpt> or in \
                <extensions>, or plain geocache waypoints) or a geocaching.com LOC file. A \
                cache whose file names no owner gets the file's author as creator, else \
                "unknown"; the summary says how many. A cache's code is its identity: a cache \
                whose code is stored updates that cache when the file's version differs \
                (the summary says "updated N, unchanged M"; a LOC file changes only what \
                it carries), unless --keep-existing is given. All files are imported in one transaction: if any file is \
                unreadable or malformed, nothing is stored. The input is read and checked whole (into a \
                temporary file under $TMPDIR, else /var/tmp) before the store is locked, so an import \
                waiting on a pipe or terminal keeps no other session from writing. A cache identical in all four \
                fields to a stored one, or to one read earlier, is skipped as a duplicate; \
                waypoints that are not geocaches are skipped. An element or waypoint that \
                cannot become a valid cache cancels the whole import, unless --skip-invalid \
                is given: then the valid caches are stored and the invalid ones listed on \
                standard error, and of several files one that cannot be read (missing, \
                not GPX, LOC or JSON, malformed) is left out whole, named on standard \
                error and in the summary. The summary line goes to standard output. SIGINT, SIGTERM \
                or SIGHUP before the commit rolls the import back (one line on standard \
                error); after it, the summary is still printed; the exit status is then \
                128 + the signal's number. On a terminal, standard error shows a progress \
                line (bytes read of the total, caches, rate, time left) once the import has \
                run for half a second; it is erased at the end. --quiet leaves it out. On a \
                club store, an import whose COMMIT reply was lost is looked up and reported as \
                it happened (exit status 0 when it was stored); when the server cannot be asked \
                in time, the exit status is 75 and the message says it is not known. An import \
                is never kept on this machine for later: while a club store cannot be reached it \
                is refused with a line saying so (exit status 1), and nothing is imported.
                """
        )

        @OptionGroup var storeOptions: StoreOptions

        @Flag(help: "Store the valid caches and list the invalid ones instead of importing nothing.")
        var skipInvalid = false

        @Flag(help: "Leave a stored cache as it is when the file has a cache with its code.")
        var keepExisting = false

        @Flag(help: "Draw no progress line on standard error, even on a terminal.")
        var quiet = false

        @Argument(help: ArgumentHelp("JSON, GPX or LOC files; - reads standard input.", valueName: "file"))
        var files: [String] = []

        func validate() throws {
            guard !files.isEmpty else { throw ValidationError("Name at least one file to import, or - for standard input.") }
            guard files.filter({ $0 == "-" }).count <= 1 else {
                throw ValidationError("Standard input (-) can be read only once.")
            }
        }

        func run() throws {
            var sources = files.map { $0 == "-" ? ImportSource.standardInput : ImportSource.file($0) }
            // With --skip-invalid, a file of several that cannot be read is left out whole.
            var skipped: [ImportError] = []
            if skipInvalid, sources.count > 1 {
                (sources, skipped) = CacheImporter.partitionReadable(sources)
                for error in skipped {
                    StandardStreams.writeError("geocache-tui: skipped unreadable \(error.message)\n")
                }
                guard !sources.isEmpty else {
                    throw CommandFailure.report(message: "no file could be read; nothing was imported")
                }
            }
            // From here on SIGINT, SIGTERM and SIGHUP only interrupt the import: before the
            // commit it rolls back and says so; after it the summary is still printed.
            let signals = CommandSignals()
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
                if case .outcomeUnknown(let error) = result, signals.signal != nil { throw error }
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
                StandardStreams.writeError(
                    "geocache-tui: interrupted by \(name): the import was rolled back; nothing was stored\n")
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
                    StandardStreams.writeError("geocache-tui: interrupted by \(CommandSignals.name(signal)): \(error)\n")
                    throw ExitCode(signals.exitStatus ?? 1)
                }
                Self.removeIfEmpty(store, createdAt: newStoreFile)
                throw CommandFailure.report(error)
            }
            for rejection in report.rejections {
                StandardStreams.writeError("geocache-tui: skipped invalid \(rejection)\n")
            }
            FileHandle.standardOutput.write(Data((report.description + "\n").utf8))
            // A signal that came during the commit or after it: the caches are stored and
            // reported; the exit status still says the process was asked to stop.
            if let status = signals.exitStatus { throw ExitCode(status) }
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
        /// (a regular file), else bytes and caches so far.
        private func progressLine(_ sources: [ImportSource], _ progress: ImportProgress) -> ProgressLine? {
            let sizes = sources.map(\.size)
            let total: Int64? = sizes.contains(nil) ? nil : sizes.reduce(0) { $0 + ($1 ?? 0) }
            return ProgressLine(verb: "Importing", unit: .bytes, quiet: quiet) {
                let now = progress.snapshot
                return ProgressLine.Sample(done: now.bytes, total: total, caches: now.records)
            }
        }
    }
}
