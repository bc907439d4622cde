import Foundation
import GeoModel

/// Every sentence the commands print while they run, in one place, as the form's are in `FormText` and the
/// commands' help in ``CommandHelp``. Here: what a write came to, hand-overs, what a command says while the club
/// store is away, usage errors (the commands' own, and a command line refused before any command runs), and what
/// `import`, `export` and the finder's commands say besides their output. `club init`, what a delivery did, `sync`
/// and the conflicts: `CommandText+Club.swift`.
enum CommandText {
    // MARK: - Counts and times

    /// "1 change", "2 changes": `count` and `noun`, with an s unless there is one.
    static func counted(_ count: Int, _ noun: String) -> String { "\(count) \(noun)" + (count == 1 ? "" : "s") }
    static func changes(_ count: Int) -> String { counted(count, "change") }
    static func caches(_ count: Int) -> String { counted(count, "cache") }
    /// "1 change still waits", "2 changes still wait".
    static func stillWait(_ count: Int) -> String { changes(count) + (count == 1 ? " still waits" : " still wait") }
    /// `date` in this machine's time zone, to the minute: "2026-11-26 18:40".
    static func time(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: date)
    }

    /// How messages name standard output, where `list` and `export` write by default.
    static let standardOutput = "standard output"
    /// A command's lines that standard output could not take, on standard error instead: what it did is said.
    static func outputLost(_ reason: String, _ lines: [String]) -> String {
        "cannot write \(standardOutput) (\(reason)); it would have printed:\n" + lines.joined(separator: "\n")
    }

    // MARK: - Writes

    /// What a write waiting for another session's lock says, once.
    static let waitingForLock = "waiting for another session's change"
    /// A write not made because another writer held the store's write lock.
    static func lockHeld(store: String, holder: String?) -> String { StoreError.locked(path: store, holder: holder).description }
    /// A write whose outcome is not known; how a script goes on without writing twice.
    static func outcomeUnknown(_ error: StoreError) -> String {
        "\(error) Look with `list --codes` before trying again, and name the cache with --code in edit and "
            + "delete (a position may name another cache by then)."
    }

    /// A connection lost under a command, which does not connect again by itself.
    static func connectionLost(_ error: StoreError) -> String { "\(error) Nothing more was done; run the command again." }
    /// A deleted cache, as `delete` prints it.
    static func deleted(_ cache: GeoCache) -> String { "deleted: " + cache.tabSeparatedLine }

    // MARK: - Hand-overs (edit --owner)

    /// `edit --owner ""`: no member is named.
    static let emptyOwner = "it names no member: give a member's role, or club for the club."
    /// `edit --owner` given a role longer than PostgreSQL's role names.
    static func ownerTooLong(_ bytes: Int) -> String {
        "it is \(bytes) bytes long, and PostgreSQL's role names are at most \(CacheOwner.longestRole): "
            + "the server would cut it and name another role."
    }

    /// `edit --owner ROLE` by a keeper, when the club store finds `role` is none of its members.
    static func handOverToNonMember(_ role: String, store: String) -> String {
        "\(store) refused the hand-over: \(role) is not one of the club's members (a keeper hands caches to members "
            + "or to the club); nothing was stored."
    }

    /// `edit --owner ROLE` with other changes, when the hand-over was stored and the
    /// changes after it were not (kept on this machine, or met what the next line says).
    static func handedOverAlone(_ cache: StoredCache) -> String {
        let whose = switch cache.club?.owner {
        case .member(let role)?: ConflictText.visible(role)
        default: "the club"
        }
        return "\(ConflictText.visible(cache.cache.code ?? "the cache")) was handed to \(whose) (stored); the other changes, "
            + "a write of their own after it:"
    }

    /// `edit --owner` while the club store cannot be reached: a hand-over is the
    /// server's to allow, so it is not kept on this machine.
    static let handOverNotKept = "the club store cannot be reached, and a hand-over is not kept: only the server can "
        + "allow it. Nothing was changed; run the command again when the server answers."

    // MARK: - The club store away

    /// A change kept on this machine because the club store cannot be reached.
    static func kept(waiting: Int, because error: StoreError) -> String {
        "the club store cannot be reached (\(reason(error))); kept on this machine: \(changes(waiting)) waiting "
            + "for the club store"
    }

    /// An import asked for while the club store cannot be reached, or whose connection
    /// was lost before its `COMMIT` was sent: nothing was stored.
    static func importNotKept(because error: StoreError) -> String {
        if case .connectionLost = error { return "\(error) Nothing was imported; run the import again." }
        return "the club store cannot be reached (\(reason(error))); imports are not kept on this machine, so nothing "
            + "was imported. Try again when the server answers."
    }

    /// What the server said of why it cannot be reached, for "(REASON)".
    static func reason(_ error: StoreError) -> String {
        switch error {
        case .unreachable(_, let reason), .connectionLost(_, let reason), .outcomeUnknown(_, let reason): reason
        default: error.description
        }
    }

    /// The copy shown by a command while the club store cannot be reached.
    static func showingCopy(refreshedAt date: Date) -> String { "club store away; showing the copy of \(ClubCopy.age(of: date))" }

    // MARK: - Usage errors (exit status 64, beyond the argument parser's own)

    /// `edit` and `delete` given more than one of `--position`, `--id` and `--code`.
    static let oneTarget = "Give only one of --position, --id and --code."
    /// `edit` and `delete` given none of them.
    static let noTarget = "Name the cache with --position N, --id N or --code CODE."
    /// `--code` given something that cannot be a cache code.
    static func notACode(_ code: String) -> String {
        "\"\(code)\" is not a cache code: codes are letters, digits, - and _, at most 32, such as GC1A2B3."
    }

    /// `--position` below 1.
    static func positionBelowOne(_ position: Int) -> String {
        "Positions start at 1: --position \(position) names no cache (see list --numbered)."
    }

    /// `sync --discard` or `--overwrite` (`option`) below 1.
    static func sequenceBelowOne(_ sequence: Int64, option: String) -> String {
        "Sequence numbers start at 1: \(option) \(sequence) names no waiting change (see sync --status)."
    }

    /// `--id` below 1.
    static func idBelowOne(_ id: Int64) -> String { "Identifiers start at 1: --id \(id) names no cache (see list --ids)." }
    /// `edit` given no field to change.
    static let noFieldToEdit = "Give at least one of --title, --details, --creator, --reward, --at."
    /// `list --json` with a flag that starts the lines.
    static let prefixWithJSON = "--numbered, --ids and --codes do not apply to --json."
    /// `list --numbered --ids`.
    static let numberedAndIDs = "Give either --numbered or --ids, not both."
    /// `list --numbered --near`.
    static let numberedNear = "--numbered does not apply to --near: positions count in stored order (use --ids or --codes)."
    /// `list --limit` below 0.
    static func negativeLimit(_ limit: Int) -> String { "--limit must be 0 or more, not \(limit)." }
    /// `--status`, `--type` or `--container` given nothing but blanks and commas: it
    /// would keep no cache.
    static func emptyFilterList(_ option: String, of what: String) -> String {
        "\(option) is empty: give one or more \(what) (commas between several), or leave \(option) out."
    }

    /// `--status` naming no status.
    static func unknownStatus(_ word: String) -> String {
        "--status: \"\(word)\" is not a status; give available, disabled or archived (commas between several)."
    }

    /// A filter's value that is not one (`--difficulty`, `--terrain`, `--within`).
    static func badFilter(_ reason: String) -> String { reason + "." }
    /// `list --within` without `--near`.
    static let withinWithoutNear = "--within needs --near: the distance is measured from there."
    static let foundAndNotFound = "--found and --not-found exclude each other: give one."
    /// `list` or `sync` given `--gps` without `--near`.
    static let gpsWithoutNear = "--gps applies to --near gps only."
    /// `sync` given more than one of its actions.
    static let oneSyncAction = "Give only one of --status, --discard, --overwrite and --adopt-club."
    /// `sync` given one of `--within` and `--near` without the other.
    static let withinAndNear = "--within and --near go together: --within 50km --near \"N47 22.123 E008 32.456\"."
    /// `sync --within` with `--status` or `--discard`.
    static let withinWithoutRefresh = "--within applies to a sync that refreshes the copy, not to --status or --discard."
    /// `import` given no file.
    static let noFileToImport = "Name at least one file to import, or - for standard input (a name that starts with - goes after --)."
    /// `import ""` (an unset variable, say): no file is named.
    static let emptyFileToImport = "a file to import is named by an empty string: give a file's path, or - for standard input."
    /// `import` given `-` twice.
    static let standardInputTwice = "Standard input (-) can be read only once."
    /// `club init` given a file store.
    static func clubIsForAClubStore(_ path: String) -> String {
        "club init is for a club store (--store postgres://USER@HOST/DBNAME); \(path) is a file on this machine, "
            + "one person's, with no rules to set up. Nothing was created."
    }

    /// `sync` given a file store.
    static func syncIsForAClubStore(_ path: String) -> String {
        "sync is for a club store (--store postgres://USER@HOST/DBNAME); \(path) is a file on this machine, always at hand."
    }

    // MARK: - Numbers and distances out of range

    /// A whole-number option given digits beyond the numbers it takes.
    static func numberOutOfRange(_ text: String, least: String, greatest: String) -> String {
        "“\(text)” is out of range: give a whole number from \(least) to \(greatest)."
    }

    /// A whole-number option given something else.
    static func notAWholeNumber(_ text: String) -> String { "“\(text)” is not a whole number: give one such as 3." }
    /// `sync --within` given something that is not a distance.
    static func notADistance(_ text: String) -> String {
        "“\(text)” is not a distance: give a number above 0 in km, m or mi (metres without a unit), "
            + "such as 50km or 500m."
    }

    /// `sync --within` given a distance beyond half the Earth's circumference.
    static func tooFar(_ text: String) -> String {
        "“\(text)” is farther than any place can be: give at most "
            + "\(Coordinate.distanceText(metres: ClubCopy.Area.greatestRadius)) (half the Earth's circumference, "
            + "which reaches every place), such as 50km."
    }

    // MARK: - --near gps

    /// `--near gps` with no fix from gpsd in time; at once when nothing listens there
    /// (no wait to speak of).
    static func noFix(from endpoint: GPSDEndpoint, within seconds: Int64, status: GPSDStatus) -> String {
        let why = switch status {
        case .noDaemon: "nothing answers there (is gpsd running?)"
        case .silent: "what listens there sent nothing gpsd sends within \(seconds) s (is it gpsd?)"
        default: "within \(seconds) s (\(status))"
        }
        return "--near gps: no position from gpsd on \(endpoint): \(why). Give coordinates "
            + "instead, such as --near \"N47 22.123 E008 32.456\"."
    }

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

    // MARK: - import and export

    /// `export --output ""` (an unset variable, say): no file is named.
    static let emptyOutput = "--output is empty: give a file's path, or - (or leave --output out) for standard output."
    /// A file of several left out by `import --skip-invalid`: the import error's message.
    static func skippedUnreadable(_ message: String) -> String { "skipped unreadable \(message)" }
    /// `import --skip-invalid` when none of its files can be read.
    static let noFileReadable = "no file could be read; nothing was imported"
    /// A record `import --skip-invalid` left out.
    static func skippedInvalid(_ rejection: RejectedRecord) -> String { "skipped invalid \(rejection)" }
    /// An import cut once its `COMMIT` was sent and not looked up in time: running it again is safe.
    static func importOutcomeUnknown(_ error: StoreError) -> String {
        "\(error) Importing the same input again stores nothing twice: a cache stored already is found by its "
            + "code, or as a duplicate of one with the same four fields."
    }

    /// An import stopped by the signal `name` before its commit.
    static func importRolledBack(by name: String) -> String {
        "interrupted by \(name): the import was rolled back; nothing was stored"
    }

    /// A round trip of an import given up for the signal `name`: the server may or may
    /// not have the caches.
    static func importInterrupted(by name: String, _ error: any Error) -> String { "interrupted by \(name): \(error)" }
    /// An export whose connection was lost: `target` `untouched` (a file is renamed into place once complete), or partial.
    static func exportCut(by error: StoreError, target: String, untouched: Bool) -> String {
        "\(error) The export stopped: " + (untouched ? "\(target) is as it was" : "\(target) holds only part of it")
            + "; run it again."
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
        "\(counted(count, "additional waypoint")) without a place not written "
            + "(\(format.displayName) needs a position; JSON keeps them)"
    }

    /// The attributes a GPX export left out because their id, which is what an attribute
    /// means, is not a number (from another tool's file); their caches were written.
    static func attributesWithoutNumber(_ count: Int, format: ExportFormat) -> String {
        "\(counted(count, "attribute")) whose id is not a number not written (\(format.displayName) numbers "
            + "attributes, and a reader could not tell what they mean; the store and JSON keep them)"
    }

    // MARK: - The finder's commands: log, own, field notes

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
    /// "final N …" or "final\tnone", "note …" or "note\t" with nothing after the tab; then
    /// "visit\tTIME\tKIND\tTEXT" for each of `visits` (newest first).
    static func ownData(_ own: OwnData, code: String, visits: [Visit]) -> String {
        // Escaped as `list` escapes a field: a tab, a backslash or a control character in the note
        // or a visit's text (or a code as typed) neither splits the line nor moves the cursor.
        ([GeoCache.lineEscaped(code), "found\t" + (own.found.map(GeoCache.lineEscaped) ?? "no"),
          "final\t" + (own.corrected?.geocachingText ?? "none"), "note\t" + GeoCache.lineEscaped(own.note)]
         + visits.map { "visit\t\(GeoCache.lineEscaped($0.time))\t\($0.type.rawValue)\t\(GeoCache.lineEscaped($0.text))" })
            .joined(separator: "\n")
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
    /// "Visits: added 3, already kept 1; marked found 2; found date moved earlier 1; for caches not stored: 1 (GC9ZZZ)."
    static func visitsImported(_ recorded: VisitsRecorded) -> String {
        var text = "Visits: added \(recorded.added), already kept \(recorded.alreadyKept)"
        if recorded.newlyFound > 0 { text += "; marked found \(recorded.newlyFound)" }
        if recorded.foundEarlier > 0 { text += "; found date moved earlier \(recorded.foundEarlier)" }
        if !recorded.unknownCodes.isEmpty {
            let shown = recorded.unknownCodes.prefix(10).joined(separator: ", ") + (recorded.unknownCodes.count > 10 ? ", …" : "")
            text += "; kept for caches not stored: \(recorded.unknownCodes.count) (\(shown))"
        }
        return text + "."
    }
    static let allWithoutFieldNotes = "--all belongs to --format fieldnotes: other formats write every cache already."
    static let filtersWithFieldNotes = "Field notes are your visits, not caches: the filters and --near do not apply."
    static func visitsExported(_ count: Int) -> String { counted(count, "visit") + " written" }
    /// A field-notes export with nothing to write, which writes nothing: `file` (named by
    /// `--output`, and whether it is there) is as it was (a file not uploaded yet is not emptied).
    static func noVisitsToExport(all: Bool, file: (path: String, exists: Bool)?) -> String {
        (all ? "no visits to export" : "no visits to export that were not exported before (--all writes them again)")
            + (file.map { "; \(MessageValue.name($0.path)) was " + ($0.exists ? "left as it was" : "not written") } ?? "")
    }
    /// A field-notes export over `file`, which holds `count` visits the export does
    /// not: they would be lost from it before they were uploaded (`--all` named when it helps).
    static func fieldNotesWouldDrop(_ count: Int, file: String, allHelps: Bool) -> String {
        "\(MessageValue.name(file)) holds \(counted(count, "visit")) this export does not (from an earlier export, "
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

    // MARK: - The command line refused before any command runs (exit status 64, in the parser's layout)
    /// A command that only groups subcommands (`club`) given none: the ones it has,
    /// "init" or "init or check" or "init, check or drop".
    static func missingSubcommand(of name: String, among subcommands: [String]) -> String {
        let listed = subcommands.count < 2 ? subcommands.joined()
            : subcommands.dropLast().joined(separator: ", ") + " or " + subcommands[subcommands.count - 1]
        return "'\(name)' needs a subcommand: \(listed)."
    }

    /// A word where a subcommand's name stands that names none, and the one `meant` when it is a slip.
    static func unknownSubcommand(_ word: String, meant: String?) -> String {
        "Unknown subcommand '\(word)'." + (meant.map { " Did you mean '\($0)'?" } ?? "")
    }

    /// An option the command does not have, and the one `meant` when it is a slip (``DashArgument``).
    static func unknownOption(_ option: String, meant: String?) -> String {
        "Unknown option '\(option)'." + (meant.map { " Did you mean '\($0)'?" } ?? "")
    }

    /// An argument that begins with a dash and is not an option (``DashArgument``).
    static func dashArgument(_ argument: String) -> String {
        "Unknown option '\(argument)'. A value that begins with - goes after -- (… -- '\(argument)')."
    }

    /// An option given twice, before anything runs: the usage error, ending with a
    /// blank line; `usage` is the command's, `name` the subcommand's.
    static func repeatedOption(_ spelling: String, usage: String, name: String) -> String {
        """
        Error: \(spelling) is given more than once; give it once (only its last value \
        would be used)
        Usage: \(usage)
          See 'geocache-tui \(name) --help' for more information.

        """
    }

    /// An option before the subcommand that only belongs after it: the parser's
    /// `message`, the usage of the subcommand `name`, and a blank line.
    static func optionBeforeSubcommand(_ message: String, usage: String, name: String) -> String {
        usageError("\(message) (only --store may come before the subcommand; put the other options after '\(name)')",
                   usage: usage, name: name)
    }

    /// A usage error of the subcommand `name` (empty: of the whole program), in the
    /// parser's own layout.
    static func usageError(_ message: String, usage: String, name: String) -> String {
        """
        Error: \(message)
        Usage: \(usage)
          See 'geocache-tui \(name.isEmpty ? "" : name + " ")--help' for more information.

        """
    }

    /// An argument that is not UTF-8 text, its bytes shown (`x\xFF.gpx`).
    static func notUTF8Argument(_ shown: String) -> String {
        "the argument \(shown) is not UTF-8 text: geocache-tui reads its arguments as UTF-8 (a file's name read so "
            + "would name another file); give it in UTF-8, renaming the file if it names one"
    }

    /// A variable of ``NonUTF8Argument/pathVariables`` whose value is not UTF-8 text:
    /// what it would name wrongly, and how to go on.
    static func notUTF8Variable(_ name: String, _ shown: String) -> String {
        let reason = switch name {
        case "GEOCACHE_STORE":
            "geocache-tui reads the store's place as UTF-8, and would name another file; set it in UTF-8, "
                + "or name the store with --store"
        case "XDG_DATA_HOME":
            "geocache-tui keeps its files there (the default store, a club store's outbox and copy) and reads "
                + "the place as UTF-8, so it would use another directory; set it in UTF-8, or unset it"
        default:
            "geocache-tui keeps its records there (the store files it has checked) and reads the place as "
                + "UTF-8, so it would use another directory; set it in UTF-8, or unset it"
        }
        return "the variable \(name) (\(shown)) is not UTF-8 text: " + reason
    }
}
