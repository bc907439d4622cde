import Foundation
#if canImport(Glibc)
import Glibc
#endif

extension StoreFile {
    /// What a store file looked like the last time geocache-tui knew it to be sound: its
    /// size and modification time, kept per file (device and inode) in
    /// `$XDG_STATE_HOME/geocache-tui/checked/` (else `~/.local/state/...`).
    ///
    /// A file copied over an open store in place (`cp other.sqlite store.sqlite`) keeps
    /// its device and inode, so nothing tells an open session, whose log and index then
    /// describe another file: the store may be damaged. SQLite's `quick_check` finds
    /// that, but reads every page (about half a second for a million caches), too slow
    /// for every start. So it runs at opening only when the file's size or time differs
    /// from the record: after a change made by another program, or by a session that
    /// found the file changed behind it. Each write of a session that found the file as
    /// recorded records it again after its checkpoint.
    enum CheckRecord {
        /// The record's file for the store file `identity`.
        static func location(of identity: Identity,
                             environment: [String: String] = recordEnvironment()) -> String {
            directory(environment: environment) + "/\(identity.device)-\(identity.inode)"
        }

        /// The directory of the records.
        static func directory(environment: [String: String] = recordEnvironment()) -> String {
            let base: String
            if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
                base = state
            } else {
                base = (environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()) + "/.local/state"
            }
            return base + "/geocache-tui/checked"
        }

        /// The two variables ``directory(environment:)`` reads, asked of `getenv` by name
        /// (not `ProcessInfo.environment`'s dictionary of every variable).
        static func recordEnvironment() -> [String: String] {
            StoreLocation.variables(["XDG_STATE_HOME", "HOME"])
        }

        /// The file's size and modification time, then its path, as the record writes
        /// them; nil when it cannot be looked at.
        static func stamp(of path: String) -> String? {
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            return "\(info.st_size) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec) \(path)\n"
        }

        /// True when the file at `path` (the file `identity`) is as last recorded.
        static func matches(_ path: String, _ identity: Identity) -> Bool {
            guard let stamp = stamp(of: path) else { return false }
            let expected = Array(stamp.utf8)
            // One byte more than the stamp: a longer record is another one.
            guard case .success(let recorded) = StoreFile.readPrefix(location(of: identity),
                                                                     count: expected.count + 1) else { return false }
            return recorded == expected
        }

        /// The size the record of the file `identity` gives, when it is a record of
        /// this `path`; nil when there is none (or it cannot be read).
        static func recordedSize(of path: String, _ identity: Identity) -> Int64? {
            guard case .success(let bytes) = StoreFile.readPrefix(location(of: identity), count: 4200),
                  let text = String(validating: bytes, as: UTF8.self),
                  let space = text.firstIndex(of: " "),
                  let second = text[text.index(after: space)...].firstIndex(of: " "),
                  text[text.index(after: second)...].dropLast() == path[...] else { return nil }
            return Int64(text[..<space])
        }

        /// Records the file at `path` as it is now; best effort (a record that cannot
        /// be written only makes the next opening check the file).
        ///
        /// Plain `open`, `write` and `rename`, as the reading: every write of a form
        /// records its store, and Foundation's `FileManager` (its URLs, its own
        /// temporary file named by a UUID) would bring a megabyte of code it runs
        /// nowhere else into memory (docs/performance.md).
        static func record(_ path: String, _ identity: Identity) {
            guard let stamp = stamp(of: path) else { return }
            let environment = recordEnvironment()
            let directory = directory(environment: environment)
            let target = location(of: identity, environment: environment)
            try? StoreFile.createDirectory(directory, forStore: target, intermediate: true)
            let temporary = target + ".\(getpid()).\(pthread_self()).tmp"
            guard write(Array(stamp.utf8), toNew: temporary) else { return }
            lockingRecords(in: directory) {
                let isNew = access(target, F_OK) != 0
                if rename(temporary, target) != 0 { unlink(temporary) }
                if isNew { prune(directory) }
            }
        }

        /// Removes the record of the file `identity`, found damaged: every later opening,
        /// of any process, checks the file first and refuses it, even when the damage left
        /// its size and time as recorded (a page overwritten, its time set back).
        static func forget(_ identity: Identity) {
            let environment = recordEnvironment()
            let directory = directory(environment: environment)
            lockingRecords(in: directory) { unlink(location(of: identity, environment: environment)) }
        }

