import GeoModel

/// Field mode (issue 28): while the club store's server cannot be reached, the form
/// shows this machine's copy (its Add, Save and Delete are kept in the outbox by the
/// model's write session, `GeoCacheFormController+Writing.swift`), and, when the
/// server answers, says what was delivered and turns a conflict into the edit of the
/// club's version with the kept change applied to it in the fields, as a refused save
/// does.
extension GeoCacheFormController {
    /// True, after saying so, when an edit or delete is asked for while the copy is shown.
    func refusedOnCopy() -> Bool {
        guard model.clubAway != nil else { return false }
        setNote(FormText.copyIsReadOnly)
        return true
    }

    /// Whether this form may change `stored` now: not while only the copy is shown, nor
    /// a cache that is not this role's (the one rule behind the help bar's keys and
    /// the pane's offer to set a place).
    func mayChange(_ stored: StoredCache) -> Bool {
        model.clubAway == nil && model.changeRefusal(for: stored) == nil
    }

    /// True, after saying whose it is, when the shown cache is not this role's to
    /// change on a club store with rules (`CacheList.changeRefusal(for:)`): an edit,
    /// a delete or new coordinates are not begun.
    func refusedAsNotYours() -> Bool {
        guard let current = model.current, let refusal = model.changeRefusal(for: current) else { return false }
        let note = FormText.notYours(refusal)
        setNote(note, about: current.id)
        notYoursNote = note
        return true
    }

    /// Says once what the club store had to say about its rules (it set them up, or
    /// they do not bind this role), after it answered.
    func sayClubNote() {
        if let note = model.takeClubNote() { setNote(FormText.clubNote(note)) }
    }

    /// The club store answers again: the form shows it, at the cache it showed (the
    /// model kept it, and the search when there was one).
    func clubStoreDidComeBack() {
        if case .searching = mode.base, !model.isSearching { closeSearch() }
        configureStoreWaits()
        paneError = nil
        noteOpenedStore()
        setNote(FormText.clubStoreBack)
        closeWhatNamesAnotherCache()
        updatePane()
        updateStatus()
    }

    /// The club store stopped answering while shown: the form shows this machine's copy
    /// in its place (the model kept the cache shown, the search and the order). An edit
    /// begun before goes on, and its Save is kept on this machine; Edit and Delete wait
    /// for the club store, as on a form opened on the copy.
    func clubStoreDidGoAway(_ away: ClubAway) {
        configureStoreWaits()
        paneError = nil
        noteOpenedStore()
        setNote(FormText.clubWentAway(away))
        saidServerAway = true
        closeWhatNamesAnotherCache()
        updatePane()
        updateStatus()
    }

    /// The club store, tried while the copy is shown, answered and refused this role or
    /// its schema: the title bar and the status line say so, the pane gives the server's
    /// reason, and the copy stays shown; writes are refused with that reason, not kept.
    func clubStoreDidRefuse(_ error: StoreError) {
        noteOpenedStore()
        showError(FormText.clubRefused(error), failed: .clubStore)
    }

    /// After the copy took the club store's place, or the club store the copy's: a delete
    /// question or the coordinates prompt whose cache is not the one shown now (the copy
    /// lacks it, or holds an older list) closes unanswered, so that the pane never shows
    /// another cache under it; nothing was written. A visit's or note's prompt keeps what
    /// was typed, and says whose it is: Enter records it under that cache's code.
    private func closeWhatNamesAnotherCache() {
        let shown = model.current?.id
        switch mode.base {
        case .confirmingDelete(let question) where question.target.id != shown:
            closeDeleteConfirmation()
            questionClosedByItself(reason: FormText.notShownNow(question.target.cache.title, deleting: true))
        case .placing(let target) where target.id != shown:
            closePrompt(note: FormText.questionClosed(reason: FormText.notShownNow(target.cache.title, deleting: false)))
        case .recording(let prompt) where prompt.target.id != shown:
            setNote(FormText.recordingNotShown(prompt.target.cache))
        default:
            break
        }
    }

