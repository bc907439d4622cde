import CSystem
import Foundation
import GRDB

/// The durable list of caches: an SQLite file, reached through GRDB.
///
/// One store is one connection (a GRDB `DatabaseQueue`) in WAL mode with
/// `synchronous = FULL`, so every method that writes has committed durably when it
/// returns, and several processes may use the same file at once: writers wait for
/// each other (busy timeout) instead of failing, and each can learn of the others'
/// commits through ``hasChangedExternally()``.
///
/// Opening checks the file first and refuses, without changing a byte, anything
/// that is not a geocache-tui store; see ``init(path:createIntermediateDirectories:defersCheck:watchesChanges:makingStoreInEmptyFile:)``.
///
/// ```swift
/// let store = try SQLiteStore(path: SQLiteStore.defaultPath())
/// let stored = try store.add(GeoCache(title: "Old Oak", details: "Behind the tree",
///                                     creator: "ana", reward: "Travel bug"))
/// try store.position(of: stored.id)   // == try store.count()
/// ```
///
/// Before every write and in ``hasChangedExternally()`` the store checks that its
/// path still names the file it opened, and that the file still holds what its
/// connection saw; once the file is found deleted, replaced or overwritten in place
/// the store refuses everything with ``StoreError/fileDeleted(path:)``,
/// ``StoreError/fileReplaced(path:)`` or ``StoreError/fileOverwritten(path:)``, and
/// ``reopened()`` opens what is there now.
///
/// Not thread-safe by contract: use one store from one thread (GRDB serialises the
/// calls anyway). Methods other than the initializer throw ``StoreError`` for I/O and
/// ``GeoCacheValidationError`` for an invalid cache.
public final class SQLiteStore: CacheStore {
    /// The store file's absolute path.
    public let path: String

    /// The store file.
    public var url: URL { URL(fileURLWithPath: path) }

    /// The store file's path.
    public var name: String { path }

    /// The store file's name.
    public var shortName: String { StorePath.fileName(of: path) }

    /// The store file and the side files SQLite keeps beside it.
    public var protectedPaths: [String] {
        [path, path + "-wal", path + "-shm", path + "-journal"]
    }

    /// The one connection; closed once the store is detached (``detachment``).
    let queue: DatabaseQueue

    /// The device and inode of the file this store opened.
    let identity: StoreFile.Identity

    /// The store's `-wal` and `-shm` files as its connection opened them (nil until open).
    var sideFiles: StoreFile.SideFiles?

    /// What every write throws when the store was opened read-only; nil when writable.
    let readOnlyError: StoreError?

    /// Whether opening may create missing directories up the path (kept for
    /// ``reopened()``), and whether the directory is watched for other writes (``watch``).
    let createsIntermediateDirectories: Bool, watchesChanges: Bool

    /// Why the store no longer uses its file (deleted or replaced while open), once
    /// that was noticed; from then on every method throws it.
    var detachment: StoreError?

    /// The check of a file opened unchecked, until its verdict is taken (writes wait for
    /// it), and the damage it found, which every write throws from then on.
    var lateCheck: StoreFileLateCheck?, damage: StoreError?

    /// The `PRAGMA data_version` seen last, to notice other connections' commits.
    private var lastDataVersion: Int

    /// The inotify watch on the store's directory; nil when the system gives none, and
    /// once the store is detached.
    var watch: StoreFileWatch?

    /// Readable when another process may have changed the store (``StoreFileWatch``);
    /// nil when there is no watch, and the caller polls ``hasChangedExternally()``.
    public var changeDescriptor: Int32? { watch?.descriptor }

    /// When the watch reported a write that ``hasChangedExternally()`` did not see
    /// committed yet (a commit is published in the `-shm` index, which inotify does not
    /// report); nil otherwise.
    private var unconfirmedWriteSince: ContinuousClock.Instant?

    /// How long after an unconfirmed write the store keeps looking for its commit.
    static let commitWaitLimit: Duration = .seconds(2)

