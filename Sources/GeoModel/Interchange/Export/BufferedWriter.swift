import CSystem

#if canImport(Glibc)
import Glibc
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
import Darwin
private let systemWrite = Darwin.write
#endif

/// Bytes collected into large chunks and written to a file descriptor: the one
/// buffered writer behind `list` and `export`.
///
/// The output formats write straight into its buffer (``append(_:)``,
/// ``appendEscaped(_:_:)``, ``append(raw:)``): no String is built per field or per
/// cache. The caller calls ``flushIfFull()`` between records.
///
/// The buffer is memory of its own, filled with `memcpy`: appending to an `[UInt8]`
/// went through the generic sequence copy and a uniqueness check per piece, and was
/// the largest cost of `list --json` (callgrind, docs/performance.md). The writer
/// cannot be copied, so no append asks whether its memory is shared.
public struct BufferedWriter: ~Copyable {
    /// A write the system refused; `reason` is its text (`strerror`).
    public struct Failure: Error, Sendable {
        public let reason: String
    }

    /// The size of the writes: bytes are collected up to this many first.
    public static let chunkSize = 64 * 1024

    private let descriptor: Int32
    /// The buffer, the writer's own (it cannot be copied), freed with it.
    private var base: UnsafeMutablePointer<UInt8>
    /// The bytes collected and not yet written.
    private(set) var count = 0
    private var capacity: Int

    /// A writer to `descriptor`, which it neither owns nor closes.
    public init(descriptor: Int32) {
        self.descriptor = descriptor
        capacity = Self.chunkSize + 4096
        base = .allocate(capacity: capacity)
    }

    /// A writer that only collects, for the formats' String forms: never flushed.
    init() {
        descriptor = -1
        capacity = 256
        base = .allocate(capacity: capacity)
    }

    deinit { base.deallocate() }

