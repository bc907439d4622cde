import Foundation
import GeoModel
import Glibc

/// Every sentence the geocache form shows a person, in one place: the status line's
/// notes, the pane's messages and errors, the titles of the form's parts and of its
/// dialogs. Keys are named by the key table (``FormAction/keyMap``), so a sentence never
/// names a key the table does not bind.
enum FormText {
    /// How the first key of `action` is written ("^S").
    static func key(_ action: FormAction) -> String { FormAction.keyMap.label(of: action) }

    /// `“title”`, in typographic quotes; a title wider than ``quotedTitleLength``
    /// columns is cut there, ending in `…` (a note names a cache, it does not show it).
    /// Columns, not characters: 24 CJK characters take 48. Control characters are shown
    /// as their symbols (a line break as ␊), so a one-line note goes on after them.
    static func quoted(_ title: String, length: Int = quotedTitleLength) -> String {
        var used = 0
        var shown = ""
        var fitsWithEllipsis = 0   // the characters of `shown` that fit before a `…`
        var count = 0
        for character in title {
            used += character.displayWidth
            if used > length { return "\u{201C}\(shown.prefix(fitsWithEllipsis))…\u{201D}" }
            shown.append(character.displayed)
            count += 1
            if used <= length - 1 { fitsWithEllipsis = count }
        }
        return "\u{201C}\(shown)\u{201D}"
    }

    /// A title quoted in the status line's note (``quoted(_:length:)`` at
    /// ``noteTitleLength``), so that what happened to it still shows at 80 columns.
    static func noteQuoted(_ title: String) -> String { quoted(title, length: noteTitleLength) }

    /// The most columns of a title a sentence quotes.
    static let quotedTitleLength = 60
    /// The most columns of a title a note quotes.
    static let noteTitleLength = 24

    // MARK: - The form's parts

    static let appTitle = " geocache-tui"
    /// Ctrl-Z where nothing could continue the form (no shell with job control above it):
    /// short enough to sit beside the position at 80 columns.
    static let noJobControl = "Not suspended: no job control here"
    /// A key of another mode pressed during a search; also the note when a search opens.
    static func finishSearchingFirst(cancel: String) -> String { "Enter searches, \(cancel) leaves" }
    static let searchPrompt = "Find:"
    static let addButton = "Add"
    static let saveButton = "Save"
    static let previousButton = "Previous"
    static let nextButton = "Next"
    /// A character typed while a button, not a field, has the focus.
    static let typedOnAButton = "Not typed: a button has the focus (Tab moves to the fields)"
    static let opening = "Opening\u{2026}"
    static let typedWhileOpeningDropped = "Still opening the store: further keys are ignored until it is open"

    static func terminalTooSmall(_ size: Size) -> String {
        "Terminal too small: need \(size.width)x\(size.height)"
    }

    /// The pane's title: what it shows.
    static func paneTitle(isEditing: Bool, isSearching: Bool) -> String {
        isEditing ? "Editing" : isSearching ? "Match" : "Cache"
    }

    /// The pane's title over an error: what did not happen.
    static func paneTitle(failed: PaneError.Failed) -> String {
        switch failed {
        case .add: "Not added"
        case .save: "Not saved"
        case .place: "Not stored"
        case .delete: "Not deleted"
        case .visit: "Not logged"
        case .ownData: "Not kept"
        case .filter: "Filter unchanged"
        case .search: "Not searched"
        case .storeCheck: damagedPaneTitle
        case .clubStore: clubRefusedPaneTitle
        case .unknownOutcome: "Outcome not known"
        }
    }

    static let cachePaneTitle = "Cache"

    static func noMatch(for query: String) -> String {
        "No cache matches \(quoted(query)).\n\nEdit the search and press Enter, or press \(key(.closeSearch)) to leave the search."
    }

    static var noCachesYet: String {
        "No caches yet.\n\nFill in Title, Details, Creator and Reward, then press \(key(.addCache)) or choose Add."
    }

    /// The pane of an empty store that can only be read: nothing can be added to it.
    static let noCachesReadOnly = "No caches in this store, and it can only be read: nothing can be added to it."

    // MARK: - Adding and editing

    static let added = "Added and saved"
    static let noCacheToEdit = "No cache to edit"
    /// ^N, ^P, ^R with no other cache (or cache the filter keeps) to show.
    static let noOtherCache = "No other cache to show"
    /// ^N, ^P, ^R in a search with a single match.
    static let noOtherMatch = "No other match to show"
    /// A move in a search that matched nothing.
    static let noMatchToShow = "No match to show"
    static let saved = "Saved"
    static let savedOverTheOtherVersion = "Saved over the other session\u{2019}s version"
    static let editCancelled = "Edit cancelled"

