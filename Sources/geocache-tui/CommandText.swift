import Foundation
import GeoModel

/// Every sentence the commands print while they run, in one place, as the form's are
/// in `FormText` and the commands' help in ``CommandHelp``: what a write came to, what a
/// delivery did, what waits on this machine, the conflicts, the usage errors, and what
/// `import` and `export` say besides their output (the usage errors: `CommandText+Usage.swift`).
enum CommandText {
    /// How messages name standard output, where `list` and `export` write by default.
    static let standardOutput = "standard output"
    /// `edit --owner ""`: no member is named.
    static let emptyOwner = "it names no member: give a member's role, or club for the club."
    static func ownerTooLong(_ bytes: Int) -> String {
        "it is \(bytes) bytes long, and PostgreSQL's role names are at most \(CacheOwner.longestRole): "
            + "the server would cut it and name another role."
    }
    /// `export --output ""` (an unset variable, say): no file is named.
    static let emptyOutput = "--output is empty: give a file's path, or - (or leave --output out) for standard output."

    /// "1 change", "2 changes".
    static func changes(_ count: Int) -> String {
        count == 1 ? "1 change" : "\(count) changes"
    }

    /// "1 change still waits", "2 changes still wait".
    static func stillWait(_ count: Int) -> String {
        changes(count) + (count == 1 ? " still waits" : " still wait")
    }

    /// "1 conflict", "2 conflicts".
    static func conflicts(_ count: Int) -> String {
        count == 1 ? "1 conflict" : "\(count) conflicts"
    }

    /// "1 cache", "2 caches".
    static func caches(_ count: Int) -> String {
        count == 1 ? "1 cache" : "\(count) caches"
    }

    /// What a write waiting for another session's lock says, once.
    static let waitingForLock = "waiting for another session's change"

    /// A change kept on this machine because the club store cannot be reached.
    static func kept(waiting: Int, because error: StoreError) -> String {
        "the club store cannot be reached (\(reason(error))); kept on this machine: \(changes(waiting)) waiting "
            + "for the club store"
    }

    /// A write not made because another writer held the store's write lock.
    static func lockHeld(store: String, holder: String?) -> String {
        StoreError.locked(path: store, holder: holder).description
    }

    /// A write whose outcome is not known; how a script goes on without writing twice.
    static func outcomeUnknown(_ error: StoreError) -> String {
        "\(error) Look with `list --codes` before trying again, and name the cache with --code in edit and "
            + "delete (a position may name another cache by then)."
    }

    /// An import asked for while the club store cannot be reached, or whose connection
    /// was lost before its `COMMIT` was sent: nothing was stored.
    static func importNotKept(because error: StoreError) -> String {
        if case .connectionLost = error { return "\(error) Nothing was imported; run the import again." }
        return "the club store cannot be reached (\(reason(error))); imports are not kept on this machine, so nothing "
            + "was imported. Try again when the server answers."
    }

    /// An import cut once its `COMMIT` was sent and not looked up in time: running it again is safe.
    static func importOutcomeUnknown(_ error: StoreError) -> String {
        "\(error) Importing the same input again stores nothing twice: a cache stored already is found by its "
            + "code, or as a duplicate of one with the same four fields."
    }

    /// A connection lost under a command, which does not connect again by itself.
    static func connectionLost(_ error: StoreError) -> String { "\(error) Nothing more was done; run the command again." }

    /// An export whose connection was lost: `target` `untouched` (a file is renamed into place once complete), or partial.
    static func exportCut(by error: StoreError, target: String, untouched: Bool) -> String {
        "\(error) The export stopped: " + (untouched ? "\(target) is as it was" : "\(target) holds only part of it")
            + "; run it again."
    }

    /// What the server said of why it cannot be reached, for "(REASON)".
    static func reason(_ error: StoreError) -> String {
        switch error {
        case .unreachable(_, let reason), .connectionLost(_, let reason), .outcomeUnknown(_, let reason): reason
        default: error.description
        }
    }

    /// The copy shown by a command while the club store cannot be reached.
    static func showingCopy(refreshedAt date: Date) -> String {
        "club store away; showing the copy of \(ClubCopy.age(of: date))"
    }

    /// A deleted cache, as `delete` prints it.
    static func deleted(_ cache: GeoCache) -> String {
        "deleted: " + cache.tabSeparatedLine
    }

    // MARK: - Delivery

