#if canImport(Glibc)
import Glibc
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
import Darwin
private let systemWrite = Darwin.write
#endif

/// Text collected into large chunks and written to a file descriptor: the one buffered
/// writer behind `list` and `export`.
public struct BufferedWriter {
    /// A write the system refused; `reason` is its text (`strerror`).
    public struct Failure: Error, Sendable {
        public let reason: String
    }

    /// The size of the writes: text is collected up to this many bytes first.
    public static let chunkSize = 64 * 1024

    private let descriptor: Int32
    private var buffer: [UInt8] = []

    /// A writer to `descriptor`, which it neither owns nor closes.
    public init(descriptor: Int32) {
        self.descriptor = descriptor
        buffer.reserveCapacity(Self.chunkSize)
    }

    /// Appends `text`, writing out whenever ``chunkSize`` bytes have piled up.
    public mutating func write(_ text: String) throws(Failure) {
        buffer.append(contentsOf: text.utf8)
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
