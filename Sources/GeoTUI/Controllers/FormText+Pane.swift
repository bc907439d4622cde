import Foundation
import GeoModel

/// The words of the pane that shows a cache: its fields, place, listing and logs.
extension FormText {
    /// The pane's paragraphs for `cache`: the four fields, then its code, place (and the
    /// person's corrected one, which `away` measures to), whether the person found it,
    /// their note and their `visits` (newest first), listing facts, hint (or that it is
    /// hidden), additional waypoints, long description and logs, each labelled like the
    /// fields with its value from `GeoCache.descriptionValueColumn` on (``labelled(_:_:)``,
    /// for a pane with that hanging indent);
    /// `away` is the distance and direction from where you stand, when known, and
    /// `origin` that place, which each waypoint's distance is measured from (said to be
    /// "from home" when `originIsHome`).
    static func paneText(for cache: GeoCache, club: ClubRecord? = nil, own: OwnData = OwnData(), visits: [Visit] = [],
                         showsHint: Bool, mayPlace: Bool = true,
                         away: String?,
                         origin: Coordinate? = nil, originIsHome: Bool = false) -> [String] {
        // The fields are labelled here rather than by `GeoCache.description`, which walks
        // each value for its line feeds: `labelled` leaves a value's lines to the pane, so
        // a field of many megabytes costs a copy, not a walk through its characters.
        var lines = GeoCache.Field.allCases.map { labelled($0.label, cache[$0]) }
        let listing = cache.listing
        func add(_ label: String, _ value: String?) {
            guard let value, !value.isEmpty else { return }
            lines.append(labelled(label, value))
        }
        add("Code", cache.code)
        // The key is offered only where it works: not on another member's cache, or the copy.
        add("Place", cache.coordinate?.geocachingText ?? (mayPlace ? "none (\(key(.placeCache)) sets it)" : "none"))
        add("Final", own.corrected.map { "\($0.geocachingText) (yours; \(key(.correctPlace)) changes it)" })
        add("Away", away)
        add("Found", own.found.map(foundText))
        add("Note", own.note)
        for visit in visits { add("Visit", visitText(visit)) }
        add("Owner", club.map(owner(of:)))
        add("Type", listing.type)
        add("D/T", listing.ratingsText)
        add("Size", listing.container)
        add("Status", statusText(listing.status))
        add("Placed", listing.placedDay)
        add("Region", regionText(listing))
        add("Attrs", listing.attributes.isEmpty ? nil : listing.attributes.map(\.text).joined(separator: ", "))
        if let hint = listing.hint, !hint.isEmpty {
            add("Hint", showsHint ? hint : "hidden (\(key(.toggleHint)) shows it)")
        }
        for waypoint in listing.waypoints { add("Wpt", waypointText(waypoint, origin: origin, originIsHome: originIsHome)) }
        if let long = listing.longDescription, !long.isEmpty {
            add("Listing", trimmed(listing.longDescriptionIsHTML ? HTMLText.plainText(fromHTML: long) : long))
        }
        for log in listing.logsNewestFirst { add("Log", logText(log, showsEncoded: showsHint)) }
        return lines
    }

    /// `text` without the whitespace and line breaks around it; only its ends are
    /// looked at, so a long text costs one copy.
    static func trimmed(_ text: String) -> String {
        guard let first = text.firstIndex(where: { !$0.isWhitespace }),
              let last = text.lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return String(text[first...last])
    }

    /// One log in the pane (the listing's logs newest first): the day, type and finder,
    /// and what was written below them. A date that is no date is shown as the file
    /// gave it. A text its finder hid as a spoiler is hidden as the hint is, unless
    /// `showsEncoded`.
    ///
    ///     2026-11-20 Found it by kim
    ///     Quick find, dry log.
    static func logText(_ log: CacheLog, showsEncoded: Bool = false) -> String {
        let finder = trimmed(log.finder)
        let head = [log.day ?? trimmed(log.date), trimmed(log.type), finder.isEmpty ? "" : "by \(finder)"]
            .filter { !$0.isEmpty }.joined(separator: " ")
        var text = trimmed(log.text)
        if log.isEncoded, !text.isEmpty, !showsEncoded { text = encodedLogHidden }
        return head.isEmpty || text.isEmpty ? head + text : head + "\n" + text
    }

