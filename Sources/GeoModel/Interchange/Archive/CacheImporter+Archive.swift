/// Zip archives: a pocket query's zip (`NNN.gpx` with the caches, `NNN-wpts.gpx` with
/// their additional waypoints) and a GGZ (`data/*.gpx` named by
/// `index/com/garmin/geocaches/v0/index.xml`), expanded into their GPX files.
///
/// The archive is read whole into memory and every entry unpacked once and checked
/// (``ZipArchive/inspect(_:name:limits:interruption:)``) before the first GPX file is
/// read; each GPX file is then read as a source of its own, with the GPX limits. A refusal comes
/// before anything is stored, and the import's one transaction covers the rest.
extension CacheImporter {
    /// Where a GGZ keeps its index.
    static let ggzIndexPath = "index/com/garmin/geocaches/v0/index.xml"

    /// Reads the archive whose first bytes are in `reader`'s look-ahead and emits the
    /// records of its GPX files, in the order ``gpxMembers(of:bytes:archive:limits:)`` gives.
    static func readArchive(_ reader: ChunkReader, interruption: ImportInterruption?,
                            limits: ArchiveLimits = .standard,
                            _ emit: (PendingRecord) throws -> Void) throws -> InterchangeFormat {
        // The progress counts the archive's bytes as its GPX files are read, not now:
        // the look-ahead read so far comes off again.
        reader.countsProgress = false
        interruption?.progress.add(bytes: -reader.lookahead.count)
        let bytes = ArchiveBytes(try readWhole(reader, limit: limits.archiveBytes))
        let entries = try ZipArchive.inspect(bytes, name: reader.name, limits: limits, interruption: interruption)
        var members = try gpxMembers(of: entries, bytes: bytes, archive: reader.name, limits: limits)
        let share = Double(bytes.count) / Double(max(members.reduce(0) { $0 + $1.entry.size }, 1))
        for index in members.indices { members[index].progressShare = share }
        for member in members {
            try readPending(member.source, interruption: interruption, emit)
        }
        return .gpx
    }

    /// Every byte of `reader`, or the refusal of an archive over `limit` bytes.
    static func readWhole(_ reader: ChunkReader, limit: Int) throws(ImportError) -> [UInt8] {
        var bytes: [UInt8] = []
        while true {
            let chunk = try reader.nextChunk()
            if chunk.isEmpty { return bytes }
            bytes += chunk
            if bytes.count > limit {
                throw ZipArchive.refusal(reader.name, nil, "is larger than \(limit >> 20) MiB "
                                         + "(the most geocache-tui reads in an archive)")
            }
        }
    }

    /// Whether `path` is what macOS adds when it makes a zip: the folder `__MACOSX/`, or an
    /// AppleDouble file (`._123.gpx`) holding another entry's resource fork and
    /// extended attributes, not its text. Such an entry is checked and left like a readme.
    static func isMacResourceFork(_ path: String) -> Bool {
        path.hasPrefix("__MACOSX/") || path.split(separator: "/").last?.hasPrefix("._") == true
    }

    /// The members to import: a GGZ's data files in its index's order, once the index
    /// and the archive agree; else every `.gpx` file, each cache file before the
    /// waypoint files (`-wpts.gpx`), by name. Throws when there is none, and for a GGZ
    /// whose index and entries do not match.
    static func gpxMembers(of entries: [ZipEntry], bytes: ArchiveBytes, archive: String,
                           limits: ArchiveLimits) throws(ImportError) -> [ArchiveMember] {
        if let index = entries.first(where: { $0.path == ggzIndexPath }) {
            return try ggzMembers(of: entries, index: index, bytes: bytes, archive: archive, limits: limits)
        }
        let gpx = entries.filter { $0.path.lowercased().hasSuffix(".gpx") && !isMacResourceFork($0.path) }
        guard !gpx.isEmpty else {
            throw ZipArchive.refusal(archive, nil, "holds no GPX file (a pocket query's zip holds NNN.gpx "
                                     + "and NNN-wpts.gpx)")
        }
        let ordered = gpx.sorted { lhs, rhs in
            let left = lhs.path.lowercased().hasSuffix("-wpts.gpx")
            let right = rhs.path.lowercased().hasSuffix("-wpts.gpx")
            return left != right ? !left : lhs.path < rhs.path
        }
        return ordered.map { ArchiveMember(bytes: bytes, archive: archive, entry: $0) }
    }

    /// A GGZ's data files, each checked against its index: every file the index names
    /// is in the archive and holds every place the index gives its caches, and every
    /// `data/*.gpx` in the archive is in the index.
    static func ggzMembers(of entries: [ZipEntry], index: ZipEntry, bytes: ArchiveBytes, archive: String,
                           limits: ArchiveLimits) throws(ImportError) -> [ArchiveMember] {
        guard index.size <= limits.indexBytes else {
            throw ZipArchive.refusal(archive, index.path, "is larger than \(limits.indexBytes >> 20) MiB "
                                     + "(the most geocache-tui reads in a GGZ's index)")
        }
        let indexMember = ArchiveMember(bytes: bytes, archive: archive, entry: index)
        let stream = try ArchiveEntryStream(indexMember, name: indexMember.source.name)
        var text: [UInt8] = []
        while true {
            let chunk = try stream.read(capacity: 64 << 10)
            if chunk.isEmpty { break }
            text += chunk
        }
        let parsed = try GGZIndex.parse(text, name: archive)
        // By path, once each: an index of 64 MiB may name a million files.
        let byPath = Dictionary(entries.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        var members: [ArchiveMember] = []
        var listed: Set<String> = []
        for file in parsed.files where listed.insert(file.path).inserted {
            guard let entry = byPath[file.path] else {
                throw ZipArchive.refusal(archive, nil, "is a GGZ whose index names \(MessageValue.name(file.path)), "
                                         + "which the archive does not hold")
            }
            let outside = file.caches.first { $0.position > entry.size || $0.length > entry.size - $0.position }
            if let wrong = outside {
                throw ZipArchive.refusal(archive, file.path, "has \(entry.size) bytes, but the GGZ's index places "
                                         + "\(wrong.code.isEmpty ? "a cache" : MessageValue.shown(wrong.code)) at byte "
                                         + "\(wrong.position), \(wrong.length) bytes long")
            }
            members.append(ArchiveMember(bytes: bytes, archive: archive, entry: entry))
        }
        // Wherever it lies (data/ or beside it): its caches would be left out without a word.
        if let stray = entries.first(where: { $0.path.lowercased().hasSuffix(".gpx") && !listed.contains($0.path)
                                               && !isMacResourceFork($0.path) }) {
            throw ZipArchive.refusal(archive, stray.path, "is not in the GGZ's index")
        }
        guard !members.isEmpty else {
            throw ZipArchive.refusal(archive, nil, "is a GGZ whose index names no data file")
        }
        return members
    }
}
