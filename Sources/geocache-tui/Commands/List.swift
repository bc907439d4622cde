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

        @Option(parsing: .unconditional, help: ArgumentHelp(CommandHelp.List.match, valueName: "text"))
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
                transform: FilterOptions.gpsEndpoint)
        var gps: GPSDEndpoint?

        @OptionGroup var filterOptions: FilterOptions

        @Option(parsing: .unconditional, help: ArgumentHelp(CommandHelp.Filter.within, valueName: "distance"),
                transform: FilterOptions.radius)
        var within: Double?

        @Option(parsing: .unconditional, help: ArgumentHelp(CommandHelp.List.limit, valueName: "n"),
                transform: { try WholeNumberArgument.parse($0, least: 0) })
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
            if within != nil, near == nil { throw ValidationError(CommandText.withinWithoutNear) }
            _ = try filterOptions.filter()
        }

        func run() throws {
            let origin = try near.map { try Self.resolve($0, gps: gps) }
            var filter = try filterOptions.filter()
            if let origin, let within { filter.within = CacheFilter.Radius(center: origin, metres: within) }
            let everything = filter.keepsEverything
            // A club store that cannot be reached: its copy on this machine, saying how old it is.
            let session = try storeOptions.openSession(creatingStore: false)
            let store = try storeOptions.readingStore(of: session)
            var output = BufferedWriter(descriptor: STDOUT_FILENO)
            var columns = Set<ListingWriter.Column>()
            if codes { columns.insert(.code) }
            if numbered { columns.insert(.position) }
            if ids { columns.insert(.id) }
            if origin != nil { columns.insert(.distance) }
            var writer = ListingWriter(format: json ? .json : .lines, columns: columns)
            // Each cache written counts toward --limit; the one after the last ends the
            // reading.
            let limit = limit ?? .max
            var written = 0
            func counted(_ write: () throws -> Void) throws {
                guard written < limit else { throw LimitReached() }
                try write()
                written += 1
            }
            do {
                // Read only when something shows or chooses by it: a plain list costs what psql's does.
                let needsOwn = json || origin != nil || filter.found != nil || filter.within != nil
                let own = needsOwn ? try session.ownData() : OwnData.Book()
                writer.own = own
                let keeps = { (stored: StoredCache) in everything || filter.keeps(stored.cache, own: own.of(stored.cache)) }
                do {
                    if let origin {
                        try writeNearest(store, from: origin, keeping: keeps, keepsEverything: everything, limit: limit,
                                         counted: counted, with: &writer, to: &output)
                    } else if numbered, let match {
                        // A match's position is its rank among all caches.
                        try store.forEachNumberedMatch(of: match) { position, stored in
                            if keeps(stored) { try counted { try writer.write(stored, position: position, to: &output) } }
                        }
                    } else if let match {
                        try store.forEachMatch(of: match) { stored in
                            if keeps(stored) { try counted { try writer.write(stored, to: &output) } }
                        }
                    } else if everything, json {
                        // Each cache's stored bytes straight into the JSON: no String, no Listing;
                        // the store read on a thread of its own meanwhile.
                        try store.forEachCacheRowAhead { row in try counted { try writer.write(row, to: &output) } }
                    } else if everything, writer.writesFieldsAlone {
                        // The four fields' bytes straight from the store: no String per field.
                        var position = 0
                        try store.forEachCacheFields { fields in
                            position += 1
                            try counted { try writer.write(fields, position: position, to: &output) }
                        }
                    } else {
                        var position = 0
                        try store.forEachCache { stored in
                            position += 1
                            if keeps(stored) { try counted { try writer.write(stored, position: position, to: &output) } }
                        }
                    }
                } catch is LimitReached {}
                try writer.finish(to: &output)
            } catch let failure as BufferedWriter.Failure {
                throw CommandFailure.report(ExportError(path: CommandText.standardOutput, reason: failure.reason))
            } catch {
                try? output.flush()
                throw CommandFailure.report(error)
            }
        }

        /// The coordinates `--near` names, or the fix gpsd (at `gps`, else localhost:2947)
        /// reports within ``fixTimeout``: what `list --near` and `sync --near` measure from.
        ///
        /// A fix without a time or at 0,0 is no position, as no fix is (exit 1, saying
        /// which); one whose time and the clock disagree is used, with a warning on
        /// standard error naming both times.
        static func resolve(_ near: NearOrigin, gps: GPSDEndpoint?) throws -> Coordinate {
            switch near {
            case .coordinate(let coordinate): return coordinate
            case .gps:
                let endpoint = gps ?? .default
                let (fix, status) = GPSDClient(endpoint: endpoint).waitForFix(timeout: Self.fixTimeout)
                let seconds = Self.fixTimeout.components.seconds
                switch (fix ?? status.freshFix)?.check(now: Date()) {
                case .sound(let coordinate)?:
                    return coordinate
                case .clockDisagrees(let coordinate, let fixTime, let clock)?:
                    StandardStreams.writeError("geocache-tui: \(CommandText.fixClockDisagrees(fixTime, clock: clock))\n")
                    return coordinate
                case .unusable(let flaw)?:
                    throw CommandFailure.report(message: CommandText.unusableFix(flaw, from: endpoint, within: seconds))
                case nil:
                    throw CommandFailure.report(message: CommandText.noFix(from: endpoint, within: seconds, status: status))
                }
            }
        }

        /// The caches nearest first from `origin` (the matches of `--match` only, when
        /// given, those `filter` keeps, and at most `--limit`), each line starting with the distance and the
        /// bearing, or the JSON array in that order.
        /// `everything` says that `keeps` keeps every cache (no filter, no radius): the
        /// store then stops at the limit itself; otherwise `counted` ends the walk.
        private func writeNearest(_ store: any CacheStore, from origin: Coordinate, keeping keeps: (StoredCache) -> Bool,
                                  keepsEverything everything: Bool, limit: Int, counted: (() throws -> Void) throws -> Void,
                                  with writer: inout ListingWriter, to output: inout BufferedWriter) throws {
            let matches = try match.map { Set(try store.matchIDs($0)) }
            try store.forEachNearest(to: origin, limit: matches == nil && everything ? limit : nil) { stored, key in
                guard matches?.contains(stored.id) ?? true, keeps(stored) else { return }
                try counted { try writer.write(stored, from: origin, key: key, to: &output) }
            }
        }

        /// Ends a listing's reading at the cache after `--limit`'s last.
        private struct LimitReached: Error {}
    }
}
