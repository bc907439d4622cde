import ArgumentParser
import Foundation
import GeoModel

extension GeocacheTUICommand {
    /// `geocache-tui sync`: field mode's own command. Delivers the changes kept on this
    /// machine to the club store, refreshes the machine's copy of its caches, lists
    /// what waits (`--status`), and settles a conflict (`--discard`, `--overwrite`).
    struct Sync: ParsableCommand {
        /// The exit status when the club store cannot be reached: `EX_UNAVAILABLE` of
        /// sysexits.h. The changes keep waiting and the copy stays as it was.
        static let unavailableStatus: Int32 = 69

        static let configuration = CommandConfiguration(
            commandName: "sync",
            abstract: CommandHelp.Sync.abstract,
            discussion: CommandHelp.Sync.discussion
        )

        @OptionGroup var storeOptions: StoreOptions

        @Flag(help: ArgumentHelp(CommandHelp.Sync.status))
        var status = false

        @Option(parsing: .unconditional, help: ArgumentHelp(CommandHelp.Sync.discard, valueName: "n|fn"),
                transform: WaitingNumber.parse)
        var discard: WaitingNumber?

        @Option(parsing: .unconditional, help: ArgumentHelp(CommandHelp.Sync.overwrite, valueName: "n"),
                transform: WaitingNumber.parse)
        var overwrite: WaitingNumber?

        @Flag(name: .customLong("adopt-club"), help: ArgumentHelp(CommandHelp.Sync.adoptClub))
        var adoptClub = false

        @Option(parsing: .unconditional,
                help: ArgumentHelp(CommandHelp.Sync.within, valueName: "distance"),
                transform: DistanceArgument.parse)
        var within: Double?

        @Option(parsing: .unconditional,
                help: ArgumentHelp(CommandHelp.Sync.near, valueName: "coordinates|gps"),
                transform: List.NearOrigin.init(argument:))
        var near: List.NearOrigin?

        @Option(help: ArgumentHelp(CommandHelp.nearGPS, valueName: "host:port"),
                transform: FilterOptions.gpsEndpoint)
        var gps: GPSDEndpoint?

        func validate() throws {
            if case .file(let path, _)? = try? storeOptions.location() {
                throw ValidationError(CommandText.syncIsForAClubStore(path))
            }
            let actions = [status, discard != nil, overwrite != nil, adoptClub].filter { $0 }.count
            if actions > 1 { throw ValidationError(CommandText.oneSyncAction) }
            for (name, number) in [("--discard", discard), ("--overwrite", overwrite)] {
                if let number, number.sequence < 1 {
                    throw ValidationError(CommandText.sequenceBelowOne(number.sequence, option: name))
                }
            }
            if let overwrite, overwrite.isFinder { throw ValidationError(CommandText.finderChangeNotOverwritten(overwrite.label)) }
            if (within == nil) != (near == nil) {
                throw ValidationError(CommandText.withinAndNear)
            }
            if within != nil, status || discard != nil {
                throw ValidationError(CommandText.withinWithoutRefresh)
            }
            if gps != nil, near == nil { throw ValidationError(CommandText.gpsWithoutNear) }
        }

        func run() throws {
            guard case .server(let url)? = try? storeOptions.location() else { return }
            // What is on this machine is read and decided without the network.
            let here = WriteSession(store: nil, location: .server(url), files: FieldFiles(serverURL: url))
                .saysSetAsideFiles()
            if status { return try SyncStatus.print(here) }
            if let discard, discard.isFinder { return try discardFinderChange(discard.sequence, in: here) }
            if let discard {
                let change = try waitingChange(discard.sequence, in: here)
                // One whose reply was lost may be stored: the server's ledger is asked first.
                var session = here
                if case .readable(let sent) = change, sent.mayBeStored {
                    do {
                        session = try WriteSession.opening(.server(url), clubCheck: .always).saysSetAsideFiles()
                    } catch {
                        throw CommandFailure.report(error)
                    }
                }
                try Self.discarding(discard.label) { try session.discardWaiting(discard.sequence) }
                try CommandOutput.output(line: change.map(CommandText.dropped, CommandText.dropped))
                return
            }
            if let overwrite {
                if case .unreadable(let change) = try waitingChange(overwrite.sequence, in: here) {
                    throw CommandFailure.report(message: CommandText.cannotOverwrite(change))
                }
                var settled = false
                try Self.reporting { settled = try here.overwriteWaiting(overwrite.sequence) }
                if settled { try CommandOutput.output(line: CommandText.deleteAlreadyDone(overwrite.label)) }
            }
            let area = try within.map { ClubCopy.Area(center: try List.resolve(near ?? .gps, gps: gps), radius: $0) }
            try deliverAndRefresh(url: url, area: area)
        }

