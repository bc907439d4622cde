import CSystem
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where an export goes, written so that nothing is lost on the way.
///
/// - Standard output (no path, or a path naming one of this process's open
///   descriptors such as `/dev/stdout` or `/dev/fd/3`): written through that descriptor.
/// - A character device (`/dev/null`, a terminal) or a FIFO: opened for writing and
///   written into, as `cat > PATH` would; nothing is created or renamed.
/// - A regular file, or nothing yet: the export goes to a file of no name in the same
///   directory (`O_TMPFILE`: a kill, even `kill -9`, leaves nothing behind), which is
///   flushed to disk, given a temporary name and renamed over the target only once
///   complete; a file replaced this way keeps its permission bits. Where the file
///   system has no unnamed files, the file is made with the temporary name at once.
/// - A symbolic link is followed to its target (the link stays a link).
///
/// Refused before anything is opened for writing: the store being exported (the
/// same file, or its `-wal`, `-shm` or `-journal` file), any other geocache-tui
/// store, the `-wal`, `-shm` or `-journal` file of any SQLite database (written over,
/// the database would lose what its log holds, or be rolled back), a directory, a
/// block device and a socket.
public final class ExportDestination {
    private enum Kind {
        /// A descriptor this object does not own (standard output, `/dev/fd/N`).
        case borrowed
        /// A device or FIFO opened by this object.
        case device
        /// A temporary file to rename over `target` when complete: named, or of no name
        /// yet (`O_TMPFILE`, nil), named only then.
        case replacement(temporary: String?, target: String)
    }

    /// The output's name for messages: the path as given, or "standard output".
    public let name: String
    private let descriptor: Int32
    private let kind: Kind
    /// Set to a writer to ``descriptor`` once it is known (a stored property, so the
    /// formats write into its buffer in place).
    private var output = BufferedWriter(descriptor: -1)
    private var isOpen = true

    /// Opens the destination for an export of `store`: `path` nil or `-` is standard
    /// output. Throws without changing anything when the destination is refused.
    public init(path: String?, exporting store: any CacheStore) throws(ExportError) {
        let protected = Self.storeFiles(store.protectedPaths)
        guard let path, path != "-" else {
            try Self.refuseIfStore(descriptor: STDOUT_FILENO, name: "standard output", protected)
            name = "standard output"
            descriptor = STDOUT_FILENO
            kind = .borrowed
            output = BufferedWriter(descriptor: descriptor)
            return
        }
        name = path
        switch try Self.resolve(path) {
        case .descriptor(let number):
            try Self.refuseIfStore(descriptor: number, name: path, protected)
            descriptor = number
            kind = .borrowed
        case .existing(let final, let info):
            switch info.st_mode & S_IFMT {
            case S_IFDIR: throw ExportError(path: path, reason: "it is a directory")
            case S_IFBLK: throw ExportError(path: path, reason: "it is a block device; export to a file")
            case S_IFSOCK: throw ExportError(path: path, reason: "it is a socket")
            case S_IFREG:
                try Self.refuseIfStore(info, path: final, name: path, protected)
                try Self.refuseIfSideFile(final, name: path)
                (descriptor, kind) = try Self.openReplacement(of: final, mode: info.st_mode & 0o777, name: path)
            default:
                let opened = open(final, O_WRONLY | O_CLOEXEC | O_NOCTTY)
                guard opened >= 0 else { throw ExportError(path: path, reason: Self.systemReason()) }
                descriptor = opened
                kind = .device
            }
        case .missing(let final):
            // A side file SQLite has not made yet (`-journal` in WAL mode) would be taken for a hot journal.
            if Self.namesOneOf(store.protectedPaths, final) { throw Self.storeBeingExported(path) }
            try Self.refuseIfSideFile(final, name: path)
            (descriptor, kind) = try Self.openReplacement(of: final, mode: nil, name: path)
        }
        output = BufferedWriter(descriptor: descriptor)
    }

    deinit {
        if isOpen { abandon() }
    }

    /// Appends `text`, writing out whenever ``BufferedWriter/chunkSize`` bytes have piled up.
    public func write(_ text: String) throws(ExportError) {
        do { try output.write(text) } catch { throw ExportError(path: name, reason: error.reason) }
    }

    /// Lets `format` append bytes to the buffer (``JSONInterchange/writeElement(for:club:own:isFirst:layout:to:)-(CacheRowBytes,_,_,_,_,_)``,
    /// ``GPXWriter/writeWaypoint(for:version:to:)``), then writes out a full chunk.
    public func write(_ format: (inout BufferedWriter) -> Void) throws(ExportError) {
        format(&output)
        do { try output.flushIfFull() } catch { throw ExportError(path: name, reason: error.reason) }
    }