    /// What an in-memory writer collected, as text.
    var text: String { String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self) }

    /// Makes room for `more` bytes after the ones collected.
    @inline(__always)
    private mutating func reserve(_ more: Int) {
        if count + more > capacity { grow(to: count + more) }
    }

    private mutating func grow(to needed: Int) {
        let newCapacity = max(needed, capacity * 2)
        let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        bigger.update(from: base, count: count)
        base.deallocate()
        base = bigger
        capacity = newCapacity
    }

    /// Appends `bytes` (no flush). Up to 32 bytes are copied as words that may overlap,
    /// in place: most pieces of a line or a JSON member are that short, and a call of
    /// `memcpy` cost more than the copy (callgrind).
    @inline(__always)
    mutating func append(raw bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        let length = bytes.count
        reserve(length)
        let target = UnsafeMutableRawPointer(base + count)
        if length > 16, length <= 32 {
            // Two 16-byte halves that may overlap: a member's opening (`,\n    "key" : "`).
            func copyWord(at offset: Int) {
                target.storeBytes(of: source.loadUnaligned(fromByteOffset: offset, as: UInt64.self),
                                  toByteOffset: offset, as: UInt64.self)
            }
            copyWord(at: 0)
            copyWord(at: 8)
            copyWord(at: length - 16)
            copyWord(at: length - 8)
        } else if length >= 8, length <= 16 {
            target.storeBytes(of: source.loadUnaligned(as: UInt64.self), as: UInt64.self)
            target.storeBytes(of: source.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self),
                              toByteOffset: length - 8, as: UInt64.self)
        } else if length >= 4, length < 8 {
            target.storeBytes(of: source.loadUnaligned(as: UInt32.self), as: UInt32.self)
            target.storeBytes(of: source.loadUnaligned(fromByteOffset: length - 4, as: UInt32.self),
                              toByteOffset: length - 4, as: UInt32.self)
        } else if length < 4 {
            for offset in 0..<length {
                target.storeBytes(of: source.load(fromByteOffset: offset, as: UInt8.self), toByteOffset: offset, as: UInt8.self)
            }
        } else {
            target.copyMemory(from: source, byteCount: length)
        }
        count += length
    }

    /// Appends one byte (no flush).
    @inline(__always)
    mutating func append(byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    /// Appends `text`, writing out whenever ``chunkSize`` bytes have piled up.
    public mutating func write(_ text: String) throws(Failure) {
        append(text: text)
        try flushIfFull()
    }

    /// Appends `text` (no flush).
    public mutating func append(text: String) {
        var text = text
        text.withUTF8 { append(raw: UnsafeRawBufferPointer($0)) }
    }

    /// Appends `text` (no flush).
    public mutating func append(_ text: StaticString) {
        append(raw: UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends the decimal digits of `number` (no flush), written in place.
    public mutating func append(decimal number: some BinaryInteger) {
        if number < 0 { append(byte: UInt8(ascii: "-")) }
        let value = UInt64(number.magnitude)
        var digits = 1
        var rest = value / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        reserve(digits)
        var remaining = value
        for index in stride(from: count + digits - 1, through: count, by: -1) {
            base[index] = UInt8(ascii: "0") + UInt8(remaining % 10)
            remaining /= 10
        }
        count += digits
    }

    /// Appends `bytes` (no flush).
    mutating func append(bytes: [UInt8]) {
        bytes.withUnsafeBytes { append(raw: $0) }
    }

    /// Appends `text` escaped by `escaping` (no flush).
    mutating func appendEscaped(_ text: String, _ escaping: TextEscaping) {
        var text = text
        text.withUTF8 { appendEscaped(utf8: $0, escaping) }
    }

    /// Appends the UTF-8 `bytes` escaped by `escaping` (no flush).
    mutating func appendEscaped(utf8 bytes: UnsafeBufferPointer<UInt8>, _ escaping: TextEscaping) {
        escaping.forEachPiece(of: bytes) { append(raw: $0) }
    }

    /// Appends a store's bytes of a text escaped by `escaping` (no flush): as they are
    /// when they are UTF-8, else what a String of them holds (U+FFFD for what is not).
    ///
    /// One pass checks and escapes, writing into the buffer in place: each run of plain
    /// ASCII is found and copied sixteen bytes a step (`sys_copy_plain_ascii`), a
    /// multi-byte character is checked (``CacheFieldBytes/utf8Sequence(in:at:)``) and
    /// copied, and only a flagged byte is looked up. The check was a pass of its own
    /// before the escaping, whose runs went to ``append(raw:)`` one call each
    /// (`list --json`, callgrind: docs/performance.md).
    mutating func appendEscaped(stored bytes: UnsafeBufferPointer<UInt8>, _ escaping: TextEscaping) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        guard let others = escaping.plainOthers else {
            if CacheFieldBytes.isValidUTF8(bytes) {
                appendEscaped(utf8: bytes, escaping)
            } else {
                appendEscaped(String(decoding: bytes, as: UTF8.self), escaping)
            }
            return
        }
        // The invariant: room for the bytes not yet read, and 16 more.
        reserve(bytes.count + 16)
        // Most texts are plain all through: one call, and the rest out of line.
        let run = sys_copy_plain_ascii(base + count, source, bytes.count, others.set)
        if run == bytes.count {
            count += run
        } else {
            appendEscaped(stored: bytes, from: run, escaping, others: others)
        }
    }

    /// ``appendEscaped(stored:_:)`` once the first `plain` bytes are copied (``count``
    /// not yet past them) and there is room for the rest and 16 bytes more.
    @inline(never)
    private mutating func appendEscaped(stored bytes: UnsafeBufferPointer<UInt8>, from plain: Int,
                                        _ escaping: TextEscaping, others: TextEscaping.PlainOthers) {
        guard let source = bytes.baseAddress else { return }
        let length = bytes.count
        let start = count
        var written = count + plain
        var index = plain
        /// Writes `replacement` for the input's bytes from `index`, keeping the invariant.
        func put(_ replacement: UnsafeRawBufferPointer) {
            count = written
            reserve(replacement.count + length - index + 16)
            UnsafeMutableRawPointer(base + count).copyMemory(from: replacement.baseAddress!, byteCount: replacement.count)
            written = count + replacement.count
        }
        while index < length {
            let lead = source[index]
            if lead < 0x80 {
                if escaping.isFlagged(lead), let replacement = escaping.asciiReplacements[Int(lead)] {
                    replacement.withUnsafeBytes { put($0) }
                } else {
                    base[written] = lead
                    written += 1
                }
                index += 1
            } else {
                guard let (sequence, scalar) = CacheFieldBytes.utf8Sequence(in: bytes, at: index) else {
                    count = start
                    appendEscaped(String(decoding: bytes, as: UTF8.self), escaping)
                    return
                }
                if escaping.isFlagged(lead), var replacement = escaping.replacement(scalar) {
                    replacement.withUTF8 { put(UnsafeRawBufferPointer($0)) }
                } else {
                    for offset in 0..<sequence { base[written + offset] = source[index + offset] }
                    written += sequence
                }
                index += sequence
            }
            let run = sys_copy_plain_ascii(base + written, source + index, length - index, others.set)
            written += run
            index += run
        }
        count = written
    }

    /// Writes out the buffer when at least ``chunkSize`` bytes have piled up.
    public mutating func flushIfFull() throws(Failure) {
        if count >= Self.chunkSize { try flush() }
    }

    /// Writes everything collected so far, retrying after interruptions and short writes.
    public mutating func flush() throws(Failure) {
        var written = 0
        while written < count {
            let sent = systemWrite(descriptor, base + written, count - written)
            if sent < 0 {
                if errno == EINTR { continue }
                throw Failure(reason: SystemReason.of(errno))
            }
            written += sent
        }
        count = 0
    }
}