    /// Says what a delivery did (and that changes kept here were refused by the club
    /// store, or cannot be read, when some were); the first conflict not left for `sync` becomes the edit of the club's
    /// version with the kept change applied to it in the fields (while browsing with
    /// empty fields), else a note.
    func outboxDidDeliver(_ report: OutboxDelivery.Report, waiting: Int) {
        if report.deliveredCount > 0 {
            paneError = nil
            updatePane()
            updateStatus()
            setNote(FormText.delivered(report.deliveredCount, waiting: waiting))
        }
        if report.refusedCount > 0 {
            // A refused note or final is no longer shown as the person's: the server's is.
            if paneError == nil { updatePane() }
            setNote(FormText.refusedKept(report.refusedCount))
        }
        if report.unreadableCount > 0 { setNote(FormText.unreadableKept(report.unreadableCount)) }
        // One the member left for `sync` is not opened again at each delivery.
        guard let conflict = report.conflicts.first(where: { !conflictsLeftForSync.contains($0.sequence) }) else { return }
        showConflict(of: conflict)
    }

    /// Shows the conflict of a kept change: an edit of a changed cache as a refused
    /// save shows it; a delete of a changed cache with what the club changed; a vanished cache
    /// as a note. The change stays in the outbox until the member decides.
    private func showConflict(of change: QueuedChange) {
        // Handed to another member meanwhile: no edit or delete to offer, the change waits for sync.
        if let refusal = model.changedHands(change) {
            return setNote(FormText.keptButNotYours(change.title, refusal))
        }
        switch (change.kind, change.conflict) {
        case (.edit, .changed(let server)?):
            // Not under text being typed: the keys that follow would go into the edit.
            guard case .browsing = mode, currentFieldValues().values.allSatisfy(\.isEmpty), let yours = change.cache else {
                return setNote(FormText.conflictWaits(change.title))
            }
            showConflict(base: change.base ?? server.cache, theirs: server, yours: yours, in: server,
                         stash: currentFieldValues(), queued: change.sequence)
            form.focusField(at: 0)
        case (.delete, .changed(let server)?):
            showError(FormText.deleteOfChangedCache(change.title, base: change.base ?? server.cache,
                                                    theirs: server.cache), failed: .delete)
        case (_, .vanished?):
            setNote(FormText.vanishedOnClubStore(change.title))
        default:
            setNote(FormText.conflictWaits(change.title))
        }
    }

    /// Makes the edit of `edited` (the version the edit started from, which the pane
    /// shows) the edit over `theirs`, the version stored now: `yours`, a change made
    /// from `base`, is applied to it (`GeoCache.merging(theirs:base:)`) and the fields
    /// show the result; the pane shows each part that differs as the three versions
    /// have it. `queued` names the kept change it came from, if any.
    func showConflict(base: GeoCache, theirs: StoredCache, yours: GeoCache, in edited: StoredCache,
                      stash: [GeoCache.Field: String], queued: Int64?) {
        let merged = yours.merging(theirs: theirs.cache, base: base)
        mode = .editing(FormMode.EditSession(base: edited, stash: stash, conflict: theirs, queued: queued,
                                             merged: merged))
        if currentFieldValues() != merged.valuesByField {
            setFieldValues(merged.valuesByField, loadedFrom: [theirs.cache, edited.cache])
        }
        showError(FormText.changedWhileEditing(edited.cache.title, base: base, theirs: theirs.cache, yours: yours),
                  failed: .save)
        setNote(FormText.changedElsewhereNote)
    }

    /// The member settled the conflict of the kept change `sequence` (wrote over the
    /// club's version, or took it): the change leaves the outbox.
    func settleQueuedConflict(_ sequence: Int64?) {
        guard let sequence else { return }
        do {
            try model.discardQueued(sequence)
        } catch {
            setNote(FormText.storeProblem(FormText.storeError, error))
        }
    }
}
