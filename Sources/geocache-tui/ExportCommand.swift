import ArgumentParser
import Foundation
import GeoModel

/// `geocache-tui export`: every cache, as the lab's JSON array or as GPX.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write every cache as JSON or GPX, in stored order.",
        discussion: """
            json (the default): a pretty-printed UTF-8 array of objects with the keys \
            title, details, creator and reward, the lab's dictionary form. gpx: a GPX 1.0 \
            document with the Groundspeak cache extension that geocaching tools import; \
            every waypoint is at 0,0 with a code "GT" plus 8 characters derived from its \
            fields. docs/usage.md lists how the fields map. Both import back unchanged \
            with `geocache-tui import`.
            """
    )

    /// The formats `--format` accepts.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case json, gpx
    }

    @OptionGroup var storeOptions: StoreOptions

    @Option(help: "json or gpx.")
    var format: Format = .json

    @Option(name: [.short, .long],
            help: ArgumentHelp("Write to this file (replaced whole) instead of standard output.", valueName: "file"))
    var output: String?

    func run() throws {
        let store = try storeOptions.openStore()
        var text = ""
        do {
            let caches = try store.loadCaches()
            switch format {
            case .json: text = JSONInterchange.document(for: caches)
            case .gpx: text = GPXWriter.document(for: caches)
            }
        } catch {
            throw CommandFailure.report(error)
        }
        let data = Data(text.utf8)
        guard let output, output != "-" else {
            FileHandle.standardOutput.write(data)
            return
        }
        do {
            try data.write(to: URL(fileURLWithPath: output), options: .atomic)
        } catch {
            throw CommandFailure.report(message: "cannot write \(output): \(error.localizedDescription)")
        }
    }
}
