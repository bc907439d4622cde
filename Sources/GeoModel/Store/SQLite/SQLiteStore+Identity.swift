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
extension SQLiteStore {
    /// Opens the store at ``path`` again, as a new ``SQLiteStore`` with the same
    /// options (creating the file, and the directories the first opening could
    /// create, when they are missing), after detaching this store if its file is gone.
    ///
    /// Use it after ``StoreError/fileDeleted(path:)`` or ``StoreError/fileReplaced(path:)``:
    /// this store stays detached; the new one uses whatever file the path names now,
    /// checked like any store being opened (``init(path:createIntermediateDirectories:)``).
    public func reopened() throws -> any CacheStore {
        if detachment == nil, let change = fileChange(), change.meansTheFileIsGone {
            detach(because: change)
        }
        return try SQLiteStore(path: path, createIntermediateDirectories: createsIntermediateDirectories)
    }

    /// Throws when the store is detached, or when its path no longer names the file
    /// it opened (detaching it then). One `stat` call.
    func ensureAttached() throws(StoreError) {
        if let detachment { throw detachment }
        guard let change = fileChange() else { return }
        if change.meansTheFileIsGone { detach(because: change) }
        throw change
    }

    /// Why the path no longer names the file this store opened, or nil when it does.
    func fileChange() -> StoreError? {
        StoreFile.change(at: path, since: identity)
    }

    /// Stops using the file for good: every later call throws `reason`, and the
    /// connection is closed without leaving anything a later connection could
    /// apply to the file now at the path (``closeDetached(_:)``).
    func detach(because reason: StoreError) {
        guard detachment == nil else { return }
        detachment = reason
        watch = nil
        Self.closeDetached(queue)
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
            try db.execute(sql: "PRAGMA busy_timeout = 1000")
            _ = try db.checkpoint(.truncate)
        }
        try? queue.close()
    }
}

extension StoreError {
    /// True when the store's file was deleted or replaced while it was open: the
    /// store refuses everything from then on, and only a reopened store goes on.
    public var meansTheFileIsGone: Bool {
        switch self {
        case .fileDeleted, .fileReplaced: true
        default: false
        }
    }
}
