import Foundation
import GeoModel

/// `sync --status`: what waits on this machine for the club store, and the copy's age
/// and size, as the session reads them from the local files alone
/// (``WriteSession/fieldStatus()``).
enum SyncStatus {
    /// Prints one line per waiting change (``CommandText/statusLine(_:)``), then a line
    /// about the copy, then each conflict and refusal in full.
    static func print(_ here: WriteSession) throws {
        let status: WriteSession.FieldStatus
        do {
            guard let read = try here.fieldStatus() else { return }
            status = read
        } catch {
            throw CommandFailure.report(error)
        }
        var lines = [CommandText.statusHead(waiting: status.changes.count, store: status.storeName)]
        lines += status.changes.map(CommandText.statusLine)
        lines.append(CommandText.copyLine(status.copy))
        CommandOutput.standardOutput.write(lines)
        for change in status.changes {
            CommandOutput.standardOutput.write(ConflictText.lines(for: change) + ConflictText.refusalLines(for: change))
        }
    }
}