    /// The watch's descriptor is closed by a child process (``StoreFileWatch/handOverAtExit()``):
    /// its last close makes the kernel wait (an SRCU grace period), which quitting would
    /// otherwise wait for.
    public func prepareForExit() {
        lateCheck?.stop()
        watch?.handOverAtExit()
        watch = nil
    }

    /// Without a watch, once a second; after an unconfirmed write, soon (25 ms, then
    /// backing off to half a second) until the commit shows or ``commitWaitLimit`` passes.
    public var recheckDelay: Duration? {
        guard watch != nil else { return .seconds(1) }
        guard let since = unconfirmedWriteSince else { return nil }
        return min(max(.milliseconds(25), since.duration(to: .now)), .milliseconds(500))
    }

    /// How long a write waits for another process's write to finish before failing.
    static let busyTimeout: TimeInterval = 10
    /// The busy timeout of this store's connection (``lockWait``).
    var writeLockWait = SQLiteStore.busyTimeout

    /// Opens the store at `path` (absolute, or relative to the current directory),
    /// creating it when there is no file there yet.
    ///
    /// Before anything is written, the file is checked and refused with a
    /// ``StoreError`` when it is a directory, has permissions that do not let this
    /// process read and write it, is not an SQLite database, is shorter than its
    /// header says, belongs to another application (its `application_id`), or
    /// has a schema newer than this version knows. Only a file that passes is
    /// switched to WAL mode and migrated. A missing file is created with mode 0600,
    /// and its directory, when missing, with mode 0700 (the directory's parent must
    /// exist unless `createIntermediateDirectories` is true). A 0-byte file, or an
    /// SQLite database with no tables and no application id, becomes a new store,
    /// unless it is a store emptied in place (``refuseIfEmptied(_:)``).
    /// The file's device and inode are recorded for the checks of ``write(_:)``. Rows
    /// stored without a code or digest (by other SQL, or before schema v4) get them.
    ///
    /// With `defersCheck` (the form), a file not checked as it is opens unchecked when it
    /// needs no other write, and ``beginIntegrityCheck()`` checks it (`+LateCheck.swift`).
    ///
    /// With `watchesChanges` (the default), the store's directory is watched for other
    /// processes' writes (``changeDescriptor``). A command that exits does without: the
    /// watch heard the command's own writes too, an event queued for every page an
    /// import wrote, and the kernel waits at exit before it frees the watch. Without `makingStoreInEmptyFile`, an empty file is no store.
    public init(path: String, createIntermediateDirectories: Bool = false,
                defersCheck: Bool = false, watchesChanges: Bool = true, makingStoreInEmptyFile: Bool = true) throws(StoreError) {
        let path = StorePath.absolute(path)
        self.path = path
        self.createsIntermediateDirectories = createIntermediateDirectories
        self.watchesChanges = watchesChanges
        let (state, readOnly) = try StoreFile.inspectForOpening(path)
        if state == .empty { try Self.refuseIfEmptied(path) }
        if let readOnly, state == .empty {
            // A 0-byte file holds no store yet, and none can be made in it (a file of /proc):
            // said alike by every command, those that would make a store and those that would not.
            guard case .readOnly(_, let reason) = readOnly else { throw readOnly }
            throw StoreError.cannotOpenReadOnly(path: path, reason: reason + ", and it holds no store yet")
        }
        // A command that only reads or changes caches makes no store, in an empty file either.
        if state == .empty, !makingStoreInEmptyFile { throw .noStore(path: path, missingDirectory: nil) }
        if case .readOnly(_, let reason)? = readOnly, Self.logWithoutIndex(path) {
            throw StoreError.cannotOpenReadOnly(path: path, reason: reason + ", and the log of commits beside it "
                + "(\(path)-wal) cannot be read without its index (-shm), which cannot be made there")
        }
        let made = state == .missing ? try StoreFile.create(path, intermediateDirectories: createIntermediateDirectories) : false
        let identity = try StoreFile.identity(of: path)
        self.identity = identity
        let connected: (queue: DatabaseQueue, dataVersion: Int, lateCheck: StoreFileLateCheck?, readOnly: StoreError?)
        do {
            connected = try Self.connect(path, identity: identity, readOnly: readOnly,
                                         mayReadOnly: state == .sqlite(applicationID: StoreFile.applicationID), defersCheck: defersCheck)
        } catch {
            // A store this opening made and could not set up (a full disk) is not left as an empty file.
            if made, StoreFile.change(at: path, since: identity) == nil { StoreFile.removeWithSideFiles(path) }
            throw error
        }
        (queue, lastDataVersion, lateCheck, readOnlyError) = connected
        sideFiles = StoreFile.SideFiles(of: path)
        watch = watchesChanges ? StoreFileWatch(path: path) : nil
        OpenStoreFiles.retain(identity)
        // Rows another program stored (or an older schema left) without a code get one
        // before anything reads them; when there are none this is one read.
        if readOnlyError != nil { return }
        do {
            try completePendingRows()
        } catch {
            throw StoreError(wrapping: error, path: path)
        }
    }

