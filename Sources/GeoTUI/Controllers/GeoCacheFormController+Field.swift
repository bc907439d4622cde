import GeoModel

/// Field mode (issue 28): while the club store's server cannot be reached, the form
/// shows this machine's copy, keeps Add, Save and Delete in the outbox, and, when the
/// server answers, says what was delivered and turns a conflict into the edit of the
/// club's version with the kept text in the fields, as a refused save does.
extension GeoCacheFormController {
    /// Whether a write goes to the outbox: the model keeps writes on this machine, or
    /// the form found the club store's server away. Not while a write's outcome is not
    /// known yet: sending it again reuses its identifier, where a kept copy could store
    /// it twice.
    var keepsWritesOnThisMachine: Bool {
        model.isClubStore && !model.hasUnsettledWrites && (model.keepsWritesOnThisMachine || serverAway)
    }

    /// Whether `error` means that a write to the club store was not sent (so it may be
    /// kept in the outbox without being stored twice).
    func meansKeepOnThisMachine(_ error: any Error) -> Bool {
        guard model.isClubStore, case StoreError.connectionLost? = error as? StoreError else { return false }
        serverAway = true
        return true
    }

    /// Keeps an Add in the outbox; the fields clear as after an Add.
    func queueAdd(_ cache: GeoCache) {
        do {
            try model.queueAdd(cache)
            clearFields()
        } catch let error as GeoCacheValidationError {
            show(error, doing: FormText.addThisCache)
        } catch {
            showError(FormText.couldNotSave(error, hint: ""))
        }
    }

    /// Keeps a Save of the edit of `base` in the outbox and ends the edit.
    func queueEdit(of base: StoredCache, to cache: GeoCache) {
        do {
            try model.queueEdit(of: base, to: cache)
            endEdit(restoringFields: true)
        } catch let error as GeoCacheValidationError {
            show(error, doing: FormText.saveThisCache)
        } catch {
            showError(FormText.couldNotSave(error, hint: ""))
        }
    }

    /// Keeps a Delete of `target` in the outbox.
    func queueDelete(_ target: StoredCache) {
        do {
            try model.queueDelete(target)
        } catch {
            showError(FormText.couldNotDelete(error, hint: ""))
        }
    }

    /// True, after saying so, when an edit or delete is asked for while the copy is shown.
    func refusedOnCopy() -> Bool {
        guard model.clubAway != nil else { return false }
        setNote(FormText.copyIsReadOnly)
        return true
    }

    /// The club store answers again: the form shows it, from its first cache (a search
    /// of the copy ends: the model ended it).
    func clubStoreDidComeBack() {
        serverAway = false
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
        serverAway = false
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