    /// The note while editing, and the refusal of what only the other modes allow.
    static var editing: String { "Editing: \(key(.saveEdit)) saves, \(key(.cancelEdit)) cancels" }
    /// The note while editing a cache with fields too long for the form to edit.
    static func editingKeeping(_ labels: [String]) -> String {
        let names = labels.joined(separator: " and ")
        return "Editing: \(names) over 1 MiB, kept as stored. \(key(.saveEdit)) saves, \(key(.cancelEdit)) cancels"
    }
    static func finishTheEditFirst(save: String, cancel: String) -> String {
        "Finish the edit first: \(save) saves, \(cancel) cancels"
    }
    static var loadedTheStoredVersion: String {
        "Loaded the stored version: \(key(.saveEdit)) saves, \(key(.cancelEdit)) cancels"
    }
    static var changedElsewhereNote: String {
        "Changed elsewhere: \(key(.reload)) takes theirs, \(key(.saveEdit)) keeps yours"
    }

    /// What is missing, and how to go on. `doing` is "add this cache" or "save this cache".
    static func cannot(_ doing: String, _ error: GeoCacheValidationError) -> String {
        "Cannot \(doing): \(error).\n\nFill in every field, then press \(key(.addCache)) again."
    }
    static let addThisCache = "add this cache"
    static let saveThisCache = "save this cache"

    static func couldNotSave(_ error: any Error, hint: String) -> String {
        "Could not save the cache: \(error)\n\nYour text is still in the fields.\(hint)"
    }

    static func deletedWhileEditing(_ title: String) -> String {
        "\(quoted(title)) was deleted in another session; nothing was saved.\n\nYour text is still in the fields: press \(key(.addCache)) to add it as a new cache."
    }

    // MARK: - Drafts

    /// The note after a draft was put back in the fields: how many others are kept,
    /// and the key that takes the next.
    static func draftRestored(othersKept: Int) -> String {
        "Draft restored" + othersNote(othersKept)
    }

    /// The note after an edit in progress was put back as that edit.
    static func editDraftRestored(_ title: String, othersKept: Int) -> String {
        "Edit of \(noteQuoted(title)) restored" + othersNote(othersKept)
    }

    /// The note after an edit was put back whose cache another session changed since.
    static func editDraftChangedSince(_ title: String, othersKept: Int) -> String {
        "Edit of \(noteQuoted(title)) restored (changed since)" + othersNote(othersKept)
    }

    /// The pane's message for an edit put back whose cache was deleted since: the text is
    /// an Add now, offered as such.
    static func editDraftOfDeletedCache(_ title: String) -> String {
        "\(quoted(title)) was deleted in another session after you left this edit of it.\n\nYour text is in the fields: press \(key(.addCache)) to add it as a new cache."
    }

    static let noOtherDraft = "No other draft kept"
    /// Ctrl-Y with no draft this form may take: none is kept, or another running form
    /// holds the only one.
    static let noDraftKept = "No draft to take: none is kept that no running form holds"

    private static func othersNote(_ count: Int) -> String {
        count == 0 ? "" : "; \(count) more kept: \(key(.takeNextDraft)) for the next"
    }

    /// What was typed before the store opened, printed when the form quit and the store
    /// still had not opened (``GeoCacheFormController/waitForOpeningAtQuit()``).
    static func typedWhileOpeningNotKept(_ typed: String) -> String {
        "the store was still being opened when the form quit, so what was typed meanwhile was not kept: \(typed)"
    }

    /// What a quit that could not keep the draft prints once the terminal is restored:
    /// the text itself, so nothing is lost.
    static func couldNotKeepDraft(_ error: any Error, _ draft: FormDraft) -> String {
        couldNotKeepDraft(error, draft.fields) + (draft.putAside.isEmpty ? "" : putAsideNote(draft.putAside))
    }

    /// Deletes or visits sent with an outcome not known that could not be kept on this
    /// machine for the next delivery, as the form ended.
    static func couldNotKeepUnsettled(_ error: any Error, _ titles: [String]) -> String {
        "could not keep on this machine the changes whose outcome the club store had not told (\(error)); "
            + "look for them there and make again any that is missing: " + titles.map { quoted($0) }.joined(separator: ", ")
    }

    private static func putAsideNote(_ putAside: [GeoCache.Field: String]) -> String {
        "\nPut aside before the edit, for the next Add:" + GeoCache.Field.allCases.compactMap { field in
            putAside[field].map { "\n  \(field.label): \($0)" }
        }.joined()
    }

    /// The unsaved fields that could not be kept, with their text, for after the
    /// terminal is restored.
    static func couldNotKeepDraft(_ error: any Error, _ draft: [GeoCache.Field: String]) -> String {
        let text = GeoCache.Field.allCases.compactMap { field in
            draft[field].map { "\n  \(field.label): \($0)" }
        }.joined()
        // Empty fields keep nothing: the draft held is to be deleted, and was not.
        if text.isEmpty { return "could not delete the draft kept before (the next form may offer it): \(error)" }
        return "could not keep the unsaved fields as a draft: \(error) They held:\(text)"
    }

