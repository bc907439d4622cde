import Foundation
import GeoModel

/// What the commands say of a club store's own work (the rest: `CommandText.swift`):
/// `club init`, what a delivery did, `sync` and its options, field mode's files set aside,
/// and each change kept on this machine in conflict, refused or unreadable (``ConflictText``).
extension CommandText {
    // MARK: - club init

    /// `edit --owner` given a file store, whose caches have no owners.
    static func ownerIsForAClubStore(_ path: String) -> String {
        "--owner is for a club store (--store postgres://USER@HOST/DBNAME); \(path) is a file on this machine, one person's."
    }
    /// What `club init` did, for standard output.
    static func clubSetUp(_ setUp: ClubSetUp, store: String) -> [String] {
        let made = switch (setUp.madeMemberRole, setUp.madeKeeperRole) {
        case (true, true): " (both made now)."
        case (true, false): " (\(setUp.roles.member) made now)."
        case (false, true): " (\(setUp.roles.keeper) made now)."
        case (false, false): "."
        }
        var lines = ["The club's rules are set up on \(store): members are in \(setUp.roles.member), keepers in "
                     + "\(setUp.roles.keeper)" + made]
        if let previous = setUp.previousOwner {
            lines.append("The club's tables belonged to \(previous); they are \(setUp.owner)'s now, and the rules bind "
                         + "every other role.")
        }
        if setUp.madeClubs > 0 {
            lines.append("\(caches(setUp.madeClubs)) stored before the rules \(setUp.madeClubs == 1 ? "is" : "are") the club's now.")
        }
        if setUp.clubCaches > 0 {
            let one = setUp.clubCaches == 1
            lines.append("\(caches(setUp.clubCaches)) \(one ? "belongs" : "belong") to the club until a keeper hands "
                         + "\(one ? "it" : "them") over (edit --code CODE --owner ROLE).")
        }
        return lines + rulesDoNotBind(role: setUp.owner, roles: setUp.roles)
    }

    /// The lines said once to a role the rules do not bind, with how to make members.
    static func rulesDoNotBind(role: String, roles: ClubRoles) -> [String] {
        [
            "The club's rules do not bind \(role) (it owns the club's tables or is a superuser): use it to "
                + "administer the club, and give each member a role of their own:",
            "  CREATE ROLE ana LOGIN PASSWORD '…' IN ROLE \(ClubRoles.sqlName(roles.member));",
            "  GRANT \(ClubRoles.sqlName(roles.keeper)) TO kim;",
        ]
    }

    /// The lines of a ``ClubNote``, said once on standard error.
    static func clubNote(_ note: ClubNote, store: String) -> [String] {
        switch note {
        case .setUp(let setUp): clubSetUp(setUp, store: store) + (setUp.openSchema.map { [schemaOpenToPublic($0)] } ?? [])
        case .rulesDoNotBind(let role, let roles): rulesDoNotBind(role: role, roles: roles)
        }
    }