    /// Opens the store at the file `url` names; see ``init(path:createIntermediateDirectories:defersCheck:watchesChanges:makingStoreInEmptyFile:)``.
    public convenience init(url: URL, createIntermediateDirectories: Bool = false) throws(StoreError) {
        try self.init(path: url.path, createIntermediateDirectories: createIntermediateDirectories)
    }

    /// True (1) when a cache identical in all four fields is stored; takes the
    /// cache's ``ContentDigest`` and then ``cacheArguments(_:)``. The index on the
    /// digest finds the candidates; the fields decide.
    static let containsCacheSQL = "SELECT EXISTS (SELECT 1 FROM cache WHERE content_hash = ? AND \(sameContentCondition))"

    /// The row holds the four fields given as the next four arguments (compared as text).
    static let sameContentCondition = """
        title = CAST(? AS TEXT) AND details = CAST(? AS TEXT) AND creator = CAST(? AS TEXT) AND reward = CAST(? AS TEXT)
        """

    deinit {
        lateCheck?.stop()
        if detachment == nil, let change = fileChange(), change.meansTheFileIsGone {
            detach(because: change)
        }
        OpenStoreFiles.release(identity)
    }

    static func dataVersion(_ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0
    }

    // MARK: - Reading

    /// The number of stored caches, in constant time (a counter kept by triggers).
    public func count() throws -> Int {
        try read(Self.count(in:))
    }

    /// The first cache in stored order, or nil when the store is empty.
    public func first() throws -> StoredCache? {
        try read(Self.first(in:))
    }

    /// The count and the first cache in one read transaction (one snapshot), which also
    /// says whether any draft is kept; one is then taken for the form (`+Draft.swift`).
    public func openingContents() throws -> StoreContents {
        let (count, first, hasDrafts) = try read { db in
            (try Self.count(in: db), try Self.first(in: db), (try? Self.hasDrafts(in: db)) ?? false)
        }
        return StoreContents(count: count, first: first, draft: hasDrafts ? takeDraftWhileOpening() : nil)
    }

    static func count(in db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT value FROM cache_count") ?? 0
    }

    static func first(in db: Database) throws -> StoredCache? {
        try fetchCache(in: db, sql: "SELECT \(cacheColumns) FROM cache ORDER BY id LIMIT 1")
    }

    /// The last cache in stored order, or nil when the store is empty.
    public func last() throws -> StoredCache? {
        try fetchCache(sql: "SELECT \(Self.cacheColumns) FROM cache ORDER BY id DESC LIMIT 1")
    }

    /// The cache stored right after the one with `id` (which need not exist any
    /// more), or nil when there is none.
    public func cache(after id: CacheID) throws -> StoredCache? {
        try fetchCache(sql: "SELECT \(Self.cacheColumns) FROM cache WHERE id > ? ORDER BY id LIMIT 1",
                       arguments: [id.rawValue])
    }

