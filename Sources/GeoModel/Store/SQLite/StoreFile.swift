import CSystem
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The checks made on a store path before SQLite is allowed to open it, and the
/// creation of a new store file.
///
/// Everything here only reads: a file that fails a check is never changed.
enum StoreFile {
    /// What was found at the store path.
    enum State: Equatable {
        /// Nothing: a new store will be created.
        case missing
        /// A 0-byte file: a new store will be written into it.
        case empty
        /// An SQLite database whose header passed every check; `applicationID` is
        /// the header's `application_id` (ours, or 0 for a database not yet claimed).
        case sqlite(applicationID: Int32)
    }

    /// The `application_id` geocache-tui writes into the header of its stores: "GEOC".
    static let applicationID: Int32 = 0x4745_4F43

    /// The 16 bytes every SQLite 3 database starts with.
    static let sqliteMagic = Array("SQLite format 3\u{0}".utf8)

    /// Asks whether this process may use a path in a mode (`R_OK`, `W_OK | X_OK`, ...):
    /// nil when it may, else the reason as an `errno` value.
    typealias AccessCheck = @Sendable (_ path: String, _ mode: Int32) -> Int32?

    /// The system's answer, `access()`.
    static let systemAccess: AccessCheck = { path, mode in access(path, mode) == 0 ? nil : errno }

    /// Looks at the file at `path` without changing it and says whether it may be
    /// opened as a store; `access` answers the permission questions.
    static func inspect(_ path: String, access: AccessCheck = systemAccess) throws(StoreError) -> State {
        let (state, readOnly) = try inspectForOpening(path, access: access)
        if let readOnly { throw readOnly }
        return state
    }

    /// ``inspect(_:access:)`` for a store about to be opened: a file this process may
    /// read but not write (or whose directory it may not write in) is not refused but
    /// comes back with the error a write to it will give, and is opened read-only.
    static func inspectForOpening(
        _ path: String, access: AccessCheck = systemAccess
    ) throws(StoreError) -> (state: State, readOnly: StoreError?) {
        try refuseSideFileNames(path)
        var info = stat()
        guard stat(path, &info) == 0 else {
            let code = errno
            switch code {
            case ENOENT:
                // A symbolic link to nothing (a disk not mounted, a file moved): a store
                // made through it would stand where the link points, unseen; none is.
                if let target = danglingLinkTarget(path) {
                    throw .brokenLink(path: path, reason: "is a symbolic link to \(target), which does not exist")
                }
                return (.missing, nil)
            case ELOOP:
                throw .brokenLink(path: path, reason: "has symbolic links that lead round in a loop")
            case EACCES:
                throw .directoryNotSearchable(path: path)
            case ENOTDIR:
                throw .cannotCreate(path: path, reason: "a component of the path is not a directory")
            default:
                throw .database(path: path, message: String(cString: strerror(code)))
            }
        }
        let type = info.st_mode & S_IFMT
        if type == S_IFDIR { throw .isDirectory(path: path) }
        guard type == S_IFREG else {
            let kind = switch type {
            case S_IFCHR: "a character device"
            case S_IFBLK: "a block device"
            case S_IFIFO: "a named pipe (FIFO)"
            case S_IFSOCK: "a socket"
            default: "no regular file"
            }
            throw .notAFile(path: path, kind: kind)
        }
        let readOnly = try checkPermissions(path, info, access: access)
        if info.st_size == 0 { return (.empty, readOnly) }
        // Reading the header would close a descriptor of a file this process's SQLite
        // connections hold locks on, and so drop those locks (see OpenStoreFiles).
        if OpenStoreFiles.contains(Identity(info)) { return (.sqlite(applicationID: applicationID), readOnly) }
        // Another process's checkpoint may extend the file and rewrite its header
        // between the `stat` above and the header read: a file that looks truncated is
        // looked at again, and refused only when it still does.
        var size = Int64(info.st_size)
        for _ in 0..<3 {
            let (state, truncated) = try inspectHeader(path, fileSize: size)
            guard truncated else { return (state, readOnly) }
            usleep(50_000)
            guard stat(path, &info) == 0 else { break }
            size = Int64(info.st_size)
        }
        return (try inspectHeader(path, fileSize: size, refuseTruncation: true).state, readOnly)
    }

    /// The name of the user `uid`, as the password database has it; the number when it has none.
    private static func userName(_ uid: uid_t) -> String {
        guard let entry = getpwuid(uid), let name = entry.pointee.pw_name else { return "user \(uid)" }
        return String(cString: name)
    }

