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
    ///
    /// A cache whose four fields are all ASCII (most of them) is folded here, byte by
    /// byte: for ASCII, Foundation's folding changes only `A` to `Z` (to lower case),
    /// which `SearchTextTests` checks for every ASCII character. Anything else goes
    /// through Foundation's folding, which costs about as much as storing the row.
    static func searchText(for cache: GeoCache) -> String {
        asciiSearchText(for: cache)
            ?? folded(GeoCache.Field.allCases.map { cache[$0] }.joined(separator: fieldSeparator))
    }

    /// ``searchText(for:)`` of a cache whose fields are all ASCII, or nil.
    static func asciiSearchText(for cache: GeoCache) -> String? {
        var folded: [UInt8] = []
        folded.reserveCapacity(cache.title.utf8.count + cache.details.utf8.count
                               + cache.creator.utf8.count + cache.reward.utf8.count + 3)
        for field in GeoCache.Field.allCases {
            if field != .title { folded.append(0x1F) }
            var text = cache[field]
            let isASCII = text.withUTF8 { bytes in
                for byte in bytes {
                    guard byte < 0x80 else { return false }
                    folded.append(byte.asciiLowercased)
                }
                return true
            }
            guard isASCII else { return nil }
        }
        return String(decoding: folded, as: UTF8.self)
    }
}
