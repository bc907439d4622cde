import GeoModel

/// What the form says while a filter is typed at its prompt (M-l) and when it is set,
/// cleared or refused, and how the status line names the active filter.
extension FormText {
    static let filterPrompt = "Filter:"
    static var filterOpened: String {
        "Enter sets, \(key(.cancelFilter)) leaves; empty shows all"
    }
    static func finishFilteringFirst(cancel: String) -> String {
        "Enter sets the filter, \(cancel) leaves"
    }
    static func filterSet(kept: Int, of count: Int) -> String {
        kept == 0 ? "No cache meets the filter" : "Showing the \(kept) of \(count) caches the filter keeps"
    }
    static let filterCleared = "Filter cleared: every cache is shown"
    /// The shown cache, found (or its own data otherwise changed) in another session, which
    /// stays shown though the filter leaves it out now.
    static func leftOutByOwnDataElsewhere(_ title: String, found: Bool) -> String {
        (found ? "\(noteQuoted(title)) was found in another session" : "Your data on \(noteQuoted(title)) changed in another session")
            + ": the filter leaves it out"
    }
    static let filterUnchanged = "Filter unchanged"
    /// A line that is no filter: what is wrong, that nothing changed, and how filters are written.
    static func notAFilter(_ error: FilterParseError) -> String {
        "\(error); the filter is unchanged.\n\nWrite the conditions with commas between them and "
            + "or between the values of one, such as: not found, available, Multi-cache or Earthcache, "
            + "Micro or Small, D1-2.5, T3-5, within 5km (from where you stand, or home). type … and "
            + "container … take any other name. An empty line shows every cache; Enter sets the filter, "
            + "\(key(.cancelFilter)) leaves it as it was."
    }
    static let notAFilterNote = "Not a filter: nothing changed"
    static func couldNotFilter(_ error: any Error, hint: String) -> String {
        "Could not set the filter: \(error)\(hint)"
    }
    /// The pane when the filter keeps no cache.
    static func noneKept(by filter: CacheFilter) -> String {
        "No cache meets the filter: \(filter.summary).\n\n\(key(.filter)) changes it; an empty line there shows every cache."
    }

    /// The status line's text: the position as the model words it, then the active
    /// filter's summary whole; the status bar cuts it at a word where the row is short,
    /// so that the note keeps a third of it.
    static func status(_ position: String, filter: CacheFilter?) -> String {
        guard let summary = filter?.summary else { return position }
        return "\(position) · Filter: \(summary)"
    }
}
