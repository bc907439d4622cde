import CSystem
import Foundation
import GRDB

/// Opening a store: the checks made on what the file holds before anything is written,
/// the claim and the switch to WAL mode of a new store, and the migrations.
extension SQLiteStore {
    /// Checks identity and schema without writing, then claims, switches to WAL and
    /// migrates what needs it; returns the `PRAGMA data_version` that later changes are
    /// compared with.
    ///
    /// Everything a store that is already current needs is read in one transaction
    /// (its application id, its objects, journal mode, applied migrations and data
    /// version), and such a store is not written to: opening wakes no other session's
    /// watch.
    ///
    /// A store opened read-only (`readOnly`, the error its writes give) is only read:
    /// one that would need a claim or a migration is refused with that error.
    ///
    /// With `defersCheck` (the form's opening), a file that is not as last recorded but
    /// needs neither a claim nor a migration is opened unchecked: its identity is
    /// returned, for ``StoreFileLateCheck`` to check it after the first frame.
    static func prepare(_ queue: DatabaseQueue, path: String, readOnly: StoreError? = nil, defersCheck: Bool = false)
        throws -> (dataVersion: Int, unchecked: StoreFile.Identity?, thorough: Bool, mark: Int32?) {
        let state = try queue.read { db throws -> (isNew: Bool, isWAL: Bool, isCurrent: Bool, dataVersion: Int) in
            let applicationID = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
            let objectCount = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") ?? 0
            let isWAL = try String.fetchOne(db, sql: "PRAGMA journal_mode")?.lowercased() == "wal"
            let version = try dataVersion(db)
            if applicationID != StoreFile.applicationID {
                guard applicationID == 0, objectCount == 0 else {
                    throw StoreError.notAStore(
                        path: path,
                        reason: applicationID == 0
                            ? "it is an SQLite database with tables of another application"
                            : "it is the SQLite database of another application")
                }
                return (true, isWAL, false, version)
            }
            // A look that fails (another process is creating the store, its tables
            // not all there yet) is not a newer schema; the migration then decides.
            guard let applied = try? migrator.appliedIdentifiers(db) else {
                return (false, isWAL, false, version)
            }
            if applied.contains(where: { !migrationIdentifiers.contains($0) }) {
                throw StoreError.newerSchema(path: path)
            }
            return (false, isWAL, migrationIdentifiers.allSatisfy(applied.contains), version)
        }
        if let readOnly, case .readOnly(_, let reason) = readOnly {
            guard state.isCurrent else {
                throw StoreError.cannotOpenReadOnly(path: path, reason: reason + (state.isNew
                    ? ", and it holds no store yet" : ", and it needs an upgrade this version would write"))
            }
            return (state.dataVersion, nil, false, nil)
        }
        if defersCheck, state.isWAL, state.isCurrent, let identity = uncheckedIdentity(of: path) {
            // The mark in the file now, for the late check's verdict (nil when the log
            // holds commits not in the file yet: then the two cannot be compared).
            let mark = try? queue.read { db in try Self.checkMark(db, path: path) }
            return (state.dataVersion, identity, logHoldsMoreThanTheFile(queue), mark)
        }
        if !state.isNew { try checkIfChangedElsewhere(queue, path: path) }
        if state.isNew || !state.isWAL {
            try claim(queue, path: path, isNew: state.isNew)
        }
        guard !state.isCurrent else { return (state.dataVersion, nil, false, nil) }
        try migrate(queue)
        recordMigrated(queue, path: path)
        return (try queue.read(Self.dataVersion), nil, false, nil)
    }

