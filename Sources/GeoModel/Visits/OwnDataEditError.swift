/// Why a change of the person's own data on a cache was refused.
///
/// The store compares what the writer read (the change's base) with what it holds, in
/// the same transaction as the write: a note or a final another session changed since
/// it was read is never replaced unseen.
public enum OwnDataEditError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Another session changed `parts` of the person's data on the cache `code` since
    /// the writer read it, each to something other than what the write holds; `now` is
    /// what is stored now. Nothing was written.
    case changedElsewhere(code: String, parts: [OwnData.Part], now: OwnData)

    /// One sentence for standard error, naming each part as it is now (the form says
    /// its own, beside the prompt): "Another session changed your note on GC1A2B3 since
    /// it was read: the note is now "behind the shed"; nothing was written."
    public var description: String {
        switch self {
        case .changedElsewhere(let code, let parts, let now):
            let names = parts.map(Self.name(of:)).joined(separator: " and ")
            let values = parts.map { Self.now(of: $0, in: now) }.joined(separator: ", ")
            return "Another session changed your \(names) on \(code) since \(parts.count == 1 ? "it was" : "they were") read: "
                + "\(values); nothing was written."
        }
    }

    /// The part's name: "note", "final", "found date".
    public static func name(of part: OwnData.Part) -> String {
        switch part {
        case .found: "found date"
        case .note: "note"
        case .final: "final"
        }
    }

    /// `part` as `data` holds it: "the note is now "…"", "the final was removed"; a
    /// note's control characters escaped, so that it stays on one line.
    public static func now(of part: OwnData.Part, in data: OwnData) -> String {
        switch part {
        case .found: data.found.map { "the found date is now \($0)" } ?? "the found date was removed"
        case .note: data.note.isEmpty ? "the note was removed" : "the note is now \(data.note.debugDescription)"
        case .final: data.corrected.map { "the final is now \($0.geocachingText)" } ?? "the final was removed"
        }
    }
}