    /// Writes what is left; a replacement file is flushed to disk and renamed into place.
    public func finish() throws(ExportError) {
        do throws(ExportError) {
            try flush()
            guard case .replacement(let temporary, let target) = kind else {
                if case .device = kind { close(descriptor) }
                isOpen = false
                return
            }
            guard fsync(descriptor) == 0 else { throw ExportError(path: name, reason: Self.systemReason()) }
            let named: String
            if let temporary { named = temporary } else { named = try Self.name(descriptor, besides: target, name: name) }
            close(descriptor)
            isOpen = false
            guard rename(named, target) == 0 else {
                let reason = Self.systemReason()
                unlink(named)
                throw ExportError(path: name, reason: reason)
            }
            Self.syncDirectory(of: target)
        } catch {
            if isOpen { abandon() }
            throw error
        }
    }

    /// The temporary file the export is written into before it is renamed over the
    /// target, for a signal's handler to remove; nil when it has no name (the system
    /// removes it at exit) and when the export writes straight into a device, a FIFO or
    /// a descriptor.
    public var temporaryPath: String? {
        if case .replacement(let temporary, _) = kind { return temporary }
        return nil
    }

    /// True when the export replaces a file once complete (the target is untouched
    /// until then); false when it writes straight into a device, a FIFO or a descriptor.
    public var replacesAFile: Bool {
        if case .replacement = kind { return true }
        return false
    }

    /// Gives up: a temporary file is removed and the target left as it was.
    public func abandon() {
        guard isOpen else { return }
        isOpen = false
        switch kind {
        case .borrowed: break
        case .device: close(descriptor)
        case .replacement(let temporary, _):
            close(descriptor)
            if let temporary { unlink(temporary) }
        }
    }

    private func flush() throws(ExportError) {
        do { try output.flush() } catch { throw ExportError(path: name, reason: error.reason) }
    }

    // MARK: - Finding what the path names

    private enum Resolution {
        case descriptor(Int32)
        case existing(String, stat)
        case missing(String)
    }

    /// Follows symbolic links from `path` to what it finally names.
    private static func resolve(_ path: String) throws(ExportError) -> Resolution {
        var current = path
        for _ in 0..<40 {
            if let number = descriptorNumber(named: current) { return .descriptor(number) }
            var info = stat()
            guard lstat(current, &info) == 0 else {
                if errno == ENOENT { return .missing(current) }
                throw ExportError(path: path, reason: systemReason())
            }
            guard info.st_mode & S_IFMT == S_IFLNK else { return .existing(current, info) }
            var target = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = readlink(current, &target, Int(PATH_MAX))
            guard length >= 0 else { throw ExportError(path: path, reason: systemReason()) }
            let destination = String(decoding: target[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let directory = (current as NSString).deletingLastPathComponent
            current = destination.hasPrefix("/") || directory.isEmpty
                ? destination : directory + "/" + destination
        }
        throw ExportError(path: path, reason: "too many levels of symbolic links")
    }

    /// The descriptor a path like `/proc/self/fd/1` or `/dev/fd/3` names in this process.
    private static func descriptorNumber(named path: String) -> Int32? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        let prefix = parts.dropLast(1).joined(separator: "/")
        let ownDirectories = ["dev/fd", "proc/self/fd", "proc/thread-self/fd", "proc/\(getpid())/fd"]
        guard path.hasPrefix("/"), ownDirectories.contains(prefix),
              let last = parts.last, let number = Int32(last), number >= 0 else { return nil }
        return number
    }

    // MARK: - Refusing stores

    private typealias Identity = StoreFile.Identity

    /// The files of the store being exported (``CacheStore/protectedPaths``) that exist now.
    private static func storeFiles(_ paths: [String]) -> [Identity] {
        paths.compactMap { path in
            var info = stat()
            return stat(path, &info) == 0 ? Identity(info) : nil
        }
    }

    /// True when `path`, which names no file yet, is one of `paths`: the same name in
    /// the same directory, however each is spelled.
    private static func namesOneOf(_ paths: [String], _ path: String) -> Bool {
        func place(_ path: String) -> (directory: Identity, name: Substring)? {
            let slash = path.lastIndex(of: "/")
            let directory = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
            var info = stat()
            guard stat(directory, &info) == 0 else { return nil }
            return (Identity(info), slash.map { path[path.index(after: $0)...] } ?? path[...])
        }
        guard let target = place(path) else { return false }
        return paths.contains { place($0).map { $0.directory == target.directory && $0.name == target.name } ?? false }
    }

    private static func refuseIfStore(descriptor: Int32, name: String, _ protected: [Identity]) throws(ExportError) {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw ExportError(path: name, reason: systemReason()) }
        if protected.contains(Identity(info)) { throw storeBeingExported(name) }
    }

