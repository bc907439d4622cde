import Foundation
import GRDB

/// A file field mode keeps on this machine (the ``ClubCopy``, the ``Outbox`` or the drafts) that was
/// found damaged and renamed beside itself, so that what it holds is kept for recovery
/// and a new one can start in its place.
///
/// Damaged means: not an SQLite file, pages SQLite finds broken (`PRAGMA quick_check`,
/// or an error saying the file is malformed), tables that are not the file's, or a value
/// this version cannot believe (a refresh time that is not a time, a place off the
/// Earth). A file that merely cannot be opened now (permissions, a lock, a full disk) is
/// never set aside. The file is renamed, never emptied or written: its side files
/// (`-wal`, `-shm`, `-journal`) go with it, under the same new name.
public struct FieldFileSetAside: Error, Equatable, Sendable {
    /// Which of field mode's files it was.
    public enum Kind: Equatable, Sendable {
        /// The read-only copy of the club's caches: the next `sync` fetches a new one.
        case copy
        /// The changes kept on this machine: a new, empty outbox starts, and the file
        /// set aside may still hold changes that were never delivered.
        case outbox
        /// The drafts the forms kept on this machine while the copy was shown
        /// (``LocalDrafts``): a new, empty file starts, and the file set aside may still
        /// hold a draft's text, which no form restores.
        case drafts
    }

    /// Which file it was.
    public let kind: Kind
    /// Where it was (``FieldFiles/copyPath`` or ``FieldFiles/outboxPath``).
    public let path: String
    /// Where it is now: beside it, named `NAME.damaged-YYYYMMDD-HHMMSS`.
    public let setAsidePath: String
    /// What was wrong with it, as found.
    public let reason: String

    /// A file set aside: `path`, now at `setAsidePath`, because of `reason`.
    public init(kind: Kind, path: String, setAsidePath: String, reason: String) {
        self.kind = kind
        self.path = path
        self.setAsidePath = setAsidePath
        self.reason = reason
    }

    /// The side files SQLite may keep beside a database file; they move with it.
    static var sideSuffixes: [String] { StoreFile.sideSuffixes }

    /// Renames `path` and its side files to `PATH.damaged-YYYYMMDD-HHMMSS` (a number
    /// added when that name is taken), the side files first, so that no process ever
    /// opens the new file at `path` with the damaged one's log beside it.
    ///
    /// - Returns: what was set aside; nil when `path` was gone already (another process
    ///   set it aside first, and says so itself).
    /// - Throws: ``StoreError/cannotCreate(path:reason:)`` when it cannot be renamed: the
    ///   damaged file is then left where it was, untouched.
    static func setAside(_ kind: Kind, at path: String, because reason: String,
                         now: Date = Date()) throws(StoreError) -> FieldFileSetAside? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        let base = path + ".damaged-" + formatter.string(from: now)
        var target = base
        var number = 2
        while ([""] + sideSuffixes).contains(where: { FileManager.default.fileExists(atPath: target + $0) }) {
            target = base + "-\(number)"
            number += 1
        }
        for suffix in sideSuffixes where FileManager.default.fileExists(atPath: path + suffix) {
            _ = rename(path + suffix, target + suffix)
        }
        guard rename(path, target) == 0 else {
            let code = errno
            if code == ENOENT { return nil }
            throw .cannotCreate(path: path, reason: "it is damaged (\(reason)), and setting it aside as \(target) "
                                + "failed: " + String(cString: strerror(code)))
        }
        return FieldFileSetAside(kind: kind, path: path, setAsidePath: target, reason: reason)
    }
}

/// What a check of one of field mode's files found wrong with it: the file is damaged
/// (``FieldFileSetAside``), not merely out of reach now.
struct FieldFileDamage: Error, Equatable {
    /// What is wrong, for people.
    let reason: String

    /// The damage `error` means, or nil when it means something else (a lock, a
    /// permission, a full disk): SQLite's "not a database" and "malformed" errors, the
    /// same as a ``StoreError``, and a ``FieldFileDamage`` itself.
    static func of(_ error: any Error) -> FieldFileDamage? {
        switch error {
        case let damage as FieldFileDamage:
            return damage
        case let error as DatabaseError where error.resultCode == .SQLITE_NOTADB || error.resultCode == .SQLITE_CORRUPT:
            return FieldFileDamage(reason: "SQLite says: " + (error.message ?? "\(error.resultCode)"))
        case StoreError.notAStore(_, let reason), StoreError.corrupt(_, let reason):
            return FieldFileDamage(reason: reason)
        default:
            return nil
        }
    }

    /// Runs SQLite's quick check on `db`: throws the damage it finds.
    static func quickCheck(_ db: Database) throws {
        let found = try String.fetchAll(db, sql: "PRAGMA quick_check")
        guard found != ["ok"] else { return }
        throw FieldFileDamage(reason: "SQLite's check finds " + (found.first ?? "nothing to read"))
    }
}
