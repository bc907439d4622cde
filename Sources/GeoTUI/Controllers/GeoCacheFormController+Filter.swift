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

    /// Reads the field (in the model) and sets the filter it says; a line that is no
    /// filter is refused naming the word at fault, and the field stays open to correct it.
    func setFilter() {
        let filter: CacheFilter
        do {
            filter = try CacheFilter(parsing: statusBar.field.text, origin: position.measuringPoint?.coordinate)
        } catch {
            // The pane has room for the whole message; the field stays open to correct it.
            showError(FormText.notAFilter(error), failed: .filter)
            return setNote(FormText.notAFilterNote)
        }
        do {
            try model.setFilter(filter)
        } catch {
            let hint = reopenHint(after: error)
            closePrompt(note: "")
            return showError(FormText.couldNotFilter(error, hint: hint), failed: .filter)
        }
        // Said of the cache shown: the counts it gives go with the next move (the status line keeps them).
        closePrompt(note: model.keptCount.map { FormText.filterSet(kept: $0, of: model.count) } ?? FormText.filterCleared,
                    about: model.current?.id)
    }
}
