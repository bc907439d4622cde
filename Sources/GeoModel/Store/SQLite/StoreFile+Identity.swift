#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension StoreFile {
    /// Which file a path names: its device and inode. A file keeps its identity
    /// while it is written, checkpointed or renamed; another file moved or copied
    /// to the same path has another.
    struct Identity: Hashable, Sendable {
        let device: UInt64
        let inode: UInt64

        init(_ info: stat) {
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
        }

        init(device: UInt64, inode: UInt64) {
            self.device = device
            self.inode = inode
        }
    }

    /// The identity of the file at `path` (following symbolic links, as SQLite does).
    static func identity(of path: String) throws(StoreError) -> Identity {
        var info = stat()
        guard stat(path, &info) == 0 else { throw .fileDeleted(path: path) }
        return Identity(info)
    }

    /// Why `path` no longer names the file whose identity was `identity`, or nil
    /// when it still does: ``StoreError/fileDeleted(path:)`` when nothing is there
    /// (deleted, or moved away), ``StoreError/fileReplaced(path:)`` when another
    /// file is. One `stat` call.
    static func change(at path: String, since identity: Identity) -> StoreError? {
        var info = stat()
        guard stat(path, &info) == 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { return .fileDeleted(path: path) }
            return .database(path: path, message: "cannot check that it is still the file that was opened: "
                + String(cString: strerror(code)))
        }
        return Identity(info) == identity ? nil : .fileReplaced(path: path)
    }
}

extension StoreFile {
    /// The side files SQLite keeps beside a store in WAL mode, as a connection opened
    /// them: the write-ahead log (`PATH-wal`, where commits live until a checkpoint
    /// copies them into the store file) and its index (`PATH-shm`).
    ///
    /// SQLite finds both by name when a connection opens, and keeps its descriptors
    /// afterwards. Once either is deleted or replaced under an open connection, that
    /// connection and every later one work on different logs: the later ones do not
    /// see what the first one's log holds, and when the first one closes it may copy
    /// its own log over their commits. So an open store compares them, by device and
    /// inode, with what the paths name now.
    struct SideFiles: Equatable, Sendable {
        /// The write-ahead log's identity, nil when there was none (a store not in WAL mode).
        let log: Identity?
        /// The log index's identity, nil when there was none.
        let index: Identity?

        /// The identities of the side files of the store at `path` as they are now.
        init(of path: String) {
            log = StoreFile.optionalIdentity(of: path + "-wal")
            index = StoreFile.optionalIdentity(of: path + "-shm")
        }
    }

    /// The identity of the file at `path`, or nil when there is none.
    static func optionalIdentity(of path: String) -> Identity? {
        var info = stat()
        return stat(path, &info) == 0 ? Identity(info) : nil
    }

    /// Why the side files of the store at `path` are no longer those a connection
    /// opened (`opened`), or nil when they still are (or there were none):
    /// ``StoreError/sideFileLost(path:sideFile:)`` naming the first one that was
    /// deleted or replaced. Two `stat` calls.
    static func sideFileChange(at path: String, since opened: SideFiles) -> StoreError? {
        for (suffix, identity) in [("-wal", opened.log), ("-shm", opened.index)] {
            guard let identity else { continue }
            if optionalIdentity(of: path + suffix) != identity {
                return .sideFileLost(path: path, sideFile: path + suffix)
            }
        }
        return nil
    }
}
