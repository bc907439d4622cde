import GeoModel

/// What the controller does when the model broadcasts a change: it passes repaint
/// messages to the views the change affects (the pane, the status bar), and says in the
/// status line what another session did.
extension GeoCacheFormController {
    /// Repaints just what a change affects: the pane and the status line.
    func modelDidChange(_ change: CacheListChange) {
        changesHeard &+= 1
        switch change {
        case .added, .currentMoved, .matchMoved, .updated, .deleted, .searchBegan, .searchEnded, .reloaded,
             .orderChanged, .filterChanged:
            paneError = nil
            forgetWhatWasShownIfMoved()
            updatePane()
            updateStatus()
        case .nearestRankChanged:
            updateStatus()
        case .storeChangedExternally(_, let deletedShown, let leftOutShown):
            forgetWhatWasShownIfMoved()
            updateStatus()
            if paneError == nil { updatePane() }
            storeDidChangeElsewhere(deletedShown: deletedShown, leftOutShown: leftOutShown)
            refreshNavigationTarget()
        case .opened(_, let draft):
            // Before the delivery of what was kept here, which follows: ^Q cuts its waits.
            configureStoreWaits()
            paneError = nil
            noteOpenedStore()
            restoreDraft(draft)
            sayClubNote()
            updatePane()
            updateStatus()
        case .writeSettled(let write, let stored):
            writeDidSettle(write, stored: stored)
        case .failed(let error):
            failuresHeard &+= 1
            noteStoreProblem(error, prefix: FormText.storeError)
        case .queued(_, let waiting):
            setNote(FormText.keptOnThisMachine(waiting: waiting))
        case .clubStoreBack:
            forgetWhatWasShownIfMoved()
            clubStoreDidComeBack()
            refreshNavigationTarget()
        case .clubStoreAway(let away, _):
            forgetWhatWasShownIfMoved()
            clubStoreDidGoAway(away)
            refreshNavigationTarget()
        case .clubStoreRefused(let error):
            clubStoreDidRefuse(error)
        case .outboxDelivered(let report, let waiting):
            outboxDidDeliver(report, waiting: waiting)
        case .fileSetAside(let file):
            setNote(FormText.setAside(file))
            // Found as the server went away: that note stands, not "unreachable" over it.
            if model.isServerUnreachable { saidServerAway = true }
        case .ownDataChanged:
            if paneError == nil { updatePane() }
            refreshNavigationTarget()
        case .integrityChecked(let verdict):
            if case .damaged(let error) = verdict { storeFoundDamaged(error) }
        }
    }

    /// Gives the pane what it shows now: the edited cache, the current one, an error,
    /// or what to do next.
    func updatePane() {
        pane.hangingIndent = 0
        // An error's prose wraps at the left; its "It is now:  …" lines under their values.
        pane.hangsUnderLabels = paneError != nil
        if let paneError {
            pane.title = FormText.paneTitle(failed: paneError.failed)
            pane.style = theme.error
            pane.text = paneError.text
        } else {
            pane.title = FormText.paneTitle(isEditing: mode.editSession != nil, isSearching: model.isSearching)
            pane.style = theme.normal
            if let edit = mode.editSession {
                // The edit's own cache stays named until the edit ends.
                pane.hangingIndent = GeoCache.descriptionValueColumn
                pane.setParagraphs(paneText(for: edit.base))
            } else if let current = model.current {
                pane.hangingIndent = GeoCache.descriptionValueColumn
                pane.setParagraphs(paneText(for: current))
            } else if model.isOpening {
                pane.text = ""
            } else if model.isSearching {
                pane.text = FormText.noMatch(for: model.searchQuery ?? "")
            } else if let filter = model.filter {
                pane.text = FormText.noneKept(by: filter)
            } else {
                pane.text = isReadOnly ? FormText.noCachesReadOnly : FormText.noCachesYet
            }
        }
        pane.scrollToTop()
        dirty.insert(.pane)
        updateHelpBar()
    }

    /// Gives the status bar the position as the model words it ("Cache 3 of 12",
    /// "Match 2 of 7") and the active filter; "Opening…" while the model opens its store.
    func updateStatus() {
        statusBar.text = model.isOpening ? FormText.opening : FormText.status(model.positionSummary, filter: model.filter)
        dirty.insert(.status)
    }

    /// Puts `text` on the right of the status bar; a note `about` a cache goes once
    /// another is shown (``forgetWhatWasShownIfMoved()``).
    func setNote(_ text: String, about cache: CacheID? = nil) {
        statusBar.note = text
        noteAbout = cache
        dirty.insert(.status)
    }

    /// Shows a validation error naming the empty fields and focuses the first of them;
    /// the pane says it all, so an earlier note ("Draft restored") goes.
    func show(_ error: GeoCacheValidationError, doing what: String, failed: PaneError.Failed) {
        showError(FormText.cannot(what, error), failed: failed)
        setNote("")
        if let first = error.missingFields.first, let index = fields.firstIndex(where: { $0.field == first }) {
            form.focusField(at: index)
        }
    }

    /// Shows `text` in the pane as an error, titled by what `failed`, until the next
    /// move or `Esc`.
    func showError(_ text: String, failed: PaneError.Failed) {
        paneError = PaneError(failed: failed, text: text)
        updatePane()
    }
}

/// An error the pane shows in place of the cache: its text, and what did not happen,
/// which its title says (set where it failed, not guessed from the mode the form is in
/// by the time it is shown: a prompt closes before its error is shown).
struct PaneError {
    /// What did not happen.
    enum Failed {
        case add, save, place, delete, visit, ownData, filter, search, storeCheck, unknownOutcome, clubStore
    }

    let failed: Failed
    let text: String
}