        /// Connects, delivers the outbox, refreshes the copy and prints the summary; exits
        /// 69 when the server cannot be reached, 1 when a change is left in conflict or
        /// refused, or another writer's lock stopped the delivery.
        private func deliverAndRefresh(url: String, area: ClubCopy.Area?) throws {
            let session: WriteSession
            var delivered: WriteSession.DeliverySummary?
            do {
                // The copy it makes is the club's: the club database is checked even with nothing kept yet.
                session = try WriteSession.opening(.server(url), clubCheck: adoptClub ? .adopting : .always).saysSetAsideFiles()
                // Adopting delivers nothing: the kept changes wait for the member to look at them first.
                if session.unreachable == nil, !adoptClub { delivered = try session.deliverWaiting() }
            } catch {
                throw CommandFailure.report(error)
            }
            if let delivered {
                // A server gone during the delivery is away, whatever the copy's refresh meets
                // next: said once, on standard error, by the line that ends the command.
                let gone = delivered.report.stoppedBy.flatMap { $0.meansTheServerCannotBeReached ? $0 : nil }
                try CommandOutput.output(CommandText.delivery(delivered, countingDelivered: false,
                                                              sayingWhyItStopped: gone == nil))
                if case .locked? = delivered.report.stoppedBy { throw ExitCode.failure }
                if let gone {
                    throw Self.away(session.unreachable ?? gone, session: session,
                                    duringDelivery: delivered.report.deliveredCount)
                }
            }
            if let unreachable = session.unreachable { throw Self.away(unreachable, session: session) }
            let count: Int
            do {
                count = try session.refreshCopy(area: area)
            } catch {
                // What was delivered stays delivered: said before why the copy was not made,
                // also when the server went away between the delivery and the copy's read.
                if let delivered, delivered.report.deliveredCount > 0 {
                    try CommandOutput.output(line: CommandText.deliveredWithoutCopy(delivered.report.deliveredCount))
                }
                if let unreachable = session.unreachable { throw Self.away(unreachable, session: session) }
                if let away = error as? StoreError, away.meansTheServerCannotBeReached { throw Self.away(away, session: session) }
                throw CommandFailure.report(error)
            }
            if adoptClub {
                let waiting = (try? session.waitingCount()) ?? 0
                return try CommandOutput.output(line: CommandText.adoptedClub(server: session.store?.name ?? session.location.description,
                                                                              copied: count, area: area, waiting: waiting))
            }
            let report = delivered?.report ?? OutboxDelivery.Report()
            try CommandOutput.output(line: CommandText.syncSummary(report, copied: count, area: area))
            if (delivered?.waiting ?? 0) > 0 { throw ExitCode.failure }
        }

        /// The change `sequence` waiting in the outbox of `files`, or what could be read
        /// of it; exit status 1 with a message when there is none.
        private func waitingChange(_ sequence: Int64, in here: WriteSession) throws -> WaitingChange {
            var changes: [QueuedChange] = [], unreadable: [UnreadableChange] = []
            try Self.reporting {
                changes = try here.waitingChanges()
                unreadable = try here.unreadableWaiting()
            }
            if let change = changes.first(where: { $0.sequence == sequence }) { return .readable(change) }
            if let change = unreadable.first(where: { $0.sequence == sequence }) { return .unreadable(change) }
            throw CommandFailure.report(message: CommandText.noWaitingChange(String(sequence), among: try waitingLabels(here)))
        }

        /// `--discard fN`: gives up the finder's change `sequence` (a visit or own data).
        private func discardFinderChange(_ sequence: Int64, in here: WriteSession) throws {
            var changes: [FinderChange] = [], unreadable: [UnreadableFinderChange] = []
            try Self.reporting {
                changes = try here.waitingFinderChanges()
                unreadable = try here.unreadableWaitingFinderChanges()
            }
            let dropped: String
            if let change = changes.first(where: { $0.sequence == sequence }) {
                dropped = CommandText.dropped(change)
            } else if let change = unreadable.first(where: { $0.sequence == sequence }) {
                dropped = CommandText.dropped(change)
            } else {
                throw CommandFailure.report(message: CommandText.noWaitingChange("f\(sequence)",
                                                                                 among: try waitingLabels(here)))
            }
            try Self.discarding("f\(sequence)") { try here.discardWaitingFinderChange(sequence) }
            try CommandOutput.output(line: dropped)
        }

