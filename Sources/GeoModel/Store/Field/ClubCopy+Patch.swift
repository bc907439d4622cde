import Foundation
import GRDB

/// One change this machine stored on the club store, written into its copy
/// (``ClubCopy/patch(_:)``), so that the copy shows it before its next refresh: an edit
/// made while the server answers, then one made once it has gone away, starts from the
/// first, not from the copy's older version (which the delivery would find in conflict
/// with the member's own change).
public enum CopyPatch: Equatable, Sendable {
    /// A cache as stored: it replaces the copy's cache of its identifier, or is added
    /// under it; the club's record is replaced when it carries one.
    case cache(StoredCache)
    /// A cache's new text, by its code (a change delivered from the outbox): it replaces
    /// the text of the copy's cache of that code, which keeps its identifier and record.
    case edited(code: String, GeoCache)
    /// The cache of this code was deleted.
    case deleted(code: String)
    /// The person's data on the cache `code`, as stored.
    case own(code: String, OwnData)
    /// The person's visits, as stored (one the copy holds is not added again).
    case visits([Visit])
}

/// Patches written together: those of one write, or of one delivery, with the moment
/// the write was sent.
public struct CopyPatches: Sendable {
    /// The patches, in order.
    public let patches: [CopyPatch]
    /// When the write they record was sent: a refresh whose read started before it may
    /// lack it, one started after it holds it (or something newer).
    public let sentAt: ContinuousClock.Instant
}

extension ClubCopy {
    /// Writes `batch` into the copy: the copy's file copied to a new file beside it,
    /// the patches written there in one transaction, and the new file renamed into
    /// place, as a refresh does (a reader sees the old copy or the new one). Nothing
    /// when there is no copy, or when a refresh that read the store after the write was
    /// sent has replaced the copy since (it holds the write, or something newer).
    ///
    /// Its cost is the copy's size (a refresh's writing, without its reading). Taken
    /// with the copy's lock (`copy.lock`), as a refresh's renaming is; a refresh whose
    /// read began before the write was sent writes the patches of this process again
    /// before its renaming (``CopyPatchLog``).
    /// - Throws: ``StoreError`` when the copy cannot be read or the new file written;
    ///   the copy is left as it was.
    public func patch(_ batch: CopyPatches) throws {
        guard !batch.patches.isEmpty, !CopyPatchLog.shared.isSuperseded(batch, path: files.copyPath),
              FileManager.default.fileExists(atPath: files.copyPath) else { return }
        try withLock {
            guard FileManager.default.fileExists(atPath: files.copyPath) else { return }
            let temporary = try copyToNewFile()
            defer { StoreFile.removeWithSideFiles(temporary) }
            try Self.seal(temporary) { db in try Self.write(batch.patches, in: db, path: temporary) }
            try replaceCopy(with: temporary)
        }
    }

    /// Runs `body` holding the copy's lock (an exclusive `flock` on `copy.lock` in the
    /// copy's directory), which every replacement of the copy takes. The new copy files
    /// left by processes that are gone are removed first (``removeAbandonedFiles()``).
    func withLock<T>(_ body: () throws -> T) throws -> T {
        try Outbox.makeDirectory(files.directory, for: files.copyPath)
        let path = files.directory + "/copy.lock"
        let descriptor = Glibc.open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw StoreError.cannotCreate(path: path, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else { throw StoreError.cannotCreate(path: path, reason: String(cString: strerror(errno))) }
        }
        removeAbandonedFiles()
        return try body()
    }

    /// Removes the new copy files (``newFileName(in:)``, with SQLite's files beside them)
    /// of processes that have ended: a form or command stopped while it wrote one. Run
    /// holding the copy's lock, under which every new copy file is written.
    func removeAbandonedFiles() {
        StoreFile.removeAbandoned(prefix: "copy.sqlite.new-", in: files.directory)
    }