    /// Refuses a file this process could not read, and returns the error a write will
    /// give when it could not write it, or write in its directory (SQLite creates the
    /// `-wal` and `-shm` files there); nil when it can do both.
    ///
    /// `access()` says yes to everything for root, so the owner's mode bits are
    /// checked too whenever they are the ones that would apply to a normal user.
    /// The directory comes before the file's write access, so a read-only file
    /// system is reported as the directory's problem, which is where it is solved.
    private static func checkPermissions(_ path: String, _ info: stat, access: AccessCheck) throws(StoreError) -> StoreError? {
        let mode = info.st_mode & 0o777
        // Only a refusal says it: worked out at every opening, the number's formatting
        // would bring code into memory that the form otherwise never runs.
        var octal: String { "mode " + String(mode, radix: 8).leftPadded(to: 3) }
        let uid = geteuid()
        if uid == 0 || uid == info.st_uid, mode & S_IRUSR == 0 {
            throw .permissionDenied(path: path, reason: "its owner may not read it (\(octal))")
        }
        if access(path, R_OK) != nil {
            guard uid == info.st_uid else { throw .othersFile(path: path, owner: userName(info.st_uid), mode: octal) }
            throw .permissionDenied(path: path, reason: "you may not read it (\(octal))")
        }
        let parent = StorePath.directory(of: path)
        let directory = parent.isEmpty ? "." : parent
        if let code = access(directory, W_OK | X_OK) {
            let reason = switch code {
            case EROFS: "it is on a read-only file system"
            case EPERM where geocache_is_immutable(directory) == 1: "its directory \(directory) is marked immutable"
            case EPERM: "the system does not let anyone write in its directory \(directory)"
            default: "you may not write in its directory \(directory)"
            }
            return .readOnly(path: path, reason: reason)
        }
        if (uid == 0 || uid == info.st_uid) && mode & S_IWUSR == 0 {
            return .readOnly(path: path, reason: "its owner may not write it, \(octal)")
        }
        if let code = access(path, W_OK) {
            // Linux refuses the writing of an immutable file (`chattr +i`) with EPERM,
            // to root as well, whatever its mode says; so it does for a file of /proc,
            // which carries no such mark.
            let reason = switch code {
            case EPERM where geocache_is_immutable(path) == 1: "it is marked immutable"
            case EPERM: "the system does not let anyone write it"
            default: "you may not write it, \(octal)"
            }
            return .readOnly(path: path, reason: reason)
        }
        return nil
    }

    /// Checks the 100-byte SQLite header: the magic string, a sane page size, the
    /// file size against the page count, and the application id.
    ///
    /// A file shorter than its header says is refused when `refuseTruncation` is
    /// true, else reported as `truncated` for the caller to look again.
    private static func inspectHeader(
        _ path: String, fileSize: Int64, refuseTruncation: Bool = false
    ) throws(StoreError) -> (state: State, truncated: Bool) {
        let header: [UInt8]
        switch readPrefix(path, count: 100) {
        case .success(let bytes): header = bytes
        case .failure(let code) where code.rawValue == EACCES || code.rawValue == EPERM:
            throw .permissionDenied(path: path, reason: "it cannot be read (\(String(cString: strerror(code.rawValue))))")
        case .failure(let code):
            // The disk's failure (EIO), which no permission would mend.
            throw .ioError(path: path, reason: String(cString: strerror(code.rawValue)))
        }
        guard header.count >= 16, Array(header[0..<16]) == sqliteMagic else {
            throw .notAStore(path: path, reason: describeForeignFormat(header))
        }
        guard header.count == 100 else {
            throw .corrupt(path: path, reason: "it is \(fileSize) bytes long, shorter than an SQLite header")
        }
        let rawPageSize = Int64(bigEndian(header, at: 16, width: 2))
        let pageSize = rawPageSize == 1 ? 65_536 : rawPageSize
        guard pageSize >= 512, pageSize <= 65_536, pageSize & (pageSize - 1) == 0 else {
            throw .corrupt(path: path, reason: "its header gives an impossible page size, \(rawPageSize)")
        }
        let changeCounter = bigEndian(header, at: 24, width: 4)
        let pageCount = Int64(bigEndian(header, at: 28, width: 4))
        let validFor = bigEndian(header, at: 92, width: 4)
        // The page count is only meaningful when the header says so, and a journal
        // or write-ahead log next to the file may legitimately hold the missing pages.
        var truncated = false
        if pageCount > 0, changeCounter == validFor, !hasPendingJournal(path) {
            let expected = pageCount * pageSize
            if fileSize < expected {
                guard !refuseTruncation else {
                    throw .corrupt(
                        path: path,
                        reason: "it is \(fileSize) bytes long but its header says \(expected): it was truncated")
                }
                truncated = true
            }
        }
        let applicationID = Int32(bitPattern: bigEndian(header, at: 68, width: 4))
        if applicationID != 0, applicationID != Self.applicationID {
            throw .notAStore(path: path, reason: "it is the SQLite database of another application "
                + "(application_id 0x\(String(UInt32(bitPattern: applicationID), radix: 16)))")
        }
        // The text encoding, fixed when the file's first table was made: a store keeps
        // UTF-8, and `list` and `export` take SQLite's bytes as they are. A database
        // made empty with `PRAGMA encoding = 'UTF-16'` would have become a store whose
        // every text read as UTF-8 was garbled, and no later pragma converts it.
        switch bigEndian(header, at: 56, width: 4) {
        case 2: throw .notAStore(path: path, reason: "its text is kept as UTF-16le, and a store keeps UTF-8")
        case 3: throw .notAStore(path: path, reason: "its text is kept as UTF-16be, and a store keeps UTF-8")
        default: break
        }
        return (.sqlite(applicationID: applicationID), truncated)
    }

