import Foundation
import GeoModel

/// What the form says of a save or a kept change that met another version of its cache:
/// each part (field, place, listing) that differs, as the change's base, the version
/// stored now and yours have it, and the ways on.
extension FormText {
    /// The refusal of a save over another session's change (or a kept edit of a cache
    /// changed on the club store): the parts that differ among `base` (the version the
    /// change was made from), `theirs` (stored now) and `yours`, and the three ways on.
    /// The fields then hold your changes applied to the stored version.
    static func changedWhileEditing(_ title: String, base: GeoCache, theirs: GeoCache, yours: GeoCache) -> String {
        """
        \(quoted(title)) was changed in another session while you edited it; nothing was saved.

        \(versions(base: base, theirs: theirs, yours: yours))

        The fields hold your changes applied to the stored version: \(key(.saveEdit)) saves them over it. \
        \(key(.reload)) takes the stored version into the fields. \(key(.cancelEdit)) cancels the edit.
        """
    }

    /// A kept delete of a cache changed on the club store meanwhile: the parts the club
    /// store changed from `base` (the version deleted here), as each version has them.
    static func deleteOfChangedCache(_ title: String, base: GeoCache, theirs: GeoCache) -> String {
        """
        \(quoted(title)) was changed on the club store after you deleted it on this machine; nothing was deleted.

        \(versions(base: base, theirs: theirs, yours: nil))

        The delete stays on this machine: geocache-tui sync decides it.
        """
    }

    /// Three lines for each part `yours` or `theirs` changed from `base`, labelled like
    /// the fields: `base:`, `stored:` and `yours:` (nil: deleted); a side that left the
    /// part as it was says "unchanged".
    private static func versions(base: GeoCache, theirs: GeoCache, yours: GeoCache?) -> String {
        let width = GeoCache.Part.all.map(\.label.count).max() ?? 0
        let indent = String(repeating: " ", count: width)
        // A value of several lines goes on under the values, not under the labels.
        let valueIndent = "\n" + String(repeating: " ", count: width + " stored: ".count)
        func side(_ version: GeoCache, _ part: GeoCache.Part) -> String {
            if version.hasSame(part, as: base) { return "unchanged" }
            let text = value(of: part, in: version)
            // A listing whose summary reads the same differs in what it leaves out.
            guard text == value(of: part, in: base) else { return text }
            return text + "; it differs in what is not shown (descriptions, logs, waypoints, attributes)"
        }
        func value(of part: GeoCache.Part, in cache: GeoCache) -> String {
            Self.value(of: part, in: cache).split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
                .joined(separator: valueIndent)
        }
        return GeoCache.parts(changedBy: yours ?? base, or: theirs, from: base).map { part in
            let label = part.label.padding(toLength: width, withPad: " ", startingAt: 0)
            return "\(label) base:   \(value(of: part, in: base))\n"
                + "\(indent) stored: \(side(theirs, part))\n"
                + "\(indent) yours:  \(yours.map { side($0, part) } ?? "deleted")"
        }.joined(separator: "\n")
    }

    /// The value of `part` in `cache`: a field's text, the place in the geocaching.com
    /// form, or the listing's type, ratings, status (when not available), hint and
    /// number of logs.
    private static func value(of part: GeoCache.Part, in cache: GeoCache) -> String {
        switch part {
        case .field(let field):
            return cache[field]
        case .place:
            return cache.coordinate?.geocachingText ?? "none"
        case .listing:
            let listing = cache.listing
            let logs = listing.logs.count == 1 ? "1 log" : "\(listing.logs.count) logs"
            return ([listing.type, listing.ratingsText, statusText(listing.status), listing.hint.map { "hint \(quoted($0))" }]
                .compactMap { $0 } + [logs]).joined(separator: ", ")
        }
    }
}