        /// Writes `bytes` into a file made at `path` (mode 0600, not there before);
        /// false, with nothing left at `path`, when that fails.
        private static func write(_ bytes: [UInt8], toNew path: String) -> Bool {
            let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else { return false }
            var written = 0
            while written < bytes.count {
                let count = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + written, bytes.count - written) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                written += count
            }
            if close(descriptor) != 0 || written < bytes.count {
                unlink(path)
                return false
            }
            return true
        }

        /// Runs `body` holding the records' lock (`flock` on their directory), which
        /// every replacing of a record and every pruning takes: a session pruning the
        /// record of a file that is gone never removes the record another session just
        /// wrote under the same name (a new file given the gone one's inode). Without
        /// the lock (the directory cannot be opened) `body` runs all the same.
        static func lockingRecords(in directory: String, _ body: () -> Void) {
            let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard descriptor >= 0 else { return body() }
            defer { close(descriptor) }
            while flock(descriptor, LOCK_EX) != 0, errno == EINTR {}
            body()
        }

        /// Removes the records of store files that are gone (their path names no file,
        /// or another one): run when a record is added, so the records stay as many as
        /// the stores in use. The caller holds the records' lock (``lockingRecords(in:_:)``).
        static func prune(_ directory: String) {
            for name in recordNames(in: directory) {
                let record = directory + "/" + name
                // A record is the stamp: size, time, then the path, at most PATH_MAX bytes.
                guard case .success(let bytes) = StoreFile.readPrefix(record, count: 4200),
                      let text = String(validating: bytes, as: UTF8.self),
                      let space = text.firstIndex(of: " "),
                      let second = text[text.index(after: space)...].firstIndex(of: " ") else { continue }
                let path = String(text[text.index(after: second)...].dropLast())
                let identity = StoreFile.optionalIdentity(of: path)
                if identity.map({ "\($0.device)-\($0.inode)" }) != name { unlink(record) }
            }
        }

        /// The names in `directory` that are records' (``isRecordName(_:)``).
        private static func recordNames(in directory: String) -> [String] {
            guard let stream = opendir(directory) else { return [] }
            defer { closedir(stream) }
            var names: [String] = []
            while let entry = readdir(stream) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
                }
                if isRecordName(name) { names.append(name) }
            }
            return names
        }

        /// True for a record's name, a device and an inode (`2049-1234`); false for the
        /// files a record is written through before it is renamed into place, which a
        /// prune must leave alone.
        static func isRecordName(_ name: String) -> Bool {
            let parts = name.utf8.split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
            return parts.count == 2 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy { (48...57).contains($0) } }
        }
    }
}

extension StoreFile {
    /// Whether the file system holding `path` has less room left than SQLite needs to
    /// go on (1 MiB: the -shm is 32 KiB, a log frame a page): a write that failed there
    /// failed for want of room. Root may use the blocks the file system keeps back.
    static func hasNoRoom(besides path: String) -> Bool {
        var status = statvfs()
        let directory = StorePath.directory(of: path)
        guard statvfs(directory.isEmpty ? "." : directory, &status) == 0 else { return false }
        let blocks = geteuid() == 0 ? status.f_bfree : status.f_bavail
        return UInt64(blocks) * UInt64(status.f_frsize) < 1 << 20
    }

    /// Whether the file system holding `path` counts its file entries (inodes) and has
    /// none left: a file SQLite could not make there (the store's -wal or -shm) failed
    /// for that. A file system that makes them as needed (btrfs) counts none.
    static func hasNoFreeInodes(besides path: String) -> Bool {
        var status = statvfs()
        let directory = StorePath.directory(of: path)
        guard statvfs(directory.isEmpty ? "." : directory, &status) == 0, status.f_files > 0 else { return false }
        return (geteuid() == 0 ? status.f_ffree : status.f_favail) == 0
    }
}

extension StoreFile {
    /// The file size limit of the process (`ulimit -f`, in bytes) when the store file at
    /// `path` or one of its side files has reached it, or comes within 64 KiB of it (a
    /// page of the largest size, what one write of SQLite's adds): a write that failed
    /// then failed for the limit. Nil when there is no limit, or the files are far from it.
    static func fileSizeLimit(reachedBy path: String) -> UInt64? {
        guard let limit = SystemReason.fileSizeLimit() else { return nil }
        let largest = ["", "-wal", "-shm"].map { suffix -> UInt64 in
            var info = stat()
            return stat(path + suffix, &info) == 0 ? UInt64(max(0, info.st_size)) : 0
        }.max() ?? 0
        return largest + 65_536 >= limit ? limit : nil
    }
}