    /// What a delivery did, in lines: the changes delivered (unless `countingDelivered`
    /// is false: `sync` counts them in its summary), each conflict with both versions,
    /// each refusal with the server's reason, the changes held behind them, and why it
    /// stopped (unless `sayingWhyItStopped` is false: `sync` says a server gone meanwhile
    /// in the one line it ends with, ``syncAway(because:waiting:afterDelivering:)``).
    static func delivery(_ summary: WriteSession.DeliverySummary, countingDelivered: Bool = true,
                         sayingWhyItStopped: Bool = true) -> [String] {
        let report = summary.report
        var lines: [String] = []
        if countingDelivered, report.deliveredCount > 0 {
            lines.append("delivered \(changes(report.deliveredCount)) kept on this machine")
        }
        for change in report.conflicts {
            lines += ConflictText.lines(for: change, changedHands: summary.changedHands[change.sequence])
        }
        for change in report.refused {
            lines += ConflictText.refusalLines(for: change)
        }
        lines += report.unreadable.flatMap(ConflictText.unreadableLines) + report.finderUnreadable.flatMap(ConflictText.unreadableLines)
        for change in report.finderRefused {
            lines.append("refused: change f\(change.sequence), \(naming(change)): "
                         + ConflictText.visible(change.refusal ?? "") + "; it is kept here and not sent again; "
                         + "sync --discard f\(change.sequence) gives it up")
        }
        for change in report.held {
            lines.append("held: change \(change.sequence), \(ConflictText.naming(change)), waits behind a conflict, "
                         + "a refusal or a change that cannot be read, of the same cache")
        }
        if report.deliveringElsewhere {
            lines.append("another process (a form or a command) is delivering the changes kept on this machine "
                         + "right now; \(stillWait(summary.waiting)) here")
        }
        switch sayingWhyItStopped ? report.stoppedBy : nil {
        case .locked(_, let holder)?:
            let who = holder.map { " (\($0))" } ?? ""
            lines.append("another program\(who) held a lock on the club store; \(stillWait(summary.waiting)) "
                         + "on this machine. Try again when it has finished")
        case .notPermitted?:
            lines.append("the club store refused this role its tables, so nothing more was delivered; "
                         + "\(stillWait(summary.waiting)) on this machine, to be delivered once the role is a member "
                         + "again (ask the club's admin)")
        case let stoppedBy?:
            lines.append("the club store went away during delivery (\(reason(stoppedBy))); "
                         + "\(stillWait(summary.waiting)) on this machine")
        case nil:
            break
        }
        return lines
    }

    /// A delivery that could not read or write the outbox file.
    static func deliveryFailed(_ error: any Error) -> String {
        "the changes kept on this machine were not delivered: \(error)"
    }

    // MARK: - sync

    /// `sync`'s summary line.
    static func syncSummary(_ report: OutboxDelivery.Report, copied count: Int, area: ClubCopy.Area?) -> String {
        let scope = area.map { "within \(Coordinate.distanceText(metres: $0.radius)) of \($0.center.geocachingText)" }
            ?? "all the club's caches"
        var summary = "delivered \(changes(report.deliveredCount))"
        if !report.conflicts.isEmpty { summary += ", \(conflicts(report.conflicts.count)) kept here" }
        if report.refusedCount > 0 { summary += ", \(changes(report.refusedCount)) refused by the server kept here" }
        if report.unreadableCount > 0 { summary += ", \(unreadable(report.unreadableCount)) kept here" }
        if !report.held.isEmpty { summary += ", \(changes(report.held.count)) held behind them" }
        return summary + "; the copy holds \(caches(count)) (\(scope))"
    }

    /// `sync` whose copy could not be refreshed after it delivered `count` changes.
    static func deliveredWithoutCopy(_ count: Int) -> String {
        "delivered \(changes(count)); the copy was not refreshed:"
    }

    /// `sync --adopt-club`: the files follow the database the URL reaches now.
    static func adoptedClub(server: String, copied count: Int, area: ClubCopy.Area?, waiting: Int) -> String {
        let scope = area.map { "within \(Coordinate.distanceText(metres: $0.radius)) of \($0.center.geocachingText)" }
            ?? "all the club's caches"
        let kept = waiting == 0 ? "nothing waits on this machine" : "\(stillWait(waiting)) on this machine, "
            + "not delivered: sync --status lists them, sync --discard N gives one up, sync delivers the rest"
        return "this machine now follows the club store at \(server); the copy holds \(caches(count)) (\(scope)); \(kept)"
    }