    /// `club init` (and a set-up said once), when `PUBLIC` may still create objects in
    /// the club's schema: the server took nothing away, as only the schema's owner may.
    static func schemaOpenToPublic(_ open: ClubSchemaOpening) -> String {
        let owner = open.owner == "pg_database_owner" ? "the database's owner" : open.owner
        return "PUBLIC may still create objects in the schema \(open.schema), where the club's tables are: a member could "
            + "plant a function there that a keeper's or the admin's session runs. Only \(owner) (or a superuser) may take "
            + "that away: run REVOKE CREATE ON SCHEMA \(ClubRoles.sqlName(open.schema)) FROM PUBLIC; in the database as "
            + "that role, then club init again. The rest of the club's rules are set up."
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
        lines += report.conflicts.flatMap { ConflictText.lines(for: $0, changedHands: summary.changedHands[$0.sequence]) }
        lines += report.refused.flatMap { ConflictText.refusalLines(for: $0) }
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
    static func deliveryFailed(_ error: any Error) -> String { "the changes kept on this machine were not delivered: \(error)" }

    // MARK: - sync

    /// `sync`'s summary line.
    static func syncSummary(_ report: OutboxDelivery.Report, copied count: Int, area: ClubCopy.Area?) -> String {
        var summary = "delivered \(changes(report.deliveredCount))"
        if !report.conflicts.isEmpty { summary += ", \(counted(report.conflicts.count, "conflict")) kept here" }
        if report.refusedCount > 0 { summary += ", \(changes(report.refusedCount)) refused by the server kept here" }
        if report.unreadableCount > 0 { summary += ", \(changes(report.unreadableCount)) that cannot be read kept here" }
        if !report.held.isEmpty { summary += ", \(changes(report.held.count)) held behind them" }
        return summary + "; the copy holds \(caches(count)) (\(scope(area)))"
    }

    /// What the copy holds: "within DISTANCE of PLACE" (after `prefix`), else all the club's caches.
    private static func scope(_ area: ClubCopy.Area?, prefix: String = "") -> String {
        area.map { prefix + "within \(Coordinate.distanceText(metres: $0.radius)) of \($0.center.geocachingText)" }
            ?? "all the club's caches"
    }

    /// `sync` whose copy could not be refreshed after it delivered `count` changes.
    static func deliveredWithoutCopy(_ count: Int) -> String { "delivered \(changes(count)); the copy was not refreshed:" }

    /// `sync --adopt-club`: the files follow the database the URL reaches now.
    static func adoptedClub(server: String, copied count: Int, area: ClubCopy.Area?, waiting: Int) -> String {
        let kept = waiting == 0 ? "nothing waits on this machine" : "\(stillWait(waiting)) on this machine, "
            + "not delivered: sync --status lists them, sync --discard N gives one up, sync delivers the rest"
        return "this machine now follows the club store at \(server); the copy holds \(caches(count)) (\(scope(area))); "
            + kept
    }

    /// `sync` when the club store cannot be reached; with `afterDelivering`, when it went
    /// away during the delivery, after that many changes were delivered.
    static func syncAway(because error: StoreError, waiting: Int, afterDelivering delivered: Int? = nil) -> String {
        let what = switch delivered {
        case nil: "the club store cannot be reached"
        case 0?: "the club store went away during delivery"
        case let count?: "the club store went away during delivery, after \(changes(count)) delivered"
        }
        let kept = waiting == 0 ? "nothing waits on this machine, but" : "\(stillWait(waiting)) on this machine and"
        return "\(what) (\(reason(error))); \(kept) its copy was not refreshed. Try again when the server answers."
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

    /// The line of a change whose row cannot be read: what could be read of it, `?` for the rest.
    static func statusLine(_ change: UnreadableChange) -> String {
        [String(change.sequence), change.kind?.rawValue ?? "?", change.code.map(ConflictText.visible) ?? "?",
         change.title.map(ConflictText.visible) ?? "?", "queued " + (change.queuedAt.map(time) ?? "?"),
         "cannot be read: " + change.reason].joined(separator: "\t")
    }

    /// A finder's change's line: `f` and its number, its kind, what it is for, no title,
    /// when queued and its state.
    static func statusLine(_ change: FinderChange) -> String {
        let (kind, code) = switch change.kind {
        case .visits(let visits, _): (visits.count == 1 ? "visit" : "visits", codes(of: visits, separator: ","))
        case .own(let code, _): ("own", code)
        }
        let state = change.refusal.map { "refused by the server: " + ConflictText.visible($0)
            + "; sync --discard f\(change.sequence) gives it up" } ?? "waiting"
        return ["f\(change.sequence)", kind, code, "", "queued " + time(change.queuedAt), state].joined(separator: "\t")
    }

    /// The line of a finder's change whose row cannot be read: what could be read of it.
    static func statusLine(_ change: UnreadableFinderChange) -> String {
        ["f\(change.sequence)", change.kind ?? "?", change.code.map(ConflictText.visible) ?? "", "",
         "queued " + (change.queuedAt.map(time) ?? "?"), "cannot be read: " + change.reason].joined(separator: "\t")
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
        return "copy: \(caches(copy.count)), refreshed \(ClubCopy.age(of: copy.refreshedAt)) "
            + "(\(time(copy.refreshedAt))), \(scope(copy.area, prefix: "those "))"
    }

    /// "2 visits (GC1A2B3, GC9ZZZ)", "your own data on GC1A2B3".
    static func naming(_ change: FinderChange) -> String {
        switch change.kind {
        case .visits(let visits, _): counted(visits.count, "visit") + " (" + codes(of: visits, separator: ", ") + ")"
        case .own(let code, _): "your own data on \(code)"
        }
    }

    /// The codes of `visits`, each once, in their order; past five, "and N more" (an
    /// import's thousands of visits kept as one change stay one readable line).
    private static func codes(of visits: [Visit], separator: String) -> String {
        var seen = Set<String>(), codes: [String] = []
        for visit in visits where seen.insert(visit.code).inserted { codes.append(visit.code) }
        let shown = codes.prefix(5).joined(separator: separator)
        return codes.count > 5 ? "\(shown) and \(codes.count - 5) more" : shown
    }

    // MARK: - sync --discard and --overwrite

    /// `sync --discard N` (`fN` for a finder's change) done.
    static func dropped(_ change: QueuedChange) -> String { dropped("\(change.sequence)", ConflictText.naming(change)) }
    static func dropped(_ change: UnreadableChange) -> String { dropped("\(change.sequence)", ConflictText.naming(change)) }
    static func dropped(_ change: FinderChange) -> String { dropped("f\(change.sequence)", naming(change)) }
    static func dropped(_ change: UnreadableFinderChange) -> String {
        dropped("f\(change.sequence)", ConflictText.naming(change))
    }
    private static func dropped(_ label: String, _ naming: String) -> String {
        "dropped change \(label), \(naming); it will not be delivered"
    }

    /// `sync --discard N` of a change that a delivery in progress, which the discard
    /// waited for, delivered.
    static func deliveredMeanwhile(_ label: String) -> String { "change \(label) was delivered meanwhile; nothing to discard" }

    /// `sync --discard N` of a change sent whose reply was lost, while the server cannot
    /// be asked whether it was stored.
    static func discardOutcomeNotKnown(_ label: String) -> String {
        "change \(label) was sent and its reply lost, so its outcome is not known: it may be stored on the club store "
            + "already, and the server cannot be asked now. It was left as it is, not dropped; run sync once the server "
            + "answers (it delivers the change or finds it stored), or sync --discard \(label) again then."
    }

    /// `sync --discard N` or `--overwrite N` of a change that does not wait, among the
    /// numbers of those that do.
    static func noWaitingChange(_ number: String, among waiting: [String]) -> String {
        let known = waiting.isEmpty ? "nothing waits on this machine"
            : "the changes waiting are " + waiting.joined(separator: ", ")
        return "there is no waiting change \(number): \(known) (see sync --status)"
    }

    /// `sync --overwrite N` of a delete whose cache the server had deleted meanwhile.
    static func deleteAlreadyDone(_ label: String) -> String {
        "change \(label), a delete, is settled: the club store had deleted that cache already, so nothing is left to send"
    }

    /// `sync --overwrite N` of a change that cannot be read.
    static func cannotOverwrite(_ change: UnreadableChange) -> String {
        "change \(change.sequence) cannot be read (\(change.reason)), so it cannot be delivered over the server's "
            + "version; nothing was changed. Give it up with sync --discard \(change.sequence)."
    }

    /// `sync --overwrite fN`: a finder's change has no server version to go over.
    static func finderChangeNotOverwritten(_ label: String) -> String {
        "--overwrite \(label): a visit or your own data has no version on the server to go over; "
            + "--discard \(label) gives it up"
    }

    // MARK: - Field mode's files set aside

    /// One of field mode's files on this machine (the copy, the outbox, the drafts) found
    /// damaged and set aside: said once, on standard error, by the command that found it.
    static func setAside(_ file: FieldFileSetAside) -> String {
        switch file.kind {
        case .copy:
            "this machine's copy of the club's caches was damaged (\(file.reason)); it was set aside as "
                + "\(file.setAsidePath) and is not used. The next sync fetches a new copy (the file set aside "
                + "can then be deleted)."
        case .outbox:
            "the outbox, where the changes made while the club store could not be reached are kept, was damaged "
                + "(\(file.reason)); it was set aside as \(file.setAsidePath), untouched, and a new outbox was "
                + "started. The changes kept in the old one were not delivered: keep that file, it may still hold "
                + "them for recovery."
        case .drafts:
            "the drafts file, where forms on the copy keep the text left in their fields, was damaged "
                + "(\(file.reason)); it was set aside as \(file.setAsidePath), untouched, and a new one was started. "
                + "A draft it held was not restored: that file may still hold its text."
        }
    }
}

/// A change kept on this machine, for people: what it is, and for one in conflict, what
/// happened on the server and each field that differs as the change's base, the server and
/// the member have it; for one refused or that cannot be read, why, and how to give it up.
enum ConflictText {
    /// "an edit of GT12AB34C “Old Oak” queued 2026-11-26 18:40".
    static func naming(_ change: QueuedChange) -> String {
        "\(kindName(change.kind)) of \(visible(change.code)) “\(visible(change.title))” queued "
            + CommandText.time(change.queuedAt)
    }

    /// The same, with what could be read of a change whose row cannot be read.
    static func naming(_ change: UnreadableChange) -> String {
        let code = change.code.map { " of " + visible($0) } ?? ""
        let title = change.title.map { " “\(visible($0))”" } ?? ""
        return kindName(change.kind) + code + title + (change.queuedAt.map { " queued " + CommandText.time($0) } ?? "")
    }

    /// "an add", "an edit", "a delete", or "a change" of a kind that cannot be read.
    private static func kindName(_ kind: QueuedChange.Kind?) -> String {
        switch kind {
        case .add?: "an add"
        case .edit?: "an edit"
        case .delete?: "a delete"
        case nil: "a change"
        }
    }

    /// "visits queued 2026-11-26 18:40", "your own data on GC1A2B3 queued …", with what
    /// could be read of a finder's change whose row cannot be read.
    static func naming(_ change: UnreadableFinderChange) -> String {
        let what = switch change.kind {
        case "visits"?: "visits"
        case "own"?: "your own data" + (change.code.map { " on " + visible($0) } ?? "")
        default: "a visit or your own data"
        }
        return what + (change.queuedAt.map { " queued " + CommandText.time($0) } ?? "")
    }

    /// The lines that describe `change`'s conflict (none when it has none); one whose cache
    /// changed hands (`changedHands`: whose it is now) is offered no overwrite.
    static func lines(for change: QueuedChange, changedHands: ChangeRefusal? = nil) -> [String] {
        guard let conflict = change.conflict else { return [] }
        var lines = ["conflict: change \(change.sequence), \(naming(change))"]
        var keep = "keep yours"
        switch conflict {
        case .vanished:
            lines.append("  the cache was deleted on the server meanwhile")
            lines += versions(base: change.base, server: nil, yours: change.kind == .delete ? nil : change.cache)
            if change.kind == .edit { keep = "add it again with your changes" }
        case .changed(let server):
            lines.append(changedHands.map { "  the club's rules no longer let you change it (it changed hands, or your role lost a right). \($0)" }
                         ?? "  the cache was changed on the server meanwhile")
            lines += versions(base: change.base, server: server.cache, yours: change.kind == .delete ? nil : change.cache)
            if change.kind == .edit { keep = "keep your changes" }
        }
        let giveUp = "give it up: sync --discard \(change.sequence)"
        return lines + ["  " + (changedHands == nil ? "\(keep): sync --overwrite \(change.sequence); " : "") + giveUp]
    }

    /// The lines that describe a change the server refused: the change, the server's
    /// reason, and how to give it up.
    static func refusalLines(for change: QueuedChange) -> [String] {
        guard let refusal = change.refusal else { return [] }
        // What the change holds, so that it can be made again another way before it is given up.
        var yours: [String] = []
        if let cache = change.cache {
            let parts = change.base.map { cache.parts(differingFrom: $0) } ?? GeoCache.Field.allCases.map { .field($0) }
            yours = parts.map { "  yours: \($0.label): " + value(of: $0, in: cache) }
        }
        return ["refused: change \(change.sequence), \(naming(change)); the server will not accept it as it is",
                "  \(visible(refusal))"] + yours + ["  give it up: sync --discard \(change.sequence)"]
    }

    /// The lines that describe a change whose row cannot be read (`f` before a finder's
    /// number): what it is, why it is never delivered, and how to give it up.
    static func unreadableLines(for change: UnreadableChange) -> [String] {
        cannotBeRead("\(change.sequence)", naming(change), change.reason)
    }
    static func unreadableLines(for change: UnreadableFinderChange) -> [String] {
        cannotBeRead("f\(change.sequence)", naming(change), change.reason)
    }
    private static func cannotBeRead(_ label: String, _ naming: String, _ reason: String) -> [String] {
        ["cannot be read: change \(label), \(naming); it is never delivered as it is", "  \(reason)",
         "  give it up: sync --discard \(label)"]
    }

    /// Each part (field, place, listing) that differs among the versions: its name,
    /// then the version the change was made from (`base:`, when there is one), the
    /// server's (`server`, nil when the server deleted the cache), and the member's
    /// (`yours`, nil for a delete); a side that left the part as it was in `base` says so
    /// ("unchanged"), a side that deleted the cache says "deleted". For a cache the server
    /// deleted, the parts are those the member's edit changed (every field without a base).
    static func versions(base: GeoCache?, server: GeoCache?, yours: GeoCache?) -> [String] {
        let parts: [GeoCache.Part] = switch (base, server, yours) {
        case let (base?, server?, _): GeoCache.parts(changedBy: yours ?? base, or: server, from: base)
        case let (nil, server?, yours?): server.parts(differingFrom: yours)
        case let (base?, nil, yours?): yours.parts(differingFrom: base)
        case (nil, nil, .some): GeoCache.Field.allCases.map { .field($0) }
        default: []
        }
        func side(_ version: GeoCache?, _ part: GeoCache.Part) -> String {
            guard let version else { return "deleted" }
            if let base, version.hasSame(part, as: base) { return "unchanged" }
            return value(of: part, in: version)
        }
        var lines: [String] = []
        for part in parts {
            lines.append("  \(part.label)")
            if let base { lines.append("    base: " + value(of: part, in: base)) }
            lines.append("    server: " + side(server, part))
            lines.append("    yours: " + side(yours, part))
        }
        return lines
    }

    /// The value of `part` in `cache`, on one line.
    private static func value(of part: GeoCache.Part, in cache: GeoCache) -> String {
        switch part {
        case .field(let field): visible(cache[field])
        case .place: cache.coordinate?.geocachingText ?? "none"
        case .listing: listingSummary(cache.listing)
        }
    }

    /// `text` on one line: a backslash, tab, line feed, carriage return and other
    /// control characters escaped as `list` writes them.
    static func visible(_ text: String) -> String {
        MessageValue.escaped(text, where: { $0 == "\\" || $0.properties.generalCategory == .control }) { spelled[$0] }
    }
    private static let spelled: [Unicode.Scalar: String] = ["\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r"]

    /// A listing in one line: its type, ratings, hint and the number of logs.
    private static func listingSummary(_ listing: Listing) -> String {
        var parts: [String] = []
        if let type = listing.type { parts.append(type) }
        if let ratings = listing.ratingsText { parts.append(ratings) }
        if let hint = listing.hint { parts.append("hint “\(visible(hint))”") }
        parts.append(CommandText.counted(listing.logs.count, "log"))
        return parts.joined(separator: ", ")
    }
}
