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
}
