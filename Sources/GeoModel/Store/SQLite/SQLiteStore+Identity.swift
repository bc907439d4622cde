import CSystem
import Foundation
import GRDB

/// Noticing that the store file was deleted or replaced while the store is open.
///
/// SQLite keeps using the file descriptors it opened, so after `rm` or `mv` over the
/// path its writes go to a file nobody can reach. Worse, the write-ahead log and its
/// index are found by name (`PATH-wal`, `PATH-shm`): when the main file was replaced,
/// SQLite's close skips its checkpoint ("the file has moved") and leaves the old log
/// at the path, and the next connection to open the path replays that log over the
/// replacement, destroying it. So the store compares the path's device and inode with
/// the ones it opened before every write, and once they differ it detaches.
///
/// The side files are checked the same way (``StoreFile/SideFiles``): a `-wal` or
/// `-shm` deleted or replaced under the store detaches it too, and each write copies
/// its commit into the store file at once (``checkpointCommit(_:wasAsRecorded:)``), so that a log
/// deleted afterwards holds nothing that was acknowledged.
extension SQLiteStore {
    /// Opens the store at ``path`` again, as a new ``SQLiteStore`` with the same
    /// options (creating the file, and the directories the first opening could
    /// create, when they are missing), after detaching this store if its file is gone.
    ///
    /// Use it after ``StoreError/fileDeleted(path:)``, ``StoreError/fileReplaced(path:)``
    /// or ``StoreError/fileOverwritten(path:)``:
    /// this store stays detached; the new one uses whatever file the path names now,
    /// checked like any store being opened (``init(path:createIntermediateDirectories:defersCheck:watchesChanges:makingStoreInEmptyFile:)``).
    public func reopened() throws -> any CacheStore {
        if detachment == nil, let change = fileChange(), change.meansTheFileIsGone {
            detach(because: change)
        }
        let reopened = try SQLiteStore(path: path, createIntermediateDirectories: createsIntermediateDirectories,
                                       watchesChanges: watchesChanges)
        // The same session: a draft held in the file there now (the one left, moved back)
        // is still this session's.
        DraftHolder.continueSession(of: self, in: reopened)
        return reopened
    }

    /// Before a write: throws when the store was opened read-only
    /// (``StoreError/readOnly(path:reason:)``), is detached, or when its path no longer
    /// names the file it opened or its side files are not those it opened (detaching
    /// it then). Three `stat` calls.
    func ensureAttached() throws(StoreError) {
        try ensureWritable()
        try checkAttached()
        try settleIntegrityCheck()
    }

    /// ``ensureAttached()`` without the read-only check: for reads.
    func checkAttached() throws(StoreError) {
        if let detachment { throw detachment }
        guard let change = fileChange() else { return }
        if change.meansTheFileIsGone { detach(because: change) }
        throw change
    }

    /// Why the path no longer names the file this store opened, or its side files
    /// are no longer those its connection opened; nil when all are.
    func fileChange() -> StoreError? {
        if let change = StoreFile.change(at: path, since: identity) { return change }
        return sideFiles.flatMap { StoreFile.sideFileChange(at: path, since: $0) }
    }

    /// Copies what the transaction just committed from the write-ahead log into the
    /// store file: a passive checkpoint, which waits for no one and copies what no
    /// other connection is still reading. Once it returns the commit no longer depends
    /// on the `-wal` file, so deleting that file afterwards loses nothing.
    ///
    /// When the copy stopped short (another process was reading an older snapshot), a
    /// full checkpoint waits up to a second for that reader. When even that stopped
    /// short and the side files are no longer those the store opened, the commit lives only
    /// in a log nobody else can find: that is reported as
    /// ``StoreError/sideFileLost(path:sideFile:)`` rather than acknowledged.
    ///
    /// When the store file was as last recorded before the copy
    /// (``StoreFile/CheckRecord``), it is recorded again after it: no other program
    /// changed it, so the next opening need not check it.
    ///
    /// `wasAsRecorded` must be found once the transaction holds the write lock, before
    /// it writes anything: its commit may
    /// already have been copied into the file by SQLite's automatic checkpoint
    /// (`wal_autocheckpoint`), changing the file's time, before this runs.
    func checkpointCommit(_ db: Database, wasAsRecorded: Bool, truncatingLog: Bool = false) throws {
        var copied = Self.checkpoint(db, .passive)
        if !copied {
            // Another process reads a snapshot older than this commit (a form looking
            // at what changed, say): a full checkpoint waits for it, up to a second,
            // instead of the ten-second busy timeout.
            copied = Self.waitingAtMost(1, in: db, restoring: writeLockWait) { Self.checkpoint(db, .full) }
        }
        if copied, truncatingLog {
            // A large commit (an import) leaves a log as large as what it wrote, on disk
            // until the next write: emptied now when no reader holds it, else left.
            _ = Self.waitingAtMost(0.1, in: db, restoring: writeLockWait) { Self.checkpoint(db, .truncate) }
        }
        if copied, wasAsRecorded { StoreFile.CheckRecord.record(path, identity) }
        guard !copied, let sideFiles, let change = StoreFile.sideFileChange(at: path, since: sideFiles) else { return }
        throw change
    }

