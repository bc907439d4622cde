import ArgumentParser
import Foundation
import GeoModel

extension GeocacheTUICommand {
    /// `geocache-tui export`: every cache, as the lab's JSON array, GPX 1.0 or 1.1, or LOC.
    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "export",
            abstract: CommandHelp.Export.abstract,
            discussion: CommandHelp.Export.discussion
        )

        @OptionGroup var storeOptions: StoreOptions

        @Option(help: ArgumentHelp(CommandHelp.Export.format))
        var format: ExportFormat = .json

        @Option(name: [.short, .long], parsing: .unconditional,
                help: ArgumentHelp(CommandHelp.Export.output, valueName: "file"), completion: .file())
        var output: String?

        @Flag(help: ArgumentHelp(CommandHelp.quiet))
        var quiet = false

        @OptionGroup var filterOptions: FilterOptions

        @Option(parsing: .unconditional,
                help: ArgumentHelp(CommandHelp.Export.near, valueName: "coordinates|gps"),
                transform: List.NearOrigin.init(argument:))
        var near: List.NearOrigin?

        @Option(help: ArgumentHelp(CommandHelp.nearGPS, valueName: "host:port"),
                transform: FilterOptions.gpsEndpoint)
        var gps: GPSDEndpoint?

        @Option(parsing: .unconditional, help: ArgumentHelp(CommandHelp.Filter.within, valueName: "distance"),
                transform: FilterOptions.radius)
        var within: Double?

        @Flag(help: ArgumentHelp(CommandHelp.Export.all))
        var all = false

        func validate() throws {
            if output?.isEmpty == true { throw ValidationError(CommandText.emptyOutput) }
            _ = try filterOptions.filter()
            if all, format != .fieldnotes { throw ValidationError(CommandText.allWithoutFieldNotes) }
            if format == .fieldnotes, try near != nil || within != nil || !filterOptions.filter().keepsEverything {
                throw ValidationError(CommandText.filtersWithFieldNotes)
            }
            if gps != nil, near == nil { throw ValidationError(CommandText.gpsWithoutNear) }
            if within != nil, near == nil { throw ValidationError(CommandText.withinWithoutNear) }
        }

        func run() throws {
            var filter = try filterOptions.filter()
            let origin = try near.map { try List.resolve($0, gps: gps) }
            if let origin, let within { filter.within = CacheFilter.Radius(center: origin, metres: within) }
            let session = try storeOptions.openSession(creatingStore: false)
            if let unreachable = session.unreachable { throw CommandFailure.report(unreachable) }
            let store = try session.readStore()
            // SIGINT, SIGTERM and SIGHUP end the export at once (it may be blocked writing
            // into a full pipe, or opening a FIFO no one reads), removing its temporary
            // file: a file named stays as it was.
            let temporary = TemporaryPath()
            let target = output ?? CommandText.standardOutput
            let signals = CommandSignals { number in
                if let path = temporary.path { unlink(path) }
                // On a terminal, over the progress line, if one is drawn.
                let erase = isatty(STDERR_FILENO) == 1 ? "\r\u{1B}[K" : ""
                StandardStreams.writeError(erase + "geocache-tui: "
                    + CommandText.exportAbandoned(by: CommandSignals.name(number), output: output) + "\n")
                _exit(128 + number)
            }
            let destination: ExportDestination
            do {
                // Created and recorded under the path's lock: a signal that comes
                // meanwhile waits for the path, and so never leaves the file behind.
                destination = try temporary.recording { try ExportDestination(path: output, exporting: store) }
            } catch {
                throw CommandFailure.report(error)
            }
            _ = signals
            // Held until the visits written are marked: a second export at once waits, then finds them exported.
            let exportLock = format == .fieldnotes ? FieldNotes.ExportLock() : nil
            defer { withExtendedLifetime(exportLock) {} }
            let visits: [Visit]
            let own: OwnData.Book
            do {
                visits = format == .fieldnotes ? try session.visits().filter { all || !$0.exported }.map(\.visit) : []
                own = format == .fieldnotes ? OwnData.Book() : try session.ownData()
            } catch {
                destination.abandon()
                throw CommandFailure.report(error)
            }
            if format == .fieldnotes, visits.isEmpty {
                destination.abandon()
                let file = output.flatMap { $0 == "-" ? nil : (path: $0, exists: access($0, F_OK) == 0) }
                return StandardStreams.writeError("geocache-tui: " + CommandText.noVisitsToExport(all: all, file: file) + "\n")
            }
            if format == .fieldnotes, let output, output != "-" {
                let kept: [Visit]
                do {
                    kept = try FieldNotes.visitsOnlyIn(output, beside: visits)
                } catch {
                    destination.abandon()
                    throw CommandFailure.report(message: CommandText.fieldNotesUnreadable(error))
                }
                if !kept.isEmpty {
                    destination.abandon()
                    // --all helps only when every visit the file holds is one the store has.
                    let allHelps = !all && (try? FieldNotes.visitsOnlyIn(output, beside: session.visits().map(\.visit)))?
                        .isEmpty == true
                    throw CommandFailure.report(message: CommandText.fieldNotesWouldDrop(kept.count, file: output,
                                                                                         allHelps: allHelps))
                }
            }
            let total = format == .fieldnotes ? visits.count : try? store.count()
            let written = WrittenCount()
            // Not over the export itself when both go to the same terminal; none for field
            // notes, made whole and written at once (a hundred thousand visits in a second).
            let toTerminal = (output == nil || output == "-") && isatty(STDOUT_FILENO) == 1
            let progress = ProgressLine(verb: "Exporting", unit: .caches, quiet: quiet || toTerminal || format == .fieldnotes) {
                let count = written.value
                return ProgressLine.Sample(done: Int64(count), total: total.map(Int64.init), caches: count)
            }
            defer { progress?.finish() }
            do {
                let summary = try CacheExporter.export(store, as: format, to: destination, keeping: filter,
                                                       nearestFirstFrom: origin, own: own, visits: visits) {
                    written.value = $0
                }
                progress?.finish()
                if format == .fieldnotes {
                    try markExported(visits, in: session, toFile: destination.replacesAFile ? target : nil)
                }
                if summary.withoutCoordinate > 0 {
                    let sentence = CommandText.withoutCoordinates(summary.withoutCoordinate, format: format)
                    StandardStreams.writeError("geocache-tui: \(sentence)\n")
                }
                if summary.waypointsWithoutPlace > 0 {
                    let sentence = CommandText.waypointsWithoutPlace(summary.waypointsWithoutPlace, format: format)
                    StandardStreams.writeError("geocache-tui: \(sentence)\n")
                }
                if summary.attributesWithoutNumber > 0 {
                    let sentence = CommandText.attributesWithoutNumber(summary.attributesWithoutNumber, format: format)
                    StandardStreams.writeError("geocache-tui: \(sentence)\n")
                }
            } catch let exit as ExitCode {
                progress?.finish()
                throw exit   // Said already (the visits written but not marked).
            } catch let error as StoreError where error.meansTheServerIsAway {
                progress?.finish()
                throw CommandFailure.report(message: CommandText.exportCut(
                    by: error, target: target, untouched: destination.replacesAFile))
            } catch {
                progress?.finish()
                throw CommandFailure.report(error)
            }
        }
    }
}

