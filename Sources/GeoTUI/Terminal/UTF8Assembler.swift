/// Puts the bytes of UTF-8 input together into scalars as they arrive one by one, a
/// character split between two reads included.
///
/// ncurses's `wget_wch` cannot be used for this: asked without waiting, it drops the
/// first bytes of a character whose rest has not arrived yet, and then reads on through
/// the continuation bytes that follow. A fast paste of non-ASCII text lost characters
/// that way, and the reads that returned nothing looked like an input that had ended.
struct UTF8Assembler: Equatable {
    private var value: UInt32 = 0
    private var remaining = 0
    private var minimum: UInt32 = 0

    /// Whether a character has begun and not ended.
    var isPending: Bool { remaining > 0 }

    /// Takes one byte. `broken` is U+FFFD for a character this byte shows to be malformed
    /// (the byte then starts afresh); `completed` the character it ends, or U+FFFD when it
    /// is no character (an overlong form, a surrogate, beyond U+10FFFF, a stray byte).
    mutating func take(_ byte: UInt8) -> (broken: Unicode.Scalar?, completed: Unicode.Scalar?) {
        var broken: Unicode.Scalar?
        if remaining > 0 {
            if byte & 0xC0 == 0x80 {
                value = value << 6 | UInt32(byte & 0x3F)
                remaining -= 1
                guard remaining == 0 else { return (nil, nil) }
                let scalar = value >= minimum ? Unicode.Scalar(value) : nil
                return (nil, scalar ?? Self.replacement)
            }
            remaining = 0
            broken = Self.replacement
        }
        switch byte {
        case 0..<0x80: return (broken, Unicode.Scalar(byte))
        case 0xC2...0xDF: start(byte & 0x1F, remaining: 1, minimum: 0x80)
        case 0xE0...0xEF: start(byte & 0x0F, remaining: 2, minimum: 0x800)
        case 0xF0...0xF4: start(byte & 0x07, remaining: 3, minimum: 0x10000)
        default: return (broken, Self.replacement)
        }
        return (broken, nil)
    }

    /// Gives up on a character that has begun: U+FFFD for it, nil when none has.
    mutating func flush() -> Unicode.Scalar? {
        guard remaining > 0 else { return nil }
        remaining = 0
        return Self.replacement
    }

    private mutating func start(_ bits: UInt8, remaining: Int, minimum: UInt32) {
        value = UInt32(bits)
        self.remaining = remaining
        self.minimum = minimum
    }

    private static let replacement: Unicode.Scalar = "\u{FFFD}"
}
