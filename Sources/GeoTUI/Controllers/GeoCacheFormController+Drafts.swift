import GeoModel

/// The form's drafts: the one put back in the fields when the form opens (an Add's text,
/// or an edit in progress as that edit), the next one on request, and the fields kept as
/// a draft when the form quits.
extension GeoCacheFormController {
    /// What the form holds that a quit would lose: the fields, and during an edit the
    /// version it started from and what the fields held before it.
    func currentDraft() -> FormDraft {
        if let edit = mode.editSession {
            return FormDraft(fields: fieldsWithText(), editing: edit.base, putAside: edit.stash)
        }
        return FormDraft(fields: fieldsWithText())
    }

    /// The fields that hold text, the only ones a draft keeps (``FormDraft`` drops the
    /// others). An empty form then quits without filling a dictionary keyed by
    /// `GeoCache.Field`: its storage type's first use makes the runtime check the key's
    /// `Hashable` by a search of all the program's conformance records (385,000
    /// instructions, the last such check of a form session on an empty store).
    private func fieldsWithText() -> [GeoCache.Field: String] {
        var values: [GeoCache.Field: String] = [:]
        for entry in fields where !entry.input.text.isEmpty { values[entry.field] = entry.input.text }
        return values
    }

    /// Puts `taken`, a draft kept by an earlier form, back in the form, and says how many
    /// others are kept. An edit comes back as that edit of that cache (saving it compares
    /// with the version it started from); when the cache was deleted since, its text is
    /// in the fields as an Add, which the pane offers. What was typed stays editable
    /// whatever its length; only a field an edit left as stored is kept whole.
    func restoreDraft(_ taken: TakenDraft?) {
        guard let taken, !taken.draft.isEmpty else { return }
        let draft = taken.draft
        guard let base = draft.editing else {
            setFieldValues(draft.fields)
            setNote(FormText.draftRestored(othersKept: taken.othersKept))
            return
        }
        switch Result(catching: { try model.storedVersion(of: base.id) }) {
        case .success(nil):
            // Gone: the text becomes an Add; what the edit had put aside stays a draft of its own.
            setFieldValues(draft.fields)
            try? model.leaveDraft(FormDraft(fields: draft.putAside))
            showError(FormText.editDraftOfDeletedCache(base.cache.title), failed: .save)
        case .success(let stored):
            // The edit starts from its own version, owned as the store says now (a draft
            // keeps no owner): the pane names the owner, and a Save this role may no longer
            // make (the cache handed over since) is refused before anything is sent.
            let base = StoredCache(id: base.id, cache: base.cache, club: stored?.club)
            // The list shows the cache edited, as when the edit began: its position, and the save's.
            model.show(base.id)
            mode = .editing(FormMode.EditSession(base: base, stash: draft.putAside))
            setFieldValues(draft.fields, loadedFrom: [base.cache])
            form.focusField(at: 0)
            updatePane()
            setNote(stored == base ? FormText.editDraftRestored(base.cache.title, othersKept: taken.othersKept)
                                   : FormText.editDraftChangedSince(base.cache.title, othersKept: taken.othersKept))
        case .failure(let error):
            // Unreadable now: still that edit, whose save compares and says what it finds.
            mode = .editing(FormMode.EditSession(base: base, stash: draft.putAside))
            setFieldValues(draft.fields, loadedFrom: [base.cache])
            updatePane()
            noteStoreProblem(error, prefix: FormText.storeError)
        }
    }

    /// Keeps what the form holds among the drafts (an edit as that edit, which ends
    /// here) and puts the next kept draft in the form (the most recent kept before the
    /// one shown, round again after the oldest).
    func takeNextDraft() {
        let current = currentDraft()
        do {
            let taken = try model.takeNextDraft(puttingBack: current)
            if mode.editSession != nil { mode = .browsing }
            clearFields()
            guard let taken else { return setNote(FormText.noDraftKept) }
            paneError = nil
            restoreDraft(taken)
            if taken.draft.holdsSameText(as: current) { setNote(FormText.noOtherDraft) }
            updatePane()
        } catch {
            noteStoreProblem(error, prefix: FormText.storeError)
        }
    }

