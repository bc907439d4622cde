import GRDB

extension StoreError {
    /// Turns any error met while using the store at `path` into a ``StoreError``;
    /// a ``StoreError`` or ``GeoCacheValidationError`` is passed through unchanged
    /// by the callers that can throw it.
    init(wrapping error: any Error, path: String) {
        if let error = error as? StoreError {
            self = error
            return
        }
        guard let error = error as? DatabaseError else {
            self = .database(path: path, message: String(describing: error))
            return
        }
        let message = error.message ?? "\(error.resultCode)"
        // A write past the file size limit (ulimit -f) fails with EFBIG, which SQLite
        // reports as an I/O error (SIGXFSZ, which would end the process, is ignored).
        if error.resultCode == .SQLITE_IOERR, let limit = StoreFile.fileSizeLimit(reachedBy: path) {
            self = .fileSizeLimit(path: path, bytes: limit)
            return
        }
        switch error.resultCode {
        case .SQLITE_CANTOPEN where StoreFile.hasNoFreeInodes(besides: path),
             .SQLITE_IOERR where StoreFile.hasNoFreeInodes(besides: path):
            // No file entry left for the -wal or -shm SQLite makes beside the store (ENOSPC
            // from open, which SQLite reports as "unable to open database file").
            self = .noFreeInodes(path: path)
        case .SQLITE_NOTADB:
            self = .notAStore(path: path, reason: "SQLite says: \(message)")
        case .SQLITE_CORRUPT:
            self = .corrupt(path: path, reason: "SQLite says: \(message)")
        case .SQLITE_PERM, .SQLITE_READONLY, .SQLITE_AUTH:
            self = .permissionDenied(path: path, reason: "SQLite says: \(message)")
        case .SQLITE_BUSY:
            self = .locked(path: path, holder: StoreFile.writeLockHolder(of: path))
        case .SQLITE_FULL:
            self = .diskFull(path: path)
        case .SQLITE_IOERR where StoreFile.hasNoRoom(besides: path):
            // A file SQLite could not make or grow on a full disk that it does not
            // report as full: the -shm made at opening (SQLITE_IOERR_SHMSIZE), the
            // store file grown for a checkpoint (SQLITE_IOERR_WRITE).
            self = .diskFull(path: path)
        case .SQLITE_IOERR:
            // What is left of an I/O error once a limit and a full disk are told apart: the
            // disk's or the file system's own failure (EIO), not a permission.
            self = .ioError(path: path, reason: "SQLite says: \(message)")
        case .SQLITE_CANTOPEN:
            self = .cannotCreate(path: path, reason: "SQLite cannot open it: \(message)")
        default:
            self = .database(path: path, message: message)
        }
    }
}
