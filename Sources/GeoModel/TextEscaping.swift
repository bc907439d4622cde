import CSystem

/// The one escaping loop behind every text output format: the tab-separated line,
/// JSON string literals and XML character data.
///
/// A format says which UTF-8 bytes may start a scalar it rewrites (`mayNeedEscaping`)
/// and what each such scalar becomes (`replacement`). The loop works on the text's
/// UTF-8 bytes: it scans with one table look-up per byte and copies every run of bytes
/// that need nothing straight into the output, so ASCII and ordinary multi-byte text
/// cost one scan and one copy; only a flagged byte takes the slow path (decode the
/// scalar, ask for its replacement). Where the flagged bytes are the controls below
/// 0x20 and at most five others, as in every format here, eight bytes at a time are
/// screened first (``WordScreen``), so a run of plain text costs a few instructions
/// per eight bytes rather than per byte.
struct TextEscaping: Sendable {
    /// What a flagged scalar is written as, or nil to keep it as it is.
    let replacement: @Sendable (Unicode.Scalar) -> String?
    /// The eight-byte screen, or nil when the flagged bytes do not fit one.
    let screen: WordScreen?
    /// The bytes that may start a scalar needing escaping, as a set of 256 bits in four
    /// words (``isFlagged(_:)``): asked per byte without an array.
    private let flaggedBits: InlineArray<4, UInt64>
    /// The flagged ASCII bytes from 0x20 up, as `sys_copy_plain_ascii` reads them
    /// (`CSystem/text_scan.h`); nil when there are more than five.
    let plainOthers: PlainOthers?
    /// What each flagged ASCII byte is written as (nil to keep it), by its value:
    /// looked up once per such byte instead of decoding it and asking ``replacement``.
    let asciiReplacements: [[UInt8]?]

    /// - Parameters:
    ///   - mayNeedEscaping: true for the bytes that can start a scalar `replacement`
    ///     rewrites (for a control character U+0080 to U+009F, the lead byte 0xC2).
    ///   - replacement: the text that stands for a scalar, or nil to keep the scalar.
    init(mayNeedEscaping: (UInt8) -> Bool, replacement: @escaping @Sendable (Unicode.Scalar) -> String?) {
        self.replacement = replacement
        screen = WordScreen(others: (0x20...0xFF).map(UInt8.init).filter(mayNeedEscaping))
        var bits = InlineArray<4, UInt64>(repeating: 0)
        for byte in 0...255 where mayNeedEscaping(UInt8(byte)) { bits[byte >> 6] |= 1 << UInt64(byte & 63) }
        flaggedBits = bits
        let others = (0x20..<0x80).map(UInt8.init).filter(mayNeedEscaping)
        plainOthers = others.count > 5 ? nil : PlainOthers(others)
        asciiReplacements = (0..<128).map { byte in
            mayNeedEscaping(UInt8(byte)) ? replacement(Unicode.Scalar(UInt8(byte))).map { Array($0.utf8) } : nil
        }
    }

    /// Whether a scalar starting with `byte` may need escaping.
    @inline(__always)
    func isFlagged(_ byte: UInt8) -> Bool {
        flaggedBits[Int(byte >> 6) & 3] & (1 << UInt64(byte & 63)) != 0
    }

    /// `text` with every scalar that has a replacement replaced.
    func callAsFunction(_ text: String) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count + 16)
        write(text, into: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// Appends `text`, escaped, to `output`.
    func write(_ text: String, into output: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes in forEachPiece(of: bytes) { output.append(contentsOf: $0) } }
    }

    /// Calls `body` with the escaped form of the UTF-8 `bytes`, piece by piece, in
    /// order: runs of bytes that need nothing, and replacements.
    @inline(__always)
    func forEachPiece(of bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeRawBufferPointer) -> Void) {
        let count = bytes.count
        var runStart = 0
        var index = 0
        while index < count {
            if let screen, let base = bytes.baseAddress {
                while index + 8 <= count,
                      !screen.mayFlag(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)) {
                    index += 8
                }
            }
            // Byte by byte to the end of the word the screen stopped at.
            let stop = screen == nil ? count : min(index + 8, count)
            while index < stop, !isFlagged(bytes[index]) { index += 1 }
            guard index < stop else { continue }
            body(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes)[runStart..<index]))
            let end = min(index + Self.scalarLength(leadByte: bytes[index]), count)
            var decoder = UTF8()
            var iterator = bytes[index..<end].makeIterator()
            if case .scalarValue(let scalar) = decoder.decode(&iterator), var text = replacement(scalar) {
                text.withUTF8 { body(UnsafeRawBufferPointer($0)) }
            } else {
                body(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes)[index..<end]))
            }
            index = end
            runStart = end
        }
        body(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes)[runStart..<count]))
    }

    /// A format's flagged ASCII from 0x20 up, each byte repeated sixteen times
    /// (`sys_plain_set`), in memory made once and kept for the program's life: every
    /// escaping is a format's static, and a pointer is passed per call without a copy.
    struct PlainOthers: @unchecked Sendable {
        let set: UnsafePointer<sys_plain_set>

        init(_ others: [UInt8]) {
            let set = UnsafeMutablePointer<sys_plain_set>.allocate(capacity: 1)
            sys_plain_set_init(set, others, others.count)
            self.set = UnsafePointer(set)
        }
    }

    /// Tells whether eight bytes may hold one that needs escaping: one below 0x20 or
    /// one of at most five others; never no when one does (the word tests of Bit
    /// Twiddling Hacks, "determine if a word has a byte less than n" and "equal to n").
    struct WordScreen: Sendable {
        private static let ones: UInt64 = 0x0101_0101_0101_0101
        private static let highs: UInt64 = 0x8080_8080_8080_8080
        /// Each other byte repeated eight times, the first ``count`` of them.
        private var others = InlineArray<5, UInt64>(repeating: 0)
        private let count: Int

        /// A screen for the controls and `others`, or nil when there are more than five.
        init?(others: [UInt8]) {
            guard others.count <= 5 else { return nil }
            count = others.count
            for (index, other) in others.enumerated() { self.others[index] = Self.ones &* UInt64(other) }
        }

        @inline(__always)
        func mayFlag(_ word: UInt64) -> Bool {
            var found = (word &- Self.ones &* 0x20) & ~word & Self.highs
            for index in 0..<count {
                let same = word ^ others[index]
                found |= (same &- Self.ones) & ~same & Self.highs
            }
            return found != 0
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
