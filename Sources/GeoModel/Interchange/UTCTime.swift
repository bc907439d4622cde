/// One spelling for one instant: a GPX time (`xsd:dateTime`) in UTC, so that two files
/// that write the same instant differently (`2002-08-15T00:00:00.0000000-07:00` and
/// `2002-08-15T07:00:00Z`) give the same date, and an import of either over the other
/// counts as unchanged.
///
/// The canonical form is `YYYY-MM-DDTHH:MM:SS`, the fraction of a second without its
/// trailing zeros (none when it is zero), and `Z`. A time without a zone is UTC, as GPX
/// says; a date alone is its midnight in UTC. A leap second (`23:59:60`) and `24:00:00`
/// (the end of a day, as `xsd:dateTime` allows it) are the next day's first second, as
/// POSIX time counts them: the canonical form never holds either. Text that is not such
/// a time (a malformed one, a word) is kept as it is.
enum UTCTime {
    /// `text` in the canonical form, or `text` itself when it is not a date and time.
    static func canonical(_ text: String) -> String {
        instant(text) ?? text
    }

    /// `text` as GPX's `<time>` (an `xsd:dateTime`) takes it: in the canonical form; nil
    /// when it is not a date and time, or falls in the year 0000, which XML Schema 1.0's
    /// dates do not have (a file may give it, and it is kept).
    static func gpxTime(_ text: String) -> String? {
        guard let time = instant(text), !time.hasPrefix("0000-") else { return nil }
        return time
    }

    /// `text` in the canonical form, or nil when it is not a date and time. A date
    /// alone (`2004-08-07`, as a JSON file may give a placed date) is its midnight in
    /// UTC: GPX's times are `xsd:dateTime`, which a date alone is not.
    static func instant(_ text: String) -> String? {
        if text.utf8.count == 10 { return instant(text + "T00:00:00Z") }
        var bytes = text
        // Read and written by the bytes (no array, no interpolation): an import reads a
        // time per log, and a merge compares them again and again.
        var isCanonical = false
        let spelled = bytes.withUTF8 { bytes -> String? in
            guard let parts = Parts(bytes) else { return nil }
            isCanonical = parts.isCanonical
            return isCanonical ? nil : parts.utcSpelling(bytes)
        }
        return isCanonical ? text : spelled
    }

    /// A date and time as written: its fields, its zone's offset and its fraction.
    private struct Parts {
        var year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0, offsetMinutes = 0
        /// Where the fraction's digits are, without their trailing zeros (empty when none).
        var fraction = 0..<0
        /// In UTC and spelled canonically already: the text itself is the answer.
        var isCanonical = false

        init?(_ bytes: UnsafeBufferPointer<UInt8>) {
            guard bytes.count >= 19, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
                  bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
                  let year = Self.number(bytes, 0, 4), let month = Self.number(bytes, 5, 2),
                  let day = Self.number(bytes, 8, 2), let hour = Self.number(bytes, 11, 2),
                  let minute = Self.number(bytes, 14, 2), let second = Self.number(bytes, 17, 2),
                  (1...12).contains(month), (1...UTCTime.daysIn(month, of: year)).contains(day),
                  // A 60th second only where a leap second falls: the last minute of a day;
                  // hour 24 only as the end of the day, 24:00:00 (with no fraction, below).
                  hour < 24 || (hour == 24 && minute == 0 && second == 0), minute < 60,
                  second < 60 || (second == 60 && hour == 23 && minute == 59)
            else { return nil }
            (self.year, self.month, self.day, self.hour, self.minute, self.second) = (year, month, day, hour, minute, second)
            var index = 19
            var trailingZeros = false
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                let start = index
                while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 { index += 1 }
                var end = index
                guard end > start else { return nil }
                while end > start, bytes[end - 1] == UInt8(ascii: "0") { end -= 1; trailingZeros = true }
                fraction = start..<end
                guard hour < 24 || fraction.isEmpty else { return nil }
            }
            if index == bytes.count - 1, bytes[index] == UInt8(ascii: "Z") {
                isCanonical = !trailingZeros && hour < 24 && second < 60
            } else if index < bytes.count {
                guard bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-"), bytes.count == index + 6,
                      bytes[index + 3] == UInt8(ascii: ":"), let hours = Self.number(bytes, index + 1, 2),
                      let minutes = Self.number(bytes, index + 4, 2), hours <= 14, minutes < 60 else { return nil }
                offsetMinutes = (hours * 60 + minutes) * (bytes[index] == UInt8(ascii: "-") ? -1 : 1)
            }
        }

        /// The canonical spelling (in UTC); nil when that falls outside years 0 to 9999.
        /// A leap second counts as the next minute's first second.
        func utcSpelling(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
            let leap = second == 60 ? 1 : 0
            let utc = UTCTime.daysFromCivil(year: year, month: month, day: day) * 1440 + hour * 60 + minute + leap
                - offsetMinutes
            let days = utc >= 0 ? utc / 1440 : (utc - 1439) / 1440
            let minutesOfDay = utc - days * 1440
            let (y, m, d) = UTCTime.civil(fromDays: days)
            guard (0...9999).contains(y) else { return nil }
            let length = 20 + (fraction.isEmpty ? 0 : fraction.count + 1)
            return String(unsafeUninitializedCapacity: length) { out in
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
                put(second % 60, at: 18, digits: 2)
                out[4] = UInt8(ascii: "-"); out[7] = UInt8(ascii: "-"); out[10] = UInt8(ascii: "T")
                out[13] = UInt8(ascii: ":"); out[16] = UInt8(ascii: ":")
                var index = 19
                if !fraction.isEmpty {
                    out[index] = UInt8(ascii: ".")
                    index += 1
                    for offset in fraction {
                        out[index] = bytes[offset]
                        index += 1
                    }
                }
                out[index] = UInt8(ascii: "Z")
                return index + 1
            }
        }

        /// The decimal number of `count` digits at `start`, or nil when one is not a digit.
        private static func number(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ count: Int) -> Int? {
            var value = 0
            for index in start..<start + count {
                let digit = bytes[index] &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                value = value * 10 + Int(digit)
            }
            return value
        }
    }

    fileprivate static func daysIn(_ month: Int, of year: Int) -> Int {
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
