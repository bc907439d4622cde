import GeoModel

/// Editing and deleting the current cache.
extension GeoCacheFormController {
    /// Loads the current cache into the fields; the Add button becomes Save. What the
    /// fields held is kept and comes back when the edit ends.
    func beginEdit() {
        guard edit == nil else { return }
        guard let current = model.current else {
            setNote("No cache to edit")
            return
        }
        if isSearchOpen { closeSearch() }
        edit = (current.id, currentFieldValues())
        paneMessage = nil
        setFieldValues(Dictionary(uniqueKeysWithValues: GeoCache.Field.allCases.map { ($0, current.cache[$0]) }))
        focus.focus(fields[0].input)
        addButton.title = "Save"
        dirty.formUnion([.buttons, .fields])
        updatePane()
        setNote("Editing: \(keyLabel(for: .addCache)) saves, \(keyLabel(for: .cancel)) cancels")
    }

    /// Saves the fields over the cache being edited (validated like Add).
    func saveEdit() {
        guard let editing = edit else { return }
        let cache = GeoCache(fields: currentFieldValues())
        guard model.current?.id == editing.id else {
            endEdit(restoringFields: false)
            showError("The cache you were editing is no longer shown (it was deleted elsewhere).\n\nYour text is still in the fields: press \(keyLabel(for: .addCache)) to add it as a new cache.")
            return
        }
        do {
            try model.updateCurrent(cache)
            endEdit(restoringFields: true)
            setNote("Saved")
        } catch let error as GeoCacheValidationError {
            show(error, doing: "save this cache")
        } catch CacheEditError.deletedElsewhere {
            endEdit(restoringFields: false)
            showError("The cache was deleted in another session; nothing was saved.\n\nYour text is still in the fields: press \(keyLabel(for: .addCache)) to add it as a new cache.")
        } catch let error as CacheEditError {
            showError("\(error)\n\nYour text is still in the fields: press \(keyLabel(for: .addCache)) to save it over the new version, or \(keyLabel(for: .cancel)) to cancel.")
        } catch {
            showError("Could not save the cache: \(error)\n\nYour text is still in the fields.")
        }
    }

    /// Leaves the edit without saving and restores what the fields held before it.
    func cancelEdit() {
        guard edit != nil else { return }
        endEdit(restoringFields: true)
        paneMessage = nil
        updatePane()
        setNote("Edit cancelled")
    }

    private func endEdit(restoringFields: Bool) {
        if restoringFields, let stash = edit?.stash { setFieldValues(stash) }
        edit = nil
        addButton.title = "Add"
        focus.focus(fields[0].input)
        dirty.formUnion([.buttons, .fields])
        updatePane()
    }

    /// Asks, in a modal dialog naming the cache, whether to delete the current cache.
    func confirmDelete() {
        guard edit == nil else {
            setNote("Finish the edit first: \(keyLabel(for: .addCache)) saves, \(keyLabel(for: .cancel)) cancels")
            return
        }
        guard let current = model.current else {
            setNote("No cache to delete")
            return
        }
        let dialog = Dialog(message: "Delete \u{201C}\(current.cache.title)\u{201D}?\nThis cannot be undone.",
                            title: "Delete cache", frame: Rect(size: layout.size))
        dialog.theme = theme
        dialog.delegate = self
        deleteDialog = dialog
        dirty.insert(.overlay)
    }
}

extension GeoCacheFormController: DialogDelegate {
    public func dialog(_ dialog: Dialog, didChoose choice: Dialog.Choice) {
        deleteDialog = nil
        dirty = Set(Part.allCases)
        guard choice == .yes else {
            setNote("Nothing deleted")
            return
        }
        do {
            try model.deleteCurrent()
            setNote("Deleted")
        } catch {
            showError("Could not delete the cache: \(error)")
        }
    }
}
