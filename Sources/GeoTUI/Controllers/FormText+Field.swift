import Foundation
import GeoModel

/// What the form says in field mode: a club store whose server cannot be reached, the
/// writes kept on this machine meanwhile, and their delivery.
extension FormText {
    /// The title bar while the club store's copy (or nothing) is shown.
    static let clubAwayTitle = appTitle + " (club store away)"

    /// The status line while the club store's server cannot be reached: the copy shown
    /// and how old it is, or that there is none and how to get one.
    static func clubAway(_ away: ClubAway, now: Date = Date()) -> String {
        switch away {
        case .copy(let refreshedAt):
            "club store away; showing the copy of \(ClubCopy.age(of: refreshedAt, now: now))"
        case .noCopy:
            "club store away; no copy on this machine: run geocache-tui sync while the server answers"
        }
    }

    /// The status line when the club store stopped answering while the form showed it,
    /// and the form shows the copy instead.
    static func clubWentAway(_ away: ClubAway, now: Date = Date()) -> String {
        guard case .copy(let refreshedAt) = away else { return clubAway(away, now: now) }
        // Short enough for 80 columns beside the position: the title bar says the club store is away.
        return "Showing the copy made \(ClubCopy.age(of: refreshedAt, now: now)); changes are kept here"
    }

    /// The title bar while the copy is shown because the club store refused this role
    /// or its schema when tried again.
    static let clubRefusedTitle = appTitle + " (club store refused)"

    /// The status line then: the pane says why.
    static let clubRefusedNote = "The club store refused this form: see the pane; changes are not kept here"

    /// The pane's title and text then: the server's reason, and what the form does.
    static let clubRefusedPaneTitle = "Club store refused"
    static func clubRefused(_ error: StoreError) -> String {
        if error.meansAnotherClub {
            return "\(error)\n\nThe copy on this machine stays shown, read-only, and changes are not kept on this "
                + "machine: each is refused until the club's own database answers at this URL again, or geocache-tui "
                + "sync --adopt-club takes this one as the club's."
        }
        return "\(error)\n\nThe copy on this machine stays shown, read-only. The club store answered, so changes are "
            + "not kept on this machine: each is refused with this reason until the club store accepts this role again."
    }

    /// The status line when the club store answers as another club database than the
    /// one this machine's copy and kept changes came from.
    static let anotherClub = "Another club database answers here: showing the copy, read-only (see the pane)"

    /// The status line when one of field mode's files was found damaged and set aside.
    static func setAside(_ file: FieldFileSetAside) -> String {
        let name = (file.setAsidePath as NSString).lastPathComponent
        return switch file.kind {
        case .copy: "The copy on this machine was damaged: set aside as \(name); geocache-tui sync fetches a new one"
        case .outbox: "The outbox on this machine was damaged: set aside as \(name), a new one started; keep that "
            + "file, its changes were not delivered"
        case .drafts: "The drafts file on this machine was damaged: set aside as \(name), a new one started; a draft "
            + "it held was not restored"
        }
    }

    /// After a delivery whose club store refused changes kept on this machine (its rules,
    /// or the change itself): they are not sent again.
    static func refusedKept(_ count: Int) -> String {
        "\(changes(count)) kept on this machine \(count == 1 ? "was" : "were") refused by the club store: "
            + "geocache-tui sync --status says why"
    }

    /// After a delivery that met changes kept on this machine whose rows cannot be read.
    static func unreadableKept(_ count: Int) -> String {
        "\(changes(count)) kept on this machine cannot be read and \(count == 1 ? "was" : "were") not delivered: "
            + "geocache-tui sync --status shows \(count == 1 ? "it" : "them")"
    }

    /// The status line while a club store's server stopped answering during the session.
    static let serverAwayKeeping = "Store unreachable, retrying; changes are kept on this machine"

