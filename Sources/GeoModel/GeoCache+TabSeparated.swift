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
        var output = BufferedWriter()
        writeTabSeparatedLine(to: &output)
        return output.text
    }

    /// Appends ``tabSeparatedLine`` (without a line end) to `output`, escaping
    /// straight into its buffer.
    public func writeTabSeparatedLine(to output: inout BufferedWriter) {
        output.appendEscaped(title, Self.escapedForLine)
        output.append("\t")
        output.appendEscaped(details, Self.escapedForLine)
        output.append("\t")
        output.appendEscaped(creator, Self.escapedForLine)
        output.append("\t")
        output.appendEscaped(reward, Self.escapedForLine)
    }

    /// Appends the line of a cache lent as its fields' bytes: the same bytes as
    /// ``writeTabSeparatedLine(to:)`` writes for the cache read as Strings.
    public static func writeTabSeparatedLine(of fields: CacheFieldBytes, to output: inout BufferedWriter) {
        func field(_ bytes: UnsafeBufferPointer<UInt8>) { output.appendEscaped(stored: bytes, escapedForLine) }
        field(fields.title)
        output.append("\t")
        field(fields.details)
        output.append("\t")
        field(fields.creator)
        output.append("\t")
        field(fields.reward)
    }

    /// `text` escaped as a field of ``tabSeparatedLine`` is (``escapedForLine``): a text
    /// other lines print beside the fields (the person's note in `own`) reads the same way.
    public static func lineEscaped(_ text: String) -> String {
        var output = BufferedWriter()
        output.appendEscaped(text, escapedForLine)
        return output.text
    }

    /// `text` with `\`, tab, newline and carriage return written as `\\`, `\t`, `\n`,
    /// `\r`, and any other control character as `\u{XX}`.
    static let escapedForLine = TextEscaping(
        // Controls are below 0x20, DEL, and U+0080 to U+009F (lead byte 0xC2).
        mayNeedEscaping: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 || $0 == UInt8(ascii: "\\") },
        replacement: { scalar in
            switch scalar {
            case "\\": "\\\\"
            case "\t": "\\t"
            case "\n": "\\n"
            case "\r": "\\r"
            case _ where scalar.properties.generalCategory == .control:
                "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: nil
            }
        })
}
