import GeoModel

/// Searching: a one-line query field in the status row; the pane and the position
/// follow the matches, and Next/Previous move within them.
extension GeoCacheFormController {
    /// Opens the query field (with the current query, if a search is running).
    func openSearch() {
        guard mode.kind != .searching else { return }
        statusBar.field.text = model.searchQuery ?? ""
        mode = .searching
        updateStatus()
        setNote(FormText.searchOpened)
    }

    /// Input the key table leaves while the query field is open: Enter searches,
    /// everything else edits the query.
    func handleSearchInput(_ event: InputEvent) -> ControllerOutcome {
        if event == .key(.enter) {
            runSearch()
            return .proceed
        }
        if statusBar.handle(event) == .handled { dirty.insert(.status) }
        return .proceed
    }

    /// Searches for the query (case- and diacritic-insensitive, in the model).
    func runSearch() {
        let query = statusBar.field.text
        guard !query.allSatisfy(\.isWhitespace) else {
            if model.isSearching { model.endSearch(keepCurrent: true) }
            setNote(FormText.typeSomething)
            return
        }
        do {
            let matches = try model.beginSearch(query)
            setNote(matches == 0 ? FormText.noMatchNote : FormText.movingThroughMatches)
        } catch {
            showError(FormText.couldNotSearch(error, hint: reopenHint(after: error)), failed: .search)
        }
    }

    /// Leaves the search, staying on the cache it was showing.
    func closeSearch() {
        mode = .browsing
        if model.isSearching { model.endSearch(keepCurrent: true) }
        updateStatus()
        updatePane()
        setNote("")
    }
}