    // MARK: - Deleting

    static let deleteTitle = "Delete cache"
    static let noCacheToDelete = "No cache to delete"
    static let deleted = "Deleted"
    static let nothingDeleted = "Nothing deleted"

    static func deleteQuestion(_ title: String) -> String {
        "Delete \(quoted(title))?\nThis cannot be undone."
    }
    static func couldNotDelete(_ error: any Error, hint: String) -> String {
        "Could not delete the cache: \(error)\(hint)"
    }

    // MARK: - Writes of unknown outcome

    /// What a write whose reply was lost became, in past tense: "stored", "saved", "deleted".
    private static func done(_ action: CacheList.PendingWrite.Action) -> String {
        switch action {
        case .add: "stored"
        case .update: "saved"
        case .delete: "deleted"
        case .handOver: "handed over"
        case .recordVisits: "logged"
        case .setOwnData: "kept"
        }
    }

    /// The key that sends `action` again.
    private static func again(_ action: CacheList.PendingWrite.Action) -> String {
        switch action {
        case .add: key(.addCache)
        case .update, .handOver: key(.saveEdit)
        case .delete: key(.deleteCache)
        case .recordVisits, .setOwnData: "Enter in the prompt"
        }
    }

    /// The pane's message after a write whose outcome the server could not tell.
    static func outcomeUnknown(_ write: CacheList.PendingWrite) -> String {
        let kept = switch write.action {
        case .delete: ""
        case .recordVisits, .setOwnData: "Your text is still in the prompt; "
        default: "Your text is still in the fields; "
        }
        return "Not known yet whether \(quoted(write.title)) was \(done(write.action)): the server stopped answering "
            + "after it was sent. It is checked when the server answers.\n\n\(kept)"
            + "\(again(write.action)) again is safe: it is never \(done(write.action)) twice."
    }

    /// The status line's note while a write's outcome is not known.
    static func outcomeUnknownNote(_ write: CacheList.PendingWrite) -> String {
        "Not known yet whether \(noteQuoted(write.title)) was \(done(write.action)); checked when the server answers"
    }

    /// The note once a write of unknown outcome is settled.
    static func writeSettled(_ write: CacheList.PendingWrite, stored: Bool) -> String {
        let title = quoted(write.title)
        if stored { return "\(title) was \(done(write.action))" }
        switch write.action {
        case .add: return "\(title) was not stored: \(key(.addCache)) to store it"
        case .update: return "\(title) was not saved: \(key(.saveEdit)) to save it"
        case .delete: return "\(title) was not deleted"
        case .handOver: return "\(title) was not handed over"
        case .recordVisits: return "The visit to \(title) was not logged: \(key(.logVisit)) to log it"
        case .setOwnData: return "Your data on \(title) was not kept"
        }
    }

    // MARK: - Another session

    static func deletedElsewhere(_ title: String) -> String { "\(noteQuoted(title)) was deleted in another session" }
    static func changedElsewhere(_ title: String) -> String { "\(noteQuoted(title)) was changed in another session" }
    /// What did not happen first: a note too long for the row keeps its start.
    static func deletedElsewhereNothingDeleted(_ title: String) -> String {
        "Nothing deleted: \(noteQuoted(title)) was deleted in another session"
    }
    static func changedElsewhereNothingDeleted(_ title: String) -> String {
        "Nothing deleted: \(noteQuoted(title)) was changed in another session"
    }
    /// `role` is the new owner, nil for the club.
    static func handedOverNothingDeleted(_ title: String, to role: String?) -> String {
        "Nothing deleted: \(noteQuoted(title)) was handed to \(role.map { MessageValue.name($0) } ?? "the club") in another session"
    }

    /// A question closed without its user, and why (short: the reason names a cache).
    static func questionClosed(reason: String) -> String { "Closed. \(reason)" }
    /// A key dropped because it came just after a question closed by itself.
    static func keyDroppedAfterQuestion(_ reason: String) -> String { "Key ignored. \(reason)" }

    // MARK: - Searching

    static var searchOpened: String { finishSearchingFirst(cancel: key(.closeSearch)) }
    static let typeSomething = "Type something to search for"
    static var noMatchNote: String { "\(key(.closeSearch)) leaves the search" }
    static var movingThroughMatches: String {
        "\(key(.showNextCache))/\(key(.showPreviousCache)) move through the matches"
    }
    static func couldNotSearch(_ error: any Error, hint: String) -> String { "Could not search: \(error)\(hint)" }

    // MARK: - The club's rules

    /// The status line when the shown cache is not this role's to change.
    static func notYours(_ refusal: ChangeRefusal) -> String { refusal.description }

