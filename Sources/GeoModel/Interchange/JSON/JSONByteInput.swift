/// The bytes of a JSON import as the parser pulls them: one chunk of the input at a
/// time (never the whole input), each checked as UTF-8 before the parser may read
/// it, with lines and columns worked out only where a record starts or a problem is
/// reported.
///
/// The parser reads ``chunk`` from ``index`` up to ``limit`` and calls ``refill()``
/// (through ``peek()``) for more. When a chunk holds invalid UTF-8, ``limit`` stops
/// before it and the refill that would pass it throws, so the first bad byte wins
/// whether it breaks JSON or UTF-8.
struct JSONByteInput {
    /// A place the parser may need to report later (the start of a string, number or
    /// literal; the start of an escape), with its line and column once worked out.
    struct Anchor {
        var offset = 0
        var position: TextPosition?
        var isSet = false
    }

    /// The most bytes a string may decode to; a longer one refuses the input, so that
    /// a string that never ends cannot fill memory.
    static let maximumStringLength = 16 << 20

    let source: String
    private let reader: ChunkReader
    /// The bytes being read; ``index`` is the next one, and ``limit`` the end of what
    /// may be read.
    private(set) var chunk: [UInt8] = []
    var index = 0
    private(set) var limit = 0
    /// The offset in the input of `chunk[0]`.
    private var chunkStart = 0
    /// Has checked every byte of every chunk read so far.
    private var validator = UTF8Tracker()
    /// Invalid UTF-8 in the current chunk: reported when the parser reaches it.
    private var invalidUTF8: ImportError?
    private var reachedEnd = false
    /// Counts lines and columns up to ``positionsOffset``, which is in the current chunk.
    private var positions = UTF8Tracker()
    private var positionsOffset = 0
    /// The start of the current string, number or literal, and of the current escape.
    private(set) var token = Anchor()
    private(set) var escape = Anchor()
    /// The start of a run of whitespace that goes on past the current chunk.
    private var whitespace = Anchor()

    init(_ reader: ChunkReader) {
        self.reader = reader
        source = reader.name
    }

    /// The offset in the input of the next byte.
    var offset: Int { chunkStart + index }

    /// The next byte without consuming it; nil at the end of the input.
    @inline(__always)
    mutating func peek() throws(ImportError) -> UInt8? {
        if index < limit { return chunk[index] }
        while index >= limit {
            guard try refill() else { return nil }
        }
        return chunk[index]
    }

    /// Moves past the byte ``peek()`` returned.
    @inline(__always)
    mutating func advance() {
        index += 1
    }

    /// Replaces the chunk with the next one; false at the end of the input.
    mutating func refill() throws(ImportError) -> Bool {
        if let invalidUTF8 { throw invalidUTF8 }
        if reachedEnd { return false }
        token = resolved(token)
        escape = resolved(escape)
        whitespace = resolved(whitespace)
        // The validator has seen exactly this chunk's bytes: its state is the one the
        // positions would reach at the chunk's end.
        positions = validator
        chunkStart += chunk.count
        positionsOffset = chunkStart
        chunk = try reader.nextChunk()
        index = 0
        guard !chunk.isEmpty else {
            reachedEnd = true
            limit = 0
            if let (position, reason) = validator.finish() {
                throw ImportError(.invalidUTF8, source: source, position: position,
                                  byteOffset: validator.problemOffset + 1, reason: reason)
            }
            return false
        }
        if let (position, reason) = chunk.withUnsafeBufferPointer({ validator.feed($0) }) {
            invalidUTF8 = ImportError(.invalidUTF8, source: source, position: position,
                                      byteOffset: validator.problemOffset + 1, reason: reason)
            limit = max(0, validator.problemOffset - chunkStart)
        } else {
            limit = chunk.count
        }
        return true
    }

    /// Reads the first chunk and steps over a UTF-8 byte order mark.
    mutating func start() throws(ImportError) {
        guard try refill() else { return }
        if limit >= 3, chunk[0] == 0xEF, chunk[1] == 0xBB, chunk[2] == 0xBF { index = 3 }
    }

    /// Skips JSON whitespace (space, tab, line feed, carriage return).
    /// A run longer than ``CacheImporter/maximumWhitespaceRun`` is refused where it starts.
    mutating func skipWhitespace() throws(ImportError) {
        let start = offset
        while true {
            var next = index
            let end = limit
            chunk.withUnsafeBufferPointer { bytes in
                while next < end {
                    let byte = bytes[next]
                    guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { break }
                    next += 1
                }
            }
            index = next
            if index < limit { return }
            if !whitespace.isSet || whitespace.offset != start {
                // The run goes on into the next chunk: remember where it starts.
                whitespace = Anchor(offset: start, position: nil, isSet: true)
            }
            if offset - start > CacheImporter.maximumWhitespaceRun {
                throw ImportError(.malformedJSON, source: source, position: whitespace.position ?? position(at: start),
                                  byteOffset: start + 1,
                                  reason: "refused: a run of whitespace longer than "
                                      + "\(CacheImporter.maximumWhitespaceRun >> 20) MiB starts here "
                                      + "(the most geocache-tui reads between two values)")
            }
            guard try refill() else { return }
        }
    }

    // MARK: - Positions

    /// The line and column of `offset`, which must be in the current chunk and not
    /// before a place asked about earlier (places are asked about in input order).
    mutating func position(at offset: Int) -> TextPosition {
        let from = positionsOffset - chunkStart
        let to = offset - chunkStart
        if to > from {
            _ = chunk.withUnsafeBufferPointer { positions.feed(UnsafeBufferPointer(rebasing: $0[from..<to])) }
            positionsOffset = offset
        }
        return positions.nextPosition
    }

    /// Remembers the next byte as the start of a string, number or literal.
    mutating func markToken() {
        token = Anchor(offset: offset, position: nil, isSet: true)
        escape.isSet = false
    }

    /// Remembers the next byte as the start of an escape sequence.
    mutating func markEscape() {
        escape = Anchor(offset: offset, position: nil, isSet: true)
    }

    /// The anchor with its position worked out, before its chunk goes.
    private mutating func resolved(_ anchor: Anchor) -> Anchor {
        guard anchor.isSet, anchor.position == nil, anchor.offset >= positionsOffset else { return anchor }
        var result = anchor
        result.position = position(at: anchor.offset)
        return result
    }

    // MARK: - Problems

    /// A malformed-JSON error at the next byte, or at `anchor`.
    mutating func failure(_ reason: String, at anchor: Anchor? = nil) -> ImportError {
        let place = anchor?.offset ?? offset
        let position = anchor?.position ?? position(at: place)
        return ImportError(.malformedJSON, source: source, position: position, byteOffset: place + 1,
                           reason: "malformed JSON: " + reason)
    }

    /// A byte as messages name it: `'x'` when printable ASCII, else its hex value.
    static func describe(_ byte: UInt8?) -> String {
        guard let byte else { return "the end of the input" }
        if byte >= 0x20, byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x\(UTF8Tracker.hex(byte))"
    }
}
