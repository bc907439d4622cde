import Foundation
#if canImport(Glibc)
import Glibc
private let spoolWrite = Glibc.write
#elseif canImport(Darwin)
import Darwin
private let spoolWrite = Darwin.write
#endif

/// The caches an import has read and checked, kept in a file of their own until the
/// writing, so that the store's write lock is taken only for the writing.
///
/// An import reads its whole input first (which may wait on a pipe or a terminal for
/// as long as it likes), putting each cache here with what the store keeps beside it
/// (`extra`: a digest, a search text); only then does it lock the store and write the
/// caches back from here, in the order they were read. The file is made in the
/// temporary directory (`TMPDIR`, else `/var/tmp`, else `/tmp`) and unlinked at once,
/// so it is gone when the import ends, however it ends, and nobody else can open it.
/// Memory stays flat: the file is written and read through buffers of ``chunkSize``,
/// and holds one cache at a time beyond them.
///
/// Each entry is a flags byte (code, place, coverage, extra) (a plain waypoint's then a
/// byte of the fields it gives), the four fields and
/// the code as a varint length and their UTF-8 bytes, the place as two 32-bit
/// microdegrees, the listing as its ``ListingEncoding`` bytes (length 0: empty) and
/// the extra bytes. Only this type writes and reads it, within one process, and one
/// thread at a time uses it (``forEach(_:)`` reads it on a thread of its own).
final class ImportSpool: @unchecked Sendable {
    /// One cache as it was put in.
    struct Entry: Sendable {
        /// The cache with an empty listing: its listing is still the spool's bytes
        /// (``listingBytes``), made into values by ``withListing()`` only where a store
        /// merges it (most caches of an import go in as those bytes).
        let cacheWithoutListing: GeoCache
        let coverage: GeoCache.Coverage
        let extra: [UInt8]?
        /// About the bytes it holds: its fields', listing's and extra bytes in the spool.
        var size = 0
        /// The listing's ``ListingEncoding`` bytes as spooled (empty for an empty
        /// listing), which a store may keep as they are.
        var listingBytes: [UInt8] = []

        /// The cache with its listing decoded; nil when the bytes are not a listing
        /// (the spool was damaged: ``ImportSpool/damaged()``).
        func withListing() -> GeoCache? {
            guard !listingBytes.isEmpty else { return cacheWithoutListing }
            guard let listing = ListingEncoding.decode(listingBytes) else { return nil }
            var cache = cacheWithoutListing
            cache.listing = listing
            return cache
        }
    }

    /// The size of the buffers the file is written and read through.
    static let chunkSize = 256 * 1024

    private let descriptor: Int32
    /// The names of the import's inputs, for the errors.
    private let names: String
    private var output: [UInt8] = []
    private var input: [UInt8] = []
    private var inputOffset = 0
    private var inputEnded = false
    /// The number of caches put in.
    private(set) var count = 0

    private enum Flag {
        static let code: UInt8 = 1, place: UInt8 = 2, location: UInt8 = 4, extra: UInt8 = 8, ownLocation: UInt8 = 16,
            wholeListing: UInt8 = 32, plainWaypoint: UInt8 = 64
    }

    /// A new, empty spool for the import of `names`; throws an ``ImportError`` of kind
    /// ``ImportError/Kind/staging`` when no temporary file can be made.
    init(names: String) throws(ImportError) {
        self.names = names
        var lastError = ""
        var made: Int32 = -1
        for directory in Self.directories {
            var template = Array("\(directory)/geocache-tui-import.XXXXXX".utf8CString)
            let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            if fd < 0 {
                lastError = "\(directory): \(String(cString: strerror(errno)))"
                continue
            }
            template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            made = fd
            break
        }
        guard made >= 0 else {
            throw ImportError(.staging, source: names,
                              reason: "cannot make a temporary file to read the input into (\(lastError)); "
                                  + "nothing was stored (set TMPDIR to a writable directory)")
        }
        descriptor = made
        output.reserveCapacity(Self.chunkSize)
    }

    deinit {
        close(descriptor)
    }

    /// Where the file is made, in order of preference.
    private static var directories: [String] {
        var found: [String] = []
        if let directory = ProcessInfo.processInfo.environment["TMPDIR"], !directory.isEmpty { found.append(directory) }
        return found + ["/var/tmp", "/tmp"]
    }

    /// Puts `cache`, read with `coverage`, and `extra` at the end.
    func append(_ cache: GeoCache, coverage: GeoCache.Coverage, extra: [UInt8]?) throws {
        var flags: UInt8 = 0
        if cache.code != nil { flags |= Flag.code }
        if cache.coordinate != nil { flags |= Flag.place }
        if coverage == .location { flags |= Flag.location }
        if coverage == .ownLocation { flags |= Flag.ownLocation }
        if coverage == .wholeListing { flags |= Flag.wholeListing }
        if extra != nil { flags |= Flag.extra }
        output.append(flags)
        if case .plainWaypoint(let gives) = coverage {
            output[output.count - 1] |= Flag.plainWaypoint
            output.append(gives.rawValue)
        }
        for field in GeoCache.Field.allCases { try appendText(cache[field]) }
        if let code = cache.code { try appendText(code) }
        if let place = cache.coordinate {
            for value in [place.latitudeMicrodegrees, place.longitudeMicrodegrees] {
                withUnsafeBytes(of: value.littleEndian) { output.append(contentsOf: $0) }
            }
        }
        try appendBytes(ListingEncoding.encode(cache.listing) ?? [])
        if let extra { try appendBytes(extra) }
        count += 1
        if output.count >= Self.chunkSize { try flush() }
    }

    private func appendText(_ text: String) throws {
        var text = text
        try text.withUTF8 { try appendBytes($0) }
    }

