import Foundation

/// Splits the bytes gpsd sends into lines (one JSON report each), dropping a line that
/// grows past a limit so a stream without newlines cannot take unbounded memory.
struct GPSDLineBuffer {
    /// The longest line kept, in bytes: far beyond any report gpsd writes (its own
    /// reports are bounded by its output buffer), small enough that a peer sending
    /// bytes without a newline costs no more than this.
    static let defaultLimit = 65_536

    /// The longest line kept, in bytes, without its newline.
    let limit: Int
    /// The bytes of the line not finished yet.
    private var pending: [UInt8] = []
    /// Whether the current line went past ``limit`` and is skipped up to its newline.
    private var discarding = false
    /// How many lines were dropped for their length since the buffer was made.
    private(set) var droppedLines = 0

    /// An empty buffer keeping lines of at most `limit` bytes.
    init(limit: Int = defaultLimit) {
        self.limit = limit
    }

    /// Adds `bytes` and returns every line they complete, without the newline and
    /// without a carriage return before it.
    mutating func append(_ bytes: UnsafeRawBufferPointer) -> [Data] {
        var lines: [Data] = []
        var start = bytes.startIndex
        while start < bytes.endIndex {
            let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n"))
            let end = newline ?? bytes.endIndex
            if discarding {
                if newline != nil { discarding = false }
            } else if pending.count + (end - start) > limit {
                pending = []
                droppedLines += 1
                discarding = newline == nil
            } else {
                pending.append(contentsOf: bytes[start..<end])
                if newline != nil {
                    if pending.last == UInt8(ascii: "\r") { pending.removeLast() }
                    if !pending.isEmpty { lines.append(Data(pending)) }
                    pending.removeAll(keepingCapacity: true)
                }
            }
            start = newline.map { $0 + 1 } ?? bytes.endIndex
        }
        return lines
    }

    /// Forgets any unfinished line (for a new connection).
    mutating func reset() {
        pending = []
        discarding = false
    }
}
