/// The lab's JSON form: an array of ``GeoCache/dictionary`` objects.
///
/// Export writes the four keys in form order (`title`, `details`, `creator`, `reward`),
/// two-space indented, UTF-8, escaping only what JSON requires. Import reads that
/// array back with its own streaming parser (``JSONArrayParser``), so every problem
/// has an exact line, column and byte and every bad element its index.
public enum JSONInterchange {
    /// The whole export document for `caches`, in the given order, ending in a newline.
    public static func document(for caches: some Sequence<GeoCache>) -> String {
        var text = ""
        write(caches) { text += $0 }
        return text
    }

    /// Writes the export document piece by piece (one element per piece) to `output`.
    public static func write(_ caches: some Sequence<GeoCache>, to output: (String) throws -> Void) rethrows {
        var isFirst = true
        for cache in caches {
            try output(element(for: cache, isFirst: isFirst))
            isFirst = false
        }
        try output(closing(isEmpty: isFirst))
    }

    /// One element of the array, with the opening bracket (first) or a comma before it.
    public static func element(for cache: GeoCache, isFirst: Bool) -> String {
        var object = isFirst ? "[\n  {\n" : ",\n  {\n"
        let dictionary = cache.dictionary
        for (number, field) in GeoCache.Field.allCases.enumerated() {
            object += "    " + quoted(field.key) + ": " + quoted(dictionary[field.key] ?? "")
            object += number == GeoCache.Field.allCases.count - 1 ? "\n  }" : ",\n"
        }
        return object
    }

    /// The end of the document: `[]` when no element was written, else the closing bracket.
    public static func closing(isEmpty: Bool) -> String {
        isEmpty ? "[]\n" : "\n]\n"
    }

    /// `text` as a JSON string literal: quotes, backslashes and control characters escaped.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{08}": result += "\\b"
            case "\u{0C}": result += "\\f"
            case "\u{00}"..."\u{1F}":
                result += "\\u00" + UTF8Tracker.hex(UInt8(scalar.value))
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
