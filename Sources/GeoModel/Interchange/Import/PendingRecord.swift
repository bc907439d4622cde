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

    /// Whether the waypoint gives a difficulty or terrain that `cache`, the record it
    /// was mapped to, is stored without: one that is not a rating, 1 to 5 in halves
    /// (99, -1, "high"), and that its `desc` did not give either. Read from the mapping's
    /// outcome, so that the rule of which rating a listing takes stays in one place.
    func leavesOutARating(of cache: GeoCache) -> Bool {
        guard case .waypoint(let draft, _) = self else { return false }
        func given(_ text: String?) -> Bool { !(text?.trimmingWhitespace().isEmpty ?? true) }
        // Unread, not left out on purpose (an old export's listing is none of the cache's).
        func unread(_ text: String?) -> Bool { given(text) && text.flatMap(Rating.init(text:)) == nil }
        return (unread(draft.difficulty) && cache.listing.difficulty == nil)
            || (unread(draft.terrain) && cache.listing.terrain == nil)
    }

    /// Whether the waypoint's `groundspeak:cache` gives `available` or `archived` as
    /// neither true nor false (`yes`, empty), so that the status stored is not the file's.
    var leavesOutAStatus: Bool {
        guard case .waypoint(let draft, _) = self else { return false }
        return draft.unreadStatus
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