    /// Refuses a 0-byte file that geocache-tui last knew as a store of some size (its
    /// record, ``StoreFile/CheckRecord``): emptied in place (a shell's `>` on it, a copy
    /// cut short), it would otherwise become a new empty store, and the caches' loss go
    /// unsaid. A 0-byte file never recorded still becomes a new store.
    ///
    /// The file is looked at again after the record is read: another process may be
    /// making the store in this file at the same moment, and record it as soon as it
    /// holds one. Seen empty before that record and not after, it was being made, not
    /// emptied (SQLite never cuts a store to 0 bytes).
    static func refuseIfEmptied(_ path: String) throws(StoreError) {
        guard let identity = StoreFile.optionalIdentity(of: path),
              let size = StoreFile.CheckRecord.recordedSize(of: path, identity), size > 0 else { return }
        var info = stat()
        guard stat(path, &info) == 0, StoreFile.Identity(info) == identity, info.st_size == 0 else { return }
        throw StoreError.corrupt(path: path, reason: "it is empty, but held a store of \(size) bytes when geocache-tui "
            + "last used it: emptied in place, say by a shell's > on it, or a copy cut short")
    }

    /// Records the file (``StoreFile/CheckRecord``) once the claim and the migration
    /// are copied into it: a store this opening made, or one it found sound (checked
    /// just before, or as recorded) and upgraded, is as geocache-tui left it, so the
    /// next opening need not check it. Not recorded when a reader holds the log back.
    private static func recordMigrated(_ queue: DatabaseQueue, path: String) {
        guard let identity = StoreFile.optionalIdentity(of: path),
              queue.writeWithoutTransaction({ db in checkpoint(db, .passive) }) else { return }
        StoreFile.CheckRecord.record(path, identity)
    }

    /// Runs SQLite's `quick_check` when the store file is not as geocache-tui last
    /// recorded it (``StoreFile/CheckRecord``), and refuses a damaged file with
    /// ``StoreError/corrupt(path:reason:)`` instead of writing into it; a sound one is
    /// recorded, so the next opening skips the check.
    static func checkIfChangedElsewhere(_ queue: DatabaseQueue, path: String) throws {
        guard let identity = uncheckedIdentity(of: path) else { return }
        try quickCheck(queue, path: path, thorough: logHoldsMoreThanTheFile(queue))
        StoreFile.CheckRecord.record(path, identity)
    }

    /// The file's identity when it is not as last recorded (it needs a check); nil
    /// when it is, or cannot be looked at.
    static func uncheckedIdentity(of path: String) -> StoreFile.Identity? {
        guard let identity = StoreFile.optionalIdentity(of: path),
              !StoreFile.CheckRecord.matches(path, identity) else { return nil }
        return identity
    }

    /// SQLite's `quick_check` of the file `queue` reads, or with `thorough` its
    /// `integrity_check`, which also compares each index with its table: throws
    /// ``StoreError/corrupt(path:reason:)`` for a damaged one (the words a refusal
    /// says, at opening or found by ``StoreFileLateCheck``).
    static func quickCheck(_ queue: DatabaseQueue, path: String, thorough: Bool = false) throws {
        let problems: [String]
        do {
            let check = thorough ? "PRAGMA integrity_check(3)" : "PRAGMA quick_check(3)"
            problems = try queue.read { db in try String.fetchAll(db, sql: check) }
        } catch let error as DatabaseError {
            guard let damage = unreadable(error, path: path) else { throw error }
            throw logDoesNotFit(path) ? StoreError.staleLog(path: path) : damage
        }
        guard problems == ["ok"] else {
            if logDoesNotFit(path) { throw StoreError.staleLog(path: path) }
            throw StoreError.corrupt(path: path, reason: damage(problems))
        }
    }

    /// Whether the file at `path`, found damaged as read through its log, is sound on
    /// its own while the log beside it holds commits (more than its 32-byte header):
    /// the log was left by a session that ended without closing the store, and another
    /// file was copied in place since; SQLite read that log's pages over the copy's.
    static func logDoesNotFit(_ path: String) -> Bool {
        var log = stat()
        guard stat(path + "-wal", &log) == 0, log.st_size > 32 else { return false }
        return fileAloneIsSound(path)
    }

