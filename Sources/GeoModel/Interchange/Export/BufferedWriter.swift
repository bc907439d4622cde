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
/// ``appendEscaped(_:_:)``): no String is built per field or per cache. The caller
/// calls ``flushIfFull()`` between records.
public struct BufferedWriter {
    /// A write the system refused; `reason` is its text (`strerror`).
    public struct Failure: Error, Sendable {
        public let reason: String
    }

    /// The size of the writes: bytes are collected up to this many first.
    public static let chunkSize = 64 * 1024

    private let descriptor: Int32
    /// What is collected and not yet written.
    private(set) var buffer: [UInt8] = []

    /// A writer to `descriptor`, which it neither owns nor closes.
    public init(descriptor: Int32) {
        self.descriptor = descriptor
        buffer.reserveCapacity(Self.chunkSize + 4096)
    }

    /// A writer that only collects, for the formats' String forms: never flushed.
    init() {
        descriptor = -1
    }

    /// What an in-memory writer collected, as text.
    var text: String { String(decoding: buffer, as: UTF8.self) }

    /// Appends `text`, writing out whenever ``chunkSize`` bytes have piled up.
    public mutating func write(_ text: String) throws(Failure) {
        buffer.append(contentsOf: text.utf8)
        try flushIfFull()
    }

    /// Appends `text` (no flush).
    public mutating func append(text: String) {
        buffer.append(contentsOf: text.utf8)
    }

    /// Appends `text` (no flush).
    public mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { buffer.append(contentsOf: $0) }
    }

    /// Appends the decimal digits of `number` (no flush), written in place.
    public mutating func append(decimal number: some BinaryInteger) {
        if number < 0 { buffer.append(UInt8(ascii: "-")) }
        let value = UInt64(number.magnitude)
        var count = 1
        var rest = value / 10
        while rest > 0 {
            count += 1
            rest /= 10
        }
        let start = buffer.count
        buffer.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: count))
        buffer.withUnsafeMutableBufferPointer { bytes in
            var remaining = value
            for index in stride(from: start + count - 1, through: start, by: -1) {
                bytes[index] = UInt8(ascii: "0") + UInt8(remaining % 10)
                remaining /= 10
            }
        }
    }

    /// Appends a copy of `count` bytes already written, from `offset` (no flush).
    mutating func appendCopy(from offset: Int, count: Int) {
        // Byte by byte: appending a slice of the buffer to itself would copy the buffer.
        for index in offset..<offset + count { buffer.append(buffer[index]) }
    }

    /// The number of bytes collected and not yet written.
    var count: Int { buffer.count }

    /// Appends `bytes` (no flush).
    mutating func append(bytes: some Sequence<UInt8>) {
        buffer.append(contentsOf: bytes)
    }

    /// Appends `text` escaped by `escaping` (no flush).
    mutating func appendEscaped(_ text: String, _ escaping: TextEscaping) {
        escaping.write(text, into: &buffer)
    }

    /// Writes out the buffer when at least ``chunkSize`` bytes have piled up.
    public mutating func flushIfFull() throws(Failure) {
        if buffer.count >= Self.chunkSize { try flush() }
    }

    /// Writes everything collected so far, retrying after interruptions and short writes.
    public mutating func flush() throws(Failure) {
        var written = 0
        let total = buffer.count
        while written < total {
            let count = buffer.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress! + written, total - written) }
            if count < 0 {
                if errno == EINTR { continue }
                throw Failure(reason: String(cString: strerror(errno)))
            }
            written += count
        }
        buffer.removeAll(keepingCapacity: true)
    }
}
