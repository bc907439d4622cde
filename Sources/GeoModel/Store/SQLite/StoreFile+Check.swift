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
                             environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
            let base: String
            if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
                base = state
            } else {
                base = (environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()) + "/.local/state"
            }
            return base + "/geocache-tui/checked/\(identity.device)-\(identity.inode)"
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
            guard let stamp = stamp(of: path),
                  let recorded = try? String(contentsOfFile: location(of: identity), encoding: .utf8) else { return false }
            return recorded == stamp
        }

        /// Records the file at `path` as it is now; best effort (a record that cannot
        /// be written only makes the next opening check the file).
        static func record(_ path: String, _ identity: Identity) {
            guard let stamp = stamp(of: path) else { return }
            let target = location(of: identity)
            let directory = (target as NSString).deletingLastPathComponent
            try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                     attributes: [.posixPermissions: 0o700])
            let temporary = target + ".\(getpid()).\(pthread_self()).tmp"
            guard FileManager.default.createFile(atPath: temporary, contents: Data(stamp.utf8)) else { return }
            lockingRecords(in: directory) {
                let isNew = access(target, F_OK) != 0
                if rename(temporary, target) != 0 { unlink(temporary) }
                if isNew { prune(directory) }
            }
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
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
            for name in names where isRecordName(name) {
                let record = directory + "/" + name
                guard let text = try? String(contentsOfFile: record, encoding: .utf8),
                      let space = text.firstIndex(of: " "),
                      let second = text[text.index(after: space)...].firstIndex(of: " ") else { continue }
                let path = String(text[text.index(after: second)...].dropLast())
                let identity = StoreFile.optionalIdentity(of: path)
                if identity.map({ "\($0.device)-\($0.inode)" }) != name { unlink(record) }
            }
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
