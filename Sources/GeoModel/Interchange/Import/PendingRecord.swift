/// A record as the reader produces it: ready, or a GPX waypoint still to be mapped.
enum PendingRecord: Sendable {
    case ready(ImportRecord)
    case waypoint(GPXReader.WaypointDraft, source: String)

    /// The record: a waypoint is mapped here (``GPXReader/WaypointDraft/record(source:)``).
    var record: ImportRecord { resolved.record }

    /// The record, and where its creator came from when the waypoint named no owner.
    var resolved: (record: ImportRecord, fallback: CreatorFallback?) {
        switch self {
        case .ready(let record): (record, nil)
        case .waypoint(let draft, let source): draft.mapped(source: source)
        }
    }

    /// Whether the waypoint's `groundspeak:difficulty` or `groundspeak:terrain` holds
    /// something that is not a rating, 1 to 5 in halves (99, -1, "high"), which its
    /// cache is stored without: unless its `desc` ends in that rating ("(2/1.5)"),
    /// which the listing takes instead.
    var hasUnreadRating: Bool {
        guard case .waypoint(let draft, _) = self else { return false }
        func unread(_ text: String?) -> Bool {
            guard let text, !text.trimmingWhitespace().isEmpty else { return false }
            return Rating(text: text) == nil
        }
        let difficulty = unread(draft.difficulty), terrain = unread(draft.terrain)
        guard difficulty || terrain else { return false }
        let suffix = GPXReader.WaypointDraft.descSuffix(draft.desc)
        return (difficulty && suffix?.difficulty == nil) || (terrain && suffix?.terrain == nil)
    }

    /// About how many bytes the record holds: its texts, and a little for the rest
    /// (``RecordPipe`` bounds what waits by it).
    var size: Int {
        switch self {
        case .waypoint(let draft, _):
            return 256 + draft.logBytes.count + (draft.longDescriptionBytes?.count ?? 0)
                + (draft.shortDescriptionBytes?.count ?? 0)
        case .ready(.cache(let cache, _, _)):
            let listing = cache.listing
            return GeoCache.Field.allCases.reduce(256) { $0 + cache[$1].utf8.count }
                + (listing.longDescription?.utf8.count ?? 0) + (listing.shortDescription?.utf8.count ?? 0)
                + listing.logs.reduce(0) { $0 + $1.text.utf8.count }
        case .ready:
            return 256
        }
    }
}
