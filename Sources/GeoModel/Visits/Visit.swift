/// What a finder recorded at a cache: the kind of visit, when, and a short text. A
/// field note, in the words of the GPS handhelds that write them.
public struct Visit: Equatable, Hashable, Sendable {
    /// The cache's code, as written (a visit to a code that is not stored is kept too).
    public var code: String
    /// When, in UTC: `2026-11-28T10:32:00Z` (``UTCTime``'s one spelling per instant).
    public var time: String
    /// What happened.
    public var type: VisitType
    /// What the finder wrote; may be empty.
    public var text: String

    public init(code: String, time: String, type: VisitType, text: String) {
        self.code = code
        self.time = time
        self.type = type
        self.text = text
    }
}

/// The kinds of visit field notes carry, named as geocaching.com names the log types.
public enum VisitType: String, CaseIterable, Sendable, Hashable {
    case foundIt = "Found it"
    case didNotFindIt = "Didn't find it"
    case writeNote = "Write note"
    case needsMaintenance = "Needs Maintenance"
    case needsArchived = "Needs Archived"
    case attended = "Attended"
    case webcamPhotoTaken = "Webcam Photo Taken"
    case unattempted = "Unattempted"

    /// The short word the command line takes for it: `found`, `dnf`, `note`, ...
    public var word: String {
        switch self {
        case .foundIt: "found"
        case .didNotFindIt: "dnf"
        case .writeNote: "note"
        case .needsMaintenance: "maintenance"
        case .needsArchived: "archive"
        case .attended: "attended"
        case .webcamPhotoTaken: "webcam"
        case .unattempted: "unattempted"
        }
    }

    /// The type a field note names, in any case ("found it" too); nil for another.
    public init?(fieldNoteType name: String) {
        let wanted = name.trimmingWhitespace().lowercased()
        guard let type = Self.allCases.first(where: { $0.rawValue.lowercased() == wanted }) else { return nil }
        self = type
    }

    /// The type a command-line word names (``word``), or the name the form and field
    /// notes show (`Found it`), in any case; nil for another.
    public init?(word: String) {
        let wanted = word.lowercased()
        guard let type = Self.allCases.first(where: { $0.word == wanted }) else { self.init(fieldNoteType: word); return }
        self = type
    }
}
