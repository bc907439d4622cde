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
    /// `\r`, and any other control character as `\u{XX}`; so is each bidirectional
    /// control (`\u{202E}`), which would reorder what a terminal shows after it.
    static let escapedForLine = TextEscaping(
        // Controls are below 0x20, DEL, and U+0080 to U+009F (lead byte 0xC2); the
        // bidirectional controls are U+061C (lead byte 0xD8) and U+200E to U+2069 (0xE2).
        mayNeedEscaping: { byte in
            byte < 0x20 || byte == 0x7F || byte == 0xC2 || byte == 0xD8 || byte == 0xE2 || byte == UInt8(ascii: "\\")
        },
        replacement: { scalar in
            switch scalar.value {
            case 0x5C: "\\\\"
            case 0x09: "\\t"
            case 0x0A: "\\n"
            case 0x0D: "\\r"
            case 0x00..<0x20, 0x7F..<0xA0, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
                "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: nil
            }
        })
}
