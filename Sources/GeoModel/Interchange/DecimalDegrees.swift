/// Exact reading of the decimal numbers interchange files give angles and ratings in
/// (`47.368717`, `-8.5`, `4.7368717e1`), straight from their bytes.
///
/// The digits are read as a decimal, not through a `Double`, so an angle written with up
/// to 6 decimals becomes exactly those microdegrees; more decimals are rounded to the
/// nearest microdegree, a half away from zero.
enum DecimalDegrees {
    /// The number in `bytes` in millionths, or nil when it is not a plain decimal number
    /// (an optional sign, digits with at most one `.`, an optional exponent) or is larger
    /// than a trillion (10¹²). Surrounding spaces, tabs and line breaks are allowed.
    static func millionths(_ bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
        var index = bytes.startIndex
        var end = bytes.endIndex
        while index < end, bytes[index].isASCIIWhitespaceByte { index += 1 }
        while end > index, bytes[end - 1].isASCIIWhitespaceByte { end -= 1 }
        guard index < end else { return nil }
        var isNegative = false
        if bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
            isNegative = bytes[index] == UInt8(ascii: "-")
            index += 1
        }
        // The significant digits (up to 18), and where the decimal point falls in them.
        var mantissa: Int64 = 0
        var digitCount = 0
        var dropped = 0
        var pointAt: Int?
        var sawDigit = false
        var roundUp = false
        while index < end {
            let byte = bytes[index]
            if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                sawDigit = true
                if digitCount < 18 {
                    if mantissa != 0 || byte != UInt8(ascii: "0") || pointAt != nil {
                        mantissa = mantissa * 10 + Int64(byte - UInt8(ascii: "0"))
                        digitCount += 1
                    }
                } else {
                    // Beyond 18 digits only the first dropped one matters for rounding.
                    if dropped == 0 { roundUp = byte >= UInt8(ascii: "5") }
                    dropped += 1
                }
            } else if byte == UInt8(ascii: "."), pointAt == nil {
                pointAt = digitCount + dropped
            } else {
                break
            }
            index += 1
        }
        guard sawDigit else { return nil }
        var exponent = 0
        if index < end, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            var exponentIsNegative = false
            if index < end, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
                exponentIsNegative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            var sawExponentDigit = false
            while index < end, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                exponent = min(exponent * 10 + Int(bytes[index] - UInt8(ascii: "0")), 1000)
                sawExponentDigit = true
                index += 1
            }
            guard sawExponentDigit else { return nil }
            if exponentIsNegative { exponent = -exponent }
        }
        guard index == end else { return nil }
        // value = mantissa × 10^(dropped + exponent − fraction digits kept); in millionths
        // the power is 6 more.
        let fractionDigits = pointAt.map { digitCount + dropped - $0 } ?? 0
        var power = dropped + exponent - fractionDigits + 6
        if roundUp, power <= 0 { mantissa += 1 }
        var value = mantissa
        if power > 0 {
            while power > 0 {
                guard value <= 1_000_000_000_000_000 / 10 else { return nil }
                value *= 10
                power -= 1
            }
        } else if power < 0 {
            // Keep one digit more than needed, then round it half away from zero.
            while power < -1 {
                value /= 10
                power += 1
            }
            if power == -1 { value = (value + 5) / 10 }
        }
        guard value <= 1_000_000_000_000_000 else { return nil }
        return isNegative ? -value : value
    }

    /// The number in `text` in millionths, read as from its UTF-8 bytes.
    static func millionths(_ text: String) -> Int64? {
        var text = text
        return text.withUTF8 { millionths($0) }
    }

    /// The angle in `bytes` in microdegrees when it is within `limit` (90 or 180
    /// degrees' worth), else nil.
    static func microdegrees(_ bytes: UnsafeBufferPointer<UInt8>, limit: Int32) -> Int32? {
        guard let value = millionths(bytes), abs(value) <= Int64(limit) else { return nil }
        return Int32(value)
    }
}

extension UInt8 {
    /// A space, tab, line feed or carriage return.
    var isASCIIWhitespaceByte: Bool {
        self == 0x20 || self == 0x09 || self == 0x0A || self == 0x0D
    }

    /// A capital letter A to Z.
    var isASCIIUppercaseLetter: Bool {
        self >= UInt8(ascii: "A") && self <= UInt8(ascii: "Z")
    }
}