    /// The cache with `id`, or nil when there is no such cache.
    public func cache(_ id: CacheID) throws -> StoredCache? {
        try fetchCache(sql: "SELECT \(Self.cacheColumns) FROM cache WHERE id = ?", arguments: [id.rawValue])
    }

    /// The 1-based position of `id` in stored order: the number of caches stored
    /// up to and including it. It walks the rowid index, so it costs more the
    /// further the cache is; call it only when the position cannot be worked out.
    public func position(of id: CacheID) throws -> Int {
        try read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM cache WHERE id <= ?", arguments: [id.rawValue]) ?? 0
        }
    }

    /// True when a cache identical in all four fields is stored (an index lookup).
    public func contains(_ cache: GeoCache) throws -> Bool {
        try completePendingRows()
        return try read { db in
            try Bool.fetchOne(db, sql: Self.containsCacheSQL,
                              arguments: [ContentDigest.of(cache)] + Self.cacheArguments(cache)) ?? false
        }
    }

    /// Calls `body` with every stored cache in stored order, one row at a time and
    /// inside one read transaction (a consistent snapshot).
    public func forEachCache(_ body: (StoredCache) throws -> Void) throws {
        try completePendingRows()
        try read(handingTo: body) { db, body in
            try Self.forEachStoredCache(of: db.makeStatement(sql: "SELECT \(Self.cacheColumns) FROM cache ORDER BY id"), body)
        }
    }

    // MARK: - Writing

    /// Validates `cache` and stores it after every other cache, in one durable
    /// transaction whose cost does not depend on how many caches are stored; returns
    /// it with its identity, its code and the count right after the insert. The new
    /// cache is last in stored order, so its position is that count.
    ///
    /// A cache without a code (or with one ``CacheCode/normalized(_:)`` refuses) is
    /// given a new one, drawn again while it is taken; a cache keeps its own code
    /// (normalized) when no stored cache has it.
    ///
    /// - Throws: ``GeoCacheValidationError`` when a field is empty (nothing is
    ///   stored), ``StoreError/codeInUse(path:code:)`` when its code is stored already,
    ///   ``StoreError`` when the write fails.
    public func append(_ cache: GeoCache, as _: WriteID) throws -> (stored: StoredCache, count: Int) {
        let valid = try cache.validated()
        return try write { db in
            let stored = try Self.insert(valid, in: db, path: path)
            let count = try Int.fetchOne(db, sql: "SELECT value FROM cache_count") ?? 0
            return (stored, count)
        }
    }

    /// Replaces every stored cache with `caches`, in order, in one transaction: the
    /// lab's `saveCachesToDefaults(_:)`. Either all of them are saved or none. Codes
    /// are given as ``append(_:)`` gives them.
    ///
    /// - Throws: ``GeoCacheValidationError`` for the first invalid cache (nothing
    ///   is changed), ``StoreError/codeInUse(path:code:)`` when two caches carry the
    ///   same code, ``StoreError`` when the write fails.
    public func saveCaches(_ caches: [GeoCache], as _: WriteID) throws {
        for cache in caches { _ = try cache.validated() }
        try write { db in
            try db.execute(sql: "DELETE FROM cache")
            for cache in caches {
                _ = try Self.insert(cache, in: db, path: path)
            }
        }
    }

    // MARK: - Other processes

    /// True when another connection (another process, or another store on the same
    /// file) has committed a change since the previous call or since opening.
    ///
    /// It reads `PRAGMA data_version`, which costs about as much as reading one
    /// row: cheap enough to poll once a second. This store's own writes do not count.
    ///
    /// - Throws: ``StoreError/fileDeleted(path:)`` or ``StoreError/fileReplaced(path:)``
    ///   when the path no longer names the file the store opened,
    ///   ``StoreError/fileOverwritten(path:)`` when another file was copied over it
    ///   (``checkMark(_:path:)``).
    public func hasChangedExternally() throws -> Bool {
        // The events read now are answered by this call; later ones wake the caller again.
        let written = watch?.drain() ?? false
        try checkAttached()
        let version: Int
        do {
            version = try read { db in
                let version = try Self.dataVersion(db)
                if readOnlyError == nil { _ = try Self.checkMark(db, path: path) }
                return version
            }
        } catch let error as StoreError where error.meansTheFileIsGone {
            detach(because: error)
            throw error
        }
        defer { lastDataVersion = version }
        let changed = version != lastDataVersion
        if changed {
            unconfirmedWriteSince = nil
        } else if written, unconfirmedWriteSince == nil {
            unconfirmedWriteSince = .now
        } else if let since = unconfirmedWriteSince, since.duration(to: .now) > Self.commitWaitLimit {
            unconfirmedWriteSince = nil
        }
        return changed
    }

    // MARK: - Plumbing

    /// A read that SQLite calls damaged, of a file sound on its own (another file copied
    /// over the store in place, which the marks could not tell: ``fileAloneIsSound(_:)``),
    /// detaches the store and throws ``StoreError/fileOverwritten(path:)``; of a file
    /// damaged indeed, it is the late check's verdict: every later write is refused
    /// with it (``settleIntegrityCheck()``).
    func read<T>(_ body: (Database) throws -> T) throws -> T {
        if let detachment { throw detachment }
        do {
            return try queue.read(body)
        } catch {
            let failure = StoreError(wrapping: error, path: path)
            // Checked once: a file found damaged is not checked again at each read.
            if case .corrupt = failure, damage == nil {
                if Self.fileAloneIsSound(path) {
                    let overwritten = StoreError.fileOverwritten(path: path)
                    detach(because: overwritten)
                    throw overwritten
                }
                foundDamage(failure)
            }
            throw failure
        }
    }

    /// Runs `body` in an IMMEDIATE transaction: the write lock is taken first, so a
    /// writer waits its turn (busy timeout) rather than failing on a stale snapshot.
    /// Errors other than ``StoreError`` become one; the import and the editing
    /// operations use it, so every write goes through this store's one connection.
    ///
    /// The path must still name the file the store opened, checked before the
    /// transaction begins and again right before it commits, and the file must still
    /// hold what the connection saw (``checkAndRenewMark(_:path:)``, once the write
    /// lock is held, and again right before the commit): otherwise nothing is
    /// written, the store detaches (``detach(because:)``) and throws
    /// ``StoreError/fileDeleted(path:)``, ``StoreError/fileReplaced(path:)`` or
    /// ``StoreError/fileOverwritten(path:)``.
    func write<T>(_ body: (Database) throws -> T) throws -> T {
        try ensureAttached()
        do {
            return try queue.writeWithoutTransaction { db in
                var result: T?
                var wasAsRecorded = false
                try db.inTransaction(.immediate) {
                    // Once the write lock is held, before anything is written.
                    wasAsRecorded = StoreFile.CheckRecord.matches(path, identity)
                    let mark = try Self.checkAndRenewMark(db, path: path)
                    result = try body(db)
                    if let change = fileChange() { throw change }
                    try Self.checkMarkKept(db, mark, path: path)
                    return .commit
                }
                try checkpointCommit(db, wasAsRecorded: wasAsRecorded)
                return result!
            }
        } catch let error as DatabaseError {
            let failure = StoreError(wrapping: error, path: path)
            if case .corrupt = failure, damage == nil { foundDamage(failure) }
            throw failure
        } catch let error as StoreError where error.meansTheFileIsGone {
            detach(because: error)
            throw error
        }
        // Anything else (a StoreError, or an error `body` threw on purpose, like the
        // import's ImportError) goes through unchanged.
    }

    func fetchCache(sql: String, arguments: StatementArguments = []) throws -> StoredCache? {
        try read { db in try Self.fetchCache(in: db, sql: sql, arguments: arguments) }
    }

    static func fetchCache(in db: Database, sql: String, arguments: StatementArguments = []) throws -> StoredCache? {
        try Row.fetchOne(db, sql: sql, arguments: arguments).map(storedCache(from:))
    }
}