    private static func refuseIfStore(_ info: stat, path: String, name: String,
                                      _ protected: [Identity]) throws(ExportError) {
        if protected.contains(Identity(info)) { throw storeBeingExported(name) }
        if StoreFile.holdsGeocacheStore(path) {
            throw ExportError(path: name, reason: "it is a geocache-tui store; write the export to another file")
        }
    }

    /// Refuses `path` when it names a file SQLite keeps, or would make, beside a database
    /// there: another store's log, or any other program's.
    private static func refuseIfSideFile(_ path: String, name: String) throws(ExportError) {
        guard let suffix = StoreFile.sideSuffixes.first(where: { path.hasSuffix($0) }) else { return }
        let database = String(path.dropLast(suffix.count))
        guard StoreFile.holdsSQLiteDatabase(database) else { return }
        throw ExportError(path: name, reason: "it is the \(suffix) file SQLite keeps beside the database "
                          + "\(database); write the export to another file")
    }

    private static func storeBeingExported(_ name: String) -> ExportError {
        ExportError(path: name, reason: "it is the store being exported; write the export to another file")
    }

    // MARK: - Replacing a regular file

    /// Creates the temporary file next to `target` (with `mode`, when replacing a file).
    private static func openReplacement(of target: String, mode: mode_t?,
                                        name: String) throws(ExportError) -> (Int32, Kind) {
        let url = URL(fileURLWithPath: target)
        let directory = url.deletingLastPathComponent().path
        let unnamed = geocache_open_unnamed(directory, 0o666)
        if unnamed >= 0 {
            if let mode { fchmod(unnamed, mode) }
            return (unnamed, .replacement(temporary: nil, target: target))
        }
        for attempt in 0..<100 {
            let suffix = attempt == 0 ? "" : ".\(attempt)"
            let tail = ".\(getpid())\(suffix).tmp"
            // A name may hold 255 bytes: a long target's temporary name takes what fits of it.
            let temporary = directory + "/." + Self.prefix(of: url.lastPathComponent, bytes: 255 - 1 - tail.utf8.count) + tail
            let opened = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if opened < 0 {
                if errno == EEXIST { continue }
                throw ExportError(path: name, reason: "cannot create a file in its directory (\(systemReason()))")
            }
            if let mode { fchmod(opened, mode) }
            return (opened, .replacement(temporary: temporary, target: target))
        }
        throw ExportError(path: name, reason: "cannot create a file in its directory (too many leftover temporary files)")
    }

    /// Gives the unnamed file `descriptor` a temporary name beside `target` (a link from
    /// `/proc/self/fd`), for the rename over it; returns that name.
    private static func name(_ descriptor: Int32, besides target: String, name: String) throws(ExportError) -> String {
        let url = URL(fileURLWithPath: target)
        let directory = url.deletingLastPathComponent().path
        for attempt in 0..<100 {
            let tail = ".\(getpid())\(attempt == 0 ? "" : ".\(attempt)").tmp"
            let temporary = directory + "/." + prefix(of: url.lastPathComponent, bytes: 255 - 1 - tail.utf8.count) + tail
            if linkat(AT_FDCWD, "/proc/self/fd/\(descriptor)", AT_FDCWD, temporary, AT_SYMLINK_FOLLOW) == 0 { return temporary }
            if errno != EEXIST { break }
        }
        throw ExportError(path: name, reason: "cannot name the file written in its directory (\(systemReason()))")
    }

    /// The longest start of `name` that is at most `bytes` UTF-8 bytes, whole characters.
    static func prefix(of name: String, bytes: Int) -> String {
        var kept = "", used = 0
        for character in name {
            used += character.utf8.count
            guard used <= bytes else { break }
            kept.append(character)
        }
        return kept
    }

    /// Flushes the directory entry of a renamed file to disk (best effort).
    private static func syncDirectory(of path: String) {
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        let opened = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard opened >= 0 else { return }
        fsync(opened)
        close(opened)
    }

    private static func systemReason() -> String {
        SystemReason.of(errno)
    }
}