    /// Runs `body` on `db` with a busy timeout of `seconds` instead of `restoring` (by
    /// default ``busyTimeout``), which is set again afterwards: for the waits that must
    /// be shorter than a write's (a checkpoint behind a reader, a form taking its draft
    /// while opening).
    static func waitingAtMost<T>(_ seconds: TimeInterval, in db: Database, restoring: TimeInterval = busyTimeout,
                                 _ body: () throws -> T) rethrows -> T {
        try? db.execute(sql: "PRAGMA busy_timeout = \(Int(seconds * 1000))")
        defer { try? db.execute(sql: "PRAGMA busy_timeout = \(Int(restoring * 1000))") }
        return try body()
    }

    /// ``waitingAtMost(_:in:restoring:_:)`` for a `body` that goes through this store's own
    /// reads and writes: the timeout is set on its connection around them. Nil when
    /// the connection cannot be used.
    func waitingAtMost<T>(_ seconds: TimeInterval, _ body: () throws -> T) -> T? {
        guard (try? queue.writeWithoutTransaction({ db in
            try db.execute(sql: "PRAGMA busy_timeout = \(Int(seconds * 1000))")
        })) != nil else { return nil }
        defer {
            try? queue.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA busy_timeout = \(Int(self.writeLockWait * 1000))")
            }
        }
        return try? body()
    }

    /// Runs a checkpoint of `kind`; true when the whole log is now in the store file.
    static func checkpoint(_ db: Database, _ kind: Database.CheckpointMode) -> Bool {
        (try? db.checkpoint(kind)).map { $0.walFrameCount == $0.checkpointedFrameCount } ?? false
    }

    /// Stops using the file for good: every later call throws `reason`, and the
    /// connection is closed without leaving anything a later connection could
    /// apply to the file now at the path (``closeDetached(_:)``).
    func detach(because reason: StoreError) {
        guard detachment == nil else { return }
        detachment = reason
        watch = nil
        if case .sideFileLost = reason {
            Self.closeLeavingSideFiles(queue)
        } else {
            Self.closeDetached(queue)
        }
    }

    /// Closes the connection of an opening that failed with `error`. What opening wrote
    /// must not be left in a log beside a file that replaced it; and nothing goes into
    /// a damaged file, not even the log at the last close (it may be a log that does
    /// not fit the file: ``StoreError/staleLog(path:)``).
    static func closeAfterFailedOpening(_ queue: DatabaseQueue, path: String, identity: StoreFile.Identity,
                                        error: any Error) {
        if StoreFile.change(at: path, since: identity)?.meansTheFileIsGone == true {
            closeDetached(queue)
        } else if (error as? StoreError)?.meansTheFileIsDamaged == true {
            closeLeavingSideFiles(queue)
        } else {
            try? queue.close()
        }
    }

    /// Closes a connection whose `-wal` or `-shm` was deleted or replaced: without the
    /// checkpoint SQLite makes when the last connection closes, and without deleting
    /// the side files by name. Both would act on the files now at those names, which
    /// other connections use: the checkpoint would copy this connection's log over
    /// their commits, the deletion remove their log.
    static func closeLeavingSideFiles(_ queue: DatabaseQueue) {
        queue.inDatabase { db in
            if let connection = db.sqliteConnection { _ = geocache_sqlite_skip_checkpoint_on_close(connection) }
        }
        try? queue.close()
    }

    /// Closes a connection whose file was deleted or replaced.
    ///
    /// A TRUNCATE checkpoint first copies the committed pages of the write-ahead log
    /// into the file the connection opened, through its descriptor (so a store moved
    /// away keeps every commit; a deleted one is gone anyway), and then empties the
    /// log. An empty log left at the path is harmless to the file there now, whereas
    /// the full one would be replayed over it. The busy timeout is cut to a second so
    /// that another connection still reading cannot hold the caller for long.
    static func closeDetached(_ queue: DatabaseQueue) {
        try? queue.writeWithoutTransaction { db in
            _ = try waitingAtMost(1, in: db) { try db.checkpoint(.truncate) }
        }
        try? queue.close()
    }
}

extension StoreError {
    /// True when the store's file was deleted, replaced or overwritten in place while
    /// it was open: the store refuses everything from then on, and only a reopened
    /// store goes on.
    public var meansTheFileIsGone: Bool {
        switch self {
        case .fileDeleted, .fileReplaced, .fileOverwritten, .sideFileLost: true
        default: false
        }
    }
}