    private func appendBytes(_ bytes: some Collection<UInt8>) throws {
        var length = UInt(bytes.count)
        while length >= 0x80 {
            output.append(UInt8(length & 0x7F) | 0x80)
            length >>= 7
        }
        output.append(UInt8(length))
        if bytes.count >= Self.chunkSize {
            // A long text goes out as it is, not through the buffer, which stays small.
            try flush()
            if try bytes.withContiguousStorageIfAvailable({ try write(UnsafeRawBufferPointer($0)) }) == nil {
                try write(Array(bytes))
            }
        } else {
            output.append(contentsOf: bytes)
        }
    }

    private func write(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try write($0) }
    }

    private func write(_ bytes: UnsafeRawBufferPointer) throws {
        var written = 0
        while written < bytes.count {
            let count = spoolWrite(descriptor, bytes.baseAddress! + written, bytes.count - written)
            if count < 0 {
                let code = errno
                if code == EINTR { continue }
                // Past the process's file size limit, another directory has no more room.
                let advice = code == EFBIG ? "raise the limit (ulimit -f unlimited), then import again"
                    : "set TMPDIR to a directory with more room"
                throw ImportError(.staging, source: names,
                                  reason: "cannot keep the caches read in a temporary file until the writing "
                                      + "(\(SystemReason.of(code))); nothing was stored (\(advice))")
            }
            written += count
        }
    }

    private func flush() throws {
        try write(output)
        output.removeAll(keepingCapacity: true)
    }

    /// Ends the putting in: everything is written out, and ``next()`` reads from the
    /// first cache.
    func rewind() throws {
        try flush()
        output = []
        _ = lseek(descriptor, 0, SEEK_SET)
        input = []
        inputOffset = 0
        inputEnded = false
    }

    /// The next cache, in the order they were put in; nil after the last.
    func next() throws -> Entry? {
        guard try available(1) else { return nil }
        let flags = input[inputOffset]
        inputOffset += 1
        var gives = GeoCache.Coverage.Fields.all
        if flags & Flag.plainWaypoint != 0 {
            guard try available(1) else { throw damaged() }
            gives = GeoCache.Coverage.Fields(rawValue: input[inputOffset])
            inputOffset += 1
        }
        var fields: [String] = []
        for _ in GeoCache.Field.allCases { fields.append(try text()) }
        let code = flags & Flag.code != 0 ? try text() : nil
        var coordinate: Coordinate?
        if flags & Flag.place != 0 {
            guard try available(8) else { throw damaged() }
            let values = input.withUnsafeBytes { bytes in
                (Int32(littleEndian: bytes.loadUnaligned(fromByteOffset: inputOffset, as: Int32.self)),
                 Int32(littleEndian: bytes.loadUnaligned(fromByteOffset: inputOffset + 4, as: Int32.self)))
            }
            inputOffset += 8
            coordinate = Coordinate(latitudeMicrodegrees: values.0, longitudeMicrodegrees: values.1)
        }
        let listingBytes = try bytes()
        let extra = flags & Flag.extra != 0 ? try bytes() : nil
        let cache = GeoCache(title: fields[0], details: fields[1], creator: fields[2], reward: fields[3],
                             code: code, coordinate: coordinate, listing: .empty)
        let size = fields.reduce(listingBytes.count + (extra?.count ?? 0)) { $0 + $1.utf8.count }
        let coverage: GeoCache.Coverage = flags & Flag.location != 0 ? .location
            : flags & Flag.ownLocation != 0 ? .ownLocation : flags & Flag.wholeListing != 0 ? .wholeListing
            : flags & Flag.plainWaypoint != 0 ? .plainWaypoint(gives: gives) : .complete
        return Entry(cacheWithoutListing: cache, coverage: coverage,
                     extra: extra, size: size,
                     listingBytes: listingBytes)
    }

    private func text() throws -> String {
        let length = try varint()
        guard try available(length) else { throw damaged() }
        defer { inputOffset += length }
        return String(decoding: input[inputOffset..<inputOffset + length], as: UTF8.self)
    }

    private func bytes() throws -> [UInt8] {
        let length = try varint()
        guard try available(length) else { throw damaged() }
        defer { inputOffset += length }
        return Array(input[inputOffset..<inputOffset + length])
    }

    private func varint() throws -> Int {
        var value = 0, shift = 0
        while true {
            guard shift < 63, try available(1) else { throw damaged() }
            let byte = input[inputOffset]
            inputOffset += 1
            value |= Int(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
    }

    /// True when `count` bytes from the read position are in the buffer, reading more
    /// as needed; false when the file ends first.
    private func available(_ count: Int) throws -> Bool {
        while input.count - inputOffset < count {
            if inputEnded { return false }
            // Drop what was read; a buffer grown for a long text is given back.
            let rest = Array(input[inputOffset...])
            input = rest
            input.reserveCapacity(max(Self.chunkSize, count))
            inputOffset = 0
            let wanted = max(Self.chunkSize, count - input.count)
            let start = input.count
            input.append(contentsOf: repeatElement(0, count: wanted))
            var got = 0
            while true {
                got = input.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + start, wanted) }
                if got < 0, errno == EINTR { continue }
                break
            }
            guard got >= 0 else {
                throw ImportError(.staging, source: names,
                                  reason: "cannot read back the temporary file of the caches read "
                                      + "(\(String(cString: strerror(errno)))); nothing was stored")
            }
            input.removeLast(wanted - got)
            if got == 0 { inputEnded = true }
        }
        return true
    }

    /// The error of a spool that ended early or holds what it never wrote.
    func damaged() -> ImportError {
        ImportError(.staging, source: names,
                    reason: "the temporary file of the caches read ended early (was it truncated?); nothing was stored")
    }
}
