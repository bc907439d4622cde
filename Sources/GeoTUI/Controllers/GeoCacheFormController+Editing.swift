import GeoModel

/// Editing and deleting a cache, and what the form does when another session changes
/// or deletes the cache an edit or a question is about.
extension GeoCacheFormController {
    /// Loads the current cache into the fields; the Add button becomes Save. What the
    /// fields held is kept and comes back when the edit ends. The version loaded is
    /// the one the save compares with.
    func beginEdit() {
        guard let current = model.current else {
            setNote(FormText.noCacheToEdit)
            return
        }
        mode = .editing(FormMode.EditSession(base: current, stash: currentFieldValues()))
        paneError = nil
        setFieldValues(current.cache.valuesByField, loadedFrom: [current.cache])
        form.focusField(at: 0)
        updatePane()
        noteEditing()
    }

    /// Says that the edit is on, and which fields hold more than the form edits (they
    /// are saved as they were).
    private func noteEditing() {
        let kept = fields.filter { $0.input.isTooLongToEdit }.map(\.field.label)
        setNote(kept.isEmpty ? FormText.editing : FormText.editingKeeping(kept))
    }

    /// Saves the fields over the cache being edited (validated like Add), provided
    /// the store still holds the version the edit started from. After a refusal that
    /// showed the newer version (and put your changes applied to it in the fields),
    /// saving again writes over that version on purpose.
    func saveEdit() {
        guard let editing = mode.editSession else { return }
        let cache = editing.saving(currentFieldValues())
        write(.save(editing)) { try model.update(editing.conflict ?? editing.base, to: cache, settling: editing.queued) }
    }

    /// After a refused save: loads the version stored now into the fields, and the
    /// edit goes on from it (the typed text is dropped, as asked). When the cache was
    /// deleted meanwhile there is none: the edit ends as a Save of it would, the typed
    /// text staying in the fields for `^S` to add as a new cache.
    func takeStoredVersion() {
        guard let editing = mode.editSession, let conflict = editing.conflict else { return }
        let reread = Result { try model.storedVersion(of: conflict.id) }
        if case .success(nil) = reread { return endEditOfDeletedCache(editing) }
        let newer = (try? reread.get()).flatMap { $0 } ?? conflict
        mode = .editing(FormMode.EditSession(base: newer, stash: editing.stash))
        settleQueuedConflict(editing.queued)
        paneError = nil
        setFieldValues(newer.cache.valuesByField, loadedFrom: [newer.cache])
        updatePane()
        setNote(FormText.loadedTheStoredVersion)
    }

    /// Ends the edit `editing` of a cache deleted since, as a Save of it does: the text
    /// stays in the fields for `Ctrl-S` to add as a new cache, and the pane says so.
    func endEditOfDeletedCache(_ editing: FormMode.EditSession) {
        endEdit(restoringFields: false)
        showError(FormText.deletedWhileEditing(editing.base.cache.title), failed: .save)
    }

    /// Leaves the edit without saving and restores what the fields held before it.
    func cancelEdit() {
        let keptChange = mode.editSession?.queued
        if let keptChange { conflictsLeftForSync.insert(keptChange) }
        endEdit(restoringFields: true)
        paneError = nil
        updatePane()
        setNote(keptChange == nil ? FormText.editCancelled : FormText.editCancelledKeptChangeStays)
    }

    func endEdit(restoringFields: Bool) {
        if restoringFields, let stash = mode.editSession?.stash { setFieldValues(stash) }
        mode = .browsing
        form.focusField(at: 0)
        updatePane()
    }

    /// Asks, in a modal dialog naming the cache, whether to delete the current cache.
    /// The question is bound to the version it names.
    func confirmDelete() {
        guard let current = model.current else {
            setNote(FormText.noCacheToDelete)
            return
        }
        let dialog = Dialog(message: FormText.deleteQuestion(current.cache.title), title: FormText.deleteTitle,
                            frame: Rect(size: layout.size))
        dialog.theme = theme
        dialog.delegate = self
        mode = .confirmingDelete(FormMode.DeleteQuestion(dialog: dialog, target: current))
        // What the last question or move said is not about this one ("Closed. Nothing deleted").
        setNote("")
        dirty.insert(.overlay)
    }

    /// Closes the delete question without an answer.
    func closeDeleteConfirmation() {
        mode = .browsing
        dirty = .all
    }

    // MARK: - Another session's changes

