/// Reads an import source record by record, detecting its format from its content.
///
/// Leading whitespace and a UTF-8 byte order mark are skipped; then `[` means JSON
/// and `<` means XML: GPX or LOC, told apart by the root element; a zip archive's
/// signature means a pocket query's zip or a GGZ, whose GPX files are read in turn
/// (`CacheImporter+Archive.swift`). Empty inputs, gzip, UTF-16 text and
/// anything else are refused with an ``ImportError`` naming the input and, where it
/// applies, the line and column. Nothing here touches a store: records go to the
/// closure, which may throw to stop reading.
public enum CacheImporter {
    /// The most whitespace read in one run where the formats allow it (before the
    /// document, between two JSON values, between two XML tags), as long as the longest
    /// text: a longer run is refused, so that endless input cannot be read for ever.
    static let maximumWhitespaceRun = 16 << 20

    /// The most UTF-16 text read to its end to tell whether it is cut short (an odd
    /// number of bytes): far more than field notes hold, which is where it happens.
    static let maximumCutShortCheck = 1 << 20

    /// Detects the format of `source` and emits each record it holds, in order.
    ///
    /// Throws an ``ImportError`` when the input as a whole is unusable, or whatever
    /// `emit` throws. Records emitted before an error must be discarded by the caller.
    @discardableResult
    public static func read(_ source: ImportSource,
                            _ emit: (ImportRecord) throws -> Void) throws -> InterchangeFormat {
        try readPending(source) { try emit($0.record) }
    }

    /// Like ``read(_:_:)``, but a GPX waypoint comes out before it is mapped to a
    /// cache, so that the mapping (HTML to text, checks) can run on another thread.
    @discardableResult
    static func readPending(_ source: ImportSource, interruption: ImportInterruption? = nil,
                            _ emit: (PendingRecord) throws -> Void) throws -> InterchangeFormat {
        let reader = try ChunkReader(source, interruption: interruption)
        try reader.fill(atLeast: 4)
        if reader.lookahead.startsWithZipSignature {
            if case .archiveMember = source.origin {
                throw ImportError(.zipArchive, source: source.name,
                                  reason: "refused: this entry is itself an archive; "
                                      + "geocache-tui does not open archives inside archives")
            }
            return try readArchive(reader, interruption: interruption, emit)
        }
        let format = try detectFormat(reader)
        switch format {
        case .json:
            var parser = JSONArrayParser(reader)
            try parser.readArray { try emit(.ready($0)) }
        case .gpx, .loc:
            return try GPXReader.readPending(reader, emit)
        }
        return format
    }

    /// Looks at the first significant byte; the bytes stay in the reader's look-ahead.
    ///
    /// Leading whitespace is limited to ``maximumWhitespaceRun`` bytes: an endless run
    /// (on a pipe) is refused rather than read for ever into the look-ahead.
    /// The code units' width of UTF-16 (2) or UTF-32 (4) text without a byte-order mark,
    /// told by the NULs its first two ASCII characters (`<?`, `[{`, a space) come with,
    /// in either byte order; 1 otherwise (a `[` followed by NULs is malformed JSON).
    static func unmarkedCodeUnitWidth(_ bytes: some RandomAccessCollection<UInt8>) -> Int {
        let first = Array(bytes.prefix(8))
        /// Whether `width`-byte units of ASCII, in either byte order, begin `first`.
        func twoASCIIUnits(_ width: Int) -> Bool {
            guard first.count >= 2 * width else { return false }
            return [0, width - 1].contains { at in
                (0..<2).allSatisfy { unit in
                    (0..<width).allSatisfy { byte in
                        let value = first[unit * width + byte]
                        return byte == at ? value != 0 && value < 0x80 : value == 0
                    }
                }
            }
        }
        return twoASCIIUnits(4) ? 4 : twoASCIIUnits(2) ? 2 : 1
    }

