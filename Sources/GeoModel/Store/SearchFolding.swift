import Foundation

/// The one rule every store searches by: a cache's four fields folded into one search
/// text, and a query folded the same way, matched as a substring.
///
/// The folding is Swift's, not the database's (SQLite's `LIKE` and PostgreSQL's
/// `ILIKE` or `unaccent` disagree with it, on "Straße" and "strasse" for one), so both
/// stores give the same answers.
enum SearchFolding {
    /// Separates the fields inside ``searchText(for:)``: a control character that a
    /// one-line query does not hold, so a match never spans two fields.
    static let fieldSeparator = "\u{1F}"

    /// `text` folded for searching: case and diacritics removed ("Zürich" and
    /// "ZÜRICH" become "zurich", "Café" becomes "cafe", "Straße" becomes "strasse"),
    /// locale-independent so every process folds alike.
    static func folded(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    /// The search text of `cache`: its four fields folded, separated by ``fieldSeparator``.
    static func searchText(for cache: GeoCache) -> String {
        folded(GeoCache.Field.allCases.map { cache[$0] }.joined(separator: fieldSeparator))
    }
}
