import Foundation

/// Putting dates in order: which of two is earlier, and a key that sorts them.
extension UTCTime {
    /// `date` in the canonical spelling, to the second: `2024-05-01T19:00:00Z`.
    static func spelling(of date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let time = seconds - days * 86_400
        let (year, month, day) = civil(fromDays: days)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let yearText = String(repeating: "0", count: max(0, 4 - String(year).count)) + String(year)
        return "\(yearText)-\(two(month))-\(two(day))T\(two(time / 3600)):\(two(time / 60 % 60)):\(two(time % 60))Z"
    }

    /// A text that sorts as the date `text` names: for a date and time, its canonical
    /// spelling's date and time of day (19 characters) followed by the digits of its
    /// fraction of a second (texts compare character by character, so a longer fraction
    /// after the same second sorts later, as it should); a date alone is its midnight in
    /// UTC (``canonical(_:)``). Nil for a text that is not a date.
    static func orderKey(_ text: String) -> String? {
        let canonical = canonical(text.trimmingWhitespace())
        let bytes = Array(canonical.utf8)
        guard bytes.count >= 10, isDate(bytes) else { return nil }
        // `canonical(_:)` gives back what is not a time unchanged: only its own spelling
        // (`YYYY-MM-DDTHH:MM:SS`, a fraction, `Z`) is a time here.
        guard bytes.count >= 20, isCanonicalTime(bytes) else { return nil }
        var key = bytes[0..<19]
        if bytes.count > 20 { key += bytes[20..<(bytes.count - 1)] }
        return String(decoding: key, as: UTF8.self)
    }

    /// Whether `earlier` names an earlier instant than `later`: nil when either is not a
    /// date (a date alone is its midnight in UTC).
    static func isEarlier(_ earlier: String, than later: String) -> Bool? {
        guard let first = orderKey(earlier), let second = orderKey(later) else { return nil }
        return first < second
    }

    /// `YYYY-MM-DD` at the start of `bytes`, digits where the digits go.
    private static func isDate(_ bytes: [UInt8]) -> Bool {
        (0..<10).allSatisfy { index in
            index == 4 || index == 7 ? bytes[index] == UInt8(ascii: "-") : isDigitByte(bytes[index])
        }
    }

    /// Whether `bytes` are spelled as ``canonical(_:)`` spells a time: a date, `T`, a time
    /// of day, an optional fraction of digits and `Z`.
    private static func isCanonicalTime(_ bytes: [UInt8]) -> Bool {
        guard bytes[10] == UInt8(ascii: "T"), bytes.last == UInt8(ascii: "Z") else { return false }
        let colons = [13, 16]
        guard (11..<19).allSatisfy({ colons.contains($0) ? bytes[$0] == UInt8(ascii: ":") : isDigitByte(bytes[$0]) })
        else { return false }
        if bytes.count == 20 { return true }
        return bytes[19] == UInt8(ascii: ".") && bytes.count > 21 && bytes[20..<(bytes.count - 1)].allSatisfy(isDigitByte)
    }

    private static func isDigitByte(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}