        /// The numbers of every change waiting, as `sync --status` writes them.
        private func waitingLabels(_ here: WriteSession) throws -> [String] {
            var labels: [String] = []
            try Self.reporting {
                let sequences = (try here.waitingChanges().map(\.sequence) + here.unreadableWaiting().map(\.sequence)).sorted()
                let finder = (try here.waitingFinderChanges().map(\.sequence)
                              + here.unreadableWaitingFinderChanges().map(\.sequence)).sorted()
                labels = sequences.map(String.init) + finder.map { "f\($0)" }
            }
            return labels
        }

        /// A change waiting in the outbox, as `--discard` and `--overwrite` find it.
        private enum WaitingChange {
            /// A change read in full.
            case readable(QueuedChange)
            /// What could be read of a change whose row cannot be read.
            case unreadable(UnreadableChange)

            /// `readable` applied to the change, or `unreadable` to what could be read of it.
            func map<T>(_ readable: (QueuedChange) -> T, _ unreadable: (UnreadableChange) -> T) -> T {
                switch self {
                case .readable(let change): readable(change)
                case .unreadable(let change): unreadable(change)
                }
            }
        }

        /// Runs `body`; an error of the outbox or the copy ends the command with its
        /// message and exit status 1.
        private static func reporting(_ body: () throws -> Void) throws {
            do {
                try body()
            } catch let exit as ExitCode {
                throw exit
            } catch {
                throw CommandFailure.report(error)
            }
        }

        /// Gives up the change `label`, found waiting, with `discard`, which waits for a
        /// delivery in progress: one that delivered it meanwhile, or found stored on the
        /// server (its reply lost), is said, with exit status 1; one whose reply was lost
        /// while the server cannot be asked is left, with exit status 75.
        private static func discarding(_ label: String, _ discard: () throws -> Void) throws {
            do {
                try discard()
            } catch OutboxError.noSuchChange, OutboxError.storedMeanwhile {
                throw CommandFailure.report(message: CommandText.deliveredMeanwhile(label))
            } catch OutboxError.outcomeNotKnown {
                throw CommandFailure.report(message: CommandText.discardOutcomeNotKnown(label),
                                            status: CommandFailure.outcomeUnknownStatus)
            } catch {
                throw CommandFailure.report(error)
            }
        }

        /// Says that the club store cannot be reached (or went away during a delivery that
        /// had delivered `duringDelivery` changes) and what still waits here; returns the
        /// exit to throw (``unavailableStatus``).
        private static func away(_ error: StoreError, session: WriteSession, duringDelivery: Int? = nil) -> ExitCode {
            let waiting = (try? session.waitingCount()) ?? 0
            _ = CommandFailure.report(message: CommandText.syncAway(because: error, waiting: waiting,
                                                                    afterDelivering: duringDelivery))
            return ExitCode(unavailableStatus)
        }
    }
}

/// Reading `sync --within` from the command line as `list --within` reads it
/// (``Coordinate/metres(parsing:)``: `50km`, `2.5 km`, `500m`, `3mi`, bare metres), up to
/// ``ClubCopy/Area/greatestRadius`` (half the Earth's circumference).
enum DistanceArgument {
    /// The distance in metres, or a usage error naming what is wrong.
    static func parse(_ text: String) throws -> Double {
        do throws(DistanceParseError) {
            return try Coordinate.metres(parsing: text)
        } catch .fartherThanAnyPlace {
            throw ValidationError(CommandText.tooFar(text))
        } catch {
            throw ValidationError(CommandText.notADistance(text))
        }
    }
}

/// A waiting change's number on the command line, as `sync --status` writes it: `3` for a
/// change to a cache, `f3` for a finder's change (visits, your own data), numbered apart.
struct WaitingNumber: Equatable {
    let sequence: Int64
    let isFinder: Bool

    /// `sequence`, after an `f` for a finder's change.
    var label: String { isFinder ? "f\(sequence)" : String(sequence) }

    /// Reads `3` or `f3` (`F3`); a usage error for anything else.
    static func parse(_ text: String) throws -> WaitingNumber {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let first = trimmed.first, first == "f" || first == "F" {
            return WaitingNumber(sequence: try WholeNumberArgument.parse(String(trimmed.dropFirst()), least: Int64(1)),
                                 isFinder: true)
        }
        return WaitingNumber(sequence: try WholeNumberArgument.parse(trimmed, least: Int64(1)), isFinder: false)
    }
}
