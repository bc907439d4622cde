import Foundation
import GeoModel

/// What the commands say of what they do not take on trust (numbers out of range, kept changes
/// that cannot be read, fixes that are no position, conflicts; field mode's files set aside are
/// in `CommandText+FieldFiles.swift`); the finder's commands. `club init` and a club store's
/// notes: `CommandText+Club.swift`; the rest: `CommandText.swift`.
extension CommandText {
    // MARK: - Numbers out of range

    /// `sync --within` given a distance beyond half the Earth's circumference.
    static func tooFar(_ text: String) -> String {
        "“\(text)” is farther than any place can be: give at most "
            + "\(Coordinate.distanceText(metres: ClubCopy.Area.greatestRadius)) (half the Earth's circumference, "
            + "which reaches every place), such as 50km."
    }

    /// A whole-number option given digits beyond the numbers it takes.
    static func numberOutOfRange(_ text: String, least: String, greatest: String) -> String {
        "“\(text)” is out of range: give a whole number from \(least) to \(greatest)."
    }

    /// A whole-number option given something else.
    static func notAWholeNumber(_ text: String) -> String {
        "“\(text)” is not a whole number: give one such as 3."
    }

    // MARK: - Changes that cannot be read

    /// The line of `sync --status` for a change whose row cannot be read: what could be
    /// read of it (`?` for the rest), separated by tabs as the other lines are.
    static func statusLine(_ change: UnreadableChange) -> String {
        [String(change.sequence), change.kind?.rawValue ?? "?", change.code.map(ConflictText.visible) ?? "?",
         change.title.map(ConflictText.visible) ?? "?", "queued " + (change.queuedAt.map(time) ?? "?"),
         "cannot be read: " + change.reason].joined(separator: "\t")
    }

    /// "1 change that cannot be read", "2 changes that cannot be read".
    static func unreadable(_ count: Int) -> String {
        changes(count) + " that cannot be read"
    }

    /// `sync --overwrite fN`: a finder's change has no server version to go over.
    static func finderChangeNotOverwritten(_ label: String) -> String {
        "--overwrite \(label): a visit or your own data has no version on the server to go over; "
            + "--discard \(label) gives it up"
    }

    /// `sync --discard fN` done.
    static func dropped(_ change: FinderChange) -> String {
        "dropped change f\(change.sequence), \(naming(change)); it will not be delivered"
    }

    /// "2 visits (GC1A2B3, GC9ZZZ)", "your own data on GC1A2B3".
    static func naming(_ change: FinderChange) -> String {
        switch change.kind {
        case .visits(let visits, _):
            let codes = visits.map(\.code).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
            return (visits.count == 1 ? "1 visit" : "\(visits.count) visits") + " (" + codes.joined(separator: ", ") + ")"
        case .own(let code, _):
            return "your own data on \(code)"
        }
    }

    /// A finder's change's line in `sync --status`: `f` and its number, its kind, what it
    /// is for, when queued and its state, separated by tabs.
    static func statusLine(_ change: FinderChange) -> String {
        let kind: String
        let code: String
        switch change.kind {
        case .visits(let visits, _):
            kind = visits.count == 1 ? "visit" : "visits"
            code = visits.map(\.code).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
                .joined(separator: ",")
        case .own(let ownCode, _):
            kind = "own"
            code = ownCode
        }
        let state = change.refusal.map { "refused by the server: " + ConflictText.visible($0)
            + "; sync --discard f\(change.sequence) gives it up" } ?? "waiting"
        return ["f\(change.sequence)", kind, code, "", "queued " + time(change.queuedAt), state].joined(separator: "\t")
    }

    /// `sync --discard N` done, of a change that cannot be read.
    static func dropped(_ change: UnreadableChange) -> String {
        "dropped change \(change.sequence), \(ConflictText.naming(change)); it will not be delivered"
    }

    /// `sync --overwrite N` of a change that cannot be read.
    static func cannotOverwrite(_ change: UnreadableChange) -> String {
        "change \(change.sequence) cannot be read (\(change.reason)), so it cannot be delivered over the server's "
            + "version; nothing was changed. Give it up with sync --discard \(change.sequence)."
    }
}

extension ConflictText {
    /// "an edit of GT12AB34C “Old Oak” queued 2026-11-26 18:40", with what could be
    /// read of a change whose row cannot be read.
    static func naming(_ change: UnreadableChange) -> String {
        let kind = switch change.kind {
        case .add?: "an add"
        case .edit?: "an edit"
        case .delete?: "a delete"
        case nil: "a change"
        }
        let code = change.code.map { " of " + visible($0) } ?? ""
        let title = change.title.map { " “\(visible($0))”" } ?? ""
        return kind + code + title + (change.queuedAt.map { " queued " + CommandText.time($0) } ?? "")
    }

