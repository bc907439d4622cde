import GeoModel

/// The form's writes (Add, Save, Delete) and what each came to, said in one place:
/// the model's write session decides whether a write is sent or kept on this machine
/// (``WriteSession``), and the form reads its ``WriteResult`` here, so the status line
/// and the pane always tell the same story.
extension GeoCacheFormController {
    /// A write the form makes, with what it needs to end it.
    enum FormWrite {
        /// An Add of the fields' text, stamped with the position of `stamp` when there
        /// was a GPS fix that could be believed (its check, to say what was stamped).
        case add(stamp: GPSFix.Check?)
        /// A Save of the edit `editing`.
        case save(FormMode.EditSession)
        /// A Delete of the version `target` the question named.
        case delete(StoredCache)

        /// What did not happen when it failed, for the pane's title.
        var failed: PaneError.Failed {
            switch self {
            case .add: .add
            case .save: .save
            case .delete: .delete
            }
        }

        /// The action that makes the write again (after a lock frees).
        var action: FormAction? {
            switch self {
            case .add: .addCache
            case .save: .saveEdit
            case .delete: nil
            }
        }
    }

    /// Runs `write` through `body` (the model's write) and ends it as its result says.
    func write<T>(_ write: FormWrite, _ body: () throws -> WriteResult<T>) {
        let result: WriteResult<T>
        do {
            result = try body()
        } catch {
            return failed(write, error)
        }
        switch result {
        case .stored:
            stored(write)
            refreshHeldDraft()
        case .kept(_, let waiting):
            paneError = nil
            endKept(write)
            updatePane()
            setNote(FormText.keptOnThisMachine(waiting: waiting))
            refreshHeldDraft()
        case .lockHeld(let holder):
            if let action = write.action {
                waitForLock(retrying: action, holder: holder)
            } else {
                setNote(FormText.deleteHeldByLock(holder: holder))
            }
        case .outcomeUnknown:
            noteOutcomeUnknown()
        case .refused(let error):
            showError(FormText.refusedByServer(error, keepingText: !isDelete(write)), failed: write.failed)
            setNote(isDelete(write) ? FormText.nothingDeletedRefused : FormText.nothingStoredRefused)
        }
    }

    /// After a write that stored (or kept) the fields' text: the draft the form holds,
    /// text never added, takes what the fields hold now (usually nothing, which deletes
    /// it), so that a form killed later does not offer again text already stored. A
    /// draft that cannot be written now is settled when the form quits, as ever.
    private func refreshHeldDraft() {
        guard model.holdsDraft else { return }
        _ = try? model.keepDraft(currentDraft())
    }

    /// Ends a write the store committed: the fields clear after an Add, the edit ends
    /// after a Save (and a kept change it settled leaves the outbox), and the note says so.
    private func stored(_ write: FormWrite) {
        switch write {
        case .add(let stamp):
            clearFields()
            setNote(stamp.map(FormText.addedAt) ?? FormText.added)
        case .save(let editing):
            endEdit(restoringFields: true)
            setNote(editing.conflict == nil ? FormText.saved : FormText.savedOverTheOtherVersion)
            settleQueuedConflict(editing.queued)
        case .delete:
            setNote(FormText.deleted)
        }
    }

    /// Ends a write kept on this machine as a stored one ends (the fields clear, the
    /// edit ends); its note is said by the caller.
    private func endKept(_ write: FormWrite) {
        switch write {
        case .add: clearFields()
        case .save: endEdit(restoringFields: true)
        case .delete: break
        }
    }

    /// What the form shows when `write` was neither done nor an outcome: empty fields,
    /// another session's change of the cache, or an error of the store or the outbox.
    private func failed(_ write: FormWrite, _ error: any Error) {
        switch (write, error) {
        case (.add, let error as GeoCacheValidationError):
            show(error, doing: FormText.addThisCache, failed: .add)
        case (.save, let error as GeoCacheValidationError):
            show(error, doing: FormText.saveThisCache, failed: .save)
        case (.save(let editing), CacheEditError.deletedElsewhere):
            endEdit(restoringFields: false)
            showError(FormText.deletedWhileEditing(editing.base.cache.title), failed: .save)
        case (.save(let editing), CacheEditError.changedElsewhere(let newer)):
            // The save was made from the version it compared with; your changes from
            // it are applied to the newer version, which the fields then show.
            let from = (editing.conflict ?? editing.base).cache
            let yours = editing.saving(currentFieldValues())
            showConflict(base: from, theirs: newer, yours: yours, in: editing.base, stash: editing.stash,
                         queued: editing.queued)
        case (.delete(let target), CacheEditError.deletedElsewhere):
            setNote(FormText.deletedElsewhereNothingDeleted(target.cache.title))
        case (.delete(let target), CacheEditError.changedElsewhere):
            setNote(FormText.changedElsewhereNothingDeleted(target.cache.title))
        case (.delete, _):
            setNote(FormText.nothingDeletedSeePane)
            showError(FormText.couldNotDelete(error, hint: reopenHint(after: error)), failed: .delete)
        default:
            setNote(FormText.nothingStoredSeePane)
            showError(FormText.couldNotSave(error, hint: reopenHint(after: error)), failed: write.failed)
        }
    }

    /// True for a Delete.
    private func isDelete(_ write: FormWrite) -> Bool {
        if case .delete = write { return true }
        return false
    }
}