    /// Another session changed the store: an open question about a cache that is
    /// gone or changed closes unanswered, an edit says what became of its cache, and
    /// the form says when the cache it showed was deleted, or when your data on it
    /// changed there so that the filter leaves it out (it stays shown).
    func storeDidChangeElsewhere(deletedShown: StoredCache?, leftOutShown: StoredCache?) {
        switch mode.base {
        case .confirmingDelete(let question):
            let target = question.target
            switch Result(catching: { try model.storedVersion(of: target.id) }) {
            case .success(nil):
                closeDeleteConfirmation()
                questionClosedByItself(reason: FormText.deletedElsewhereNothingDeleted(target.cache.title))
            case .success(let stored?) where stored != target:
                closeDeleteConfirmation()
                questionClosedByItself(reason: FormText.changedElsewhereNothingDeleted(target.cache.title))
            case .success(let stored?) where stored.club?.owner != target.club?.owner:
                // A hand-over changes no text, but the question was about another owner's cache.
                closeDeleteConfirmation()
                questionClosedByItself(reason: FormText.handedOverNothingDeleted(target.cache.title,
                                                                                 to: stored.club?.owner.role))
            default:
                break   // Unchanged, or unreadable now: Yes still deletes that version or nothing.
            }
        case .editing(let editing):
            noteWhatBecameOfTheEditedCache(editing)
        case .recording(let prompt) where deletedShown?.id == prompt.target.id:
            // The pane would show another cache under the prompt: it says whose the
            // prompt is, and that Enter still records under its code.
            setNote(FormText.deletedElsewhere(prompt.target.cache.title))
            showError(FormText.deletedWhileRecording(prompt.target.cache, kind: prompt.kind), failed: prompt.failed)
        case .browsing, .searching, .placing, .navigating, .recording, .helping, .filtering:
            if let deletedShown {
                // Said of the cache shown in its place: the note goes at the next move.
                setNote(FormText.deletedElsewhere(deletedShown.cache.title), about: model.current?.id)
            } else if let leftOutShown {
                let found = model.ownFacts.isFound(leftOutShown.cache)
                setNote(FormText.leftOutByOwnDataElsewhere(leftOutShown.cache.title, found: found), about: leftOutShown.id)
            }
        }
    }
}

extension GeoCacheFormController {
    /// Says when the cache `editing` edits was deleted or changed in another session
    /// (after a notification or a reload); with `endingIfDeleted` (F5), a deleted one
    /// ends the edit as a Save would instead. Returns whether it did anything.
    @discardableResult
    func noteWhatBecameOfTheEditedCache(_ editing: FormMode.EditSession, endingIfDeleted: Bool = false) -> Bool {
        switch Result(catching: { try model.storedVersion(of: editing.base.id) }) {
        case .success(nil) where endingIfDeleted:
            endEditOfDeletedCache(editing)
        case .success(nil):
            // Also under a conflict: the club's version shown there is gone too.
            setNote(FormText.deletedElsewhere(editing.base.cache.title))
        case .success(let stored?) where stored != editing.base && editing.conflict == nil:
            setNote(FormText.changedElsewhere(editing.base.cache.title))
        case .success(let stored?) where stored == editing.base && stored.club != editing.base.club:
            // Handed over elsewhere, nothing else changed: the pane says whose it is now, the fields keep their text.
            mode = mode.takingRecord(of: stored)
            if paneError == nil { updatePane() }
            return false
        default:
            return false
        }
        return true
    }
}

/// Writes whose outcome the server could not tell: what the form says meanwhile, and
/// when the model settles them.
extension GeoCacheFormController {
    /// Says that the last write's outcome is not known yet: the text stays in the
    /// fields, and sending it again is safe (the model reuses its identifier).
    func noteOutcomeUnknown() {
        guard let write = model.unsettledWrites.last else { return }
        showError(FormText.outcomeUnknown(write), failed: .unknownOutcome)
        setNote(FormText.outcomeUnknownNote(write))
    }

    /// A write of unknown outcome is settled: the form ends it as its reply would have
    /// (an add clears the fields that still hold its text, a save ends the edit of its
    /// cache) and says what became of it. A stored add whose text the person corrected
    /// meanwhile becomes the edit of the stored cache, the correction in the fields.
    func writeDidSettle(_ write: CacheList.PendingWrite, stored: Bool) {
        paneError = nil
        if stored {
            switch write.action {
            case .add(let cache):
                let typed = currentFieldValues()
                if mode.editSession == nil, typed == cache.valuesByField {
                    clearFields()
                } else if case .browsing = mode, typed.values.contains(where: { !$0.isEmpty }),
                          let added = model.current, added.cache.valuesByField == cache.valuesByField {
                    // The fields hold a correction of the add just settled: it becomes
                    // the edit of the stored cache, so that ^S saves it over that one
                    // rather than adding a second.
                    mode = .editing(FormMode.EditSession(base: added, stash: [:]))
                    updatePane()
                    return setNote(FormText.correctionOfStoredAdd(write.title))
                }
            case .update(let base, _):
                if mode.editSession?.base.id == base.id { endEdit(restoringFields: true) }
            case .delete, .handOver, .recordVisits, .setOwnData:
                break
            }
        }
        updatePane()
        setNote(FormText.writeSettled(write, stored: stored))
    }
}

extension GeoCacheFormController: DialogDelegate {
    public func dialog(_ dialog: Dialog, didChoose choice: Dialog.Choice) {
        guard let target = mode.deleteQuestion?.target else { return }
        closeDeleteConfirmation()
        guard choice == .yes else {
            setNote(FormText.nothingDeleted)
            return
        }
        write(.delete(target)) { try model.delete(target) }
    }
}
