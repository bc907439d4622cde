import ArgumentParser
import Foundation
import GeoModel

extension GeocacheTUICommand {
    /// `geocache-tui list`: every cache in stored order, as lines or as JSON.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: CommandHelp.List.abstract,
            discussion: CommandHelp.List.discussion
        )

        @OptionGroup var storeOptions: StoreOptions

        @Flag(help: ArgumentHelp(CommandHelp.List.json))
        var json = false

        @Option(help: ArgumentHelp(CommandHelp.List.match, valueName: "text"))
        var match: String?

        @Flag(help: ArgumentHelp(CommandHelp.List.numbered))
        var numbered = false

        @Flag(help: ArgumentHelp(CommandHelp.List.ids))
        var ids = false

        @Flag(help: ArgumentHelp(CommandHelp.List.codes))
        var codes = false

        @Option(parsing: .unconditional,
                help: ArgumentHelp(CommandHelp.List.near, valueName: "coordinates|gps"),
                transform: NearOrigin.init(argument:))
        var near: NearOrigin?

        @Option(help: ArgumentHelp(CommandHelp.nearGPS, valueName: "host:port"),
                transform: { text in
                    do { return try GPSDEndpoint(parsing: text) } catch { throw ValidationError("--gps: \(error)") }
                })
        var gps: GPSDEndpoint?

        @Option(help: ArgumentHelp(CommandHelp.List.limit, valueName: "n"))
        var limit: Int?

        /// Where `--near` measures from.
        enum NearOrigin {
            case coordinate(Coordinate)
            case gps

            init(argument: String) throws {
                if argument.trimmingCharacters(in: .whitespaces).lowercased() == "gps" {
                    self = .gps
                } else {
                    self = .coordinate(try CoordinateArgument.parse(argument))
                }
            }
        }

        /// How long `--near gps` waits for a fix.
        static let fixTimeout: Duration = .seconds(10)

        func validate() throws {
            if json, numbered || ids || codes {
                throw ValidationError(CommandText.prefixWithJSON)
            }
            if numbered, ids { throw ValidationError(CommandText.numberedAndIDs) }
            if numbered, near != nil {
                throw ValidationError(CommandText.numberedNear)
            }
            if let limit, limit < 0 { throw ValidationError(CommandText.negativeLimit(limit)) }
            if gps != nil, near == nil { throw ValidationError(CommandText.gpsWithoutNear) }
        }

        func run() throws {
            let origin = try near.map { try Self.resolve($0, gps: gps) }
            // A club store that cannot be reached: its copy on this machine, saying how old it is.
            let session = try storeOptions.openSession()
            let store = try storeOptions.readingStore(of: session)
            var output = BufferedWriter(descriptor: STDOUT_FILENO)
            do {
                if let origin {
                    try writeNearest(store, from: origin, to: &output)
                } else if json {
                    try writeJSON(store, to: &output)
                } else if numbered, let match {
                    // A match's position is its rank among all caches.
                    let codes = codes
                    try store.forEachNumberedMatch(of: match) { position, stored in
                        if codes { Self.writeCode(of: stored, to: &output) }
                        try write(stored.cache, prefix: position, to: &output)
                    }
                } else {
                    // The flags are read once: an option's getter costs more than a line.
                    let numbered = numbered, ids = ids, codes = codes
                    var position: Int64 = 0
                    try eachCache(store) { stored in
                        position += 1
                        if codes { Self.writeCode(of: stored, to: &output) }
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

        /// The coordinates `--near` names, or the fix gpsd (at `gps`, else localhost:2947)
        /// reports within ``fixTimeout``: what `list --near` and `sync --near` measure from.
        static func resolve(_ near: NearOrigin, gps: GPSDEndpoint?) throws -> Coordinate {
            switch near {
            case .coordinate(let coordinate): return coordinate
            case .gps:
                let endpoint = gps ?? .default
                let (fix, status) = GPSDClient(endpoint: endpoint).waitForFix(timeout: Self.fixTimeout)
                guard let coordinate = fix?.coordinate else {
                    throw CommandFailure.report(message: CommandText.noFix(
                        from: endpoint, within: Self.fixTimeout.components.seconds, status: status))
                }
                return coordinate
            }
        }

        /// The caches nearest first from `origin` (the matches of `--match` only, when
        /// given), each line starting with the distance and the bearing, or the JSON
        /// array in that order.
        private func writeNearest(_ store: any CacheStore, from origin: Coordinate,
                                  to output: inout BufferedWriter) throws {
            let matches = try match.map { Set(try store.matchIDs($0)) }
            var written = 0
            let limit = limit ?? .max
            var isFirst = true
            let ids = ids, codes = codes, json = json
            try store.forEachNearest(to: origin, limit: matches == nil ? limit : nil) { stored, key in
                guard written < limit, matches?.contains(stored.id) ?? true else { return }
                written += 1
                if json {
                    try Self.writeElement(stored.cache, isFirst: isFirst, to: &output)
                    isFirst = false
                    return
                }
                if let place = stored.cache.coordinate {
                    output.append(text: Coordinate.distanceText(metres: key.distance))
                    output.append("\t")
                    output.append(text: origin.compassPoint(to: place).rawValue)
                    output.append("\t")
                } else {
                    output.append("-\t-\t")
                }
                if codes { Self.writeCode(of: stored, to: &output) }
                try write(stored.cache, prefix: ids ? stored.id.rawValue : nil, to: &output)
            }
            if json { try output.write(JSONInterchange.closing(isEmpty: isFirst)) }
        }

        /// The cache's code and a tab.
        private static func writeCode(of stored: StoredCache, to output: inout BufferedWriter) {
            output.append(text: stored.cache.code ?? "")
            output.append("\t")
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
