import GeoModel

/// The filter prompt: a one-line field in the status row holding the active filter's
/// summary; Enter shows only the caches the typed filter keeps (an empty line every
/// cache), a line that is no filter is refused saying why with the field kept, and Esc
/// leaves the filter as it was. `within` measures from where you stand now.
extension GeoCacheFormController {
    /// Opens the filter field, holding the active filter to change.
    func openFilter() {
        statusBar.field.text = model.filter?.summary ?? ""
        mode = .filtering
        updateStatus()
        setNote(FormText.filterOpened)
    }

    /// Input the key table leaves while the field is open: Enter sets the filter,
    /// everything else edits the text.
    func handleFilterInput(_ event: InputEvent) -> ControllerOutcome {
        if event == .key(.enter) {
            setFilter()
            return .proceed
        }
        if statusBar.handle(event) == .handled { dirty.insert(.status) }
        return .proceed
    }

    /// Reads the field (in the model) and sets the filter it says; a line that is no
    /// filter is refused naming the word at fault, and the field stays open to correct it.
    func setFilter() {
        let filter: CacheFilter
        do {
            filter = try CacheFilter(parsing: statusBar.field.text, origin: position.origin)
        } catch {
            // The pane has room for the whole message; the field stays open to correct it.
            showError(FormText.notAFilter(error))
            return setNote(FormText.notAFilterNote)
        }
        do {
            try model.setFilter(filter)
        } catch {
            let hint = reopenHint(after: error)
            closeFilter(note: "")
            return showError(FormText.couldNotFilter(error, hint: hint))
        }
        closeFilter(note: model.keptCount.map { FormText.filterSet(kept: $0, of: model.count) } ?? FormText.filterCleared)
    }

    /// Closes the field, shows the cache again in place of a refusal, and says `note`.
    func closeFilter(note: String) {
        mode = .browsing
        statusBar.field.text = ""
        if paneError != nil {
            paneError = nil
            updatePane()
        }
        updateStatus()
        setNote(note)
    }
}
