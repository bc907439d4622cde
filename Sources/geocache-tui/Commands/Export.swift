import ArgumentParser
import Foundation
import GeoModel

extension GeocacheTUICommand {
    /// `geocache-tui export`: every cache, as the lab's JSON array or as GPX.
    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "export",
            abstract: "Write every cache as JSON, GPX or LOC, in stored order.",
            discussion: """
                json (the default): a pretty-printed UTF-8 array of objects with the keys \
                title, details, creator and reward (the lab's dictionary form), then the \
                cache's code and whatever place and listing it has. gpx: a GPX 1.0 \
                document with the Groundspeak cache extension that geocaching tools import: \
                each cache's code, coordinates, listing and logs. loc: geocaching.com's LOC \
                file, each cache as its code, "TITLE by CREATOR", coordinates, link, \
                difficulty, terrain and container (LOC has no room for details or reward). \
                GPX and LOC need a position: caches without coordinates are left out, and \
                standard error says how many. docs/usage.md lists how the \
                fields map. JSON and GPX import back unchanged with `geocache-tui import`. With --output, a regular file is replaced only \
                once the whole export is written (a symbolic link is followed to its target); \
                a device or FIFO such as /dev/null is written into. The store itself, any \
                other geocache-tui store and a directory are refused. On a terminal, standard \
                error shows a progress line (caches written of the total, rate, time left) \
                once the export has run for half a second; it is erased at the end. --quiet \
                leaves it out, and so does an export to standard output on a terminal. \
                SIGINT, SIGTERM or SIGHUP ends the export at once, removing its temporary \
                file (the target is left as it was); the exit status is 128 + the signal's \
                number.
                """
        )

        @OptionGroup var storeOptions: StoreOptions

        @Option(help: "json, gpx or loc.")
        var format: InterchangeFormat = .json

        @Option(name: [.short, .long],
                help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"))
        var output: String?

        @Flag(help: "Draw no progress line on standard error, even on a terminal.")
        var quiet = false

        func run() throws {
            let session = try storeOptions.openSession()
            if let unreachable = session.unreachable { throw CommandFailure.report(unreachable) }
            let store = try session.readStore()
            // SIGINT, SIGTERM and SIGHUP end the export at once (it may be blocked writing
            // into a full pipe), removing its temporary file: the target stays as it was.
            let temporary = TemporaryPath()
            let target = output ?? "standard output"
            let signals = CommandSignals { number in
                if let path = temporary.path { unlink(path) }
                // On a terminal, over the progress line, if one is drawn.
                let erase = isatty(STDERR_FILENO) == 1 ? "\r\u{1B}[K" : ""
                StandardStreams.writeError(erase + "geocache-tui: interrupted by \(CommandSignals.name(number)): "
                    + "the export was abandoned; \(target) is as it was\n")
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
            let total = try? store.count()
            let written = WrittenCount()
            // Not over the export itself when both go to the same terminal.
            let toTerminal = (output == nil || output == "-") && isatty(STDOUT_FILENO) == 1
            let progress = ProgressLine(verb: "Exporting", unit: .caches, quiet: quiet || toTerminal) {
                let count = written.value
                return ProgressLine.Sample(done: Int64(count), total: total.map(Int64.init), caches: count)
            }
            defer { progress?.finish() }
            do {
                let summary = try CacheExporter.export(store, as: format, to: destination) { written.value = $0 }
                progress?.finish()
                if summary.withoutCoordinate > 0 {
                    let caches = summary.withoutCoordinate == 1 ? "1 cache" : "\(summary.withoutCoordinate) caches"
                    FileHandle.standardError.write(Data(
                        "geocache-tui: \(caches) without coordinates not written (\(format.rawValue.uppercased()) needs a position)\n".utf8))
                }
            } catch {
                progress?.finish()
                throw CommandFailure.report(error)
            }
        }
    }
}

/// `--format`'s values: the interchange formats by name (json, gpx, loc).
extension InterchangeFormat: ExpressibleByArgument {}

/// The export's temporary file, for the signals' thread to remove.
private final class TemporaryPath: @unchecked Sendable {
    private let lock = NSLock()
    private var value: String?

    /// The temporary file, once ``recording(_:)`` has made it; waits while it is being made.
    var path: String? { lock.withLock { value } }

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
