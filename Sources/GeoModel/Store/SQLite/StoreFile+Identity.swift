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
