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
            with `geocache-tui import`. With --output, the file is replaced only once the \
            whole export is written.
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
            help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"))
    var output: String?

    func run() throws {
        let store = try storeOptions.openStore()
        let destination = try ExportDestination(path: output == "-" ? nil : output)
        do {
            var isFirst = true
            switch format {
            case .json:
                try store.forEachCache { stored in
                    try destination.write(JSONInterchange.element(for: stored.cache, isFirst: isFirst))
                    isFirst = false
                }
                try destination.write(JSONInterchange.closing(isEmpty: isFirst))
            case .gpx:
                try destination.write(GPXWriter.header)
                try store.forEachCache { try destination.write(GPXWriter.waypoint(for: $0.cache)) }
                try destination.write(GPXWriter.footer)
            }
            try destination.finish()
        } catch let exit as ExitCode {
            throw exit
        } catch {
            destination.abandon()
            throw CommandFailure.report(error)
        }
    }
}

/// Standard output, or a temporary file renamed over the target once complete, fed
/// in 64 KiB writes so a large store is never held in memory.
private final class ExportDestination {
    private let target: String?
    private let temporary: String?
    private let handle: FileHandle
    private var buffer = Data()

    init(path: String?) throws {
        guard let path else {
            target = nil
            temporary = nil
            handle = FileHandle.standardOutput
            return
        }
        let url = URL(fileURLWithPath: path)
        let temporaryPath = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp").path
        guard FileManager.default.createFile(atPath: temporaryPath, contents: nil),
              let handle = FileHandle(forWritingAtPath: temporaryPath)
        else {
            throw CommandFailure.report(message: "cannot write \(path): cannot create a file in its directory")
        }
        target = path
        temporary = temporaryPath
        self.handle = handle
    }

    func write(_ text: String) throws {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 16 { try flush() }
    }

    private func flush() throws {
        try handle.write(contentsOf: buffer)
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes what is left and, for a file, moves it into place.
    func finish() throws {
        try flush()
        guard let target, let temporary else { return }
        try handle.synchronize()
        try handle.close()
        guard rename(temporary, target) == 0 else {
            let reason = String(cString: strerror(errno))
            abandon()
            throw CommandFailure.report(message: "cannot write \(target): \(reason)")
        }
    }

    /// Removes the temporary file after a failure; the target is left as it was.
    func abandon() {
        guard let temporary else { return }
        try? handle.close()
        unlink(temporary)
    }
}
