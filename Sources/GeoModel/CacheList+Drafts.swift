import Foundation

/// The form's drafts: the one this list's session holds, the text it kept there, and
/// taking the next one in turn.
///
/// A store keeps one draft per form that quit with text (``CacheStore``'s drafts). The
/// list takes the most recent one no live session holds when it opens
/// (``CacheListChange/opened(count:draft:)``, or ``takeDraft()``), holds it while the form
/// runs, so a second form does not take it too, and keeps the form's text in its place
/// when the form quits (``keepDraft(_:finishing:waitingForLock:)``). The others are offered one at a time
/// (``takeNextDraft(puttingBack:)``). Drafts are not list changes: nothing is broadcast.
///
/// While a club store's copy is shown (``clubAway``), which cannot be written, the drafts
/// are kept in a draft file on this machine beside the copy (`drafts.sqlite`,
/// ``LocalDrafts``), so nothing typed is lost. They move to the club store as soon as it
/// answers (issue 34): when the list takes the club store over from the copy
/// (``moveLocalDrafts(to:)``, the draft this session held staying held by it there), and
/// when a list opens live on it (``StoreOpening``, before the form's draft is taken), so
/// the next form restores them whether the server answers or not.
extension CacheList {
    /// Where the drafts are kept now, as the session decides
    /// (``WriteSession/draftStore()``): the store, or this machine's draft file while the
    /// club store's copy is shown.
    var draftStore: any CacheStore {
        get throws { try writeSession.draftStore() }
    }

    /// The most recent draft kept on this machine while the copy was shown, taken for
    /// this list's session; nil when there is none or the draft file cannot be read.
    func takeLocalDraft() -> TakenDraft? {
        try? draftStore.takeDraft(before: nil)
    }

    /// The club store is about to be shown again: the draft this session holds in this
    /// machine's draft file, and its text, are set aside for ``moveLocalDrafts(to:)``,
    /// which moves them once the club store is in place; until then none is held.
    /// Holding none, the list keeps the text it last took or kept: the club store's own,
    /// when the server went away while it was shown (``showCopy(after:)``), so that a quit
    /// without typing does not keep that text a second time.
    func leaveLocalDrafts() {
        var leaving = DraftState(kept: draftState.held == nil ? draftState.kept : nil)
        if let held = draftState.held, let kept = draftState.kept, session?.localDrafts != nil {
            leaving.heldOnThisMachine = (held, kept)
        }
        leaving.heldOnServer = draftState.heldOnServer
        draftState = leaving
    }

    /// Moves the drafts of this machine's draft file to the club store `club`, which the
    /// list shows from now on (``LocalDrafts/move(from:to:holding:)``): the one this session
    /// held (set aside by ``leaveLocalDrafts()``) stays held by this session there, the
    /// others are left for other forms. A draft that did not move stays in the file for
    /// the next time, never an error: the form's text is then compared with it as before,
    /// so a quit without typing writes nothing and the file's copy moves later.
    func moveLocalDrafts(to club: any CacheStore) {
        guard let field else { return }
        let held = draftState.heldOnThisMachine
        draftState.heldOnThisMachine = nil
        if held == nil, let onServer = draftState.heldOnServer { draftState.held = onServer }
        draftState.heldOnServer = nil
        let drafts = LocalDrafts(files: field.files)
        guard let local = session?.localDrafts ?? drafts.openIfPresent() else { return }
        let move = drafts.move(from: local, to: club, holding: held)
        if let held { draftState = DraftState(held: move.held, kept: held.draft) }
        session?.localDrafts = nil
    }

    /// The draft this list's session holds, and its text as the store has it.
    struct DraftState {
        /// The draft held, nil when none.
        var held: DraftID?
        /// What ``keepDraft(_:finishing:waitingForLock:)`` compares with: the text taken or last kept;
        /// nil when the list has neither taken nor kept one.
        var kept: FormDraft?
        /// The draft held in this machine's draft file and its text, between
        /// ``leaveLocalDrafts()`` and ``moveLocalDrafts(to:)``.
        var heldOnThisMachine: (id: DraftID, draft: FormDraft)?
        /// The club store's draft this list held when the copy took its place: held again
        /// when the club store is shown again, so that the fields' text replaces it (an
        /// Add of its text deletes it) unless another form took it meanwhile.
        var heldOnServer: DraftID?
        /// The store may not hold ``kept`` (its file was reopened): the next keep writes.
        var storeMayLackKept = false

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
        if let taken { hold(taken) }
        return taken
    }

    /// Puts `current` (the form's text now) back in place of the draft held, left to any
    /// session (an empty one deletes it), and takes the next draft: the most recent kept
    /// before the one put back (a changed draft is kept anew, after any other session's
    /// kept meanwhile), or else the most recent of all, which is the one put back when
    /// no other is kept. Nil when no draft is kept at all.
    public func takeNextDraft(puttingBack current: FormDraft) throws -> TakenDraft? {
        let current = current.carrying(writeSession.unsettledWrites)
        let previous = draftState.held
        var putBack: DraftID?
        if let previous, !draftState.storeMayLackKept, current == draftState.kept {
            try draftStore.releaseDraft(previous)
            putBack = previous
        } else {
            putBack = try draftStore.keepDraft(current, in: previous, holding: false)
        }
        draftState = DraftState()
        let taken = try draftStore.takeDraft(before: putBack ?? previous) ?? draftStore.takeDraft(before: nil)
        hold(taken)
        return taken
    }

