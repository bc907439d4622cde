/// The one escaping loop behind every text output format: the tab-separated line,
/// JSON string literals and XML character data.
///
/// A format says which UTF-8 bytes may start a scalar it rewrites (``mayNeedEscaping``)
/// and what each such scalar becomes (``replacement``). Everything else is copied in
/// runs of bytes, so text without anything to escape costs one scan and one copy.
struct TextEscaping: Sendable {
    /// For each byte value, whether a scalar starting with it may need escaping.
    private let flagged: [Bool]
    /// What a flagged scalar is written as, or nil to keep it as it is.
    private let replacement: @Sendable (Unicode.Scalar) -> String?

    /// - Parameters:
    ///   - mayNeedEscaping: true for the bytes that can start a scalar `replacement`
    ///     rewrites (for a control character U+0080 to U+009F, the lead byte 0xC2).
    ///   - replacement: the text that stands for a scalar, or nil to keep the scalar.
    init(mayNeedEscaping: (UInt8) -> Bool, replacement: @escaping @Sendable (Unicode.Scalar) -> String?) {
        flagged = (0...255).map { mayNeedEscaping(UInt8($0)) }
        self.replacement = replacement
    }

    /// `text` with every scalar that has a replacement replaced.
    func callAsFunction(_ text: String) -> String {
        var text = text
        return text.withUTF8 { bytes in
            guard let first = bytes.firstIndex(where: { flagged[Int($0)] }) else { return String(decoding: bytes, as: UTF8.self) }
            var output: [UInt8] = []
            output.reserveCapacity(bytes.count + 16)
            var runStart = 0
            var index = first
            while index < bytes.count {
                guard flagged[Int(bytes[index])] else {
                    index += 1
                    continue
                }
                output.append(contentsOf: bytes[runStart..<index])
                let end = min(index + Self.scalarLength(leadByte: bytes[index]), bytes.count)
                var decoder = UTF8()
                var iterator = bytes[index..<end].makeIterator()
                if case .scalarValue(let scalar) = decoder.decode(&iterator), let text = replacement(scalar) {
                    output.append(contentsOf: text.utf8)
                } else {
                    output.append(contentsOf: bytes[index..<end])
                }
                index = end
                runStart = end
            }
            output.append(contentsOf: bytes[runStart...])
            return String(decoding: output, as: UTF8.self)
        }
    }

    /// The number of bytes of the UTF-8 scalar that starts with `leadByte`.
    private static func scalarLength(leadByte: UInt8) -> Int {
        switch leadByte {
        case 0xF0...: 4
        case 0xE0...: 3
        case 0xC0...: 2
        default: 1
        }
    }
}