    /// What the club store had to say once about its rules.
    static func clubNote(_ note: ClubNote) -> String {
        switch note {
        case .setUp(let setUp):
            "Set up the club's rules: members are in \(setUp.roles.member), keepers in \(setUp.roles.keeper)"
        case .rulesDoNotBind(let role, let roles):
            "The club's rules do not bind \(role); give each member a role of their own in \(roles.member)"
        }
    }

    /// `label:` padded to the value column, then `value`: a paragraph of the pane, which
    /// starts the value's further lines in that column (``TextPane/setParagraphs(_:keepingScroll:)``),
    /// so the value is copied, not read; a combining mark starting it stays apart from
    /// the spaces before it.
    static func labelled(_ label: String, _ value: String) -> String {
        let column = GeoCache.descriptionValueColumn
        var result = label + ":" + String(repeating: " ", count: max(1, column - label.count - 1))
        result.appendKeepingApart(value)
        return result
    }

    /// The distance and direction to a cache, and from where: "1.24 km NE", or
    /// "1.24 km NE from home" when home stands in for a fix.
    static func away(_ text: String, fromHome: Bool) -> String { fromHome ? "\(text) from home" : text }

    static let hintShown = "Hint shown"
    static let hintHidden = "Hint hidden"
    static let spoilersShown = "Hint and encrypted logs shown"
    static let spoilersHidden = "Hint and encrypted logs hidden"
    static let encryptedLogsShown = "Encrypted logs shown"
    static let encryptedLogsHidden = "Encrypted logs hidden"
    static let noHint = "This cache has no hint"
    /// A log's text its finder encrypted, while it is hidden.
    static var encodedLogHidden: String { "encrypted by its finder (\(key(.toggleHint)) shows it)" }
    static let noCacheShown = "No cache is shown"
    static let noCacheToPlace = "No cache to set coordinates for"

    // MARK: - Nearest first

    /// Nearest first switched on, or measured from another kind of place since.
    static func nearestFirst(_ basis: MeasuringPoint.Basis, now: Date) -> String {
        switch basis {
        case .fix: "Nearest first from your GPS position"
        case .home: "Nearest first from home"
        case .lastFix(let time): "Nearest first from your last GPS fix, at \(clockTime(time, now: now))"
        }
    }
    static let storedOrder = "Stored order"
    static let nearestNeedsPosition =
        "Nearest first needs a position: start with --gps, --home COORD, or GEOCACHE_HOME set"
    static let nearestNeedsFix = "Nearest first needs a position: no GPS fix yet, and no --home given"

    // MARK: - Help

    /// The help overlay's title for the mode it lists the keys of.
    static func helpTitle(_ kind: FormMode.Kind) -> String {
        let name = switch kind {
        case .browsing: "browsing"
        case .editing: "editing a cache"
        case .searching: "searching"
        case .placing: "setting coordinates"
        case .navigating: "navigating"
        case .recording: "logging a visit, a note or a final"
        case .filtering: "choosing a filter"
        case .confirmingDelete, .helping: "keys"
        }
        return "Help: \(name)"
    }
    static let helpKeysSection = "Keys"
    /// The help's last key line: what Alt-1 to Alt-0 stand for (``Key/meant``).
    static let helpAltDigits = "As F1…F10, for a keyboard without function keys"
    static func helpFieldSection(_ kind: FormMode.Kind) -> String {
        let field = switch kind {
        case .searching: "In the search field"
        case .placing: "In the coordinates field"
        case .recording: "In the prompt's field"
        case .filtering: "In the filter field"
        default: "In a text field"
        }
        return field + " (any character is typed)"
    }
    /// What Enter does where a text field has the keyboard, first in the help overlay's
    /// field section: the field leaves Enter to the form, which does the mode's work.
    static func helpEnter(_ kind: FormMode.Kind) -> String? {
        switch kind {
        case .browsing, .editing: "Next field (on a button: press it; Space too)"
        case .searching: "Search for the text"
        case .placing: "Set the coordinates (none removes them)"
        case .recording: "Log the visit, or keep the note or the final"
        case .filtering: "Set the filter (empty shows every cache)"
        case .confirmingDelete, .navigating, .helping: nil
        }
    }
    /// Enter's hint in the help bar while a prompt is open in the status row, for the
    /// prompt `mode` has open (none: the widest a mode of its kind shows, for the layout).
    static func helpBarEnter(_ kind: FormMode.Kind, prompt: FinderPrompt.Kind? = nil) -> String? {
        switch kind {
        case .searching: "Search"
        case .placing, .filtering: "Set"
        case .recording: prompt?.isVisit == true ? "Log" : "Keep"
        default: nil
        }
    }
    static func helpFooter(closing: [String]) -> String {
        "\(closing.joined(separator: " or ")) closes this help; ↑ ↓ PgUp PgDn scroll it."
    }
}
