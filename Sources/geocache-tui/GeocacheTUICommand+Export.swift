import ArgumentParser
import Foundation
import GeoModel

extension GeocacheTUICommand {
    /// `geocache-tui export`: every cache, as the lab's JSON array or as GPX.
    struct Export: ParsableCommand {
        /// Caches per batch of waypoint codes worked out together (GPX).
        static let digestBatch = 256

        static let configuration = CommandConfiguration(
            commandName: "export",
            abstract: "Write every cache as JSON, GPX or LOC, in stored order.",
            discussion: """
                json (the default): a pretty-printed UTF-8 array of objects with the keys \
                title, details, creator and reward, the lab's dictionary form. gpx: a GPX 1.0 \
                document with the Groundspeak cache extension that geocaching tools import; \
                every waypoint is at 0,0 with a code "GT" plus 8 characters derived from its \
                fields. loc: geocaching.com's LOC file, each cache as its code and "TITLE by \
                CREATOR" (LOC has no room for details or reward). docs/usage.md lists how the \
                fields map. JSON and GPX import back unchanged with `geocache-tui import`. With --output, a regular file is replaced only \
                once the whole export is written (a symbolic link is followed to its target); \
                a device or FIFO such as /dev/null is written into. The store itself, any \
                other geocache-tui store and a directory are refused. On a terminal, standard \
                error shows a progress line (caches written of the total, rate, time left) \
                once the export has run for half a second; it is erased at the end. --quiet \
                leaves it out, and so does an export to standard output on a terminal.
                """
        )

        /// The formats `--format` accepts.
        enum Format: String, ExpressibleByArgument, CaseIterable {
            case json, gpx, loc
        }

        @OptionGroup var storeOptions: StoreOptions

        @Option(help: "json, gpx or loc.")
        var format: Format = .json

        @Option(name: [.short, .long],
                help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"))
        var output: String?

        @Flag(help: "Draw no progress line on standard error, even on a terminal.")
        var quiet = false

        func run() throws {
            let store = try storeOptions.openStore()
            let destination: ExportDestination
            do {
                destination = try ExportDestination(path: output, exporting: store)
            } catch {
                throw CommandFailure.report(error)
            }
            let total = try? store.count()
            let written = WrittenCount()
            // Not over the export itself when both go to the same terminal.
            let toTerminal = (output == nil || output == "-") && isatty(STDOUT_FILENO) == 1
            let progress = ProgressLine(verb: "Exporting", unit: .caches, quiet: quiet || toTerminal) {
                let count = written.value
                return ProgressLine.Sample(done: Int64(count), total: total.map(Int64.init), caches: count)
            }
            defer { progress?.finish() }
            // A failed write is reported as such, not as the store error reading turns it into.
            var writeFailure: ExportError?
            func send(_ format: (inout BufferedWriter) -> Void) throws {
                do {
                    try destination.write(format)
                } catch {
                    writeFailure = error
                    throw error
                }
            }
            do {
                var isFirst = true
                var count = 0
                switch format {
                case .json:
                    try store.forEachCache { stored in
                        try send { JSONInterchange.writeElement(for: stored.cache, isFirst: isFirst, to: &$0) }
                        isFirst = false
                        count += 1
                        if count % WrittenCount.step == 0 { written.value = count }
                    }
                    try send { $0.append(text: JSONInterchange.closing(isEmpty: isFirst)) }
                case .gpx:
                    try send { $0.append(text: GPXWriter.header) }
                    // The waypoint codes of a batch are worked out together: faster
                    // than one by one (GeoCache.interchangeDigests).
                    var batch: [GeoCache] = []
                    batch.reserveCapacity(Self.digestBatch)
                    func writeBatch() throws {
                        let digests = GeoCache.interchangeDigests(batch[...])
                        for (cache, digest) in zip(batch, digests) {
                            try send { GPXWriter.writeWaypoint(for: cache, digest: digest, to: &$0) }
                            count += 1
                            if count % WrittenCount.step == 0 { written.value = count }
                        }
                        batch.removeAll(keepingCapacity: true)
                    }
                    try store.forEachCache { stored in
                        batch.append(stored.cache)
                        if batch.count == Self.digestBatch { try writeBatch() }
                    }
                    try writeBatch()
                    try send { $0.append(text: GPXWriter.footer) }
                case .loc:
                    try send { $0.append(text: LOCWriter.header) }
                    try store.forEachCache { stored in
                        try send { $0.append(text: LOCWriter.waypoint(for: stored.cache)) }
                        count += 1
                        if count % WrittenCount.step == 0 { written.value = count }
                    }
                    try send { $0.append(text: LOCWriter.footer) }
                }
                try destination.finish()
                progress?.finish()
            } catch {
                destination.abandon()
                progress?.finish()
                throw CommandFailure.report(writeFailure ?? error)
            }
        }
    }
}

/// The number of caches an export has written, read by the progress line's thread;
/// set every ``step`` caches.
private final class WrittenCount: @unchecked Sendable {
    static let step = 512
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
