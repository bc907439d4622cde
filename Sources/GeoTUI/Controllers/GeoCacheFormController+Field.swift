import GeoModel

/// Field mode (issue 28): while the club store's server cannot be reached, the form
/// shows this machine's copy (its Add, Save and Delete are kept in the outbox by the
/// model's write session, `GeoCacheFormController+Writing.swift`), and, when the
/// server answers, says what was delivered and turns a conflict into the edit of the
/// club's version with the kept text in the fields, as a refused save does.
extension GeoCacheFormController {
    /// True, after saying so, when an edit or delete is asked for while the copy is shown.
    func refusedOnCopy() -> Bool {
        guard model.clubAway != nil else { return false }
        setNote(FormText.copyIsReadOnly)
        return true
    }

    /// The club store answers again: the form shows it, from its first cache (a search
    /// of the copy ends: the model ended it).
    func clubStoreDidComeBack() {
        if case .searching = mode.base { closeSearch() }
        configureStoreWaits()
        paneError = nil
        noteOpenedStore()
        setNote(FormText.clubStoreBack)
        updatePane()
        updateStatus()
    }

    /// Says what a delivery did; the first conflict becomes the edit of the club's
    /// version with the kept text in the fields (while browsing), else a note.
    func outboxDidDeliver(_ report: OutboxDelivery.Report, waiting: Int) {
        if !report.delivered.isEmpty {
            paneError = nil
            updatePane()
            updateStatus()
            setNote(FormText.delivered(report.delivered.count, waiting: waiting))
        }
        guard let conflict = report.conflicts.first else { return }
        showConflict(of: conflict)
    }

    /// Shows the conflict of a kept change: an edit of a changed cache as a refused
    /// save shows it; a delete of a changed cache with both versions; a vanished cache
    /// as a note. The change stays in the outbox until the member decides.
    private func showConflict(of change: QueuedChange) {
        switch (change.kind, change.conflict) {
        case (.edit, .changed(let server)?):
            guard case .browsing = mode, let yours = change.cache else {
                return setNote(FormText.conflictWaits(change.title))
            }
            mode = .editing(FormMode.EditSession(base: server, stash: currentFieldValues(), conflict: server,
                                                 queued: change.sequence))
            setFieldValues(yours.valuesByField)
            form.focusField(at: 0)
            showError(FormText.changedWhileEditing(change.title, differing: server.cache.fields(differingFrom: yours),
                                                   theirs: server.cache, yours: yours))
            setNote(FormText.changedElsewhereNote)
        case (.delete, .changed(let server)?):
            let yours = change.base ?? server.cache
            showError(FormText.deleteOfChangedCache(change.title, differing: server.cache.fields(differingFrom: yours),
                                                    theirs: server.cache, yours: yours))
        case (_, .vanished?):
            setNote(FormText.vanishedOnClubStore(change.title))
        default:
            setNote(FormText.conflictWaits(change.title))
        }
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