    /// The lines that describe a change whose row cannot be read: what it is, why it is
    /// never delivered, and how to give it up.
    static func unreadableLines(for change: UnreadableChange) -> [String] {
        ["cannot be read: change \(change.sequence), \(naming(change)); it is never delivered as it is",
         "  \(change.reason)",
         "  give it up: sync --discard \(change.sequence)"]
    }
}

/// What `list --near gps` and `sync --near gps` say of a fix gpsd reports that is no
/// position, or whose time and the clock disagree (``CommandText/noFix(from:within:status:)``
/// says there was none).
extension CommandText {
    /// `--near gps` when gpsd reported only a fix that is no position (`flaw`) in time.
    static func unusableFix(_ flaw: GPSFix.Flaw, from endpoint: GPSDEndpoint, within seconds: Int64) -> String {
        let what = switch flaw {
        case .noTime: "a fix without a time, which cannot be told from a receiver's guess"
        case .noPlace: "a fix at 0,0, which receivers report when they have no position"
        }
        return "--near gps: no position from gpsd on \(endpoint) within \(seconds) s, only \(what). Give coordinates "
            + "instead, such as --near \"N47 22.123 E008 32.456\"."
    }

    /// `--near gps` with a fix whose time and this machine's clock differ by more than
    /// `GPSFix.clockTolerance` (said on standard error; the fix is used).
    static func fixClockDisagrees(_ fixTime: Date, clock: Date) -> String {
        "--near gps: the GPS fix is dated \(GPSFix.timeText(fixTime)) and this machine's clock says "
            + "\(GPSFix.timeText(clock)); one of them is wrong (a receiver's GPS week rollover, a clock without "
            + "its battery). Its position is used."
    }
}

