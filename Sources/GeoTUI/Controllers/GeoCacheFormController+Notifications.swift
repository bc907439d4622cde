import GeoModel

/// What the controller does when the model broadcasts a change: it passes repaint
/// messages to the views the change affects (the pane, the status bar), and says in the
/// status line what another session did.
extension GeoCacheFormController {
    /// Repaints just what a change affects: the pane and the status line.
    func modelDidChange(_ change: CacheListChange) {
        switch change {
        case .added, .currentMoved, .matchMoved, .updated, .deleted, .searchBegan, .searchEnded, .reloaded:
            paneError = nil
            updatePane()
            updateStatus()
        case .storeChangedExternally(_, let deletedShown):
            updateStatus()
            if paneError == nil { updatePane() }
            storeDidChangeElsewhere(deletedShown: deletedShown)
        case .opened(_, let draft):
            paneError = nil
            setNote(storeName)
            restoreDraft(draft)
            updatePane()
            updateStatus()
        case .failed(let error):
            noteStoreProblem(error, prefix: "Store error")
        }
    }

    /// Gives the pane what it shows now: the edited cache, the current one, an error,
    /// or what to do next.
    func updatePane() {
        pane.hangingIndent = 0
        if let text = paneError {
            pane.title = mode.editSession == nil ? "Not added" : "Not saved"
            pane.style = theme.error
            pane.text = text
        } else {
            pane.style = theme.normal
            pane.title = mode.editSession != nil ? "Editing" : model.isSearching ? "Match" : "Cache"
            if let edit = mode.editSession {
                // The edit's own cache stays named until the edit ends.
                pane.hangingIndent = GeoCache.descriptionValueColumn
                pane.text = edit.base.cache.description
            } else if let description = model.currentDescription {
                pane.hangingIndent = GeoCache.descriptionValueColumn
                pane.text = description
            } else if model.isOpening {
                pane.text = ""
            } else if model.isSearching {
                pane.text = "No cache matches \u{201C}\(model.searchQuery ?? "")\u{201D}.\n\nEdit the search and press Enter, or press \(keyLabel(for: .cancel)) to leave the search."
            } else {
                pane.text = "No caches yet.\n\nFill in Title, Details, Creator and Reward, then press \(keyLabel(for: .addCache)) or choose Add."
            }
        }
        pane.scrollToTop()
        dirty.insert(.pane)
    }

    /// Gives the status bar the position: "Cache 3 of 12", "Match 2 of 7"; "Opening…"
    /// while the model opens its store.
    func updateStatus() {
        if model.isOpening {
            statusBar.text = "Opening\u{2026}"
        } else if model.isSearching {
            statusBar.text = model.positionText
        } else {
            statusBar.text = model.isEmpty ? "No caches yet" : "Cache \(model.positionText)"
        }
        dirty.insert(.status)
    }

    /// Puts `text` on the right of the status bar.
    func setNote(_ text: String) {
        statusBar.note = text
        dirty.insert(.status)
    }

    /// Shows a validation error naming the empty fields and focuses the first of them.
    func show(_ error: GeoCacheValidationError, doing what: String) {
        showError("Cannot \(what): \(error).\n\nFill in every field, then press \(keyLabel(for: .addCache)) again.")
        if let first = error.missingFields.first, let index = fields.firstIndex(where: { $0.field == first }) {
            form.focusField(at: index)
        }
    }

    /// Shows `text` in the pane as an error, until the next move or `Esc`.
    func showError(_ text: String) {
        paneError = text
        updatePane()
    }
}
