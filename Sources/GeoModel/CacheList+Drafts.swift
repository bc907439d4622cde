/// The form's drafts: the one this list's session holds, the text it kept there, and
/// taking the next one in turn.
///
/// A store keeps one draft per form that quit with text (``CacheStore``'s drafts). The
/// list takes the most recent one no live session holds when it opens
/// (``CacheListChange/opened(count:draft:)``, or ``takeDraft()``), holds it while the form
/// runs, so a second form does not take it too, and keeps the form's text in its place
/// when the form quits (``keepDraft(_:finishing:)``). The others are offered one at a time
/// (``takeNextDraft(puttingBack:)``). Drafts are not list changes: nothing is broadcast.
///
/// While a club store's copy is shown (``clubAway``), which cannot be written, the drafts
/// are kept in a draft file on this machine beside the copy (`drafts.sqlite`), so nothing
/// typed is lost; the form that shows the club store again keeps its text there.
extension CacheList {
    /// Where the drafts are kept now: the store, or this machine's draft file while the
    /// club store's copy is shown.
    var draftStore: any CacheStore {
        get throws {
            guard let field, field.away != nil else { return store }
            if let drafts = field.drafts { return drafts }
            let drafts = try SQLiteStore(path: field.files.directory + "/drafts.sqlite",
                                         createIntermediateDirectories: true)
            self.field?.drafts = drafts
            return drafts
        }
    }

    /// The most recent draft kept on this machine while the copy was shown, taken for
    /// this list's session; nil when there is none or the draft file cannot be read.
    func takeLocalDraft() -> TakenDraft? {
        try? draftStore.takeDraft(before: nil)
    }

    /// The club store is shown again: a draft held in this machine's draft file is
    /// dropped there, the form's text being kept in the club store from now on.
    func leaveLocalDrafts() {
        if let held = draftState.held, let drafts = field?.drafts {
            _ = try? drafts.keepDraft(FormDraft(fields: [:]), in: held, holding: false)
        }
        draftState = DraftState()
    }

    /// The draft this list's session holds, and its text as the store has it.
    struct DraftState {
        /// The draft held, nil when none.
        var held: DraftID?
        /// What ``keepDraft(_:finishing:)`` compares with: the text taken or last kept;
        /// nil when the list has neither taken nor kept one.
        var kept: FormDraft?

        init(held: DraftID? = nil, kept: FormDraft? = nil) {
            self.held = held
            self.kept = kept
        }

        init(taken: TakenDraft?) {
            self.init(held: taken?.id, kept: taken?.draft)
        }
    }

    /// Takes for this list's session the most recent draft that no live session holds
    /// (``CacheStore/takeDraft(before:)``), for a form starting on a list opened with
    /// ``init(store:)``; nil when there is none. A list opened with ``init(opening:)``
    /// took it while opening.
    public func takeDraft() throws -> TakenDraft? {
        let taken = try draftStore.takeDraft(before: nil)
        if let taken { draftState = DraftState(taken: taken) }
        return taken
    }

    /// Puts `current` (the form's text now) back in place of the draft held, left to any
    /// session (an empty one deletes it), and takes the next draft: the most recent kept
    /// before the one held, or else the most recent of all, which is the one put back when
    /// no other is kept. Nil when no draft is kept at all.
    public func takeNextDraft(puttingBack current: FormDraft) throws -> TakenDraft? {
        let previous = draftState.held
        var putBack: DraftID?
        if let previous, current == draftState.kept {
            try draftStore.releaseDraft(previous)
            putBack = previous
        } else {
            putBack = try draftStore.keepDraft(current, in: previous, holding: false)
        }
        draftState = DraftState()
        let taken = try draftStore.takeDraft(before: previous ?? putBack) ?? draftStore.takeDraft(before: nil)
        draftState = DraftState(taken: taken)
        return taken
    }

    /// Keeps `draft` (the form's text) in place of the draft held, or as a new one, when
    /// it differs from the text taken or kept there last, so that a quit without typing
    /// writes nothing; an empty draft deletes the one held. Returns whether it wrote.
    ///
    /// While the form runs the session goes on holding it; `finishing` (the form quits)
    /// leaves it to the next form, and a draft held but unchanged is released. A failed
    /// write is not retried by the next call. Nothing is kept while the store opens
    /// (nothing can have been typed, and there is no store yet).
    @discardableResult
    public func keepDraft(_ draft: FormDraft, finishing: Bool = false) throws -> Bool {
        guard !isOpening else { return false }
        if draft == draftState.kept ?? FormDraft(fields: [:]) {
            if finishing, let held = draftState.held {
                draftState.held = nil
                try draftStore.releaseDraft(held)
            }
            return false
        }
        let held = draftState.held
        draftState = DraftState(kept: draft)
        let id = try draftStore.keepDraft(draft, in: held, holding: !finishing)
        if !finishing { draftState.held = id }
        return true
    }

    /// Keeps `draft` as a new draft any later session may take, beside the one held:
    /// text that the form's held draft cannot carry (what an edit of a cache deleted
    /// meanwhile had put aside).
    public func leaveDraft(_ draft: FormDraft) throws {
        guard !draft.isEmpty else { return }
        try draftStore.leaveDraft(draft)
    }

    /// Every draft kept in the store for this person, the most recent first.
    public func keptDrafts() throws -> [FormDraft] {
        try draftStore.keptDrafts()
    }
}