    /// `sync` when the club store cannot be reached; with `afterDelivering`, when it went
    /// away during the delivery, after that many changes were delivered.
    static func syncAway(because error: StoreError, waiting: Int, afterDelivering delivered: Int? = nil) -> String {
        let what = switch delivered {
        case nil: "the club store cannot be reached"
        case 0?: "the club store went away during delivery"
        case let count?: "the club store went away during delivery, after \(changes(count)) delivered"
        }
        return "\(what) (\(reason(error))); \(stillWait(waiting)) on this machine and its copy was "
            + "not refreshed. Try again when the server answers."
    }

    /// `sync --overwrite N` of a delete whose cache the server had deleted meanwhile.
    static func deleteAlreadyDone(_ label: String) -> String {
        "change \(label), a delete, is settled: the club store had deleted that cache already, so nothing is left to send"
    }

    /// `sync --discard N` done.
    static func dropped(_ change: QueuedChange) -> String {
        "dropped change \(change.sequence), \(ConflictText.naming(change)); it will not be delivered"
    }

    /// `sync --discard N` of a change that a delivery in progress, which the discard
    /// waited for, delivered.
    static func deliveredMeanwhile(_ label: String) -> String {
        "change \(label) was delivered meanwhile; nothing to discard"
    }

    /// `sync --discard N` or `--overwrite N` of a change that does not wait, among the
    /// numbers of those that do.
    static func noWaitingChange(_ number: String, among waiting: [String]) -> String {
        let known = waiting.isEmpty ? "nothing waits on this machine"
            : "the changes waiting are " + waiting.joined(separator: ", ")
        return "there is no waiting change \(number): \(known) (see sync --status)"
    }

    /// `club init` given a file store.
    static func clubIsForAClubStore(_ path: String) -> String {
        "club init is for a club store (--store postgres://USER@HOST/DBNAME); \(path) is a file on this machine, "
            + "one person's, with no rules to set up. Nothing was created."
    }

    /// `sync` given a file store.
    static func syncIsForAClubStore(_ path: String) -> String {
        "sync is for a club store (--store postgres://USER@HOST/DBNAME); \(path) is a file on this machine, always at hand."
    }

    // MARK: - sync --status

    /// The head of `sync --status`.
    static func statusHead(waiting: Int, store: String) -> String {
        waiting == 0 ? "nothing waits on this machine for \(store)"
            : "\(changes(waiting)) waiting on this machine for \(store):"
    }

    /// A waiting change's line in `sync --status`: sequence, kind, code, title, when
    /// queued and its state, separated by tabs.
    static func statusLine(_ change: QueuedChange) -> String {
        [String(change.sequence), change.kind.rawValue, change.code, ConflictText.visible(change.title),
         "queued " + time(change.queuedAt), state(of: change)].joined(separator: "\t")
    }

    /// "waiting", "outcome not known", "refused: REASON", or what the conflict is.
    static func state(of change: QueuedChange) -> String {
        if let refusal = change.refusal { return "refused by the server: " + ConflictText.visible(refusal) }
        switch change.conflict {
        case .changed?: return "conflict: changed on the server"
        case .vanished?: return "conflict: deleted on the server"
        case nil:
            return change.mayBeStored ? "outcome not known: sent, its reply lost; the next delivery asks the server "
                + "before sending it again" : "waiting"
        }
    }

    /// The copy's line in `sync --status`.
    static func copyLine(_ copy: WriteSession.CopySummary?) -> String {
        guard let copy else {
            return "no copy of the club's caches on this machine: sync keeps one while the server answers"
        }
        let scope = copy.area.map {
            "those within \(Coordinate.distanceText(metres: $0.radius)) of \($0.center.geocachingText)"
        } ?? "all the club's caches"
        return "copy: \(caches(copy.count)), refreshed \(ClubCopy.age(of: copy.refreshedAt)) "
            + "(\(time(copy.refreshedAt))), \(scope)"
    }

    /// `date` in this machine's time zone, to the minute: "2026-11-26 18:40".
    static func time(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: date)
    }

    // MARK: - import and export

    /// A file of several left out by `import --skip-invalid`: the import error's message.
    static func skippedUnreadable(_ message: String) -> String {
        "skipped unreadable \(message)"
    }

    /// `import --skip-invalid` when none of its files can be read.
    static let noFileReadable = "no file could be read; nothing was imported"

    /// A record `import --skip-invalid` left out.
    static func skippedInvalid(_ rejection: RejectedRecord) -> String {
        "skipped invalid \(rejection)"
    }
}
