extension GeoCache {
    /// The cache on one line: its four fields in form order, separated by tabs, with
    /// backslash, tab, newline, carriage return and every other control character
    /// escaped, so the line can be split on tabs and never moves a terminal's cursor.
    ///
    /// ```
    /// Old Oak\tBehind the tree\nnorth side\tana\tTravel bug
    /// ```
    /// (The first and third `\t` above are real tabs; `\n` is the two characters.)
    public var tabSeparatedLine: String {
        Field.allCases.map { Self.escapedForLine(self[$0]) }.joined(separator: "\t")
    }

    /// `text` with `\`, tab, newline and carriage return written as `\\`, `\t`, `\n`,
    /// `\r`, and any other control character as `\u{XX}`.
    static func escapedForLine(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\\\"
            case "\t": escaped += "\\t"
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            default:
                if scalar.properties.generalCategory == .control {
                    escaped += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    escaped.unicodeScalars.append(scalar)
                }
            }
        }
        return escaped
    }
}