    /// Holds `taken`, the draft this list's session took, and hands the session the writes
    /// of unknown outcome it carries (``FormDraft/pending``, an earlier form's that quit
    /// before they were settled): its text sent again reuses their identifiers, and the
    /// next check settles them (``checkForExternalChanges()``), as this form's own.
    func hold(_ taken: TakenDraft?) {
        draftState = DraftState(taken: taken)
        if let pending = taken?.draft.pending, !pending.isEmpty { session?.adopt(pending) }
    }

    /// Keeps `draft` (the form's text) in place of the draft held, or as a new one, when
    /// it differs from the text taken or kept there last, so that a quit without typing
    /// writes nothing; an empty draft deletes the one held. Returns whether it wrote.
    ///
    /// The draft carries the session's writes of unknown outcome (``FormDraft/carrying(_:)``),
    /// so that the form that restores it never stores the same text a second time.
    ///
    /// While the form runs the session goes on holding it; `finishing` (the form quits)
    /// leaves it to the next form, and a draft held but unchanged is released. A failed
    /// write is not retried by the next call; a quit whose club store cannot be reached
    /// keeps the text in this machine's draft file instead
    /// (``WriteSession/keepDraftOnThisMachine(_:after:sentAs:)``), with the write sent to
    /// the club store, which may still commit it. Nothing is kept while the store opens
    /// (nothing can have been typed, and there is no store yet). With `lockWait`, a write
    /// that meets another session's lock is tried again as that wait says
    /// (``DraftLockWait``): a form quitting waits as long as any write would.
    @discardableResult
    public func keepDraft(_ draft: FormDraft, finishing: Bool = false, waitingForLock lockWait: DraftLockWait? = nil) throws -> Bool {
        guard !isOpening else { return false }
        let draft = draft.carrying(writeSession.unsettledWrites)
        if !draftState.storeMayLackKept, draft == draftState.kept ?? FormDraft(fields: [:]) {
            if finishing, let held = draftState.held {
                draftState.held = nil
                // The text is kept as it is. A release that fails (the connection gone)
                // leaves a hold that ends with this session, as every hold does.
                try? draftStore.releaseDraft(held)
            }
            return false
        }
        let held = draftState.held
        draftState = DraftState(kept: draft)
        let id: DraftID?
        // One identifier for every try, kept with the text on this machine when it stays
        // there: the write the server may still commit is then recognised when it moves.
        let write = WriteID()
        do {
            id = try waitingOutLocks(lockWait) { try draftStore.keepDraft(draft, in: held, holding: !finishing, as: write) }
        } catch {
            // A form quitting while its club store is away keeps the text on this machine.
            if finishing, writeSession.keepDraftOnThisMachine(draft, after: error, sentAs: write) { return true }
            throw error
        }
        if !finishing { draftState.held = id }
        return true
    }

    /// An Add of the form's text settled as stored after its outcome was not known
    /// (``settleWrites()``): the draft the list holds, whose text that Add stored, is
    /// deleted, as the form deletes it after an Add stored at once, so that a form
    /// killed later (its draft free again) never offers text already stored. Text the
    /// fields hold afterwards (a correction) is kept when the form quits, as ever. One
    /// that cannot be deleted now stays held, for the form's next keep.
    func deleteDraftOfStoredAdd() {
        guard let held = draftState.held else { return }
        let empty = FormDraft(fields: [:])
        do {
            _ = try draftStore.keepDraft(empty, in: held, holding: true)
        } catch {
            return
        }
        draftState = DraftState(kept: empty)
    }

    /// How a wait for the store being opened ended (``waitForOpening(upTo:stoppingWhen:)``).
    public enum OpeningWait: Sendable, Equatable {
        /// It is ready for ``finishOpening()`` (or the list was open already).
        case open
        /// The caller's `stoppingWhen` said to stop waiting.
        case stopped
        /// The opening waits out another session's lock (``openingWaitsForLock``), which
        /// may last as long as that session likes.
        case waitsForLock
        /// The time allowed passed first.
        case timedOut
    }

    /// Waits, while the opening gets on, for the store being opened to be ready for
    /// ``finishOpening()`` (a form quitting before it opened, with keys typed meanwhile
    /// to handle first): until it is, until `stop` says to stop (asked every 20 ms), until
    /// the opening waits for another session's lock, or at most `limit`.
    public func waitForOpening(upTo limit: Duration, stoppingWhen stop: () -> Bool = { false }) -> OpeningWait {
        guard let opening else { return .open }
        let deadline = ContinuousClock.now + limit
        while !opening.isReady {
            if stop() { return .stopped }
            if opening.waitsForLock != nil { return .waitsForLock }
            guard ContinuousClock.now < deadline else { return .timedOut }
            var ready = pollfd(fd: opening.readyDescriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&ready, 1, 20)
        }
        return .open
    }

    /// Whether this list's session holds a draft (one it took, or kept while the form runs).
    public var holdsDraft: Bool { draftState.held != nil }

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
