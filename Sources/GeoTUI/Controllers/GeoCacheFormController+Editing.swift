import GeoModel

/// Editing and deleting a cache, and what the form does when another session changes
/// or deletes the cache an edit or a question is about.
extension GeoCacheFormController {
    /// Loads the current cache into the fields; the Add button becomes Save. What the
    /// fields held is kept and comes back when the edit ends. The version loaded is
    /// the one the save compares with.
    func beginEdit() {
        guard let current = model.current else {
            setNote("No cache to edit")
            return
        }
        mode = .editing(FormMode.EditSession(base: current, stash: currentFieldValues()))
        paneError = nil
        setFieldValues(Dictionary(uniqueKeysWithValues: GeoCache.Field.allCases.map { ($0, current.cache[$0]) }))
        form.focusField(at: 0)
        updatePane()
        setNote("Editing: \(keyLabel(for: .addCache)) saves, \(keyLabel(for: .cancel)) cancels")
    }

    /// Saves the fields over the cache being edited (validated like Add), provided
    /// the store still holds the version the edit started from. After a refusal that
    /// showed the newer version, saving again writes over that version on purpose.
    func saveEdit() {
        guard let editing = mode.editSession else { return }
        let cache = GeoCache(fields: currentFieldValues())
        do {
            try model.update(editing.conflict ?? editing.base, to: cache)
            endEdit(restoringFields: true)
            setNote(editing.conflict == nil ? "Saved" : "Saved over the other session\u{2019}s version")
        } catch let error as GeoCacheValidationError {
            show(error, doing: "save this cache")
        } catch CacheEditError.deletedElsewhere {
            endEdit(restoringFields: false)
            showError("\u{201C}\(editing.base.cache.title)\u{201D} was deleted in another session; nothing was saved.\n\nYour text is still in the fields: press \(keyLabel(for: .addCache)) to add it as a new cache.")
        } catch CacheEditError.changedElsewhere(let newer) {
            mode = .editing(FormMode.EditSession(base: editing.base, stash: editing.stash, conflict: newer))
            showError(conflictMessage(title: editing.base.cache.title, theirs: newer.cache, yours: cache))
            setNote("Changed elsewhere: \(keyLabel(for: .reload)) takes theirs, \(keyLabel(for: .addCache)) keeps yours")
        } catch {
            showError("Could not save the cache: \(error)\n\nYour text is still in the fields.\(reopenHint(after: error))")
        }
    }

    /// The refusal of a save over another session's change: the fields that differ,
    /// as stored now and as typed, and the two ways on.
    private func conflictMessage(title: String, theirs: GeoCache, yours: GeoCache) -> String {
        let differing = GeoCache.Field.allCases.filter { theirs[$0] != yours[$0] }
        let width = GeoCache.Field.allCases.map(\.label.count).max() ?? 0
        let versions = differing.map { field in
            let label = field.label.padding(toLength: width, withPad: " ", startingAt: 0)
            let indent = String(repeating: " ", count: width)
            return "\(label) stored: \(theirs[field])\n\(indent) yours:  \(yours[field])"
        }
        return """
            \u{201C}\(title)\u{201D} was changed in another session while you edited it; nothing was saved.

            \(versions.joined(separator: "\n"))

            \(keyLabel(for: .reload)) takes the stored version into the fields. \(keyLabel(for: .addCache)) saves yours over it. \(keyLabel(for: .cancel)) cancels the edit.
            """
    }

    /// After a refused save: loads the version stored now into the fields, and the
    /// edit goes on from it (the typed text is dropped, as asked).
    func takeStoredVersion() {
        guard let editing = mode.editSession, let newer = editing.conflict else { return }
        mode = .editing(FormMode.EditSession(base: newer, stash: editing.stash))
        paneError = nil
        setFieldValues(Dictionary(uniqueKeysWithValues: GeoCache.Field.allCases.map { ($0, newer.cache[$0]) }))
        updatePane()
        setNote("Loaded the stored version: \(keyLabel(for: .addCache)) saves, \(keyLabel(for: .cancel)) cancels")
    }

    /// Leaves the edit without saving and restores what the fields held before it.
    func cancelEdit() {
        endEdit(restoringFields: true)
        paneError = nil
        updatePane()
        setNote("Edit cancelled")
    }

    private func endEdit(restoringFields: Bool) {
        if restoringFields, let stash = mode.editSession?.stash { setFieldValues(stash) }
        mode = .browsing
        form.focusField(at: 0)
        updatePane()
    }

    /// Asks, in a modal dialog naming the cache, whether to delete the current cache.
    /// The question is bound to the version it names.
    func confirmDelete() {
        guard let current = model.current else {
            setNote("No cache to delete")
            return
        }
        let dialog = Dialog(message: "Delete \u{201C}\(current.cache.title)\u{201D}?\nThis cannot be undone.",
                            title: "Delete cache", frame: Rect(size: layout.size))
        dialog.theme = theme
        dialog.delegate = self
        mode = .confirmingDelete(FormMode.DeleteQuestion(dialog: dialog, target: current))
        dirty.insert(.overlay)
    }

    /// Closes the delete question without an answer.
    private func closeDeleteConfirmation() {
        mode = .browsing
        dirty = Set(Part.allCases)
    }

    // MARK: - Another session's changes

    /// Another session changed the store: an open question about a cache that is
    /// gone or changed closes unanswered, an edit says what became of its cache, and
    /// the form says when the cache it showed was deleted.
    func storeDidChangeElsewhere(deletedShown: StoredCache?) {
        switch mode.base {
        case .confirmingDelete(let question):
            let target = question.target
            switch Result(catching: { try model.storedVersion(of: target.id) }) {
            case .success(nil):
                closeDeleteConfirmation()
                setNote("\u{201C}\(target.cache.title)\u{201D} was deleted in another session; nothing deleted")
            case .success(let stored?) where stored != target:
                closeDeleteConfirmation()
                setNote("\u{201C}\(target.cache.title)\u{201D} was changed in another session; nothing deleted")
            default:
                break   // Unchanged, or unreadable now: Yes still deletes that version or nothing.
            }
        case .editing(let editing):
            guard editing.conflict == nil else { return }
            switch Result(catching: { try model.storedVersion(of: editing.base.id) }) {
            case .success(nil):
                setNote("\u{201C}\(editing.base.cache.title)\u{201D} was deleted in another session")
            case .success(let stored?) where stored != editing.base:
                setNote("\u{201C}\(editing.base.cache.title)\u{201D} was changed in another session")
            default:
                break
            }
        case .browsing, .searching, .helping:
            if let deletedShown {
                setNote("\u{201C}\(deletedShown.cache.title)\u{201D} was deleted in another session")
            }
        }
    }
}

extension GeoCacheFormController: DialogDelegate {
    public func dialog(_ dialog: Dialog, didChoose choice: Dialog.Choice) {
        guard let target = mode.deleteQuestion?.target else { return }
        closeDeleteConfirmation()
        guard choice == .yes else {
            setNote("Nothing deleted")
            return
        }
        do {
            try model.delete(target)
            setNote("Deleted")
        } catch CacheEditError.deletedElsewhere {
            setNote("\u{201C}\(target.cache.title)\u{201D} was deleted in another session; nothing deleted")
        } catch CacheEditError.changedElsewhere {
            setNote("\u{201C}\(target.cache.title)\u{201D} was changed in another session; nothing deleted")
        } catch {
            showError("Could not delete the cache: \(error)\(reopenHint(after: error))")
        }
    }
}