/// A change in conflict, for people: the change, what happened on the server, and each
/// field that differs as the change's base, the server and the member have it.
enum ConflictText {
    /// "an edit of GT12AB34C “Old Oak” queued 2026-11-26 18:40".
    static func naming(_ change: QueuedChange) -> String {
        let kind = switch change.kind {
        case .add: "an add"
        case .edit: "an edit"
        case .delete: "a delete"
        }
        return "\(kind) of \(visible(change.code)) “\(visible(change.title))” queued \(CommandText.time(change.queuedAt))"
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
            lines.append(changedHands.map { "  the cache changed hands on the club store meanwhile. \($0)" }
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

/// What the finder's commands say: `log`, `own`, and field notes both ways.
extension CommandText {
    static func unknownVisitType(_ word: String) -> String {
        "\"\(word)\" is not a kind of visit: use one of " + VisitType.allCases.map(\.word).joined(separator: ", ") + "."
    }
    /// `own --found` given ten characters that are not a date.
    static func notADate(_ text: String) -> String {
        "\"\(text)\" is not a date such as 2026-11-28, nor a UTC time such as 2026-11-28T10:32Z"
    }
    /// "Logged Found it on GC1A2B3 at 2026-11-28T10:32:00Z".
    static func logged(_ visit: Visit) -> String { "Logged \(visit.type.rawValue) on \(visit.code) at \(visit.time)" }
    static func alreadyLogged(_ visit: Visit) -> String {
        "Already logged: \(visit.type.rawValue) on \(visit.code) within the minute \(visit.time.prefix(16))Z (nothing added)"
    }
    static func visitToUnknownCode(_ code: String) -> String {
        "no cache with the code \(code) is stored; the visit is kept all the same"
    }
    /// The person's data on a cache, one fact a line, every line there whatever is set
    /// (a script reads them by position): "GC1A2B3", "found 2026-…" or "found\tno",
    /// "final N …" or "final\tnone", "note …" or "note\t" with nothing after the tab.
    static func ownData(_ own: OwnData, code: String) -> String {
        // Escaped as `list` escapes a field: a tab, a backslash or a control character in
        // the note (or a code as typed) neither splits the line nor moves the cursor.
        [GeoCache.lineEscaped(code),
         "found\t" + (own.found.map(GeoCache.lineEscaped) ?? "no"),
         "final\t" + (own.corrected?.geocachingText ?? "none"),
         "note\t" + GeoCache.lineEscaped(own.note)].joined(separator: "\n")
    }
    static func fieldNoteProblem(_ path: String, _ problem: FieldNotes.Problem, skipped: Bool) -> String {
        "\(MessageValue.name(path)), \(problem)" + (skipped ? " (left out)" : "")
    }
    static func fieldNotesRefused(_ problems: Int) -> String {
        "\(problems == 1 ? "a line is" : "\(problems) lines are") not a visit: nothing was imported (--skip-invalid leaves them out)"
    }
    /// "Visits: kept on this machine 3 (delivered when the club store answers), already kept 1.":
    /// a field-notes import while the club store is away.
    static func visitsKept(_ kept: Int, of count: Int) -> String {
        "Visits: kept on this machine \(kept) (delivered when the club store answers), already kept \(count - kept)."
    }

    /// "Visits: added 3, already kept 1; marked found 2; for caches not stored: 1 (GC9ZZZ)."
    static func visitsImported(_ recorded: VisitsRecorded) -> String {
        var text = "Visits: added \(recorded.added), already kept \(recorded.alreadyKept)"
        if recorded.newlyFound > 0 { text += "; marked found \(recorded.newlyFound)" }
        if !recorded.unknownCodes.isEmpty {
            let shown = recorded.unknownCodes.prefix(10).joined(separator: ", ")
                + (recorded.unknownCodes.count > 10 ? ", …" : "")
            text += "; kept for caches not stored: \(recorded.unknownCodes.count) (\(shown))"
        }
        return text + "."
    }
    static let allWithoutFieldNotes = "--all belongs to --format fieldnotes: other formats write every cache already."
    static let filtersWithFieldNotes = "Field notes are your visits, not caches: the filters and --near do not apply."
    static func visitsExported(_ count: Int) -> String {
        count == 1 ? "1 visit written" : "\(count) visits written"
    }
    /// A field-notes export with nothing to write, which writes nothing: `file`, when
    /// one was named, is as it was (a file not uploaded yet is not emptied).
    /// `file`: the file named by `--output`, and whether one is there to be left as it was.
    static func noVisitsToExport(all: Bool, file: (path: String, exists: Bool)?) -> String {
        (all ? "no visits to export" : "no visits to export that were not exported before (--all writes them again)")
            + (file.map { "; \(MessageValue.name($0.path)) was " + ($0.exists ? "left as it was" : "not written") } ?? "")
    }
    /// A field-notes export over `file`, which holds `count` visits the export does
    /// not: they would be lost from it before they were uploaded (`--all` named when it helps).
    static func fieldNotesWouldDrop(_ count: Int, file: String, allHelps: Bool) -> String {
        "\(MessageValue.name(file)) holds \(count) \(count == 1 ? "visit" : "visits") this export does not (from an earlier export, "
            + "perhaps not uploaded yet), so it was left as it was: upload it and remove it"
            + (allHelps ? ", write to another file, or add --all to write every visit again" : " or write to another file")
    }
    /// A field-notes export over a field-notes file that cannot be read, and so is not
    /// written over: what it holds is not known.
    static func fieldNotesUnreadable(_ error: FieldNotes.FileError) -> String {
        "\(error); what it holds is not known, so it was left as it was: write to another file"
    }
    /// A field-notes file `import` could not read (`error` says why).
    static func fieldNotesNotImported(_ error: FieldNotes.FileError) -> String { "\(error); nothing was imported" }
    /// The field notes are in `file`, but the store refused to mark their visits
    /// exported; the store's own words (which may say nothing was written to it) last.
    static func visitsNotMarked(_ error: any Error, file: String) -> String {
        "\(MessageValue.name(file)) holds the field notes, but the store could not mark their visits exported, "
            + "so the next export writes them again. The store said: \(error)"
    }

    /// `edit --owner` while the club store cannot be reached: a hand-over is the
    /// server's to allow, so it is not kept on this machine.
    static let handOverNotKept = "the club store cannot be reached, and a hand-over is not kept: only the server can "
        + "allow it. Nothing was changed; run the command again when the server answers."
}

/// What imports and exports say beside their summaries: an interruption, what a format
/// could not carry.
extension CommandText {
    /// An import stopped by the signal `name` before its commit.
    static func importRolledBack(by name: String) -> String {
        "interrupted by \(name): the import was rolled back; nothing was stored"
    }

    /// A round trip of an import given up for the signal `name`: the server may or may
    /// not have the caches.
    static func importInterrupted(by name: String, _ error: any Error) -> String {
        "interrupted by \(name): \(error)"
    }

    /// An export ended by the signal `name`: the file `output` is as it was; standard
    /// output (nil) keeps what was written to it before.
    static func exportAbandoned(by name: String, output: String?) -> String {
        "interrupted by \(name): the export was abandoned; "
            + (output.map { "\($0) is as it was" } ?? "\(standardOutput) holds only the part written before")
    }

    /// The caches a GPX or LOC export left out for want of a position.
    static func withoutCoordinates(_ count: Int, format: ExportFormat) -> String {
        "\(caches(count)) without coordinates not written (\(format.displayName) needs a position)"
    }

    /// The additional waypoints (a final not yet solved, say) a GPX or LOC export left
    /// out for want of a place; their caches were written.
    static func waypointsWithoutPlace(_ count: Int, format: ExportFormat) -> String {
        "\(count == 1 ? "1 additional waypoint" : "\(count) additional waypoints") without a place not written "
            + "(\(format.displayName) needs a position; JSON keeps them)"
    }
}
