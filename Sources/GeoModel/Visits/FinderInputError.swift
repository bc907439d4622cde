import Foundation

/// Why a visit or the person's own data was refused before it was written: what it
/// holds cannot be kept as it is.
public enum FinderInputError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The code is not a cache code (letters, digits, `-` and `_`, at most 32).
    case badCode(String)
    /// The time is not a UTC time such as `2026-11-28T10:32Z`.
    case badTime(String)
    /// The time has no zone (`2026-11-28T10:32`): it is not UTC for sure.
    case timeWithoutZone(String)
    /// A text holds U+0000, which neither store keeps in text.
    case nulCharacter(what: String)
    /// A text is longer than its limit, counted in `unit` (characters for a visit's
    /// text, UTF-8 bytes for a note).
    case tooLong(what: String, limit: Int, unit: LengthUnit)
    /// The time (UTC) is before geocaching began, or more than a day after this
    /// machine's clock (`clock`, in UTC): a typo (0226 for 2026), not a visit.
    case implausibleTime(String, clock: String)

    /// What a text's limit counts.
    public enum LengthUnit: String, Sendable {
        case characters
        case bytes = "bytes in UTF-8"
    }

    /// Why `text` is not a UTC time: written as one, it names a day or a second that does
    /// not exist (30 February, a 61st second); else it is not written as one.
    static func notATime(_ text: String) -> String {
        let shape = text.trimmingCharacters(in: .whitespaces).map { $0.isASCII && $0.isNumber ? "9" : $0 }
        let written = ["9999-99-99T99:99Z", "9999-99-99T99:99:99Z"].contains(String(shape).uppercased())
        return written ? "\"\(text)\" is written as a UTC time, but no such day or time exists"
            : "\"\(text)\" is not a UTC time such as 2026-11-28T10:32Z"
    }

    public var description: String {
        switch self {
        case .badCode(let code): "\"\(code)\" is not a cache code (letters, digits, - and _, at most 32)"
        case .badTime(let time): Self.notATime(time)
        case .timeWithoutZone(let time):
            "\"\(time)\" has no time zone: add Z for UTC (\(time)Z) or the offset it was written in (\(time)+01:00)"
        case .nulCharacter(let what): "the \(what) holds a NUL character (U+0000), which cannot be kept"
        case .tooLong(let what, let limit, let unit):
            "the \(what) is longer than \(limit) \(unit.rawValue)"
        case .implausibleTime(let time, let clock):
            UTCTime.isEarlier(time, than: Visit.earliestTime) == true
                ? "\"\(time)\" is before geocaching began (\(Visit.earliestTime.prefix(10))): a typo in the year?"
                : "\"\(time)\" is more than a day after this machine's clock (\(clock)): a typo in the year?"
        }
    }
}

extension Visit {
    /// `date` as a visit's time: UTC, to the second (``UTCTime``'s spelling).
    public static func time(of date: Date) -> String { UTCTime.spelling(of: date) }

    /// A time as a person or a field-notes file writes it, in ``UTCTime``'s spelling:
    /// `2026-11-28T10:32Z`, with seconds, or with an offset (`2026-11-28T11:32+01:00`);
    /// a time without a zone is refused (it is not UTC for sure).
    public static func time(parsing text: String) throws(FinderInputError) -> String {
        let trimmed = text.trimmingWhitespace()
        if let utc = FieldNotes.utcTime(trimmed) { return utc }
        var bytes = Array(trimmed.utf8)
        // `hh:mm` followed by an offset: the seconds are :00.
        if bytes.count == 22, bytes[16] == UInt8(ascii: "+") || bytes[16] == UInt8(ascii: "-") {
            bytes.insert(contentsOf: Array(":00".utf8), at: 16)
        }
        let full = String(decoding: bytes, as: UTF8.self)
        guard bytes.count > 19, let time = UTCTime.instant(full) else {
            // A time that would be one with a Z after it is a local time, not a bad one.
            if UTCTime.instant(trimmed + "Z") != nil || FieldNotes.utcTime(trimmed + "Z") != nil {
                throw .timeWithoutZone(trimmed)
            }
            throw .badTime(text)
        }
        return time
    }

    /// The first geocache was hidden on 3 May 2000: no visit or find comes before it.
    static let earliestTime = "2000-05-03T00:00:00Z"

    /// Refuses `time` (UTC, as ``UTCTime`` spells it) when no visit can have been made
    /// then: before geocaching began, or more than a day after `now` (a day leaves room
    /// for a clock that is a little behind, and for any zone).
    static func checkPlausible(_ time: String, now: Date = Date()) throws(FinderInputError) {
        let latest = UTCTime.spelling(of: now.addingTimeInterval(86_400))
        if UTCTime.isEarlier(time, than: earliestTime) == true || UTCTime.isEarlier(latest, than: time) == true {
            throw .implausibleTime(time, clock: GPSFix.timeText(now))
        }
    }

    /// The visit as a store records it (``normalized``), or why it cannot be: a time
    /// no visit can have (``checkPlausible(_:now:)``) among them.
    public func validated() throws(FinderInputError) -> Visit {
        guard let code = CacheCode.normalized(code) else { throw .badCode(code) }
        guard let time = UTCTime.instant(time), time.hasSuffix("Z") else { throw .badTime(self.time) }
        try Self.checkPlausible(time)
        guard !text.unicodeScalars.contains("\0") else { throw .nulCharacter(what: "visit's text") }
        guard text.unicodeScalars.count <= FieldNotes.maximumTextLength else {
            throw .tooLong(what: "visit's text", limit: FieldNotes.maximumTextLength, unit: .characters)
        }
        return Visit(code: code, time: time, type: type, text: text.trimmingWhitespace())
    }
}

extension OwnData {
    /// The data as a store keeps it, or why it cannot be.
    public func validated() throws(FinderInputError) -> OwnData {
        guard !note.unicodeScalars.contains("\0") else { throw .nulCharacter(what: "note") }
        guard note.utf8.count <= Self.maximumNoteBytes else { throw .tooLong(what: "note", limit: Self.maximumNoteBytes, unit: .bytes) }
        var valid = self
        if let found {
            guard let time = UTCTime.instant(found) else { throw .badTime(found) }
            try Visit.checkPlausible(time)
            valid.found = time
        }
        return valid
    }
}
