import ArgumentParser
import Foundation
import GeoModel

extension GeocacheTUICommand {
    /// `geocache-tui list`: every cache in stored order, as lines or as JSON.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "Print every cache (or those matching --match), in stored order.",
            discussion: """
                One line per cache: title, details, creator and reward separated by tabs, \
                with backslash, tab, newline, carriage return and other control characters \
                escaped (\\\\, \\t, \\n, \\r, \\u{1B}). With --json, a pretty-printed UTF-8 \
                JSON array of objects with the keys creator, details, reward and title. \
                --match TEXT keeps the caches with TEXT in any field, ignoring case and \
                accents ("zurich" finds "Zürich"), as the screen's search does. --numbered \
                and --ids start each line with the cache's position or identifier and a \
                tab: what edit and delete take as --position and --id.
                """
        )

        @OptionGroup var storeOptions: StoreOptions

        @Flag(help: "Print a JSON array of the caches' dictionaries instead of lines.")
        var json = false

        @Option(help: ArgumentHelp("Only the caches with this text in a field (case and accents ignored).",
                                   valueName: "text"))
        var match: String?

        @Flag(help: "Start each line with the cache's position in stored order (for edit/delete --position).")
        var numbered = false

        @Flag(help: "Start each line with the cache's identifier (for edit/delete --id).")
        var ids = false

        func validate() throws {
            if json, numbered || ids { throw ValidationError("--numbered and --ids do not apply to --json.") }
            if numbered, ids { throw ValidationError("Give either --numbered or --ids, not both.") }
        }

        func run() throws {
            let store = try storeOptions.openStore()
            var output = BufferedWriter(descriptor: STDOUT_FILENO)
            do {
                if json {
                    try writeJSON(store, to: &output)
                } else if numbered, let match {
                    // A match's position is its rank among all caches.
                    try store.forEachNumberedMatch(of: match) { position, stored in
                        try write(stored.cache, prefix: position, to: &output)
                    }
                } else {
                    // The flags are read once: an option's getter costs more than a line.
                    let numbered = numbered, ids = ids
                    var position: Int64 = 0
                    try eachCache(store) { stored in
                        position += 1
                        try write(stored.cache, prefix: numbered ? position : ids ? stored.id.rawValue : nil, to: &output)
                    }
                }
                try output.flush()
            } catch let failure as BufferedWriter.Failure {
                throw CommandFailure.report(ExportError(path: "standard output", reason: failure.reason))
            } catch {
                try? output.flush()
                throw CommandFailure.report(error)
            }
        }

        /// One line: the prefix (a position or an identifier) and a tab when given, the
        /// cache's ``GeoCache/tabSeparatedLine``, a line feed; bytes straight into the buffer.
        private func write(_ cache: GeoCache, prefix: (some BinaryInteger)?, to output: inout BufferedWriter) throws {
            if let prefix {
                output.append(decimal: prefix)
                output.append("\t")
            }
            cache.writeTabSeparatedLine(to: &output)
            output.append("\n")
            try output.flushIfFull()
        }

        /// One element of `list --json`'s array, then a write when a chunk is full: one
        /// access to the writer per cache.
        private static func writeElement(_ cache: GeoCache, isFirst: Bool, to output: inout BufferedWriter) throws {
            JSONInterchange.writeElement(for: cache, isFirst: isFirst, layout: .listing, to: &output)
            try output.flushIfFull()
        }

        /// Every cache, or every match of `--match`, in stored order.
        private func eachCache(_ store: any CacheStore, _ body: (StoredCache) throws -> Void) throws {
            if let match {
                try store.forEachMatch(of: match, body)
            } else {
                try store.forEachCache(body)
            }
        }

        /// Streams the array one element at a time, so a large store is never held in
        /// memory, in the layout `list --json` has always had (``JSONInterchange/Layout/listing``).
        private func writeJSON(_ store: any CacheStore, to output: inout BufferedWriter) throws {
            var isFirst = true
            try eachCache(store) { stored in
                try Self.writeElement(stored.cache, isFirst: isFirst, to: &output)
                isFirst = false
            }
            try output.write(JSONInterchange.closing(isEmpty: isFirst))
        }
    }
}
