import GeoModel

/// What the geocache form is doing: one value, so that impossible combinations (an edit
/// during a search, a delete question over an edit) cannot be written, and each action
/// asks one question ("is it enabled in this mode?", ``FormAction/keyMap``).
///
/// ```
/// browsing ──F4──▶ editing(EditSession)        ^S saves, Esc cancels: back to browsing
///          ──^F──▶ searching                   Esc: back to browsing
///          ──F8──▶ confirmingDelete(question)  Yes, No, or closed by another session
///          ──^G──▶ placing(cache)              Enter sets the coordinates, Esc leaves
///          ──M-g─▶ navigating(target)          Tab: the next place, Esc leaves
///          ──M-l, M-n, M-c─▶ recording(prompt) Enter logs the visit or keeps the note or final, Esc leaves
///          ──M-s─▶ filtering                   Enter sets the filter, Esc leaves
/// browsing, editing, searching, placing, navigating, recording, filtering ──F1──▶ helping(overlay, underneath)  Esc, F1: back
/// ```
///
/// The terminal being too small to show the form is not a mode: it limits whatever
/// the mode allows to the actions that work hidden (``FormAction/worksWhileHidden``).
enum FormMode {
    /// Showing the caches; the fields hold the text for the next Add.
    case browsing
    /// The shown cache is in the fields; Add reads Save.
    case editing(EditSession)
    /// The query field is open in the status row; the moves go through the matches.
    case searching
    /// The delete question is open over the form.
    case confirmingDelete(DeleteQuestion)
    /// The coordinates field is open in the status row for the cache shown when it
    /// opened (the version the write compares with).
    case placing(StoredCache)
    /// The navigation view shows the way to one place of the shown cache.
    case navigating(NavigationTarget)
    /// The finder's prompt is open in the status row: a visit, a note or a corrected
    /// place for the cache shown when it opened.
    case recording(FinderPrompt)
    /// The filter field is open in the status row.
    case filtering
    /// The help overlay lists the keys of the mode underneath, which goes on when it closes.
    indirect case helping(HelpOverlay, underneath: FormMode)

    /// The mode without its data: what the key table's bindings are enabled in.
    enum Kind: Hashable, Sendable, CaseIterable {
        case browsing, editing, searching, confirmingDelete, placing, navigating, recording, helping, filtering

        /// Whether a text field has the keyboard: one of the form's, or the prompt's in
        /// the status row (the navigation view, the delete question and the help have none).
        var hasTextField: Bool {
            switch self {
            case .browsing, .editing, .searching, .placing, .recording, .filtering: true
            case .confirmingDelete, .navigating, .helping: false
            }
        }
    }

    /// An edit in progress: the version of the cache it started from (the save
    /// compares with it), what the fields held before, and, after a save was refused
    /// because another session changed the cache, the version stored now and your
    /// changes applied to it (`merged`, by `GeoCache.merging(theirs:base:)`: its four
    /// fields were put in the fields, and a save over the stored version writes its
    /// place and listing with the fields' text). An edit kept on this machine that met
    /// a change on the club store names its change in the outbox (`queued`): saving
    /// over the club's version, or taking it, settles it.
    struct EditSession {
        let base: StoredCache
        let stash: [GeoCache.Field: String]
        var conflict: StoredCache?
        var queued: Int64?
        /// After a refusal: your changes applied to ``conflict``, what a save writes
        /// beyond the fields' text.
        var merged: GeoCache?

        init(base: StoredCache, stash: [GeoCache.Field: String], conflict: StoredCache? = nil, queued: Int64? = nil,
             merged: GeoCache? = nil) {
            self.base = base
            self.stash = stash
            self.conflict = conflict
            self.queued = queued
            self.merged = merged
        }

        /// What a save writes when the fields hold `fields`: them over the stored
        /// version with your other changes (after a refusal), else over the version the
        /// edit started from, whose code, place and listing stay.
        func saving(_ fields: [GeoCache.Field: String]) -> GeoCache {
            (merged ?? (conflict ?? base).cache).replacingFields(fields)
        }
    }

    /// The delete question on screen, and the version of the cache it names: Yes
    /// deletes that version or nothing.
    struct DeleteQuestion {
        let dialog: Dialog
        let target: StoredCache
    }

    /// Which mode this is.
    var kind: Kind {
        switch self {
        case .browsing: .browsing
        case .editing: .editing
        case .searching: .searching
        case .confirmingDelete: .confirmingDelete
        case .placing: .placing
        case .navigating: .navigating
        case .recording: .recording
        case .helping: .helping
        case .filtering: .filtering
        }
    }

    /// The mode the form is in under the help overlay (this one when it is closed).
    var base: FormMode {
        if case .helping(_, let underneath) = self { underneath.base } else { self }
    }

    /// The edit in progress, while editing (under the help overlay too).
    var editSession: EditSession? {
        if case .editing(let session) = base { session } else { nil }
    }

    /// The same mode with the edit's version replaced by `stored`, the same version with
    /// a newer club record (the cache handed over elsewhere), under the help overlay too.
    func takingRecord(of stored: StoredCache) -> FormMode {
        switch self {
        case .editing(let edit):
            .editing(EditSession(base: stored, stash: edit.stash, conflict: edit.conflict, queued: edit.queued,
                                 merged: edit.merged))
        case .helping(let overlay, let underneath): .helping(overlay, underneath: underneath.takingRecord(of: stored))
        default: self
        }
    }

    /// The cache whose coordinates are being entered, while placing.
    var placingTarget: StoredCache? {
        if case .placing(let target) = base { target } else { nil }
    }

    /// The finder's prompt, while recording.
    var finderPrompt: FinderPrompt? {
        if case .recording(let prompt) = base { prompt } else { nil }
    }

    /// The open delete question, while confirming a delete.
    var deleteQuestion: DeleteQuestion? {
        if case .confirmingDelete(let question) = self { question } else { nil }
    }
}
