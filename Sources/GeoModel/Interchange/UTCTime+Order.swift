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
        var canonical = canonical(text.trimmingWhitespace())
        return canonical.withUTF8 { bytes in
            guard isOrderable(bytes) else { return nil }
            let fraction = fractionDigits(bytes)
            return String(unsafeUninitializedCapacity: 19 + fraction.count) { key in
                _ = key.initialize(fromContentsOf: bytes[0..<19])
                _ = UnsafeMutableBufferPointer(rebasing: key[19...]).initialize(fromContentsOf: fraction)
                return 19 + fraction.count
            }
        }
    }

    /// `items` newest first by the date each names (``orderKey(_:)``: a date alone at its
    /// midnight, an item whose date is no date last). Items of the same date keep their
    /// order, or with `sameTimeLatestFirst` come the later first.
    static func newestFirst<Item>(_ items: [Item], by date: (Item) -> String,
                                  sameTimeLatestFirst: Bool = false) -> [Item] {
        let keys = items.map { orderKey(date($0)) ?? "" }
        return items.indices.sorted { keys[$0] != keys[$1] ? keys[$0] > keys[$1] : ($0 > $1) == sameTimeLatestFirst }
            .map { items[$0] }
    }

    /// Whether `earlier` names an earlier instant than `later`: nil when either is not a
    /// date (a date alone is its midnight in UTC).
    static func isEarlier(_ earlier: String, than later: String) -> Bool? {
        guard let first = orderKey(earlier), let second = orderKey(later) else { return nil }
        return first < second
    }

    /// Of two texts in ``canonical(_:)``'s spelling, whether `later` names a later instant
    /// than `earlier` (as their ``orderKey(_:)``s compare); nil when either is not such a
    /// time. Compared in place: no key is made.
    static func isCanonicalLater(_ later: String, than earlier: String) -> Bool? {
        var (later, earlier) = (later, earlier)
        return later.withUTF8 { laterBytes in
            earlier.withUTF8 { earlierBytes in
                guard isOrderable(laterBytes), isOrderable(earlierBytes) else { return nil }
                for index in 0..<19 where laterBytes[index] != earlierBytes[index] {
                    return laterBytes[index] > earlierBytes[index]
                }
                return fractionDigits(earlierBytes).lexicographicallyPrecedes(fractionDigits(laterBytes))
            }
        }
    }

    /// Whether `text`, in ``canonical(_:)``'s spelling, is a time that sorts (as
    /// ``orderKey(_:)`` takes it).
    static func isCanonicalTime(_ text: String) -> Bool {
        var text = text
        return text.withUTF8(isOrderable)
    }

    /// Whether `bytes` are spelled as ``canonical(_:)`` spells a time: a date, `T`, a time
    /// of day, an optional fraction of digits and `Z`. (``canonical(_:)`` gives back what
    /// is not a time unchanged: only its own spelling is a time here.)
    private static func isOrderable(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count >= 20, bytes[10] == UInt8(ascii: "T"), bytes[bytes.count - 1] == UInt8(ascii: "Z") else {
            return false
        }
        for index in 0..<19 {
            let ok = switch index {
            case 4, 7: bytes[index] == UInt8(ascii: "-")
            case 10: true
            case 13, 16: bytes[index] == UInt8(ascii: ":")
            default: bytes[index].isASCIIDigit
            }
            guard ok else { return false }
        }
        if bytes.count == 20 { return true }
        guard bytes[19] == UInt8(ascii: "."), bytes.count > 21 else { return false }
        return bytes[20..<(bytes.count - 1)].allSatisfy(\.isASCIIDigit)
    }

    /// The fraction's digits of a time ``isOrderable(_:)`` took (empty when none).
    private static func fractionDigits(_ bytes: UnsafeBufferPointer<UInt8>) -> Slice<UnsafeBufferPointer<UInt8>> {
        bytes.count > 20 ? bytes[20..<(bytes.count - 1)] : bytes[0..<0]
    }
}