    /// One of the person's visits in the pane: when and what, and what they wrote
    /// below.
    ///
    ///     2026-11-30 09:15 UTC Didn't find it
    ///     Searched the wall, muggles about.
    static func visitText(_ visit: Visit) -> String {
        let text = trimmed(visit.text)
        let head = "\(timeText(visit.time)) \(visit.type.rawValue)"
        return text.isEmpty ? head : head + "\n" + text
    }

    /// "by you on 2026-11-28 10:32 UTC": when the person found the cache.
    static func foundText(_ time: String) -> String { "by you on \(timeText(time))" }

    /// "2026-11-28 10:32 UTC" for a time in UTC as the model spells it
    /// (`2026-11-28T10:32:00Z`); another text as it is.
    static func timeText(_ time: String) -> String {
        time.count >= 16 && time.hasSuffix("Z") ? time.prefix(10) + " " + time.dropFirst(11).prefix(5) + " UTC" : time
    }

    /// "Zürich, Switzerland": the state and country a listing names, either alone; nil
    /// when it names neither.
    static func regionText(_ listing: Listing) -> String? {
        let parts = [listing.state, listing.country].compactMap { $0?.trimmingCharacters(in: .whitespacesAndNewlines) }
            .filter { !$0.isEmpty }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    /// One additional waypoint in the pane: its code, kind and name; its place and,
    /// with `origin`, how far and which way it is; its comment on a line of its own.
    ///
    ///     PK31J2H Parking Area: Parking
    ///     N 47° 07.200′ E 008° 39.000′, 350 m SW
    ///     Free after 6 pm
    static func waypointText(_ waypoint: AdditionalWaypoint, origin: Coordinate?, originIsHome: Bool = false) -> String {
        var head = [waypoint.code, waypoint.kind].filter { !$0.isEmpty }.joined(separator: " ")
        let name = waypoint.name.trimmingCharacters(in: .whitespacesAndNewlines)
        if !name.isEmpty, name != waypoint.kind { head += (head.isEmpty ? "" : ": ") + name }
        var lines = [head]
        if let place = waypoint.coordinate {
            lines.append(place.geocachingText + (origin.map { ", " + away($0.directionText(to: place), fromHome: originIsHome) } ?? ""))
        } else {
            lines.append("place not given")
        }
        let comment = waypoint.comment.trimmingCharacters(in: .whitespacesAndNewlines)
        if !comment.isEmpty { lines.append(comment) }
        return lines.joined(separator: "\n")
    }

    /// The pane's Status line: nothing for an available cache (what nearly every cache
    /// is, and what a cache says that its file said nothing about).
    static func statusText(_ status: CacheStatus) -> String? {
        switch status {
        case .available: nil
        case .disabled: "temporarily disabled"
        case .archived: "archived"
        }
    }

    /// Whose a club's cache is, and who changed it last and when:
    /// "ana (changed by kim, 2026-11-28 14:05)", "the club".
    static func owner(of club: ClubRecord) -> String {
        let owner = club.owner.role ?? "the club"
        guard let by = club.changedBy else { return owner }
        let when = club.changedAt.map { ", " + ownerTimeFormat.string(from: $0) } ?? ""
        return "\(owner) (changed by \(by)\(when))"
    }

    /// Local time to the minute, for the pane's owner line.
    private static let ownerTimeFormat: DateFormatter = {
        let format = DateFormatter()
        format.locale = Locale(identifier: "en_US_POSIX")
        format.dateFormat = "yyyy-MM-dd HH:mm"
        return format
    }()
}
