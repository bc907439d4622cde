/// One spelling for one instant: a GPX time (`xsd:dateTime`) in UTC, so that two files
/// that write the same instant differently (`2002-08-15T00:00:00.0000000-07:00` and
/// `2002-08-15T07:00:00Z`) give the same date, and an import of either over the other
/// counts as unchanged.
///
/// The canonical form is `YYYY-MM-DDTHH:MM:SS`, the fraction of a second without its
/// trailing zeros (none when it is zero), and `Z`. A time without a zone is UTC, as GPX
/// says; a date alone is its midnight in UTC. Text that is not such a time (a malformed
/// one, a word) is kept as it is.
enum UTCTime {
    /// `text` in the canonical form, or `text` itself when it is not a date and time.
    static func canonical(_ text: String) -> String {
        instant(text) ?? text
    }

    /// `text` in the canonical form, or nil when it is not a date and time. A date
    /// alone (`2004-08-07`, as a JSON file may give a placed date) is its midnight in
    /// UTC: GPX's times are `xsd:dateTime`, which a date alone is not.
    static func instant(_ text: String) -> String? {
        if text.utf8.count == 10 { return instant(text + "T00:00:00Z") }
        let bytes = Array(text.utf8)
        guard bytes.count >= 19, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
              let year = number(bytes, 0, 4), let month = number(bytes, 5, 2), let day = number(bytes, 8, 2),
              let hour = number(bytes, 11, 2), let minute = number(bytes, 14, 2), let second = number(bytes, 17, 2),
              (1...12).contains(month), (1...daysIn(month, of: year)).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
        var index = 19
        var fraction: [UInt8] = []
        var isCanonical = true
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            while index < bytes.count, isDigit(bytes[index]) {
                fraction.append(bytes[index])
                index += 1
            }
            guard !fraction.isEmpty else { return nil }
            while fraction.last == UInt8(ascii: "0") { fraction.removeLast(); isCanonical = false }
        }
        // Already in UTC and spelled canonically (as an export writes every time, and a
        // merge compares them again and again): the text itself.
        if isCanonical, index == bytes.count - 1, bytes[index] == UInt8(ascii: "Z") { return text }
        var offsetMinutes = 0
        if index < bytes.count {
            if bytes[index] == UInt8(ascii: "Z"), index == bytes.count - 1 {
                index += 1
            } else if bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-"), bytes.count == index + 6,
                      bytes[index + 3] == UInt8(ascii: ":"), let hours = number(bytes, index + 1, 2),
                      let minutes = number(bytes, index + 4, 2), hours <= 14, minutes < 60 {
                offsetMinutes = (hours * 60 + minutes) * (bytes[index] == UInt8(ascii: "-") ? -1 : 1)
            } else {
                return nil
            }
        }
        let local = daysFromCivil(year: year, month: month, day: day) * 1440 + hour * 60 + minute
        let utc = local - offsetMinutes
        let days = utc >= 0 ? utc / 1440 : (utc - 1439) / 1440
        let minutesOfDay = utc - days * 1440
        let (y, m, d) = civil(fromDays: days)
        guard (0...9999).contains(y) else { return nil }
        // Written by its bytes: interpolating six numbers cost six times the parse.
        var out = [UInt8](repeating: UInt8(ascii: "0"), count: 20)
        func put(_ value: Int, at end: Int, digits: Int) {
            var value = value
            for position in stride(from: end, to: end - digits, by: -1) {
                out[position] = UInt8(ascii: "0") + UInt8(value % 10)
                value /= 10
            }
        }
        put(y, at: 3, digits: 4)
        put(m, at: 6, digits: 2)
        put(d, at: 9, digits: 2)
        put(minutesOfDay / 60, at: 12, digits: 2)
        put(minutesOfDay % 60, at: 15, digits: 2)
        put(second, at: 18, digits: 2)
        out[4] = UInt8(ascii: "-"); out[7] = UInt8(ascii: "-"); out[10] = UInt8(ascii: "T")
        out[13] = UInt8(ascii: ":"); out[16] = UInt8(ascii: ":")
        out.removeLast()
        if !fraction.isEmpty {
            out.append(UInt8(ascii: "."))
            out += fraction
        }
        out.append(UInt8(ascii: "Z"))
        return String(decoding: out, as: UTF8.self)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    /// The decimal number of `count` digits at `start`, or nil when one is not a digit.
    private static func number(_ bytes: [UInt8], _ start: Int, _ count: Int) -> Int? {
        var value = 0
        for byte in bytes[start..<start + count] {
            guard isDigit(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    private static func daysIn(_ month: Int, of year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 1970-01-01 of a date of the proleptic Gregorian calendar (the
    /// well-known civil-date algorithm, in eras of 400 years).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date `days` after 1970-01-01.
    static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
