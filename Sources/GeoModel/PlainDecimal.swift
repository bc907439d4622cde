extension Double {
    /// A number as people and files write one: ASCII digits with at most one decimal
    /// point, perhaps after a `+` or `-` (`5`, `2.5`, `.5`, `-1`); nil for anything else.
    ///
    /// `Double(_:)` also reads what no one means by a distance or a rating: an exponent
    /// (`5e1`), a hexadecimal number (`0x10`, sixteen), `inf` and `nan`.
    static func plainDecimal(_ text: some StringProtocol) -> Double? {
        let unsigned = text.first == "+" || text.first == "-" ? text.dropFirst() : text[...]
        var digits = 0, points = 0
        for byte in unsigned.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digits += 1
            case UInt8(ascii: "."): points += 1
            default: return nil
            }
        }
        guard digits > 0, points <= 1 else { return nil }
        return Double(String(text))
    }
}