    /// A copy of the copy's file beside it, made with SQLite's backup (every page, as one
    /// consistent read), writable; returns its path.
    private func copyToNewFile() throws -> String {
        let temporary = try Self.makeNewFile(in: files.directory)
        do {
            var configuration = Configuration()
            configuration.readonly = true
            let source = try DatabaseQueue(path: SQLiteStore.readOnlyURI(for: files.copyPath), configuration: configuration)
            defer { try? source.close() }
            let destination = try DatabaseQueue(path: temporary)
            defer { try? destination.close() }
            try source.backup(to: destination)
            return temporary
        } catch {
            StoreFile.removeWithSideFiles(temporary)
            throw StoreError(wrapping: error, path: files.copyPath)
        }
    }

    /// Writes `patches` into the copy open in `db`, in its transaction.
    static func write(_ patches: [CopyPatch], in db: Database, path: String) throws {
        let keepsClub = try keepsClub(in: db)
        for patch in patches {
            switch patch {
            case .cache(let stored):
                try SQLiteStore.replace(stored, in: db, path: path)
                if keepsClub, let club = stored.club {
                    try db.execute(sql: "INSERT OR REPLACE INTO club_record (id, owner, changed_by, changed_at) VALUES (?, ?, ?, ?)",
                                   arguments: [stored.id.rawValue, club.owner.role, club.changedBy,
                                               club.changedAt?.timeIntervalSince1970])
                }
            case .edited(let code, let cache):
                guard let id = try Int64.fetchOne(db, sql: "SELECT id FROM cache WHERE code = ?", arguments: [code]) else { continue }
                try SQLiteStore.replace(StoredCache(id: CacheID(rawValue: id), cache: cache), in: db, path: path)
            case .deleted(let code):
                if let id = try Int64.fetchOne(db, sql: "SELECT id FROM cache WHERE code = ?", arguments: [code]) {
                    try db.execute(sql: "DELETE FROM cache WHERE id = ?", arguments: [id])
                    if keepsClub { try db.execute(sql: "DELETE FROM club_record WHERE id = ?", arguments: [id]) }
                }
            case .own(let code, let data):
                try SQLiteStore.setOwnData(data, forCode: code, in: db)
            case .visits(let visits):
                for visit in visits { _ = try SQLiteStore.insertVisit(visit.normalized, in: db) }
            }
        }
    }
}

/// The patches this process wrote into its copies, kept until a refresh whose read
/// began after them has replaced the copy: a refresh that began before one writes it
/// again before its renaming (its read may lack the write), and a patch written after
/// such a refresh is left out (the refresh holds its write, or something newer).
final class CopyPatchLog: @unchecked Sendable {
    /// The one log of the process.
    static let shared = CopyPatchLog()

    private let lock = NSLock()
    /// By copy path: the patches kept, and when the latest finished refresh began its read.
    private var copies: [String: (batches: [CopyPatches], refreshedFrom: ContinuousClock.Instant?)] = [:]

    /// Keeps `batch`, written (or to be written) into the copy at `path`.
    func record(_ batch: CopyPatches, path: String) {
        lock.withLock { copies[path, default: ([], nil)].batches.append(batch) }
    }

    /// Whether a refresh of the copy at `path` whose read began after `batch` was sent
    /// replaced it since.
    func isSuperseded(_ batch: CopyPatches, path: String) -> Bool {
        lock.withLock { copies[path]?.refreshedFrom.map { batch.sentAt < $0 } ?? false }
    }

    /// The patches of the copy at `path` sent at `start` or later, in order.
    func patches(of path: String, sentFrom start: ContinuousClock.Instant) -> [CopyPatch] {
        lock.withLock { (copies[path]?.batches ?? []).filter { $0.sentAt >= start }.flatMap(\.patches) }
    }

    /// A refresh whose read began at `start` replaced the copy at `path`: the patches
    /// sent before it are dropped.
    func refreshed(_ path: String, readFrom start: ContinuousClock.Instant) {
        lock.withLock {
            var entry = copies[path, default: ([], nil)]
            entry.batches.removeAll { $0.sentAt < start }
            entry.refreshedFrom = max(entry.refreshedFrom ?? start, start)
            copies[path] = entry
        }
    }
}
