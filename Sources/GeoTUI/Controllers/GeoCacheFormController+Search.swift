import GeoModel

/// Searching: a one-line query field in the status row; the pane and the position
/// follow the matches, and Next/Previous move within them.
extension GeoCacheFormController {
    /// Opens the query field (with the current query, if a search is running).
    func openSearch() {
        guard edit == nil else {
            setNote("Finish the edit first: \(keyLabel(for: .addCache)) saves, \(keyLabel(for: .cancel)) cancels")
            return
        }
        guard !isSearchOpen else { return }
        isSearchOpen = true
        searchField.text = model.searchQuery ?? ""
        searchField.isFocused = true
        updateLabels()
        updateStatus()
        setNote("Enter searches, \(keyLabel(for: .cancel)) leaves")
    }

    /// Keys while the query field is open: Enter searches, the move keys go through
    /// the matches, Esc leaves, everything else edits the query.
    func handleSearchKey(_ key: Key, action: FormAction?) -> ControllerOutcome {
        if key == .enter {
            runSearch()
            return .proceed
        }
        if let action, FormAction.searchActions.contains(action) { return perform(action) }
        if searchField.handle(key) == .handled { dirty.insert(.status) }
        return .proceed
    }

    /// Searches for the query (case- and diacritic-insensitive, in the model).
    func runSearch() {
        let query = searchField.text
        guard !query.allSatisfy(\.isWhitespace) else {
            if model.isSearching { model.endSearch(keepCurrent: true) }
            setNote("Type something to search for")
            return
        }
        do {
            let matches = try model.beginSearch(query)
            setNote(matches == 0
                ? "\(keyLabel(for: .cancel)) leaves the search"
                : "\(keyLabel(for: .showNextCache))/\(keyLabel(for: .showPreviousCache)) move through the matches")
        } catch {
            showError("Could not search: \(error)\(reopenHint(after: error))")
        }
    }

    /// Leaves the search, staying on the cache it was showing.
    func closeSearch() {
        isSearchOpen = false
        searchField.isFocused = false
        if model.isSearching { model.endSearch(keepCurrent: true) }
        updateLabels()
        updateStatus()
        updatePane()
        setNote("")
    }
}
