import CLibArchive

/// One file inside a zip archive, imported as a source of its own: named
/// `ARCHIVE(ENTRY)` in messages, as in `pq.zip(123.gpx):12:5: malformed XML`.
struct ArchiveMember: Sendable {
    /// The archive's bytes, shared by every member.
    let bytes: ArchiveBytes
    /// The archive's name as the user gave it.
    let archive: String
    /// The entry, as ``ZipArchive/inspect(_:name:limits:interruption:)`` found it.
    let entry: ZipEntry
    /// The archive's bytes one unpacked byte of the entry counts for in the import's
    /// progress: the archive's size over all its imported members' unpacked sizes, so
    /// that the progress reaches the archive's size as its last member ends.
    var progressShare = 0.0

    /// The name of a member of `archive` (a source's name, escaped already) in messages,
    /// the entry's control characters escaped (``MessageValue/name(_:)``).
    static func name(archive: String, entry: String) -> String {
        "\(archive)(\(MessageValue.name(entry)))"
    }

    /// The member as an import source.
    var source: ImportSource {
        ImportSource(origin: .archiveMember(self), name: Self.name(archive: archive, entry: entry.path))
    }
}

extension ArchiveMember {
    /// Whether a record read from the source named `recordSource` came from the input
    /// named `input`: the input itself, or one of its members.
    static func belongs(_ recordSource: String, to input: String) -> Bool {
        recordSource == input || (recordSource.hasPrefix(input + "(") && recordSource.hasSuffix(")"))
    }
}

/// Reads one entry of an archive in chunks: what a ``ChunkReader`` reads an
/// ``ArchiveMember`` from. The entry was unpacked once already by the check, so a
/// failure here (which the check would have met first) is only a safeguard.
final class ArchiveEntryStream {
    private let lib: carchive_functions
    private let handle: OpaquePointer
    private let member: ArchiveMember
    private let name: String
    private var remaining: Int

    init(_ member: ArchiveMember, name: String) throws(ImportError) {
        lib = try ZipArchive.library(archive: member.archive)
        handle = try ZipArchive.open(member.bytes, name: member.archive, lib)
        self.member = member
        self.name = name
        remaining = member.entry.size
        var entry: OpaquePointer?
        for _ in 0...member.entry.index {
            // In the locale the check read the names in, so that libarchive meets them as it did then.
            guard ZipArchive.withUTF8Names({ lib.nextHeader(handle, &entry) }) >= ARCHIVE_WARN else {
                let reason = ZipArchive.message(lib, handle)
                _ = lib.readFree(handle)
                throw ImportError(.zipArchive, source: name, reason: "not a readable zip archive: \(reason)")
            }
        }
    }

    deinit { _ = lib.readFree(handle) }

    /// The entry's next bytes (at most `capacity`); empty at its end.
    func read(capacity: Int) throws(ImportError) -> [UInt8] {
        var chunk = [UInt8](repeating: 0, count: capacity)
        let count = chunk.withUnsafeMutableBytes { lib.readData(handle, $0.baseAddress, capacity) }
        guard count >= 0 else {
            throw ImportError(.zipArchive, source: name,
                              reason: ZipArchive.unreadable(ZipArchive.message(lib, handle)))
        }
        guard count <= remaining else {
            throw ImportError(.zipArchive, source: name, reason: "the entry changed while it was read")
        }
        remaining -= count
        chunk.removeSubrange(count...)
        return chunk
    }
}
