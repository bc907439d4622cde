/// The lab's JSON form: an array of ``GeoCache/dictionary`` objects.
///
/// One writer serves both JSON outputs, in two layouts (``Layout``): `export` writes
/// the four keys in form order (`title`, `details`, `creator`, `reward`) as `"key": value`;
/// `list --json` writes them in alphabetical order as `"key" : value`, the layout of
/// Foundation's pretty-printing `JSONEncoder` it was first written with. Both are
/// two-space indented UTF-8 that escapes only what JSON requires, written straight into a
/// ``BufferedWriter``'s bytes (``writeElement(for:isFirst:layout:to:)``). Import reads the array
/// back with its own streaming parser (``JSONArrayParser``), so every problem has an
/// exact line, column and byte and every bad element its index.
public enum JSONInterchange {
    /// How the objects of the array are laid out.
    public struct Layout: Sendable {
        /// The keys in the order they are written.
        let fields: [GeoCache.Field]
        /// What is written before each field's value: indentation, the quoted key, the
        /// separator and the value's opening quote (`    "title": "`).
        let fieldOpenings: [[UInt8]]
        /// How the control characters without a short escape are written.
        let quoting: TextEscaping

        /// `export`: keys in form order, `"key": value`, `\u001B` in upper case.
        public static let export = Layout(fields: GeoCache.Field.allCases, separator: ": ", hexDigits: "0123456789ABCDEF")
        /// `list --json`: keys in alphabetical order, `"key" : value`, `\u001b` in lower case.
        public static let listing = Layout(fields: GeoCache.Field.allCases.sorted { $0.key < $1.key },
                                           separator: " : ", hexDigits: "0123456789abcdef")

        private init(fields: [GeoCache.Field], separator: String, hexDigits: String) {
            self.fields = fields
            fieldOpenings = fields.map { Array("    \"\($0.key)\"\(separator)\"".utf8) }
            let digits = Array(hexDigits)
            quoting = TextEscaping(
                mayNeedEscaping: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") },
                replacement: { scalar in
                    switch scalar {
                    case "\"": "\\\""
                    case "\\": "\\\\"
                    case "\n": "\\n"
                    case "\r": "\\r"
                    case "\t": "\\t"
                    case "\u{08}": "\\b"
                    case "\u{0C}": "\\f"
                    default: "\\u00" + String([digits[Int(scalar.value >> 4)], digits[Int(scalar.value & 0xF)]])
                    }
                })
        }
    }

    /// The whole document for `caches`, in the given order, ending in a newline.
    public static func document(for caches: some Sequence<GeoCache>, layout: Layout = .export) -> String {
        var text = ""
        write(caches, layout: layout) { text += $0 }
        return text
    }

    /// Writes the document piece by piece (one element per piece) to `output`.
    public static func write(_ caches: some Sequence<GeoCache>, layout: Layout = .export,
                             to output: (String) throws -> Void) rethrows {
        var isFirst = true
        for cache in caches {
            try output(element(for: cache, isFirst: isFirst, layout: layout))
            isFirst = false
        }
        try output(closing(isEmpty: isFirst))
    }

    /// One element of the array, with the opening bracket (first) or a comma before it.
    public static func element(for cache: GeoCache, isFirst: Bool, layout: Layout = .export) -> String {
        var output = BufferedWriter()
        writeElement(for: cache, isFirst: isFirst, layout: layout, to: &output)
        return output.text
    }

    /// Appends ``element(for:isFirst:layout:)`` to `output`, escaping straight into its buffer.
    public static func writeElement(for cache: GeoCache, isFirst: Bool, layout: Layout = .export,
                                    to output: inout BufferedWriter) {
        output.append(isFirst ? "[\n  {\n" : ",\n  {\n")
        let last = layout.fields.count - 1
        for number in 0...last {
            output.append(bytes: layout.fieldOpenings[number])
            output.appendEscaped(cache[layout.fields[number]], layout.quoting)
            output.append(number == last ? "\"\n  }" : "\",\n")
        }
    }

    /// The end of the document: `[]` when no element was written, else the closing bracket.
    public static func closing(isEmpty: Bool) -> String {
        isEmpty ? "[]\n" : "\n]\n"
    }
}
