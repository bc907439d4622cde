import ArgumentParser
import Foundation
import GeoModel

/// `geocache-tui list`: every cache in stored order, as lines or as JSON.
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Print every cache, in stored order.",
        discussion: """
            One line per cache: title, details, creator and reward separated by tabs, \
            with backslash, tab, newline, carriage return and other control characters \
            escaped (\\\\, \\t, \\n, \\r, \\u{1B}). With --json, a pretty-printed UTF-8 \
            JSON array of objects with the keys creator, details, reward and title.
            """
    )

    @OptionGroup var storeOptions: StoreOptions

    @Flag(help: "Print a JSON array of the caches' dictionaries instead of lines.")
    var json = false

    func run() throws {
        let store = try storeOptions.openStore()
        var output = BufferedOutput()
        do {
            if json {
                try writeJSON(store, to: &output)
            } else {
                try store.forEachCache { output.write($0.cache.tabSeparatedLine + "\n") }
            }
        } catch {
            output.flush()
            throw CommandFailure.report(error)
        }
        output.flush()
    }

    /// Streams the array one element at a time, so a large store is never held in
    /// memory; the result is the same as encoding the whole array pretty-printed.
    private func writeJSON(_ store: CacheStore, to output: inout BufferedOutput) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var isFirst = true
        try store.forEachCache { stored in
            let element = String(decoding: try encoder.encode(stored.cache.dictionary), as: UTF8.self)
            output.write((isFirst ? "[\n  " : ",\n  ") + element.replacingOccurrences(of: "\n", with: "\n  "))
            isFirst = false
        }
        output.write(isFirst ? "[]\n" : "\n]\n")
    }
}

/// Collects standard output in large chunks instead of one write per line.
struct BufferedOutput {
    private var buffer = Data()

    /// Appends `text`, writing out when enough has piled up.
    mutating func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 16 { flush() }
    }

    /// Writes everything collected so far.
    mutating func flush() {
        guard !buffer.isEmpty else { return }
        FileHandle.standardOutput.write(buffer)
        buffer.removeAll(keepingCapacity: true)
    }
}
