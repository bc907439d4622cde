import Foundation
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

    /// The note beside an opened prompt: how to finish first, as the room for it is
    /// short at 80 columns beside a visit's wide field.
    static func finderPromptOpened(_ kind: FinderPrompt.Kind) -> String {
        switch kind {
        case .visit:
            "Enter logs it, \(key(.cancelRecording)) leaves; \(key(.nextVisitType)): another kind of visit"
        case .note:
            "Enter keeps it, empty removes it, \(key(.cancelRecording)) leaves; your own note, never changed by an import"
        case .correctedPlace:
            "Enter keeps it, none removes it, \(key(.cancelRecording)) leaves; where the cache really is"
        }
    }

    /// Tab, Down, Shift-Tab or Up in a note's or a final's prompt, which has no kind of
    /// visit to turn to; short, to show whole beside the field at 80 columns.
    static func noKindToTurn(_ kind: FinderPrompt.Kind) -> String {
        if case .correctedPlace = kind { "A final has no kind" } else { "A note has no kind" }
    }

    /// The first quit key, `pressed` (^Q, ^C or F10), while a prompt that writes holds
    /// text: nothing keeps a prompt's text, so the next one quits. Short: at 80 columns
    /// the visit prompt's field leaves the note 16.
    static func quitWouldLose(pressed: Key?) -> String { "\(pressed?.label ?? key(.quit)) again quits" }

    /// The columns the status row's note keeps beside an open prompt, its field and the
    /// prompt giving way on a narrow terminal: ``quitWouldLose(pressed:)``'s whole, for
    /// every quit key, so that the warning is read before a second press loses the text.
    static var promptNoteWidth: Int {
        FormAction.keyMap.keys(for: .quit).map { quitWouldLose(pressed: $0).displayWidth }.max() ?? 0
    }

    /// True when `note` is ``quitWouldLose(pressed:)``'s, whichever key it names.
    static func saysQuitWouldLose(_ note: String) -> Bool { note.hasSuffix(" again quits") }

    /// A prompt's text the form ended by a signal could not keep, printed once the
    /// terminal is restored: "the form was ended with text in its prompt, which nothing
    /// keeps: Note: (GC1A2B3 “Old Oak”) behind the wall".
    static func promptNotKept(label: String, cache: GeoCache, text: String) -> String {
        let name = (cache.code.map { $0 + " " } ?? "") + quoted(cache.title)
        return "the form was ended with text in its prompt, which nothing keeps: \(label) (\(name)) \(text)"
    }

    /// What the key table says of a key a prompt refuses; the form says the prompt's
    /// own note instead (``finderPromptOpened(_:)``).
    static func finishRecordingFirst(cancel: String) -> String { "Finish first: Enter, or \(cancel) leaves" }

    static func noCacheToRecord(_ kind: FinderPrompt.Kind) -> String {
        switch kind {
        case .visit: "No cache is shown to log a visit to"
        case .note: "No cache is shown to keep a note on"
        case .correctedPlace: "No cache is shown to keep a final for"
        }
    }
    static let nothingRecorded = "Nothing logged or kept"

    /// "Logged Found it on GC1A2B3 at 2026-11-28 10:32 UTC", and when the GPS fix's time
    /// was left for disagreeing with the clock, that the time is the clock's and the
    /// fix's date: "… 10:32 UTC (clock; GPS fix of 2007-04-17)".
    static func visitLogged(_ visit: Visit, fixTimeLeft: Date? = nil) -> String {
        let logged = "Logged \(visit.type.rawValue) on \(visit.code) at \(timeText(visit.time))"
        guard let fixTimeLeft else { return logged }
        return logged + " (clock; GPS fix of \(GPSFix.timeText(fixTimeLeft).prefix(10)))"
    }

    /// "Already logged: Found it on GC1A2B3 within 2026-11-28 10:32 UTC", when the same
    /// visit (its code, type and text, within that minute) was kept before.
    static func visitAlreadyLogged(_ visit: Visit) -> String {
        "Already logged: \(visit.type.rawValue) on \(visit.code) within \(timeText(visit.time))"
    }

    /// The prompt's cache was deleted in another session while it was open.
    static func deletedWhileRecording(_ cache: GeoCache, kind: FinderPrompt.Kind) -> String {
        let code = cache.code ?? ""
        let enter = kind.isVisit ? "Enter logs the visit to \(code) all the same (your visits stay with the code, and show"
            : "Enter keeps it for \(code) all the same (your own data stays with the code, and shows"
        return "\(quoted(cache.title)) (\(code)) was deleted in another session while the prompt was open. "
            + "What you typed is still in the prompt: \(enter) again if the cache comes back); "
            + "\(key(.cancelRecording)) leaves without keeping anything."
    }

    /// The prompt's note or final was changed in another session while it was open:
    /// what it is now, what the prompt holds, and the ways on.
    static func changedWhileRecording(_ cache: GeoCache, kind: FinderPrompt.Kind, now: OwnData,
                                      yours: OwnData) -> String {
        let (name, stored, typed) = switch kind {
        case .correctedPlace: ("final", now.corrected?.geocachingText ?? "none", yours.corrected?.geocachingText ?? "none")
        default: ("note", now.note.isEmpty ? "(none)" : now.note, yours.note.isEmpty ? "(none)" : yours.note)
        }
        return """
            Your \(name) on \(quoted(cache.title)) (\(cache.code ?? "")) was changed in another session while the \
            prompt was open; nothing was kept.

            It is now:  \(stored)
            Yours:      \(typed)

            Your text is still in the prompt: Enter keeps it over the other session's \(name); \
            \(key(.cancelRecording)) leaves the \(name) as it is now.
            """
    }

    /// The status line beside the prompt kept open after ``changedWhileRecording(_:kind:now:yours:)``.
    static func changedWhileRecordingNote(_ kind: FinderPrompt.Kind) -> String {
        "\(kind == .correctedPlace ? "Final" : "Note") changed elsewhere: Enter keeps yours over it"
    }

    /// What was logged or kept, for the code of a cache no longer shown: "GC1A2B3: Note kept".
    static func recorded(_ done: String, forCode code: String) -> String {
        done.contains(code) ? done : "\(code): \(done)"
    }

    static let noteKept = "Note kept"
    static let noteRemoved = "Note removed"
    /// An empty note entered on a cache that had none.
    static let noNoteToRemove = "No note to remove: the cache had none"
    static func finalKept(_ place: Coordinate) -> String {
        "Final kept at \(place.geocachingText): distance and nearest first use it"
    }
    /// After the cache's name in the navigation view when it leads to the corrected place.
    static let yourFinal = " (your final)"
    /// A final removed, from a cache whose listing has coordinates (`listingPlaced`) or none.
    static func finalRemoved(listingPlaced: Bool) -> String {
        listingPlaced ? "Final removed: the listing's coordinates count again" : "Final removed: the cache has no place now"
    }
    /// `none` (or nothing) entered on a cache that had no final.
    static func noFinalToRemove(listingPlaced: Bool) -> String {
        listingPlaced ? "No final to remove: the listing's coordinates count" : "No final to remove: the cache had none"
    }
    /// A final that could not be read: what is wrong, that nothing was kept, and the forms that are read.
    static func notAFinal(_ error: CoordinateParseError) -> String {
        "\(error); nothing kept.\n\nWrite your final as geocachers do, such as N47 22.123 E008 32.456, "
            + "47.368717, 8.540933 or 47°22'07.4\"N 8°32'27.4\"E, or none to remove it; "
            + "Enter keeps it, \(key(.cancelRecording)) leaves it unchanged."
    }
    static let notAFinalNote = "Not a coordinate: nothing kept"

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
