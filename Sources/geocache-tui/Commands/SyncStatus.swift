import Foundation
import GeoModel

/// `sync --status`: what waits on this machine for the club store, and the copy's age
/// and size, read from the local files alone.
enum SyncStatus {
    /// Prints one line per waiting change (``CommandText/statusLine(_:)``), then a line
    /// about the copy, then each conflict and refusal in full.
    static func print(_ files: FieldFiles) throws {
        var changes: [QueuedChange] = []
        var lines: [String] = []
        do {
            if FileManager.default.fileExists(atPath: files.outboxPath) {
                changes = try Outbox(files: files).changes()
            }
            lines.append(CommandText.statusHead(waiting: changes.count, store: files.storeName))
            lines += changes.map(CommandText.statusLine)
            let copy = ClubCopy(files: files)
            let refreshed = try copy.refreshedAt()
            lines.append(CommandText.copyLine(count: refreshed == nil ? 0 : try copy.open().count(),
                                              refreshedAt: refreshed, area: try copy.area()))
        } catch {
            throw CommandFailure.report(error)
        }
        CommandOutput.standardOutput.write(lines)
        for change in changes {
            CommandOutput.standardOutput.write(ConflictText.lines(for: change) + ConflictText.refusalLines(for: change))
        }
    }
}