    static func detectFormat(_ reader: ChunkReader) throws(ImportError) -> InterchangeFormat {
        var wanted = 4
        var scanned = 0
        while true {
            try reader.fill(atLeast: wanted)
            let bytes = reader.lookahead
            if bytes.isEmpty {
                throw ImportError(.empty, source: reader.name, reason: "the file is empty: nothing to import")
            }
            if reader.reachedEnd, [[0xEF, 0xBB, 0xBF], [0xFE, 0xFF], [0xFF, 0xFE]].contains(bytes) {
                throw ImportError(.empty, source: reader.name,
                                  reason: "the file holds only a byte-order mark: nothing to import")
            }
            if bytes.starts(with: Array("SQLite format 3\u{0}".utf8)) {
                throw ImportError(.unknownFormat, source: reader.name, position: TextPosition(line: 1, column: 1),
                                  reason: "this is an SQLite database, not a file to import; a geocache-tui store "
                                      + "is opened with --store PATH (geocache-tui --store PATH export writes its caches)")
            }
            if bytes.startsWithGzipSignature {
                throw ImportError(.unknownFormat, source: reader.name, position: TextPosition(line: 1, column: 1),
                                  reason: "this is gzip-compressed; decompress it (gunzip) and import the result")
            }
            if let binary = bytes.binaryFormatName {
                throw ImportError(.unknownFormat, source: reader.name, position: TextPosition(line: 1, column: 1),
                                  reason: "this is \(binary), not a file to import: give a GPX, JSON, zip, GGZ or "
                                      + "field-notes file")
            }
            let width = bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00]) || bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF]) ? 4
                : bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) ? 2 : Self.unmarkedCodeUnitWidth(bytes)
            if width == 4 {
                throw ImportError(.unknownFormat, source: reader.name, position: TextPosition(line: 1, column: 1),
                                  reason: "this is UTF-32 text; convert it to UTF-8 (iconv -f UTF-32 -t UTF-8)")
            }
            if width == 2 {
                // An odd number of bytes is UTF-16 cut short (field notes cut off in their
                // first line, before they show themselves as field notes), which no
                // conversion mends: said so, for text up to a size read to its end.
                try reader.fill(atLeast: maximumCutShortCheck + 1)
                if reader.reachedEnd, !reader.lookahead.count.isMultiple(of: 2) {
                    throw ImportError(.unknownFormat, source: reader.name,
                                      reason: "cut short: UTF-16 text with an odd number of bytes ends in half a character"
                                          + fieldNotesFromAFile(reader))
                }
                throw ImportError(.unknownFormat, source: reader.name, position: TextPosition(line: 1, column: 1),
                                  reason: "this is UTF-16 text; convert it to UTF-8 (iconv -f UTF-16 -t UTF-8)"
                                      + fieldNotesFromAFile(reader))
            }
            // Each round scans only the bytes the last one did not.
            let index = scanned == 0 ? bytes.indexAfterByteOrderMarkAndWhitespace : bytes.indexAfterWhitespace(from: scanned)
            guard index < bytes.count else {
                if reader.reachedEnd {
                    throw ImportError(.empty, source: reader.name,
                                      reason: "the file holds only whitespace: nothing to import")
                }
                if index > maximumWhitespaceRun {
                    throw ImportError(.unknownFormat, source: reader.name, position: TextPosition(line: 1, column: 1),
                                      reason: "refused: more than \(maximumWhitespaceRun >> 20) MiB of whitespace "
                                          + "before anything else (the most geocache-tui reads in one run of whitespace)")
                }
                scanned = index
                wanted = bytes.count + ChunkReader.chunkSize
                continue
            }
            let position = UTF8Tracker.position(of: index, in: bytes)
            switch bytes[index] {
            case UInt8(ascii: "["): return .json
            case UInt8(ascii: "<"): return .gpx
            case UInt8(ascii: "{"):
                throw ImportError(.malformedJSON, source: reader.name, position: position, byteOffset: index + 1,
                                  reason: "malformed JSON: expected an array of caches ('['), found a single object")
            default:
                var tracker = UTF8Tracker()
                let prefix = Array(bytes[..<min(bytes.count, index + 4)])
                if let (badPosition, reason) = prefix.withUnsafeBufferPointer({ tracker.feed($0) }) {
                    throw ImportError(.invalidUTF8, source: reader.name, position: badPosition, reason: reason)
                }
                throw ImportError(.unknownFormat, source: reader.name, position: position,
                                  reason: "neither JSON (an array, starting with '[') nor GPX or LOC (XML, starting "
                                      + "with '<') nor a zip or GGZ archive"
                                      + fieldNotesFromAFile(reader))
            }
        }
    }

    /// What to add to a refusal of standard input or a pipe that may be field notes,
    /// which are recognised in regular files only.
    private static func fieldNotesFromAFile(_ reader: ChunkReader) -> String {
        reader.readsStream ? "; field notes are imported from a file, not standard input or a pipe "
            + "(geocache-tui import geocache_visits.txt)" : ""
    }
}

extension CacheImporter {
    /// Which of `sources` can be read through to the end (the files only: standard input
    /// and bytes in memory cannot be read twice and count as readable), and why each
    /// other one cannot: what `import --skip-invalid` uses to leave out a whole file
    /// when several are given. Each file is parsed once here, storing nothing; a record
    /// that cannot become a cache does not make its file unreadable.
    public static func partitionReadable(_ sources: [ImportSource],
                                         interruption: ImportInterruption? = nil)
        -> (readable: [ImportSource], unreadable: [ImportError]) {
        var readable: [ImportSource] = []
        var unreadable: [ImportError] = []
        for source in sources {
            guard case .file = source.origin else {
                readable.append(source)
                continue
            }
            do {
                try readPending(source, interruption: interruption) { _ in }
                readable.append(source)
            } catch let error as ImportError where error.kind != .interrupted {
                unreadable.append(error)
            } catch {
                readable.append(source)
            }
        }
        return (readable, unreadable)
    }
}
