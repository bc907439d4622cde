import Foundation

extension GPXReader {
    /// Feeds the XML parser from a ``ChunkReader``, checking UTF-8 on the way through.
    final class ValidatingStream {
        private let reader: ChunkReader
        private let validateUTF8: Bool
        private var tracker = UTF8Tracker()
        private var pending: [UInt8] = []
        private var pendingOffset = 0
        private var finished = false
        /// Set when reading failed: unreadable input or invalid UTF-8.
        private(set) var failure: ImportError?

        init(reader: ChunkReader, validateUTF8: Bool) {
            self.reader = reader
            self.validateUTF8 = validateUTF8
        }

        /// Copies up to `length` bytes into `buffer`: how many, 0 at the end, -1 when
        /// reading failed or the bytes are not UTF-8 (``failure`` says which).
        func read(_ buffer: UnsafeMutablePointer<UInt8>, maxLength length: Int) -> Int {
            if failure != nil { return -1 }
            if pendingOffset >= pending.count {
                do {
                    pending = try reader.nextChunk()
                } catch {
                    failure = error
                    return -1
                }
                pendingOffset = 0
                if pending.isEmpty {
                    finished = true
                    if validateUTF8, let (position, reason) = tracker.finish() {
                        failure = ImportError(.invalidUTF8, source: reader.name, position: position, reason: reason)
                        return -1
                    }
                    return 0
                }
                if validateUTF8 {
                    // A local copy: the class's own would be an exclusive access a byte.
                    var local = tracker
                    let problem = pending.withUnsafeBufferPointer { local.feed($0) }
                    tracker = local
                    if let (position, reason) = problem {
                        failure = ImportError(.invalidUTF8, source: reader.name, position: position, reason: reason)
                        return -1
                    }
                }
            }
            let count = min(length, pending.count - pendingOffset)
            pending.withUnsafeBufferPointer { source in
                buffer.update(from: source.baseAddress! + pendingOffset, count: count)
            }
            pendingOffset += count
            return count
        }
    }
}
