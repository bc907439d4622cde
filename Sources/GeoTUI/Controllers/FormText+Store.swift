import GeoModel

/// The words of the form about its store: reloading it, a server away, another
/// session's lock, a file deleted, replaced or copied over, read-only and damaged.
extension FormText {

    static let reloaded = "Reloaded"
    static func reopened(_ store: String) -> String { "Reopened \(store)" }
    static let storeError = "Store error"
    static let storeReachableAgain = "Store reachable again"
    static let serverAway = "Store unreachable, retrying; nothing is stored meanwhile"
    /// A read that met another session's lock (the server answers; it is not away).
    static func readHeldByLock(holder: String?) -> String {
        "Another session's change holds the store" + (holder.map { " (\($0))" } ?? "") + "; try again in a moment"
    }

    /// A write waiting for another session's lock: the key that stops it comes before
    /// the holder, which is cut first on a narrow row.
    static func waitingForLock(holder: String?) -> String {
        "Waiting for another session; Esc stops" + (holder.map { " (\($0))" } ?? "")
    }
    /// How ``openingWaitsForLock(holder:)`` begins: the note that goes once the store is open.
    static let openingWaitsLead = "Waiting for another session's lock"
    /// The store's opening waits out another session's lock; the quit key still quits.
    static func openingWaitsForLock(holder: String?) -> String {
        openingWaitsLead + (holder.map { " (\($0))" } ?? "") + "; \(key(.quit)) quits"
    }
    /// Quitting waits for another session's lock to keep the fields as a draft; a further
    /// quit key stops the wait (the text is then printed after the terminal is restored).
    static func quitWaitsForLock(holder: String?) -> String {
        "Keeping the draft: waiting for another session; \(key(.quit)) stops" + (holder.map { " (\($0))" } ?? "")
    }
    static let lockWaitAbandoned = "Stopped waiting for the other session; nothing was stored"

    static func storeProblem(_ prefix: String, _ error: any Error) -> String { "\(prefix): \(error)" }

    /// The store's file was deleted or replaced under the form.
    static func storeLost(_ store: String, replaced: Bool) -> String {
        "\(store) was \(replaced ? "replaced" : "deleted"): nothing written. \(key(.reload)) reopens"
    }

    /// Another file was copied over the store's file in place under the form.
    static func storeOverwritten(_ store: String) -> String {
        "\(store) was copied over: nothing written. \(key(.reload)) reopens"
    }

    /// The store's `-wal` or `-shm` file (`sideFile`, its name) was deleted or replaced
    /// under the form.
    static func sideFileLost(_ sideFile: String) -> String {
        "\(sideFile) is gone: nothing written. \(key(.reload)) reopens"
    }

    /// The title bar of a form whose store can only be read.
    static let readOnlyTitle = appTitle + " (read-only)"

    /// The status line when a store that can only be read opens; `noRoom` says in a word
    /// what it lacked when it opened read-only for want of room (it fits at 80 columns).
    static func readOnlyStore(_ store: String, noRoom: StoreError.NoRoom? = nil) -> String {
        guard let noRoom else { return "\(store) is read-only: browse, search, export" }
        let lacking = switch noRoom {
        case .disk: "disk full"
        case .fileSizeLimit: "ulimit -f reached"
        case .inodes: "no free inodes"
        }
        return "\(store) is read-only, \(lacking): browse, search, export"
    }

    /// Add, Save, Edit or Delete on a store that can only be read.
    static let readOnlyRefusal = "Read-only store: nothing can be added, changed or deleted"

    /// The same on a store opened read-only for want of room (`noRoom`): the way on.
    static func readOnlyRefusal(noRoom: StoreError.NoRoom) -> String {
        let freeing = switch noRoom {
        case .disk: "free some space"
        case .fileSizeLimit: "raise ulimit -f"
        case .inodes: "free some inodes"
        }
        return "Read-only store, opened without room: \(freeing), then \(key(.reload)) opens it again"
    }

    /// The pane when the integrity check that ran after the first frame found the store's
    /// file damaged: the words of the opening's refusal (the model's `StoreError`).
    static func storeDamaged(_ error: StoreError) -> String {
        "\(error)\nNothing will be written into it; browse, search and export go on. Quitting says this again."
    }

    /// The pane's title over that text.
    static let damagedPaneTitle = "Store damaged"

    /// The status line of a form whose store was found damaged.
    static func damagedStore(_ store: String) -> String { "\(store) is damaged: read-only" }

    /// Add, Save, Edit or Delete on a store found damaged.
    static let damagedRefusal = "Damaged store: nothing can be added, changed or deleted"

    /// How to go on after a write failed because the store's file is gone.
    static var reopenHint: String {
        " Press \(key(.reload)) to reopen the store, then \(key(.addCache)) again."
    }
}
