/// A cache's code: its identity across stores and files (`GC1A2B3`, `OC12AB`, `TC7X`,
/// and `GT…` for a cache added here).
///
/// A cache added with geocache-tui gets a code of its own when it is stored:
/// ``prefix`` and ``generatedLength`` characters of the geocaching alphabet, drawn at
/// random, so it never depends on the cache's text and two stores almost never hand out
/// the same code (31⁷, about 27 billion, codes); the store makes sure it is unique
/// within itself and draws again when it is not. An imported cache keeps the file's code.
public enum CacheCode {
    /// The prefix of the codes given here.
    public static let prefix = "GT"
    /// The characters after the prefix in a code given here.
    public static let generatedLength = 7
    /// The geocaching alphabet: digits and capital letters without I, L, O, S and U,
    /// which read like other characters.
    public static let alphabet = Array("0123456789ABCDEFGHJKMNPQRTVWXYZ")

    /// The number of codes given here: 31⁷.
    static let generatedCount: UInt64 = (0..<generatedLength).reduce(1) { product, _ in product * UInt64(alphabet.count) }

    /// A new code: ``prefix`` and ``generatedLength`` random characters of ``alphabet``,
    /// all from one uniform draw (one call of the system's generator, which is a system
    /// call, rather than one per character).
    public static func generate<Generator: RandomNumberGenerator>(using generator: inout Generator) -> String {
        var value = generator.next(upperBound: generatedCount)
        var characters = [Character](repeating: "0", count: generatedLength)
        for index in characters.indices.reversed() {
            characters[index] = alphabet[Int(value % UInt64(alphabet.count))]
            value /= UInt64(alphabet.count)
        }
        return prefix + String(characters)
    }

    /// A new code from the system's random numbers.
    public static func generate() -> String {
        var generator = SystemRandomNumberGenerator()
        return generate(using: &generator)
    }

    /// The one rule for giving a cache a code of its own: a new code is drawn
    /// (``generate()``) and offered to `take`, which returns true when it took it (stored
    /// the cache under it, or found it free) and false when the code is taken; then
    /// another is drawn. Returns the code taken. With 36⁷ codes, a second draw is rare
    /// and a third rarer still.
    public static func draw(unlessTaken take: (String) throws -> Bool) rethrows -> String {
        while true {
            let code = generate()
            if try take(code) { return code }
        }
    }

    /// The code as stored and compared: trimmed of whitespace and in capitals
    /// (`gc1a2b3` in a file is `GC1A2B3`); nil when nothing is left or when it holds
    /// anything but ASCII letters, digits, `-` and `_`, or is longer than 32.
    public static func normalized(_ text: String) -> String? {
        // One pass over the bytes, without Unicode's whitespace and case tables (an
        // import normalizes every cache's code, nearly always already trimmed and in
        // capitals, which is then returned as it is).
        var code = text
        var form = code.withUTF8(Form.init)
        if form == .refused {
            code = text.trimmingWhitespace()
            form = code.withUTF8(Form.init)
        }
        switch form {
        case .refused: return nil
        case .capitals: return code
        case .small: return String(decoding: code.utf8.map { $0 &- UInt8(ascii: "a") < 26 ? $0 - 0x20 : $0 }, as: UTF8.self)
        }
    }

    /// What the bytes of a would-be code are.
    private enum Form {
        /// Not a code as they stand: empty, too long, or with another byte.
        case refused
        /// A code with small letters.
        case small
        /// A code as it is stored.
        case capitals

        init(_ bytes: UnsafeBufferPointer<UInt8>) {
            guard !bytes.isEmpty, bytes.count <= 32 else { self = .refused; return }
            var hasSmall = false
            for byte in bytes {
                guard byte.isASCIIAlphanumeric || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") else {
                    self = .refused
                    return
                }
                hasSmall = hasSmall || byte &- UInt8(ascii: "a") < 26
            }
            self = hasSmall ? .small : .capitals
        }
    }
}
