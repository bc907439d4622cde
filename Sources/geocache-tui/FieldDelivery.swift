import Foundation
import GeoModel

/// Delivering the changes kept on this machine to a club store that answers, and saying
/// what happened: what every command on a club store does first, and what `sync` does.
enum FieldDelivery {
    /// Where the lines go: standard error before a command's own work, each line
    /// starting with `geocache-tui: ` (its output stays its own), or standard output
    /// for `sync`, whose report it is.
    enum Output {
        case standardError, standardOutput

        /// Writes `lines`; on standard error the first of each group is prefixed.
        func write(_ lines: [String]) {
            guard !lines.isEmpty else { return }
            switch self {
            case .standardError:
                let text = lines.map { $0.hasPrefix(" ") ? $0 : "geocache-tui: " + $0 }.joined(separator: "\n")
                StandardStreams.writeError(text + "\n")
            case .standardOutput:
                FileHandle.standardOutput.write(Data((lines.joined(separator: "\n") + "\n").utf8))
            }
        }
    }

    /// Delivers the outbox of `files` to `store` (replaced by the store opened again
    /// when the connection broke on the way) when one exists (a command never
    /// creates it just to look), saying on `output` what was delivered, what is in
    /// conflict and what waits behind a conflict. Returns the error that stopped the
    /// delivery when the server went away meanwhile (the changes not delivered wait),
    /// else nil; a failure of the outbox itself is said and never stops the command.
    static func deliverWaiting(_ files: FieldFiles, to store: inout any CacheStore, output: Output) -> StoreError? {
        guard FileManager.default.fileExists(atPath: files.outboxPath) else { return nil }
        do {
            let outbox = try Outbox(files: files)
            guard try outbox.count() > 0 else { return nil }
            let (report, storeNow) = try deliver(outbox, to: store)
            store = storeNow
            output.write(lines(for: report, waiting: try outbox.count()))
            return report.stoppedBy
        } catch {
            output.write(["the changes kept on this machine were not delivered: \(error)"])
            return nil
        }
    }

    /// How long a command waits for another process's delivery of the same outbox to end.
    static let otherDeliveryWait: Duration = .seconds(15)

    /// Delivers `outbox` to `store`; when the connection breaks on the way, tries once
    /// more on the store opened again, so that a reply lost after a COMMIT is settled now
    /// rather than by the next command. Returns what both tries delivered with the rest
    /// of the last try's report, and the store to go on with (the one opened again when
    /// it was).
    ///
    /// While another process (an open form, another command) delivers the same outbox,
    /// it waits for that delivery to end, up to ``otherDeliveryWait``, and then delivers
    /// what is left: the command's own write comes after the changes kept before it.
    static func deliver(_ outbox: Outbox, to store: any CacheStore) throws
        -> (report: OutboxDelivery.Report, store: any CacheStore) {
        var first = try OutboxDelivery.deliver(outbox, to: store)
        let deadline = ContinuousClock.now + otherDeliveryWait
        while first.deliveringElsewhere, ContinuousClock.now < deadline {
            Thread.sleep(forTimeInterval: 0.1)
            first = try OutboxDelivery.deliver(outbox, to: store)
        }
        guard let stoppedBy = first.stoppedBy, stoppedBy.meansTheServerIsAway,
              let again = try? store.reopened() else { return (first, store) }
        again.lockWaitNotice = store.lockWaitNotice
        var second = try OutboxDelivery.deliver(outbox, to: again)
        second.delivered = first.delivered + second.delivered
        return (second, again)
    }

    /// What a delivery did, in lines: the changes delivered (unless `countingDelivered`
    /// is false: `sync` counts them in its summary), each conflict with both versions,
    /// the changes held behind a conflict, and why it stopped.
    static func lines(for report: OutboxDelivery.Report, waiting: Int, countingDelivered: Bool = true) -> [String] {
        var lines: [String] = []
        if countingDelivered, !report.delivered.isEmpty {
            lines.append("delivered \(FieldText.changes(report.delivered.count)) kept on this machine")
        }
        for change in report.conflicts {
            lines += ConflictText.lines(for: change)
        }
        for change in report.held {
            lines.append("held: change \(change.sequence), \(ConflictText.naming(change)), waits behind a conflict "
                         + "of the same cache")
        }
        if report.deliveringElsewhere {
            lines.append("another process (a form or a command) is delivering the changes kept on this machine "
                         + "right now; \(FieldText.stillWait(waiting)) here")
        }
        if let stoppedBy = report.stoppedBy {
            lines.append("the club store went away during delivery (\(stoppedBy)); "
                         + "\(FieldText.stillWait(waiting)) on this machine")
        }
        return lines
    }
}

/// A change in conflict, for people: the change, what happened on the server, and the
/// server's version beside the member's, field by field where they differ.
enum ConflictText {
    /// "an edit of GT12AB34C “Old Oak” queued 2026-11-26 18:40".
    static func naming(_ change: QueuedChange) -> String {
        let kind = switch change.kind {
        case .add: "an add"
        case .edit: "an edit"
        case .delete: "a delete"
        }
        return "\(kind) of \(change.code) “\(change.title)” queued \(StatusText.time(change.queuedAt))"
    }

    /// The lines that describe `change`'s conflict (none when it has none).
    static func lines(for change: QueuedChange) -> [String] {
        guard let conflict = change.conflict else { return [] }
        var lines = ["conflict: change \(change.sequence), \(naming(change))"]
        let yours = change.kind == .delete ? "you deleted" : "yours"
        switch conflict {
        case .vanished:
            lines.append("  the cache was deleted on the server meanwhile")
            if let mine = change.cache ?? change.base {
                lines.append("  \(yours): " + mine.tabSeparatedLine)
            }
        case .changed(let server):
            lines.append("  the cache was changed on the server meanwhile")
            let mine = change.cache ?? change.base
            for (field, theirs, ours) in differences(server.cache, mine) {
                lines.append("  \(field)")
                lines.append("    server: \(theirs)")
                lines.append("    \(yours): \(ours)")
            }
        }
        lines.append("  keep yours: sync --overwrite \(change.sequence); give it up: sync --discard \(change.sequence)")
        return lines
    }

    /// The fields where `server` and `mine` differ: name, the server's text, the member's.
    static func differences(_ server: GeoCache, _ mine: GeoCache?) -> [(String, String, String)] {
        guard let mine else { return [] }
        var found: [(String, String, String)] = []
        for field in GeoCache.Field.allCases where server[field] != mine[field] {
            found.append((field.label, visible(server[field]), visible(mine[field])))
        }
        if server.coordinate != mine.coordinate {
            found.append(("Place", server.coordinate?.geocachingText ?? "none", mine.coordinate?.geocachingText ?? "none"))
        }
        if server.listing != mine.listing {
            found.append(("Listing", listingSummary(server.listing), listingSummary(mine.listing)))
        }
        return found
    }

    /// `text` on one line: a backslash, tab, line feed, carriage return and other
    /// control characters escaped as `list` writes them.
    static func visible(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\t": result += "\\t"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case _ where scalar.properties.generalCategory == .control:
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A listing in one line: its type, ratings, hint and the number of logs.
    private static func listingSummary(_ listing: Listing) -> String {
        var parts: [String] = []
        if let type = listing.type { parts.append(type) }
        if let ratings = listing.ratingsText { parts.append(ratings) }
        if let hint = listing.hint { parts.append("hint “\(visible(hint))”") }
        parts.append(listing.logs.count == 1 ? "1 log" : "\(listing.logs.count) logs")
        return parts.joined(separator: ", ")
    }
}