    /// Where the symbolic link at `path` points, when `path` is one (the caller found
    /// that nothing is there); nil for no link.
    private static func danglingLinkTarget(_ path: String) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return nil }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, Int(PATH_MAX))
        guard count > 0 else { return "a missing file" }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// True when the file at `path` starts as an SQLite database does, whichever
    /// program's it is. Only reads.
    static func holdsSQLiteDatabase(_ path: String) -> Bool {
        guard case .success(let header) = readPrefix(path, count: 16) else { return false }
        return header == sqliteMagic
    }

    /// True when the regular file at `path` is an SQLite database whose header names
    /// geocache-tui (its `application_id`): a store, whatever its name. Only reads.
    static func holdsGeocacheStore(_ path: String) -> Bool {
        guard case .success(let header) = readPrefix(path, count: 72), header.count == 72,
              Array(header[0..<16]) == sqliteMagic
        else { return false }
        return Int32(bitPattern: bigEndian(header, at: 68, width: 4)) == applicationID
    }

    /// The files SQLite keeps beside a store: its write-ahead log and index, and a
    /// rollback journal.
    static let sideSuffixes = ["-wal", "-shm", "-journal"]

    /// Refuses `path` when a store there and another SQLite database would share files:
    /// `path` is the name of a side file of a database beside it (opening that database,
    /// SQLite would delete the store), or a side-file name of `path` holds a database
    /// (opening the store, SQLite would delete it). A log, an index or a journal starts
    /// otherwise than a database, so neither is taken for one.
    private static func refuseSideFileNames(_ path: String) throws(StoreError) {
        if let suffix = sideSuffixes.first(where: { path.hasSuffix($0) }) {
            let database = String(path.dropLast(suffix.count))
            if isDatabase(database) {
                throw .notAStore(path: path, reason: "its name is the one SQLite gives the \(suffix) file of the "
                                 + "database \(database) beside it, which would take it for that and delete it")
            }
        }
        // The side files of a store this process has open are SQLite's own, in use. The
        // index (-shm) is not read: SQLite's locks are on it, and closing a descriptor
        // of it would drop those of a connection this process has open outside a store.
        var info = stat()
        if stat(path, &info) == 0, OpenStoreFiles.contains(Identity(info)) { return }
        for suffix in ["-wal", "-journal"] where isDatabase(path + suffix) {
            throw .sideFileIsADatabase(path: path, sideFile: path + suffix)
        }
    }

    /// Whether `path` is a regular file that starts as an SQLite database does; one an
    /// SQLite connection of this process holds is not read (closing a descriptor of it
    /// would drop that connection's locks), and is one.
    private static func isDatabase(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size >= 16 else { return false }
        return OpenStoreFiles.contains(Identity(info)) || holdsSQLiteDatabase(path)
    }

    /// Removes the store file at `path` and the files SQLite keeps beside it, those there:
    /// a store made here and given up (a full disk, a form that could not start), or a
    /// new copy file left behind.
    static func removeWithSideFiles(_ path: String) {
        for suffix in [""] + sideSuffixes { unlink(path + suffix) }
    }

    /// Removes the files in `directory` whose names start with `prefix` and go on with the
    /// id of a process that has ended (`copy.sqlite.new-PID-…`, with SQLite's files beside
    /// them): new files a form or command was writing when it was stopped. A file whose
    /// process still runs is left alone.
    static func removeAbandoned(prefix: String, in directory: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names where name.hasPrefix(prefix) {
            guard let pid = pid_t(name.dropFirst(prefix.count).prefix { $0 != "-" }), pid > 0,
                  kill(pid, 0) != 0, errno == ESRCH else { continue }
            unlink(directory + "/" + name)
        }
    }

    /// Creates a new, empty store file with mode 0600, and its directory with mode
    /// 0700 when the directory is missing.
    ///
    /// Only the store's own directory is created, and only when its parent exists,
    /// unless `intermediateDirectories` asks for the whole path (as for the default
    /// location). Losing a race with another process creating the same file is fine.
    /// Returns whether this call made the file (false when it lost that race).
    @discardableResult
    static func create(_ path: String, intermediateDirectories: Bool) throws(StoreError) -> Bool {
        let directory = StorePath.directory(of: path)
        if !directory.isEmpty {
            try createDirectory(directory, forStore: path, intermediate: intermediateDirectories)
        }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if descriptor < 0 {
            let code = errno
            if code == EEXIST { return false }
            throw .cannotCreate(path: path, reason: String(cString: strerror(code)))
        }
        fchmod(descriptor, 0o600)
        close(descriptor)
        return true
    }

    /// Why a store cannot be made in `directory`, which `access` refused with `errno`:
    /// the file system is mounted read-only (no permission would change that), or the
    /// permissions do not let this user write there.
    static func unwritable(_ directory: String, errno: Int32) -> String {
        errno == EROFS ? "\(directory) is on a file system mounted read-only" : "you may not write in \(directory)"
    }

    static func createDirectory(
        _ directory: String, forStore path: String, intermediate: Bool
    ) throws(StoreError) {
        var info = stat()
        if stat(directory, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFDIR else {
                throw .cannotCreate(path: path, reason: "\(directory) is not a directory")
            }
            if access(directory, W_OK | X_OK) != 0 {
                throw .cannotCreate(path: path, reason: unwritable(directory, errno: errno))
            }
            return
        }
        // The directories on the way are made under the home directory, never the home
        // directory itself: a HOME that does not exist (a service's /nonexistent) is said.
        if intermediate, let home = getenv("HOME").map({ String(cString: $0) }), !home.isEmpty,
           StorePath.absolute(home) == directory {
            throw .cannotCreate(path: path, reason: "the home directory \(directory) (HOME) does not exist; "
                                + "geocache-tui makes the directories under it, not the home directory itself")
        }
        let parent = StorePath.directory(of: directory)
        if !parent.isEmpty, parent != directory {
            var parentInfo = stat()
            if stat(parent, &parentInfo) != 0 {
                if intermediate {
                    try createDirectory(parent, forStore: path, intermediate: true)
                } else {
                    throw .cannotCreate(path: path, reason: "the directory \(parent) does not exist")
                }
            }
        }
        if mkdir(directory, 0o700) != 0 {
            let code = errno
            if code == EEXIST { return }
            throw .cannotCreate(path: path, reason: "cannot create \(directory): \(String(cString: strerror(code)))")
        }
        chmod(directory, 0o700)
    }

    /// True when a rollback journal or write-ahead log with content sits next to the file.
    private static func hasPendingJournal(_ path: String) -> Bool {
        ["-wal", "-journal"].contains { suffix in
            var info = stat()
            return stat(path + suffix, &info) == 0 && info.st_size > 0
        }
    }

    /// Why a file could not be read: an `errno` value.
    struct ReadFailure: Error {
        let rawValue: Int32
    }

    /// Up to `count` bytes from the start of the file at `path` (fewer when it is
    /// shorter), or why it could not be opened or read. Plain `open` and `read`: this
    /// runs at every start, before the store's thread reaches SQLite, and Foundation's
    /// FileHandle and URL cost more than the read.
    static func readPrefix(_ path: String, count: Int) -> Result<[UInt8], ReadFailure> {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(ReadFailure(rawValue: errno)) }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let got = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + filled, count - filled) }
            if got < 0 {
                if errno == EINTR { continue }
                return .failure(ReadFailure(rawValue: errno))
            }
            if got == 0 { break }
            filled += got
        }
        return .success(Array(bytes[..<filled]))
    }

    private static func bigEndian(_ bytes: [UInt8], at offset: Int, width: Int) -> UInt32 {
        bytes[offset..<offset + width].reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// A few words on what a non-SQLite file seems to be, for the error message.
    private static func describeForeignFormat(_ header: [UInt8]) -> String {
        if header.startsWithZipSignature {
            return "it is a zip archive, not an SQLite database"
        }
        if header.startsWithGzipSignature { return "it is gzip-compressed data, not an SQLite database" }
        if let binary = header.binaryFormatName { return "it is \(binary), not an SQLite database" }
        if header.starts(with: Array("SQLite format".utf8)) {
            return "it is not an SQLite 3 database"
        }
        return "it is not an SQLite database"
    }
}

extension String {
    /// The string with zeros in front up to `width` characters.
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
