import CLibArchive
import Foundation

/// A zip archive's bytes, held once in memory for every reader of the archive (it is
/// read again for each member imported) and never changed.
final class ArchiveBytes: @unchecked Sendable {
    let pointer: UnsafeMutableRawBufferPointer

    init(_ bytes: [UInt8]) {
        let pointer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(bytes.count, 1), alignment: 16)
        bytes.withUnsafeBytes { pointer.copyMemory(from: $0) }
        self.pointer = pointer
        count = bytes.count
    }

    /// How many bytes the archive has.
    let count: Int

    /// Whether the bytes are an archive of no entries: only the end record (signature
    /// `PK\u{5}\u{6}`, no entry on any disk, no central directory) and its comment.
    /// libarchive does not recognise one as a zip at all.
    var isEmptyArchive: Bool {
        guard count >= 22 else { return false }
        let byte = { (offset: Int) in Int(self.pointer[offset]) }
        let signature = byte(0) == 0x50 && byte(1) == 0x4B && byte(2) == 0x05 && byte(3) == 0x06
        let noEntries = (8..<16).allSatisfy { byte($0) == 0 }
        return signature && noEntries && count == 22 + (byte(20) | byte(21) << 8)
    }

    deinit { pointer.deallocate() }
}

/// One file of a zip archive, as the check of every entry found it.
struct ZipEntry: Sendable, Equatable {
    /// Its place among the archive's entries, counted from 0.
    let index: Int
    /// Its path inside the archive, as stored.
    let path: String
    /// The bytes it really unpacks to.
    let size: Int
}

/// A zip archive read with libarchive (CLibArchive, opened when the first archive is
/// imported), from memory: nothing is ever written to disk.
///
/// ``inspect(_:name:limits:interruption:)`` unpacks every entry once and refuses the
/// archive at the first thing wrong (see ``ArchiveLimits``); ``ArchiveEntryStream``
/// then reads one entry's bytes in chunks for the GPX reader.
enum ZipArchive {
    /// libarchive's functions, or the refusal naming the archive when it is missing.
    static func library(archive name: String) throws(ImportError) -> carchive_functions {
        guard let functions = carchive_library() else {
            throw ImportError(.libraryMissing, source: name,
                              reason: "reading zip archives needs libarchive, which could not be loaded "
                                  + "(\(String(cString: carchive_error()))): apt-get install libarchive13")
        }
        return functions.pointee
    }

    /// A reader of `bytes` as a zip archive (its central directory), or a refusal.
    static func open(_ bytes: ArchiveBytes, name: String,
                     _ lib: carchive_functions) throws(ImportError) -> OpaquePointer {
        guard let handle = lib.readNew() else {
            throw ImportError(.unreadable, source: name, reason: "libarchive could not start a reader")
        }
        _ = lib.supportZipSeekable(handle)
        if lib.openMemory(handle, bytes.pointer.baseAddress, bytes.count) != ARCHIVE_OK {
            let reason = message(lib, handle)
            _ = lib.readFree(handle)
            throw ImportError(.zipArchive, source: name,
                              reason: "not a readable zip archive (damaged or cut short): \(reason)")
        }
        return handle
    }

    /// libarchive's last message for `handle`, on one line (some end with a line feed).
    static func message(_ lib: carchive_functions, _ handle: OpaquePointer) -> String {
        guard let text = lib.errorString(handle).map({ String(cString: $0) }) else { return "no reason given" }
        let line = text.split(whereSeparator: \.isNewline).map { String($0).trimmingWhitespace() }.filter { !$0.isEmpty }
            .joined(separator: " ")
        return line.isEmpty ? "no reason given" : line
    }

    /// Unpacks every entry of `bytes` once, checking it, and returns the files (not the
    /// directories) in the archive's order. Throws the refusal of the first entry that is
    /// encrypted, unreadable, named outside the archive or as a file before it, an archive
    /// itself, or beyond a limit, and of an archive that is damaged or holds too many
    /// entries; stops as soon as `interruption` is interrupted (unpacking 2 GiB takes
    /// seconds).
    static func inspect(_ bytes: ArchiveBytes, name: String, limits: ArchiveLimits = .standard,
                        interruption: ImportInterruption? = nil) throws(ImportError) -> [ZipEntry] {
        if bytes.isEmptyArchive { return [] }
        return try withUTF8Names { () throws(ImportError) in
            try inspectEntries(bytes, name: name, limits: limits, interruption: interruption)
        }
    }

