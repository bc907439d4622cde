import Foundation

extension GPXReader {
    /// Feeds the XML parser from a ``ChunkReader``, checking UTF-8 on the way through.
    final class ValidatingStream {
        private let reader: ChunkReader
        private let validateUTF8: Bool
        private var tracker = UTF8Tracker()
        /// Set when reading failed: unreadable input or invalid UTF-8.
        private(set) var failure: ImportError?

        init(reader: ChunkReader, validateUTF8: Bool) {
            self.reader = reader
            self.validateUTF8 = validateUTF8
        }

        /// The next chunk of the input, checked: empty at the end, nil when reading
        /// failed or the bytes are not UTF-8 (``failure`` says which).
        func nextChunk() -> [UInt8]? {
            if failure != nil { return nil }
            let chunk: [UInt8]
            do {
                chunk = try reader.nextChunk()
            } catch {
                failure = error
                return nil
            }
            if chunk.isEmpty {
                if validateUTF8, let (position, reason) = tracker.finish() {
                    failure = ImportError(.invalidUTF8, source: reader.name, position: position, reason: reason)
                    return nil
                }
                return chunk
            }
            if validateUTF8 {
                // A local copy: the class's own would be an exclusive access a byte.
                var local = tracker
                let problem = chunk.withUnsafeBufferPointer { local.feed($0) }
                tracker = local
                if let (position, reason) = problem {
                    failure = ImportError(.invalidUTF8, source: reader.name, position: position, reason: reason)
                    return nil
                }
            }
            return chunk
        }
    }
}