    /// Has the model keep what the form holds as its draft, for the next form (it writes
    /// only when the text differs from the draft it holds; an empty form deletes it).
    /// Called while answering the quit key or a signal, before the terminal is restored,
    /// so once the person sees the quit answered the draft is in the store; a kill after
    /// that cannot lose it. Another session's lock is waited out as any write waits
    /// (``draftLockWait(sayingIt:)``); `sayingWaits` false (a hang-up: no terminal to
    /// read it) waits without saying so.
    func keepDraft(sayingWaits: Bool = true) {
        // Keys typed before the store opened wait for it: handled once it has, so what
        // they typed is in the fields; printed when it does not open in time.
        if model.isOpening, !typedWhileOpening.isEmpty {
            if waitForOpeningAtQuit() == .open { _ = takeOverOpenedStore() }
            if model.isOpening {
                // Said once, and not kept later (finishing keeps the draft again).
                let typed = typedWhileOpening.map(\.typedText).joined()
                typedWhileOpening = []
                if !typed.isEmpty { finishProblems.append(FormText.typedWhileOpeningNotKept(typed)) }
                return
            }
        }
        let draft = currentDraft()
        do {
            try model.keepDraft(draft, finishing: true, waitingForLock: draftLockWait(sayingIt: sayingWaits))
        } catch {
            // Tried once: the failure is reported after the terminal is restored, with
            // the text itself, so nothing is lost.
            finishProblems.append(FormText.couldNotKeepDraft(error, draft))
        }
        do {
            try model.keepUnsettledForDelivery()
        } catch {
            // What is left unsettled but the Adds and Saves, which the draft carries.
            let left = model.unsettledWrites.filter {
                switch $0.action {
                case .add, .update: false
                default: true
                }
            }
            finishProblems.append(FormText.couldNotKeepUnsettled(error, left.map(\.title)))
        }
    }

    /// Waits for the store still being opened, to handle the keys typed meanwhile, as long
    /// as its opening gets on (a busy machine's disk may take seconds to make a store): not
    /// while it waits out another session's lock, not past ``openingWaitAtQuit``, and not
    /// once a further quit key, SIGTERM or SIGINT says the person will not wait. A hang-up
    /// does not stop it: with the terminal gone, only a kept draft saves what was typed.
    func waitForOpeningAtQuit() -> CacheList.OpeningWait {
        let input = waits.input
        return model.waitForOpening(upTo: Self.openingWaitAtQuit) { [self] in
            input?.read().contains(where: stopsTheWaitAtQuit) ?? false
        }
    }

    /// How keeping the draft at quitting waits for another session's lock: up to the
    /// bound of every write (`CacheList.DraftLockWait.writeBound`), given up by a further
    /// quit key, SIGTERM or SIGINT (the text is then printed once the terminal is
    /// restored). With `sayingIt`, the status line says that it waits while the screen is
    /// still shown.
    func draftLockWait(sayingIt: Bool) -> CacheList.DraftLockWait {
        let input = waits.input
        return CacheList.DraftLockWait(limit: CacheList.DraftLockWait.writeBound, stoppingWhen: { [self] in
            input?.read().contains(where: stopsTheWaitAtQuit) ?? false
        }, whileWaiting: { [self] holder in
            guard sayingIt, let input else { return }
            setNote(FormText.quitWaitsForLock(holder: holder))
            if let canvas = render() { input.show(canvas) }
        })
    }

    /// A quit key, SIGTERM or SIGINT: what says not to wait any longer while quitting.
    private func stopsTheWaitAtQuit(_ event: TerminalEvent) -> Bool {
        switch event {
        case .signal(let signal): signal != .hangup
        case .input(.key): endsAWait(event)
        default: false
        }
    }

    /// The longest quitting waits for a store still being opened to handle the keys typed
    /// meanwhile: far longer than an opening takes, short enough not to hold a quit
    /// forever when a disk or a server stops answering.
    static let openingWaitAtQuit: Duration = .seconds(10)
}

