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
                title, details, creator and reward, the lab's dictionary form. gpx: a GPX 1.0 \
                document with the Groundspeak cache extension that geocaching tools import; \
                every waypoint is at 0,0 with a code "GT" plus 8 characters derived from its \
                fields. loc: geocaching.com's LOC file, each cache as its code and "TITLE by \
                CREATOR" (LOC has no room for details or reward). docs/usage.md lists how the \
                fields map. JSON and GPX import back unchanged with `geocache-tui import`. With --output, a regular file is replaced only \
                once the whole export is written (a symbolic link is followed to its target); \
                a device or FIFO such as /dev/null is written into. The store itself, any \
                other geocache-tui store and a directory are refused.
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

        func run() throws {
            let store = try storeOptions.openStore()
            let destination: ExportDestination
            do {
                destination = try ExportDestination(path: output, exporting: store)
            } catch {
                throw CommandFailure.report(error)
            }
            // A failed write is reported as such, not as the store error reading turns it into.
            var writeFailure: ExportError?
            func send(_ text: String) throws {
                do {
                    try destination.write(text)
                } catch {
                    writeFailure = error
                    throw error
                }
            }
            do {
                var isFirst = true
                switch format {
                case .json:
                    try store.forEachCache { stored in
                        try send(JSONInterchange.element(for: stored.cache, isFirst: isFirst))
                        isFirst = false
                    }
                    try send(JSONInterchange.closing(isEmpty: isFirst))
                case .gpx:
                    try send(GPXWriter.header)
                    try store.forEachCache { try send(GPXWriter.waypoint(for: $0.cache)) }
                    try send(GPXWriter.footer)
                case .loc:
                    try send(LOCWriter.header)
                    try store.forEachCache { try send(LOCWriter.waypoint(for: $0.cache)) }
                    try send(LOCWriter.footer)
                }
                try destination.finish()
            } catch {
                destination.abandon()
                throw CommandFailure.report(writeFailure ?? error)
            }
        }
    }
}
