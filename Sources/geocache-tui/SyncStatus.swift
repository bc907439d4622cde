import Foundation
import GeoModel

/// `sync --status`: what waits on this machine for the club store, and the copy's age
/// and size, read from the local files alone.
enum SyncStatus {
    /// Prints one line per waiting change (sequence, kind, code, title, when queued,
    /// its state, separated by tabs), then a line about the copy.
    static func print(_ files: FieldFiles) throws {
        var changes: [QueuedChange] = []
        var lines: [String] = []
        do {
            if FileManager.default.fileExists(atPath: files.outboxPath) {
                changes = try Outbox(files: files).changes()
            }
            lines.append(changes.isEmpty ? "nothing waits on this machine for \(files.storeName)"
                         : "\(FieldText.changes(changes.count)) waiting on this machine for \(files.storeName):")
            for change in changes {
                lines.append([String(change.sequence), change.kind.rawValue, change.code,
                              ConflictText.visible(change.title), "queued " + StatusText.time(change.queuedAt),
                              state(of: change)].joined(separator: "\t"))
            }
            lines.append(try copyLine(ClubCopy(files: files)))
        } catch {
            throw CommandFailure.report(error)
        }
        FileHandle.standardOutput.write(Data((lines.joined(separator: "\n") + "\n").utf8))
        for change in changes where change.conflict != nil {
            FieldDelivery.Output.standardOutput.write(ConflictText.lines(for: change))
        }
    }

    /// "waiting", or what the conflict is.
    private static func state(of change: QueuedChange) -> String {
        switch change.conflict {
        case nil: "waiting"
        case .changed?: "conflict: changed on the server"
        case .vanished?: "conflict: deleted on the server"
        }
    }

    /// "copy: 57 caches, refreshed 2 h ago (2026-11-26 16:40), all the club's caches", or
    /// that there is none.
    private static func copyLine(_ copy: ClubCopy) throws -> String {
        guard let refreshed = try copy.refreshedAt() else {
            return "no copy of the club's caches on this machine: sync keeps one while the server answers"
        }
        let count = try copy.open().count()
        let scope = try copy.area().map {
            "those within \(Coordinate.distanceText(metres: $0.radius)) of \($0.center.geocachingText)"
        } ?? "all the club's caches"
        return "copy: \(count == 1 ? "1 cache" : "\(count) caches"), refreshed \(ClubCopy.age(of: refreshed)) "
            + "(\(StatusText.time(refreshed))), \(scope)"
    }
}

/// Times in field mode's messages.
enum StatusText {
    /// `date` in this machine's time zone, to the minute: "2026-11-26 18:40".
    static func time(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: date)
    }
}
