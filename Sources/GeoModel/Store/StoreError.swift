/// Why a store could not be opened, created, read or written: an SQLite file, or a
/// database on a PostgreSQL server.
///
/// Every message names the file or the server (never a password) and says what to do
/// about it, so a command line or a status bar can show it as it is. Whenever opening
/// fails, the store was not changed.
public enum StoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file exists but is not a geocache-tui store: not an SQLite database at all
    /// (garbage, a zip archive, an empty directory entry of another kind) or the
    /// database of another application.
    case notAStore(path: String, reason: String)
    /// The file looks like a store but is damaged: truncated, or SQLite finds it
    /// corrupt.
    case corrupt(path: String, reason: String)
    /// The file is sound on its own, but a log of commits (`PATH-wal`) lies beside it
    /// that does not fit it: left by a session that ended without closing the store,
    /// before another file (a backup) was copied in place. Read through that log, the
    /// file looks damaged; both were left as they were.
    case staleLog(path: String)
    /// The store was written by a newer geocache-tui whose schema this version
    /// does not know.
    case newerSchema(path: String)
    /// The file's permissions do not let this process read and write it.
    case permissionDenied(path: String, reason: String)
    /// The file is another user's (`owner`), and its mode (`mode`, "mode 600") does not
    /// let this process read it: only its owner can change that.
    case othersFile(path: String, owner: String, mode: String)
    /// A directory on the way to the file cannot be searched (no `x` for this user):
    /// whether the file is there cannot even be seen.
    case directoryNotSearchable(path: String)
    /// The file's directory cannot be written, so SQLite cannot create the store's
    /// `-wal` and `-shm` files beside it; `reason` says why (permissions, or a
    /// read-only file system).
    case directoryNotWritable(path: String, directory: String, reason: String)
    /// The path names a directory, not a file.
    case isDirectory(path: String)
    /// The path names no regular file and no directory: `kind` says what ("a character
    /// device", "a named pipe (FIFO)"). Such a thing is not moved away to make room.
    case notAFile(path: String, kind: String)
    /// A new store could not be created there: a missing or unwritable directory.
    case cannotCreate(path: String, reason: String)
    /// Nothing exists at the path, and what opened it only reads or changes caches
    /// already stored (``StoreLocation/open(for:creatingFile:)``): no store was made.
    /// `missingDirectory` names the store's directory when that does not exist either
    /// (and would not be made for it: only the default store's is).
    case noStore(path: String, missingDirectory: String?)
    /// The path is a symbolic link that leads to no file: to one that does not exist
    /// (a disk not mounted), or round in a loop. No store is made where it points.
    case brokenLink(path: String, reason: String)
    /// SQLite reported an error while reading or writing the store.
    case database(path: String, message: String)
    /// The store's disk has no room for what a write needed (SQLite's `SQLITE_FULL`):
    /// the write was rolled back.
    case diskFull(path: String)
    /// A file of the store would have grown past the file size limit of the process
    /// (`ulimit -f`, `bytes` of it; the system refuses such a write with `EFBIG`): the
    /// write was rolled back, as on a full disk.
    case fileSizeLimit(path: String, bytes: UInt64)
    /// The store's file system has no free file entries (inodes) left, so SQLite could not
    /// make the log or index it keeps beside the store: nothing was written, as on a full disk.
    case noFreeInodes(path: String)
    /// The disk or file system holding the store failed to read or write it (`EIO`, a
    /// disk going bad or a file system shut down; SQLite's `SQLITE_IOERR`): `reason` is
    /// the system's or SQLite's word for it. Nothing was written.
    case ioError(path: String, reason: String)
    /// The store file was deleted (or moved away) while the store was open, so
    /// nothing was written; the store refuses every further use until reopened.
    case fileDeleted(path: String)
    /// Another file took the store file's place (a rename over it) while the store
    /// was open, so nothing was written to either; the store refuses every further
    /// use until reopened.
    case fileReplaced(path: String)
    /// Another file was copied over the store file in place (`cp other.sqlite
    /// caches.sqlite`: the same inode, other bytes) while the store was open: what the
    /// session remembered of the file no longer matches it, so nothing more is written
    /// through it (the file copied in stays as it was); the store refuses every further
    /// use until reopened.
    case fileOverwritten(path: String)
    /// A side file of the store (`sideFile`: its write-ahead log or the log's index)
    /// was deleted or replaced while the store was open. SQLite keeps commits there
    /// until it copies them into the store file, so the session stops using the store
    /// (nothing more is written through it) until it is reopened, as for a store file
    /// deleted or replaced.
    case sideFileLost(path: String, sideFile: String)
    /// `sideFile`, where SQLite keeps the log or journal of the store at `path`, is an
    /// SQLite database of its own (a store made under that name): SQLite, opening the
    /// store, would take it for its log and delete it, so neither is opened.
    case sideFileIsADatabase(path: String, sideFile: String)
    /// Another process holds a lock on the store (a long transaction: a writer's, or a
    /// table lock that keeps readers out too) and did not release it within the wait; `holder` says who, when the system can tell (a
    /// program's name and process id, or a PostgreSQL session). Nothing was written.
    case locked(path: String, holder: String?)
    /// The store cannot be written (a read-only file, directory or file system):
    /// reading works, writing is refused; `reason` says why.
    case readOnly(path: String, reason: String)
    /// The store cannot be written, and this version opens it only by writing it (it
    /// needs an upgrade, or holds no store yet): not even reading works; `reason` says
    /// why it cannot be written and what opening it would write.
    case cannotOpenReadOnly(path: String, reason: String)
    /// The PostgreSQL server could not be reached (not running, unknown host, no
    /// answer within the connect timeout, refused by `pg_hba.conf`).
    case unreachable(server: String, reason: String)
    /// The connection to the PostgreSQL server broke while the store was open (the
    /// server stopped or ended the session, the network dropped, a round trip got no
    /// answer in time). A write that meets it was not stored: it is only thrown for one
    /// when that is known (the write was never sent, its transaction never sent its
    /// `COMMIT`, or its identifier was looked up and found not stored). The store
    /// connects again when its owner next checks it (a form does); a command ends.
    /// What to do next depends on who says it, so the description says only what
    /// happened: the form adds that it retries, a command that it is to be run again.
    case connectionLost(server: String, reason: String)
    /// The connection broke after a write was sent, and the server could not be asked
    /// before the deadline whether it committed: the change may or may not have been
    /// stored. ``CacheStore/settleWrite(_:)`` asks again once the server answers.
    case outcomeUnknown(server: String, reason: String)
    /// The server refused the user name or the password.
    case accessDenied(server: String, reason: String)
    /// libpq refused the value of a connection option, from the URL or a `PG…`
    /// environment variable (`sslmode=bogus`): no server was the cause, so it is not
    /// ``unreachable(server:reason:)`` (field mode keeps no change for it).
    case badConnectionOption(server: String, reason: String)
    /// The database the URL names does not exist on the server.
    case noSuchDatabase(server: String)
    /// The database holds tables of another application; nothing was created there.
    case foreignDatabase(server: String)
    /// The database was set up by a newer geocache-tui whose schema this version
    /// does not know.
    case newerServerSchema(server: String)
    /// The database was set up by an older geocache-tui, and the role that logged in
    /// may not upgrade its schema (only the tables' owner may); nothing was changed.
    case olderServerSchema(server: String)
    /// The server refused a statement.
    case serverError(server: String, message: String)
    /// The server refused a write because the role that logged in may not make it
    /// (SQLSTATE 42501: a missing grant, or a row-level security policy). Nothing was
    /// stored, and sending it again is refused the same way.
    case notPermitted(server: String, reason: String)
    /// A cache to be added carries a code already stored (the store is its `path`).
    case codeInUse(path: String, code: String)
    /// A cache to be stored on a PostgreSQL store (its `path`) holds the character
    /// U+0000 in `field`, which PostgreSQL text cannot hold; `cache` names it (its
    /// title, or its code). Nothing was sent.
    case nulCharacter(path: String, cache: String, field: String)
    /// The club store `server` cannot be reached and this machine holds no copy of
    /// its caches to show instead (``ClubCopy``).
    case noCopy(server: String)
    /// The club store `server` answered as another club database than the one this
    /// machine's copy and kept changes (`kept`), or this session, came from: re-created,
    /// or another server on its host and port (`StoreError+AnotherClub.swift`).
    case anotherClub(server: String, kept: ClubKept?)

    /// The path of the store file the error is about, or the server (`host:port/dbname`).
    public var path: String {
        switch self {
        case .notAStore(let path, _), .corrupt(let path, _), .staleLog(let path), .newerSchema(let path),
             .permissionDenied(let path, _), .othersFile(let path, _, _), .directoryNotSearchable(let path),
             .directoryNotWritable(let path, _, _), .isDirectory(let path), .notAFile(let path, _),
             .cannotCreate(let path, _), .noStore(let path, _), .brokenLink(let path, _), .database(let path, _),
             .diskFull(let path), .fileSizeLimit(let path, _), .noFreeInodes(let path), .ioError(let path, _),
             .fileDeleted(let path), .fileReplaced(let path), .fileOverwritten(let path), .sideFileLost(let path, _), .sideFileIsADatabase(let path, _),
             .locked(let path, _), .readOnly(let path, _), .cannotOpenReadOnly(let path, _),
             .unreachable(let path, _), .connectionLost(let path, _), .outcomeUnknown(let path, _), .accessDenied(let path, _),
             .badConnectionOption(let path, _),
             .noSuchDatabase(let path), .foreignDatabase(let path), .newerServerSchema(let path),
             .olderServerSchema(let path),
             .serverError(let path, _), .notPermitted(let path, _), .codeInUse(let path, _), .nulCharacter(let path, _, _),
             .noCopy(let path), .anotherClub(let path, _):
            path
        }
    }

    /// True when the server did not answer, at opening (``unreachable(server:reason:)``)
    /// or later (``meansTheServerIsAway``), rather than refusing the login, missing the
    /// database or failing otherwise: what field mode stands in for.
    /// True when SQLite finds the store file damaged as it reads it (``corrupt(path:reason:)``),
    /// or through a log that does not fit it (``staleLog(path:)``): nothing is written
    /// into it.
    public var meansTheFileIsDamaged: Bool {
        switch self {
        case .corrupt, .staleLog: true
        default: false
        }
    }

    public var meansTheServerCannotBeReached: Bool {
        if case .unreachable = self { return true }
        return meansTheServerIsAway
    }

    /// True when the server answered and refused the write itself: sending it again is
    /// refused the same way, so a kept change that meets one can never be delivered as
    /// it is (a lock held by another writer is not a refusal: it ends).
    public var meansTheServerRefusedTheWrite: Bool {
        switch self {
        case .notPermitted, .serverError, .codeInUse, .nulCharacter, .foreignDatabase, .newerServerSchema,
             .olderServerSchema:
            return true
        default:
            return false
        }
    }

    /// True when the store cannot be used until its server answers again: the store
    /// connects again by itself.
    public var meansTheServerIsAway: Bool {
        switch self {
        case .connectionLost, .outcomeUnknown: return true
        default: return false
        }
    }

    /// Why a store opened read-only: its disk had no room for its log and index then.
    static let diskFullWhenOpened = "the disk holding it was full when it was opened"

    /// Why a store opened read-only: its log or index could not be made or grown within
    /// the file size limit of the process (`bytes`) then.
    static func fileSizeLimitWhenOpened(_ bytes: UInt64) -> String {
        SystemReason.limitReached(bytes) + " when it was opened"
    }

    /// Why a store opened read-only: its file system had no file entries left for its
    /// log and index then.
    static let noFreeInodesWhenOpened = "its file system had no free file entries (inodes) when it was opened"

    /// What a store opened read-only for want of room lacked: the form says it in a word.
    public enum NoRoom: Sendable { case disk, fileSizeLimit, inodes }

    /// What the store whose read-only `reason` is that lacked when it was opened; nil for
    /// any other reason (permissions, a read-only file system).
    public static func noRoom(inReadOnlyReason reason: String) -> NoRoom? {
        if reason == diskFullWhenOpened { return .disk }
        if reason == noFreeInodesWhenOpened { return .inodes }
        return reason.hasPrefix("the file size limit (ulimit -f") ? .fileSizeLimit : nil
    }

    /// True when a write found no room for what it needed: a full disk, a file size limit
    /// reached, no file entries left. A store that meets it at opening opens read-only.
    var meansNoRoom: Bool {
        switch self {
        case .diskFull, .fileSizeLimit, .noFreeInodes: true
        default: false
        }
    }

    /// One or two sentences on one line (a line break in a path is written `\n`): what is
    /// wrong with which file, and what to do.
    public var description: String {
        MessageValue.oneLine(fieldFileText ?? text)
    }

    /// What ``description`` says, before it is kept on one line.
    private var text: String {
        let elsewhere = "or choose another store with --store PATH or GEOCACHE_STORE"
        let serverElsewhere = "or choose another store with --store or GEOCACHE_STORE"
        switch self {
        case .notAStore(let path, let reason):
            return "\(path) is not a geocache-tui store (\(reason)); it was left untouched. "
                + "Move it away to start a new store there, \(elsewhere)."
        case .corrupt(let path, let reason):
            return "\(path) is damaged (\(reason)); it was left untouched. "
                + "Restore it from a backup or move it away, \(elsewhere)."
        case .staleLog(let path):
            return "\(path) is sound on its own, but the log of commits beside it (\(path)-wal), left by a session "
                + "that ended without closing the store, does not fit it: was the file copied in place since (a "
                + "backup restored)? Both were left untouched. That log belongs to the file before the copy: move "
                + "\(path)-wal and \(path)-shm away, then open the store again."
        case .newerSchema(let path):
            return "\(path) was written by a newer version of geocache-tui; it was left untouched. "
                + "Open it with that newer version, \(elsewhere)."
        case .permissionDenied(let path, let reason):
            return "cannot open \(path): \(reason); it was left untouched. "
                + "Give your user read and write access (chmod 600 '\(path)'), \(elsewhere)."
        case .othersFile(let path, let owner, let mode):
            return "cannot open \(path): it is \(owner)'s, and you may not read it (\(mode)); it was left untouched. "
                + "Ask \(owner) to let you read it (a group you share, or chmod o+r), \(elsewhere)."
        case .directoryNotSearchable(let path):
            return "cannot open \(path): a directory on the way to it cannot be searched (it lacks x for you); "
                + "nothing was read or created. Give your user search access to each directory on the way (namei -l "
                + "'\(path)' shows their modes), \(elsewhere)."
        case .directoryNotWritable(let path, let directory, let reason):
            return "cannot use \(path): its directory \(directory) is not writable (\(reason)), and SQLite "
                + "keeps its -wal and -shm files beside the store; it was left untouched. Make the directory "
                + "writable, or move the store to a writable directory and name it with --store PATH or GEOCACHE_STORE."
        case .isDirectory(let path):
            return "\(path) is a directory, not a store file. "
                + "Name a file, for example \(path.hasSuffix("/") ? path : path + "/")caches.sqlite."
        case .notAFile(let path, let kind):
            return "\(path) is \(kind), not a store file; it was left untouched. Name a regular file with --store "
                + "PATH or GEOCACHE_STORE."
        case .cannotCreate(let path, let reason):
            return "cannot create the store \(path): \(Self.sentence(reason)) "
                + "Check that the directory exists and may be written, \(elsewhere)."
        case .noStore(let path, let missingDirectory?):
            return "there is no store at \(path), and its directory \(missingDirectory) does not exist; nothing "
                + "was created. Check the path, \(elsewhere)."
        case .noStore(let path, nil):
            return "there is no store at \(path); nothing was created there. Adding or importing a cache makes one, "
                + "\(elsewhere)."
        case .brokenLink(let path, let reason):
            return "\(path) \(reason); nothing was created. Mend the link (mount or restore what it points to), "
                + "\(elsewhere)."
        case .database(let path, let message):
            return "\(path): database error: \(message). "
                + "Check the disk and the file's permissions, then try again."
        case .diskFull(let path):
            return "\(path): the disk holding the store is full; nothing was written. "
                + "Free some space on it, then try again."
        case .fileSizeLimit(let path, let bytes):
            return "\(path): \(SystemReason.limitReached(bytes)); nothing was written. "
                + "Raise the limit (ulimit -f unlimited), then try again."
        case .noFreeInodes(let path):
            return "\(path): the file system holding the store has no free file entries (inodes) left for the "
                + "files SQLite keeps beside it; nothing was written. Delete some files there (df -i shows how "
                + "many are left), then try again."
        case .ioError(let path, let reason):
            return "\(path) cannot be read or written: the disk holding it failed (\(reason)); nothing was "
                + "written. Check the disk (dmesg shows what the system saw), then try again."
        case .fileDeleted(let path):
            return "\(path) was deleted or moved away while it was open; nothing was written to it. "
                + "Reopen the store to start a new one there."
        case .fileReplaced(let path):
            return "\(path) was replaced by another file while it was open; nothing was written to it. "
                + "Reopen the store to use the file now there."
        case .fileOverwritten(let path):
            return "\(path) was overwritten in place (another file copied over it) while it was open; nothing more was "
                + "written through this session, so the file copied in is as it was. Reopen the store to use it."
        case .sideFileIsADatabase(let path, let sideFile):
            return "\(sideFile) is an SQLite database of its own, not the log or journal of \(path) beside it: "
                + "SQLite, opening \(path), would take it for one and delete it, so neither was opened. "
                + "Move \(sideFile) away (give it another name to open it with --store), then try again."
        case .sideFileLost(let path, let sideFile):
            return "\(sideFile), where SQLite keeps the latest commits of \(path), was deleted or replaced while "
                + "the store was open; nothing more was written through this session. Reopen the store to go on, "
                + "and leave the -wal and -shm files alone while the store is in use."
        case .locked(let path, let holder):
            let who = holder.map { " (\($0))" } ?? ""
            return "\(path): another program\(who) holds a lock on the store; nothing was changed. "
                + "Wait for it to finish, or end it, then try again."
        case .readOnly(let path, let reason) where reason == Self.diskFullWhenOpened:
            return "\(path) is read-only (\(reason)); nothing was written. Listing and exporting work; "
                + "to change it, free some space on its disk and open it again."
        case .readOnly(let path, let reason) where reason == Self.noFreeInodesWhenOpened:
            return "\(path) is read-only (\(reason)); nothing was written. Listing and exporting work; "
                + "to change it, delete some files on its file system and open it again."
        case .readOnly(let path, let reason) where Self.noRoom(inReadOnlyReason: reason) == .fileSizeLimit:
            return "\(path) is read-only (\(reason)); nothing was written. Listing and exporting work; "
                + "to change it, raise the limit (ulimit -f unlimited) and open it again."
        case .readOnly(let path, let reason):
            return "\(path) is read-only (\(reason)); nothing was written. Listing and exporting work; "
                + "to change it, make it writable or copy it to a writable place and name that with --store PATH."
        case .cannotOpenReadOnly(let path, let reason):
            return "\(path) is read-only (\(reason)); nothing was written, and it cannot be read before that is "
                + "written. Make it writable, or copy it to a writable place and name that with --store PATH."
        case .unreachable(let server, let reason):
            return "cannot connect to the store on \(server): \(Self.sentence(reason)) Check that the server is running "
                + "and that the URL names it, \(serverElsewhere)."
        case .connectionLost(let server, let reason):
            return "the connection to the store on \(server) was lost (\(reason))."
        case .outcomeUnknown(let server, let reason):
            return "not known whether the change was stored on \(server): the connection broke after it was sent "
                + "(\(reason)) and the server did not answer in time to tell. It may have been stored."
        case .accessDenied(let server, let reason):
            return "the server of \(server) refused the connection: \(Self.sentence(reason)) "
                + "Check the user name in the URL and the password (PGPASSWORD or ~/.pgpass)."
        case .badConnectionOption(let server, let reason):
            return "cannot connect to the store on \(server): \(Self.sentence(reason)) Correct that option in the URL "
                + "(or the PG environment variable that sets it), \(serverElsewhere)."
        case .noSuchDatabase(let server):
            return "the database of \(server) does not exist. Create it (createdb -O ROLE NAME; "
                + "see the club set-up in docs/usage.md), \(serverElsewhere)."
        case .foreignDatabase(let server):
            return "\(server) holds the tables of another application, not a geocache-tui store; nothing "
                + "was created or changed there. Name an empty database for a new store, \(serverElsewhere)."
        case .newerServerSchema(let server):
            return "\(server) was set up by a newer version of geocache-tui; it was left untouched. "
                + "Use that newer version, \(serverElsewhere)."
        case .olderServerSchema(let server):
            return "\(server) was set up by an older version of geocache-tui, and the role you log in as may not "
                + "upgrade it (only the owner of its tables may); nothing was changed. Ask the club's admin to open "
                + "it once with this version (geocache-tui list --store postgres://ADMIN@SERVER/DATABASE), then "
                + "try again."
        case .serverError(let server, let message):
            return "\(server): the server refused a statement: \(message)."
        case .notPermitted(let server, let reason) where Self.deniesReading(reason):
            return "\(server) refused the role you log in as its tables (\(reason)); nothing was changed. "
                + "Is it still one of the club's members? Ask the club's admin, or log in as another role."
        case .notPermitted(let server, let reason):
            return "\(server) refused the change: \(reason); nothing was stored. The role you log in as may not "
                + "make it: ask the club's admin for the right, or log in as another role."
        case .codeInUse(let store, let code):
            return "\(store) already holds a cache with the code \(code); nothing was stored. "
                + "Import the file to update that cache, or edit it."
        case .nulCharacter(let store, let cache, let field):
            return "\(store): \(cache) holds the character U+0000 (NUL) in its \(field), which PostgreSQL text "
                + "cannot hold; nothing was stored. Remove it and try again, or keep such caches in an SQLite store."
        case .noCopy(let server):
            return "the store on \(server) cannot be reached, and this machine holds no copy of its caches to show; "
                + "run geocache-tui sync while the server answers to keep one."
        case .anotherClub(let server, let kept):
            return Self.anotherClubText(server: server, kept: kept)
        }
    }

    /// `reason` ended as a sentence: a full stop after it, unless it ends in one already
    /// or in a question or exclamation mark (libpq's "…accepting connections on that
    /// socket?").
    static func sentence(_ reason: String) -> String {
        reason.last.map { ".?!".contains($0) } == true ? reason : reason + "."
    }
}

extension StoreError {
    /// Whether the server's `reason` for a refusal is a table every member may read
    /// (the count, the schema's version, the club's row): a role refused even that is
    /// no member of the club, or no longer one, whatever it was doing.
    static func deniesReading(_ reason: String) -> Bool {
        PostgresStore.memberReadTables.contains { reason == "permission denied for table \($0)" }
    }

    /// The refusal of the role itself behind this one, a write refused for a missing
    /// right, or nil when the change was refused: a role `store` refuses even the count
    /// every member reads (one taken out of the club's members, say) is refused every
    /// change, and is told that (the server's words for the read), not that this change
    /// needs a right. The one rule a write and a delivery share.
    func roleRefusal(on store: any CacheStore) -> StoreError? {
        guard case .notPermitted = self else { return nil }
        do {
            _ = try store.count()
            return nil
        } catch let error as StoreError {
            if case .notPermitted = error { return error }
            return nil
        } catch {
            return nil
        }
    }
}
