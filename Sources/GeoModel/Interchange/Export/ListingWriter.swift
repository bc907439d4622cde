/// What `list` writes, beside the exporter: one line per cache (its
/// ``GeoCache/tabSeparatedLine``, after the columns asked for) or the lab's
/// dictionaries as a JSON array (``JSONInterchange/Layout/listing``), streamed into a
/// ``BufferedWriter`` a cache at a time, so a large store is never held in memory.
///
/// ```swift
/// var writer = ListingWriter(format: .lines, columns: [.code])
/// var output = BufferedWriter(descriptor: STDOUT_FILENO)
/// try store.forEachCache { try writer.write($0, to: &output) }
/// try writer.finish(to: &output)
/// ```
public struct ListingWriter {
    /// Lines or JSON.
    public enum Format: Sendable {
        /// One tab-separated line per cache.
        case lines
        /// A JSON array of the lab's dictionaries (no column applies).
        case json
    }

    /// A column written before a line's four fields, in this order.
    public enum Column: Sendable {
        /// The distance and the compass point from an origin, or `-` and `-` for a
        /// cache without a place (nearest first).
        case distance
        /// The 1-based position among all the stored caches.
        case position
        /// The store's identifier.
        case id
        /// The cache's code.
        case code
    }

    /// Lines or JSON.
    public let format: Format
    /// The columns of each line, before its four fields.
    public let columns: Set<Column>
    /// True until the first element of a JSON array is written.
    private var isFirst = true
    /// The person's own data: JSON marks found caches with it (`"found"`), and a line's
    /// distance is to a corrected place.
    public var own = OwnData.Book() {
        didSet { ownCodes = CodeSieve(own.byCode.keys) }
    }
    /// The codes ``own`` holds, sifted: a row whose code is not among them is written
    /// without a String of its code and a look-up.
    private var ownCodes = CodeSieve([])

    /// A writer of `format` whose lines start with `columns`.
    public init(format: Format, columns: Set<Column> = []) {
        self.format = format
        self.columns = columns
    }

    /// Writes `stored`: a line (with its `position`, and its distance and bearing from
    /// `origin` as `key` gives them, where the columns ask for them) or an element of
    /// the array; then a write when a chunk is full.
    public mutating func write(_ stored: StoredCache, position: Int? = nil, from origin: Coordinate? = nil,
                               key: NearestKey? = nil, to output: inout BufferedWriter) throws {
        if format == .json {
            JSONInterchange.writeElement(for: stored.cache, club: stored.club, own: own.byCode.isEmpty ? nil : own.of(stored.cache),
                                         isFirst: isFirst, layout: .listing, to: &output)
            isFirst = false
            return try output.flushIfFull()
        }
        if columns.contains(.distance), let origin, let key {
            if let place = own.place(of: stored.cache) {
                output.append(text: Coordinate.distanceText(metres: key.distance))
                output.append("\t")
                output.append(text: origin.compassPoint(to: place).rawValue)
                output.append("\t")
            } else {
                output.append("-\t-\t")
            }
        }
        if columns.contains(.code) {
            // A club store's code is whatever a member's own UPDATE wrote: escaped as a field is.
            output.appendEscaped(stored.cache.code ?? "", GeoCache.escapedForLine)
            output.append("\t")
        }
        if columns.contains(.position), let position {
            output.append(decimal: position)
            output.append("\t")
        } else if columns.contains(.id) {
            output.append(decimal: stored.id.rawValue)
            output.append("\t")
        }
        stored.cache.writeTabSeparatedLine(to: &output)
        output.append("\n")
        try output.flushIfFull()
    }

    /// Writes a line of a cache lent as its fields' bytes (``CacheStore/forEachCacheFields(_:)``),
    /// with its `position` or identifier where the columns ask for them (a line format
    /// without a distance or a code); then a write when a chunk is full.
    public mutating func write(_ fields: CacheFieldBytes, position: Int, to output: inout BufferedWriter) throws {
        precondition(format == .lines && !columns.contains(.distance) && !columns.contains(.code))
        if columns.contains(.position) {
            output.append(decimal: position)
            output.append("\t")
        } else if columns.contains(.id) {
            output.append(decimal: fields.id.rawValue)
            output.append("\t")
        }
        GeoCache.writeTabSeparatedLine(of: fields, to: &output)
        output.append("\n")
        try output.flushIfFull()
    }

    /// Writes an element of the JSON array of a cache lent as its stored bytes
    /// (``CacheStore/forEachCacheRow(_:)``); then a write when a chunk is full.
    public mutating func write(_ row: CacheRowBytes, to output: inout BufferedWriter) throws {
        precondition(format == .json)
        let own = row.code.map(ownCodes.mayHold) == true ? own.of(code: row.code.map { String(decoding: $0, as: UTF8.self) }) : nil
        JSONInterchange.writeElement(for: row, club: row.club, own: own, isFirst: isFirst, layout: .listing, to: &output)
        isFirst = false
        try output.flushIfFull()
    }

    /// True when a line needs no more than ``CacheFieldBytes`` hold: no distance, no code.
    public var writesFieldsAlone: Bool {
        format == .lines && !columns.contains(.distance) && !columns.contains(.code)
    }

    /// Ends the listing (a JSON array's closing, `[]` when it was empty) and writes
    /// what is left.
    public func finish(to output: inout BufferedWriter) throws {
        if format == .json { try output.write(JSONInterchange.closing(isEmpty: isFirst)) }
        try output.flush()
    }
}

/// A set of texts that answers "surely not among them" from their UTF-8 bytes alone: a
/// bit per FNV-1a hash of each, in a table of 16 bits a text (a Bloom filter of one
/// hash: about one in sixteen others is let through). `list --json` asks it for every
/// row's code before it makes a String of the code to look up the person's own data,
/// which most caches lack (callgrind: the look-ups were a twentieth of the writing).
struct CodeSieve {
    private let bits: [UInt64]
    private let mask: UInt64

    init(_ texts: some Collection<String>) {
        var size = 64
        while size < texts.count * 16 { size *= 2 }
        var bits = [UInt64](repeating: 0, count: texts.isEmpty ? 0 : size / 64)
        mask = UInt64(size - 1)
        for text in texts {
            let bit = Self.hash(text.utf8) & mask
            bits[Int(bit >> 6)] |= 1 << (bit & 63)
        }
        self.bits = bits
    }

    /// False when no text of the set has these bytes.
    func mayHold(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !bits.isEmpty else { return false }
        let bit = Self.hash(bytes) & mask
        return bits[Int(bit >> 6)] & (1 << (bit & 63)) != 0
    }

    private static func hash(_ bytes: some Sequence<UInt8>) -> UInt64 {
        bytes.reduce(0xCBF2_9CE4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 }
    }
}