extension GeocacheTUICommand.Export {
    /// After a field-notes export: the visits written to a file (`file`) are marked exported (not
    /// those written to standard output: a pipe may not have kept them), and standard
    /// error says how many were written.
    func markExported(_ visits: [Visit], in session: WriteSession, toFile file: String?) throws {
        StandardStreams.writeError("geocache-tui: " + CommandText.visitsExported(visits.count) + "\n")
        guard let file, !visits.isEmpty else { return }
        do {
            try session.markVisitsExported(visits)
        } catch {
            throw CommandFailure.report(message: CommandText.visitsNotMarked(error, file: file))
        }
    }
}

/// `--format`'s values: the export formats by name (json, gpx, gpx11, loc, fieldnotes).
extension ExportFormat: ExpressibleByArgument {}

/// The export's temporary file, for the signals' thread to remove.
private final class TemporaryPath: @unchecked Sendable {
    private let lock = NSLock()
    private var value: String?

    /// The temporary file, once ``recording(_:)`` has made it; waits while it is being
    /// made, for at most a second: making a temporary file takes microseconds, and a
    /// destination still opening after that is a FIFO no one reads yet (or a device that
    /// does not answer), written into in place, with no temporary file to remove.
    var path: String? {
        guard lock.lock(before: Date(timeIntervalSinceNow: 1)) else { return nil }
        defer { lock.unlock() }
        return value
    }

    /// Makes the destination (and so its temporary file) and records the file's path,
    /// both under the lock.
    func recording(_ make: () throws -> ExportDestination) throws -> ExportDestination {
        try lock.withLock {
            let destination = try make()
            value = destination.temporaryPath
            return destination
        }
    }
}

/// The number of caches an export has written, read by the progress line's thread;
/// set every `CacheExporter.progressInterval` caches.
private final class WrittenCount: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    var value: Int {
        get {
            lock.lock()
            defer { lock.unlock() }
            return count
        }
        set {
            lock.lock()
            count = newValue
            lock.unlock()
        }
    }
}