    /// Why a question or a prompt closed when the copy took the club store's place (or
    /// back) and its cache is no longer the one shown.
    static func notShownNow(_ title: String, deleting: Bool) -> String {
        "Nothing \(deleting ? "deleted" : "stored"): \(noteQuoted(title)) is not the cache shown now"
    }

    /// A visit's or note's prompt left open when its cache is no longer the one shown.
    static func recordingNotShown(_ cache: GeoCache) -> String {
        "\(noteQuoted(cache.title)) is not the cache shown now; Enter records under \(cache.code ?? "its code")"
    }

    /// A kept edit of a cache this role may no longer change on the club store (handed
    /// to another member meanwhile, or the role no longer a keeper).
    static func keptButNotYours(_ title: String, _ refusal: ChangeRefusal) -> String {
        "\(noteQuoted(title)) is no longer yours to change on the club store. \(refusal); your change stays on this machine "
            + "for geocache-tui sync"
    }

    /// Edit, Delete or new coordinates while the copy is shown: short enough for 80
    /// columns beside the position (the title bar says the club store is away).
    static let copyIsReadOnly = "The copy is read-only until the club store answers"

    /// After a write was kept in the outbox.
    static func keptOnThisMachine(waiting: Int) -> String {
        "Kept on this machine: \(changes(waiting)) waiting for the club store"
    }

    /// When the club store answers again and the form shows it in place of the copy.
    static let clubStoreBack = "Club store reachable again: showing the club's caches"

    /// After the outbox was delivered: how many changes, and how many still wait.
    static func delivered(_ count: Int, waiting: Int) -> String {
        let still = waiting > 0 ? "; \(changes(waiting)) still waiting" : ""
        return "Delivered \(changes(count)) kept on this machine" + still
    }

    /// A kept change whose cache was deleted on the club store meanwhile.
    static func vanishedOnClubStore(_ title: String) -> String {
        "\(noteQuoted(title)) was deleted on the club store meanwhile; your change stays on this machine for geocache-tui sync"
    }

    /// A kept change whose conflict waits for the member, who is busy with something else.
    static func conflictWaits(_ title: String) -> String {
        "\(noteQuoted(title)) was changed on the club store meanwhile; your change stays on this machine for geocache-tui sync"
    }

    /// Esc on the edit of a kept change in conflict: the change is not given up.
    static let editCancelledKeptChangeStays =
        "Edit cancelled; your change stays on this machine for geocache-tui sync (--discard gives it up)"

    /// A Delete that met another session's write lock for the whole wait (a Delete is
    /// not tried again by itself). What to do comes before the holder, which is cut
    /// first on a narrow row.
    static func deleteHeldByLock(holder: String?) -> String {
        "Nothing deleted: the store is locked; \(key(.deleteCache)) tries again" + (holder.map { " (\($0))" } ?? "")
    }

    /// The pane's message for a write the server refused.
    static func refusedByServer(_ error: StoreError, keepingText: Bool) -> String {
        "The server refused the change: \(error)" + (keepingText ? "\n\nYour text is still in the fields." : "")
    }

    /// The status line for a write the server refused.
    static let nothingStoredRefused = "Refused by the server; nothing was stored"
    /// The status line for a delete the server refused.
    static let nothingDeletedRefused = "Refused by the server; nothing was deleted"
    /// The status line beside a pane that says why a write failed.
    static let nothingStoredSeePane = "Nothing was stored: see the pane"
    /// The status line beside a pane that says why a delete failed.
    static let nothingDeletedSeePane = "Nothing was deleted: see the pane"

    /// An add of unknown outcome found stored while the fields hold a correction of it.
    static func correctionOfStoredAdd(_ title: String) -> String {
        "\(quoted(title)) was stored; your correction is in the fields: \(key(.saveEdit)) saves it over it, "
            + "\(key(.cancelEdit)) leaves it"
    }

    /// "1 change", "2 changes".
    static func changes(_ count: Int) -> String {
        count == 1 ? "1 change" : "\(count) changes"
    }
}