    /// Whether the log beside the file `queue` opened holds commits a checkpoint has not
    /// copied into the file: a session that ended without closing the store left them,
    /// or another file was copied in place since and they are that file's. Read through
    /// such a log, pages of another file can make a store whose indexes disagree with
    /// their tables, which only `integrity_check` finds.
    static func logHoldsMoreThanTheFile(_ queue: DatabaseQueue) -> Bool {
        (try? queue.read { db -> Bool in
            _ = try Int32.fetchOne(db, sql: "PRAGMA user_version")
            guard let connection = db.sqliteConnection else { return false }
            return geocache_sqlite_log_is_in_file(connection) == 0
        }) ?? false
    }

    /// The reason a store `quick_check` found `problems` in is refused for, in one line:
    /// a problem may run over several ("*** in database main ***\nPage 4: …").
    static func damage(_ problems: [String]) -> String {
        let found = problems.map { $0.split(whereSeparator: \.isNewline).joined(separator: " ") }
        return "SQLite's quick_check found: " + found.joined(separator: "; ")
            + "; was it copied over while a session had it open?"
    }

    /// The damage an error of SQLite's means when the check itself cannot read the
    /// file: as damaged as a problem it lists. Nil for any other error.
    static func unreadable(_ error: DatabaseError, path: String) -> StoreError? {
        guard [.SQLITE_CORRUPT, .SQLITE_NOTADB].contains(error.resultCode) else { return nil }
        return StoreError.corrupt(path: path, reason: "SQLite's quick_check could not read it ("
            + (error.message ?? "malformed") + "); was it copied over while a session had it open?")
    }

    /// Marks a new store as this application's and switches it to WAL mode.
    ///
    /// Switching the journal mode needs the file to itself, and SQLite answers
    /// `SQLITE_BUSY` at once, without waiting out the busy timeout, while another
    /// connection has it open in a transaction: two processes creating one store at
    /// the same moment meet exactly that. The switch is then tried again, for up to
    /// half a second, and counts as done as soon as the file is in WAL mode, whoever
    /// switched it.
    private static func claim(_ queue: DatabaseQueue, path: String, isNew: Bool) throws {
        for attempt in 1... {
            do {
                try queue.writeWithoutTransaction { db in
                    if isNew {
                        try db.execute(sql: "PRAGMA application_id = \(StoreFile.applicationID)")
                    }
                    let mode = try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
                    guard mode?.lowercased() == "wal" else {
                        throw StoreError.database(path: path, message: "SQLite refused WAL mode (\(mode ?? "no answer"))")
                    }
                }
                return
            } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY && attempt < 25 {
                usleep(20_000)
            }
        }
    }

    /// The identifiers of ``migrator``'s migrations, in order.
    static let migrationIdentifiers = migrator.migrations

    /// Runs the pending migrations. Two processes creating one store at once may
    /// both try a migration (each runs in its own transaction); the loser looks again:
    /// when the winner has finished, it carries on, and while the winner is still
    /// between migrations it runs what is left. A look that fails while the winner is
    /// half-way (its tables not all there yet) counts as "not finished", for up to
    /// half a second; then the migration's own error is thrown.
    private static func migrate(_ queue: DatabaseQueue) throws {
        func isCurrent() -> Bool {
            (try? queue.read { db in try migrator.hasCompletedMigrations(db) }) == true
        }
        // A current store is only read: opening writes nothing, so it wakes no other
        // session's watch.
        if isCurrent() { return }
        for attempt in 1... {
            do {
                try migrator.migrate(queue)
                return
            } catch {
                if isCurrent() { return }
                if attempt == 25 { throw error }
                usleep(20_000)
            }
        }
    }
}

extension SQLiteStore {
    /// Why the store can only be read, or nil when it can be written.
    public var readOnlyReason: String? {
        if case .readOnly(_, let reason) = readOnlyError { return reason }
        return nil
    }

    /// Throws the error a write to a store opened read-only gives.
    func ensureWritable() throws(StoreError) {
        if let readOnlyError { throw readOnlyError }
    }

