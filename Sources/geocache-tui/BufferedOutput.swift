import Foundation

/// Collects standard output in large chunks instead of one write per line.
struct BufferedOutput {
    private var buffer = Data()

    /// Appends `text`, writing out when enough has piled up.
    mutating func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 16 { flush() }
    }

    /// Writes everything collected so far.
    mutating func flush() {
        guard !buffer.isEmpty else { return }
        FileHandle.standardOutput.write(buffer)
        buffer.removeAll(keepingCapacity: true)
    }
}
