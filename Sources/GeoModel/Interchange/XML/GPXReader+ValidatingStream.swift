import Foundation

extension GPXReader {
    /// Feeds the XML parser from a ``ChunkReader``, checking UTF-8 (or ASCII, when the
    /// XML declaration names it, or for UTF-8 under a single-byte encoding's name) on the
    /// way through.
    final class ValidatingStream {
        private let reader: ChunkReader
        private let check: ContentCheck
        private var tracker = UTF8Tracker()
        /// Whether a chunk was handed over (a byte order mark stands only before the first).
        private var startedReading = false
        /// For ``ContentCheck/singleByte(declared:)``: whether every byte so far may be
        /// UTF-8, and where its first character of several bytes stands, with it.
        private var mayBeUTF8 = true
        private var firstUTF8: (position: TextPosition, character: String?)?
        /// Set when reading failed: unreadable input, invalid UTF-8, a byte that is not
        /// ASCII in a file declared so, or UTF-8 throughout a file declared single-byte.
        private(set) var failure: ImportError?

        init(reader: ChunkReader, check: ContentCheck) {
            self.reader = reader
            self.check = check
        }

        /// The next chunk of the input, checked: empty at the end, nil when reading
        /// failed or the bytes are not in the encoding checked (``failure`` says which).
        func nextChunk() -> [UInt8]? {
            if failure != nil { return nil }
            let chunk: [UInt8]
            do {
                chunk = try reader.nextChunk()
            } catch {
                failure = error
                return nil
            }
            switch check {
            case .utf8:
                if chunk.isEmpty, let (position, reason) = tracker.finish() {
                    failure = ImportError(.invalidUTF8, source: reader.name, position: position, reason: reason)
                    return nil
                }
                // A local copy: the class's own would be an exclusive access a byte.
                var local = tracker
                let problem = chunk.withUnsafeBufferPointer { local.feed($0) }
                tracker = local
                if let (position, reason) = problem {
                    failure = ImportError(.invalidUTF8, source: reader.name, position: position, reason: reason)
                    return nil
                }
            case .ascii(let declared):
                // A UTF-8 byte order mark, which libxml2 skips, is not the file's text.
                let start = !startedReading && chunk.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
                if let index = chunk[start...].firstIndex(where: { $0 >= 0x80 }) {
                    var local = tracker
                    _ = chunk.withUnsafeBufferPointer { local.feed(UnsafeBufferPointer(rebasing: $0[start..<index])) }
                    failure = ImportError(
                        .wrongEncoding, source: reader.name, position: local.nextPosition,
                        reason: Self.notASCII(chunk[index...], declared: declared))
                    return nil
                }
                _ = chunk.withUnsafeBufferPointer { tracker.feed(UnsafeBufferPointer(rebasing: $0[start...])) }
            case .singleByte(let declared):
                if chunk.isEmpty {
                    if mayBeUTF8, tracker.finish() == nil, let first = firstUTF8 {
                        failure = ImportError(.wrongEncoding, source: reader.name, position: first.position,
                                              reason: Self.utf8Throughout(first.character, declared: declared))
                        return nil
                    }
                } else if mayBeUTF8 {
                    let start = !startedReading && chunk.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
                    let before = tracker
                    if chunk.withUnsafeBufferPointer({ tracker.feed(UnsafeBufferPointer(rebasing: $0[start...])) }) != nil {
                        mayBeUTF8 = false
                    } else if firstUTF8 == nil, let index = chunk[start...].firstIndex(where: { $0 >= 0x80 }) {
                        var local = before
                        _ = chunk.withUnsafeBufferPointer { local.feed(UnsafeBufferPointer(rebasing: $0[start..<index])) }
                        firstUTF8 = (local.nextPosition, Self.utf8Character(startingWith: chunk[index...]))
                    }
                }
            case .declaredEncoding:
                break
            }
            startedReading = true
            return chunk
        }

        /// Why a file declared ASCII (as `declared`) is refused at the first byte of
        /// `rest`, which is above 0x7F, and how to go on: the character it starts when
        /// it is UTF-8's (the usual case: a file written as UTF-8 under a wrong declaration).
        static func notASCII(_ rest: ArraySlice<UInt8>, declared: String) -> String {
            let byte = rest[rest.startIndex]
            let character = utf8Character(startingWith: rest)
            let found = character.map { "the UTF-8 for \"\($0)\"" } ?? "byte 0x\(UTF8Tracker.hex(byte))"
            let remedy = character == nil
                ? "write the encoding the file is really in there (ISO-8859-1 or windows-1252, say)"
                : "the file seems to be UTF-8: change the declaration to encoding=\"UTF-8\""
            return "the XML declaration says encoding=\"\(declared)\", but here is \(found), which is not ASCII; "
                + remedy + " and import it again. Nothing was imported from this file."
        }

        /// Why a file declared in the single-byte encoding `declared` is refused when
        /// every byte above 0x7F in it was part of a UTF-8 character, the first of them
        /// `character` (nil when it was cut between two chunks of the input).
        static func utf8Throughout(_ character: String?, declared: String) -> String {
            let found = character.map { "here is the UTF-8 for \"\($0)\"" } ?? "its first character beyond ASCII is here"
            return "the XML declaration says encoding=\"\(declared)\", but the file is UTF-8 throughout (\(found), which "
                + "would be read as other characters); change the declaration to encoding=\"UTF-8\" and import it again. "
                + "Nothing was imported from this file."
        }

        /// The UTF-8 character `rest` starts with, when it holds the whole of one.
        static func utf8Character(startingWith rest: ArraySlice<UInt8>) -> String? {
            guard let byte = rest.first else { return nil }
            let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC2 ? 2 : 0
            return length == 0 || rest.count < length ? nil : String(validating: rest.prefix(length), as: UTF8.self)
        }
    }
}