    /// The connection a store opens on `path` (its file `identity`), prepared
    /// (``prepare(_:path:readOnly:defersCheck:)``), with its data version, the late check
    /// it leaves and the error its writes give. With `mayReadOnly` (a store that exists),
    /// one whose disk is too full for its log or index (or whose log or index would pass
    /// the file size limit, `ulimit -f`, or find no free inode) is opened read-only instead, as a store that
    /// cannot be written is: it can still be listed, exported and shown.
    static func connect(_ path: String, identity: StoreFile.Identity, readOnly: StoreError?, mayReadOnly: Bool,
                        defersCheck: Bool) throws(StoreError)
        -> (queue: DatabaseQueue, dataVersion: Int, lateCheck: StoreFileLateCheck?, readOnly: StoreError?) {
        // A file found damaged, or on a disk too full for its log, is left as it was
        // found: without the side files this opening made.
        let madeHere = ["-wal", "-shm"].filter { access(path + $0, F_OK) != 0 }
        do {
            var configuration = connectionConfiguration(label: "geocache-tui store")
            configuration.readonly = readOnly != nil
            let queue = try DatabaseQueue(path: readOnly == nil ? path : readOnlyURI(for: path), configuration: configuration)
            do {
                let prepared = try prepare(queue, path: path, readOnly: readOnly, defersCheck: defersCheck)
                let lateCheck = prepared.unchecked.map {
                    StoreFileLateCheck(path: path, identity: $0, thorough: prepared.thorough, mark: prepared.mark)
                }
                if let change = StoreFile.change(at: path, since: identity) { throw change }
                return (queue, prepared.dataVersion, lateCheck, readOnly)
            } catch {
                closeAfterFailedOpening(queue, path: path, identity: identity, error: error)
                if (error as? StoreError)?.meansTheFileIsDamaged == true { removeEmptySideFiles(madeHere, of: path) }
                throw error
            }
        } catch {
            let failure = StoreError(wrapping: error, path: path)
            guard failure.meansNoRoom, readOnly == nil, mayReadOnly else { throw failure }
            removeEmptySideFiles(madeHere, of: path)
            let reason = switch failure {
            case .fileSizeLimit(_, let bytes): StoreError.fileSizeLimitWhenOpened(bytes)
            case .noFreeInodes: StoreError.noFreeInodesWhenOpened
            default: StoreError.diskFullWhenOpened
            }
            return try connect(path, identity: identity, readOnly: .readOnly(path: path, reason: reason),
                               mayReadOnly: false, defersCheck: defersCheck)
        }
    }

    /// Removes the side files of `path` named by `suffixes` (made by an opening that found
    /// the file damaged, or its disk full), a log only while it holds nothing: the file
    /// is left as it was.
    private static func removeEmptySideFiles(_ suffixes: [String], of path: String) {
        for suffix in suffixes {
            var info = stat()
            guard stat(path + suffix, &info) == 0, suffix == "-shm" || info.st_size == 0 else { continue }
            unlink(path + suffix)
        }
    }

    /// Whether a write-ahead log with commits lies beside the store at `path` without
    /// its index (`-shm`), in a directory where the index cannot be made: SQLite cannot
    /// read that log then (it makes the index first), so neither the store.
    static func logWithoutIndex(_ path: String) -> Bool {
        var file = stat()
        return stat(path + "-wal", &file) == 0 && file.st_size > 0 && stat(path + "-shm", &file) != 0
            && access(StorePath.directory(of: path), W_OK) != 0
    }

    /// The name SQLite opens a store by that cannot be written, as a URI. With a
    /// write-ahead log beside it that holds commits (someone who may write it has it
    /// open), `mode=ro` reads the log through its existing index. Otherwise
    /// `immutable=1` reads the file alone, with no locks and no side files: on a
    /// read-only directory none could be created, and in a writable one a read-only
    /// connection would leave a `-wal` and `-shm` with the file's read-only mode
    /// behind, which would then stop the store's writers.
    static func readOnlyURI(for path: String) -> String {
        var log = stat()
        let hasLog = stat(path + "-wal", &log) == 0 && log.st_size > 0
        let encoded = path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path
        return "file:" + encoded + (hasLog ? "?mode=ro" : "?immutable=1")
    }
}
