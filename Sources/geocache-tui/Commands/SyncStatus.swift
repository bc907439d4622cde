import Foundation
import GeoModel

/// `sync --status`: what waits on this machine for the club store, and the copy's age
/// and size, as the session reads them from the local files alone
/// (``WriteSession/fieldStatus()``).
enum SyncStatus {
    /// Prints one line per waiting change in sequence order (``CommandText/statusLine(_:)``,
    /// what could be read of one that cannot be), then the finder's changes (`f1`, …),
    /// then a line about the copy, then each conflict, refusal and change that cannot be
    /// read in full.
    static func print(_ here: WriteSession) throws {
        let status: WriteSession.FieldStatus
        do {
            guard let read = try here.fieldStatus() else { return }
            status = read
        } catch {
            throw CommandFailure.report(error)
        }
        let waiting = status.changes.map { ($0.sequence, CommandText.statusLine($0)) }
            + status.unreadable.map { ($0.sequence, CommandText.statusLine($0)) }
        let finder = status.finderChanges.map { ($0.sequence, CommandText.statusLine($0)) }
            + status.unreadableFinderChanges.map { ($0.sequence, CommandText.statusLine($0)) }
        var lines = [CommandText.statusHead(waiting: waiting.count + finder.count, store: status.storeName)]
        lines += waiting.sorted { $0.0 < $1.0 }.map(\.1)
        // The finder's changes go after the changes to caches, in their own order.
        lines += finder.sorted { $0.0 < $1.0 }.map(\.1)
        lines.append(CommandText.copyLine(status.copy))
        try CommandOutput.output(lines)
        for change in status.changes {
            try CommandOutput.output(ConflictText.lines(for: change, changedHands: status.changedHands[change.sequence])
                                     + ConflictText.refusalLines(for: change))
        }
        for change in status.unreadable {
            try CommandOutput.output(ConflictText.unreadableLines(for: change))
        }
        for change in status.unreadableFinderChanges {
            try CommandOutput.output(ConflictText.unreadableLines(for: change))
        }
    }
}
