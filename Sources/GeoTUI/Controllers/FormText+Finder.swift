import GeoModel

/// What the form says while the finder's prompt is open (a visit, a note, a final) and
/// when it records.
extension FormText {
    /// The prompt's label: "Found it:", "Note:", "Final:".
    static func finderPrompt(_ kind: FinderPrompt.Kind) -> String {
        switch kind {
        case .visit(let type): "\(type.rawValue):"
        case .note: "Note:"
        case .correctedPlace: "Final:"
        }
    }

    static func finderPromptOpened(_ kind: FinderPrompt.Kind) -> String {
        switch kind {
        case .visit:
            "Type what happened; \(key(.nextVisitType)) another kind of visit; Enter logs it, \(key(.cancelRecording)) leaves"
        case .note:
            "Your own note, never changed by an import; Enter keeps it (empty removes it), \(key(.cancelRecording)) leaves"
        case .correctedPlace:
            "Where the cache really is; Enter keeps it (none removes it), \(key(.cancelRecording)) leaves"
        }
    }

    static func finishRecordingFirst(cancel: String) -> String { "Enter keeps it, \(cancel) leaves" }

    static let noCacheToRecord = "No cache is shown to log a visit to"
    static let nothingRecorded = "Nothing logged or kept"

    /// "Logged Found it on GC1A2B3 at 2026-11-28 10:32 UTC".
    static func visitLogged(_ visit: Visit) -> String {
        "Logged \(visit.type.rawValue) on \(visit.code) at \(timeText(visit.time))"
    }

    static let noteKept = "Note kept"
    static let noteRemoved = "Note removed"
    static func finalKept(_ place: Coordinate) -> String {
        "Final kept at \(place.geocachingText): distance and nearest first use it"
    }
    /// After the cache's name in the navigation view when it leads to the corrected place.
    static let yourFinal = " (your final)"
    static let finalRemoved = "Final removed: the listing's coordinates count again"

    static func cannotRecord(_ error: FinderInputError) -> String {
        "Cannot keep it: \(error). Nothing was logged or kept; the text is still in the prompt."
    }
    static func couldNotRecord(_ error: any Error, hint: String) -> String {
        "Could not log or keep it: \(error)\(hint)"
    }
    static func recordHeldByLock(holder: String?) -> String {
        "Another writer holds the store\(holder.map { " (\($0))" } ?? ""); Enter tries again"
    }
}