    /// ``inspect(_:name:limits:interruption:)``'s work, while libarchive reads names as UTF-8.
    private static func inspectEntries(_ bytes: ArchiveBytes, name: String, limits: ArchiveLimits,
                                       interruption: ImportInterruption?) throws(ImportError) -> [ZipEntry] {
        let lib = try library(archive: name)
        let handle = try open(bytes, name: name, lib)
        defer { _ = lib.readFree(handle) }
        var files: [ZipEntry] = []
        var filePaths: Set<String> = []
        var total = 0
        var index = 0
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 << 10, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            var entry: OpaquePointer?
            let status = lib.nextHeader(handle, &entry)
            if status == ARCHIVE_EOF { break }
            guard status >= ARCHIVE_WARN, let entry else {
                throw ImportError(.zipArchive, source: name,
                                  reason: "not a readable zip archive (damaged or cut short): \(message(lib, handle))")
            }
            guard index < limits.entries else {
                throw refusal(name, nil, "holds more than \(limits.entries) entries "
                              + "(the most geocache-tui reads in an archive)")
            }
            guard let path = path(lib, entry) else {
                throw refusal(name, "#\(index + 1)", "has a name that is not text")
            }
            try check(path: path, archive: name)
            if lib.isEncrypted(entry) != 0 {
                throw refusal(name, path, "is encrypted; geocache-tui reads no encrypted archives")
            }
            let type = lib.filetype(entry)
            if carchive_is_directory(type) != 0 {
                _ = lib.skipData(handle)
                index += 1
                continue
            }
            guard carchive_is_regular(type) != 0 else {
                throw refusal(name, path, "is not a plain file (a link or a device)")
            }
            // Which of two files of one name counts differs between readers (the first,
            // the last, the central directory's or the local headers'): none is chosen.
            guard filePaths.insert(Self.unpackedPath(path)).inserted else {
                throw refusal(name, path, "is in the archive twice (zip readers differ on which one counts)")
            }
            if lib.sizeIsSet(entry) != 0, lib.size(entry) > Int64(limits.entryBytes) {
                throw refusal(name, path, "would unpack to more than \(limits.entryBytes >> 20) MiB "
                              + "(the most geocache-tui unpacks from one entry)")
            }
            var size = 0
            var head: [UInt8] = []
            while true {
                let count = lib.readData(handle, buffer.baseAddress, buffer.count)
                if count == 0 { break }
                if interruption?.isInterrupted == true { throw ImportInterruption.error(source: name) }
                guard count > 0 else {
                    throw refusal(name, path, unreadable(message(lib, handle)))
                }
                if head.count < 4 { head += buffer.prefix(min(count, 4 - head.count)) }
                size += count
                total += count
                try checkGrowth(entry: size, total: total, archive: bytes.count, limits: limits, name: name, path: path)
            }
            if lib.sizeIsSet(entry) != 0, lib.size(entry) != Int64(size) {
                throw refusal(name, path, "unpacks to \(size) bytes, not the \(lib.size(entry)) its header declares")
            }
            if isArchive(path: path, head: head) {
                throw refusal(name, path, "is itself an archive; geocache-tui does not open archives inside archives")
            }
            files.append(ZipEntry(index: index, path: path, size: size))
            index += 1
        }
        return files
    }

    /// The refusal of `archive` (a source's name, escaped already) because of `entry`
    /// (nil: of the archive as a whole), the entry's control characters escaped.
    static func refusal(_ archive: String, _ entry: String?, _ reason: String) -> ImportError {
        let subject = entry.map { "the entry \(MessageValue.name($0))" } ?? "the archive"
        return ImportError(.zipArchive, source: archive, reason: "refused: \(subject) \(reason)")
    }

    /// Refuses a path that would leave the archive's own tree if it were unpacked: an
    /// absolute path, a drive, or a `..` step (`/` and `\` both count as separators).
    static func check(path: String, archive: String) throws(ImportError) {
        let steps = path.split(omittingEmptySubsequences: false) { $0 == "/" || $0 == "\\" }
        if path.hasPrefix("/") || path.hasPrefix("\\") || steps.first?.hasSuffix(":") == true
            || steps.contains("..") {
            throw refusal(archive, path, "has a path outside the archive (absolute, or with '..')")
        }
    }

    /// The file `path` names once unpacked: `./1.gpx`, `data//1.gpx` and `data\\1.gpx` name
    /// `1.gpx` and `data/1.gpx` (two names that are one file are one entry twice).
    static func unpackedPath(_ path: String) -> String {
        path.split { $0 == "/" || $0 == "\\" }.filter { $0 != "." }.joined(separator: "/")
    }

    /// Refuses an entry or archive that unpacks beyond the limits.
    static func checkGrowth(entry: Int, total: Int, archive: Int, limits: ArchiveLimits,
                            name: String, path: String) throws(ImportError) {
        if entry > limits.entryBytes {
            throw refusal(name, path, "unpacks to more than \(limits.entryBytes >> 20) MiB "
                          + "(the most geocache-tui unpacks from one entry)")
        }
        if total > limits.totalBytes {
            throw refusal(name, path, "brings the archive past \(limits.totalBytes >> 20) MiB unpacked "
                          + "(the most geocache-tui unpacks from one archive)")
        }
        if total > limits.ratioFloor, total / max(archive, 1) >= limits.ratio {
            throw refusal(name, path, "unpacks to more than \(limits.ratio) times the archive's size "
                          + "(a zip bomb?)")
        }
    }

    /// What libarchive's refusal to unpack an entry means to a reader: a method it does
    /// not have ("Unsupported ZIP compression method (97: …)"), unlike data its method
    /// cannot unpack ("ZIP decompression failed (-3)"), which is damage.
    static func unreadable(_ reason: String) -> String {
        if reason.localizedCaseInsensitiveContains("compression method") {
            return "uses a compression geocache-tui cannot unpack (\(reason))"
        }
        if reason.localizedCaseInsensitiveContains("encrypt") || reason.localizedCaseInsensitiveContains("passphrase") {
            return "is encrypted; geocache-tui reads no encrypted archives"
        }
        return "cannot be unpacked, the archive is damaged (\(reason))"
    }

    /// An entry that is an archive or compressed file itself, by its name or its first bytes.
    static func isArchive(path: String, head: [UInt8]) -> Bool {
        let lower = path.lowercased()
        let suffixes = [".zip", ".ggz", ".gz", ".tgz", ".bz2", ".xz", ".7z", ".rar", ".tar", ".zst"]
        return suffixes.contains { lower.hasSuffix($0) } || head.startsWithZipSignature
            || head.startsWithGzipSignature
    }
}
