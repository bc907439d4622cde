/// Why a visit or the person's own data was refused before it was written: what it
/// holds cannot be kept as it is.
public enum FinderInputError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The code is not a cache code (letters, digits, `-` and `_`, at most 32).
    case badCode(String)
    /// The time is not a UTC time such as `2026-11-28T10:32Z`.
    case badTime(String)
    /// A text holds U+0000, which neither store keeps in text.
    case nulCharacter(what: String)
    /// A text is longer than its limit (in characters for a visit, bytes for a note).
    case tooLong(what: String, limit: Int)

    public var description: String {
        switch self {
        case .badCode(let code): "\"\(code)\" is not a cache code (letters, digits, - and _, at most 32)"
        case .badTime(let time): "\"\(time)\" is not a UTC time such as 2026-11-28T10:32Z"
        case .nulCharacter(let what): "the \(what) holds a NUL character (U+0000), which cannot be kept"
        case .tooLong(let what, let limit): "the \(what) is longer than \(limit)"
        }
    }
}

extension Visit {
    /// The visit as a store records it (``normalized``), or why it cannot be.
    public func validated() throws(FinderInputError) -> Visit {
        guard let code = CacheCode.normalized(code) else { throw .badCode(code) }
        guard let time = UTCTime.instant(time), time.hasSuffix("Z") else { throw .badTime(self.time) }
        guard !text.unicodeScalars.contains("\0") else { throw .nulCharacter(what: "visit's text") }
        guard text.unicodeScalars.count <= FieldNotes.maximumTextLength else {
            throw .tooLong(what: "visit's text", limit: FieldNotes.maximumTextLength)
        }
        return Visit(code: code, time: time, type: type, text: text)
    }
}

extension OwnData {
    /// The data as a store keeps it, or why it cannot be.
    public func validated() throws(FinderInputError) -> OwnData {
        guard !note.unicodeScalars.contains("\0") else { throw .nulCharacter(what: "note") }
        guard note.utf8.count <= Self.maximumNoteBytes else { throw .tooLong(what: "note", limit: Self.maximumNoteBytes) }
        var valid = self
        if let found {
            guard let time = UTCTime.instant(found) else { throw .badTime(found) }
            valid.found = time
        }
        return valid
    }
}
