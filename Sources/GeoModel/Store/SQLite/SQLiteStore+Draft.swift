import Foundation
import GRDB

/// The forms' unsaved text in the SQLite store: the `form_draft` table, one row per
/// draft (``FormDraft``'s encoded form), each with the session holding it (``DraftHolder``:
/// the process and the store object), or none.
///
/// Every draft write commits with `synchronous = NORMAL` (``withoutWaitingForTheDisk(_:)``,
/// `synchronous` set before the transaction, as SQLite requires, and `FULL` again once it
/// has committed): the commit is in the write-ahead log in the page cache when it
/// returns, without waiting for the disk, so quitting does not wait for `fdatasync`. A
/// kill or a hang-up of the process after that cannot lose it (the kernel writes the page
/// cache out whatever happens to the process), and WAL mode stays consistent; only a
/// power cut or a crash of the system before the next checkpoint's sync can take the
/// drafts back to what they were before (docs/decisions.md).
extension SQLiteStore {
    public func takeDraft(before id: DraftID?) throws -> TakenDraft? {
        let holder = DraftHolder.holder(of: self)
        // Read first: a store with no draft to take writes nothing.
        let isBefore = { (candidate: DraftID) in id.map { candidate < $0 } ?? true }
        guard try read({ db in try Self.freeDrafts(in: db).contains(where: isBefore) }) else { return nil }
        return try withoutWaitingForTheDisk {
            try write { db in
                let free = try Self.freeDrafts(in: db)
                for candidate in free where isBefore(candidate) {
                    guard let data = try Data.fetchOne(db, sql: "SELECT content FROM form_draft WHERE id = ?",
                                                       arguments: [candidate.rawValue]),
                          let draft = FormDraft(encoded: Array(data)) else { continue }
                    try db.execute(sql: "UPDATE form_draft SET holder = ? WHERE id = ?",
                                   arguments: [holder, candidate.rawValue])
                    return TakenDraft(id: candidate, draft: draft, othersKept: free.count - 1)
                }
                return nil
            }
        }
    }

    /// ``takeDraft(before:)`` for a form opening: it waits at most ``openingDraftPatience``
    /// for another session's write (a long import) rather than the busy timeout, so the
    /// form is never held at "Opening…" for a draft; the draft then stays kept for the
    /// next form, or `Ctrl-Y`.
    func takeDraftWhileOpening() -> TakenDraft? {
        waitingAtMost(Self.openingDraftPatience) { try takeDraft(before: nil) } ?? nil
    }

    /// How long a form opening waits for another session's write to take a draft.
    static let openingDraftPatience: TimeInterval = 0.25

    public func keepDraft(_ draft: FormDraft, in id: DraftID?, holding: Bool, as _: WriteID) throws -> DraftID? {
        let holder = DraftHolder.holder(of: self)
        return try withoutWaitingForTheDisk {
            try write { db in
                if let id {
                    try db.execute(sql: "DELETE FROM form_draft WHERE id = ? AND holder = ?",
                                   arguments: [id.rawValue, holder])
                }
                guard !draft.isEmpty else { return nil }
                try db.execute(sql: "INSERT INTO form_draft (holder, content) VALUES (?, ?)",
                               arguments: [holding ? holder : nil, Data(draft.encoded())])
                return DraftID(rawValue: db.lastInsertedRowID)
            }
        }
    }

    public func releaseDraft(_ id: DraftID) throws {
        let holder = DraftHolder.holder(of: self)
        try withoutWaitingForTheDisk {
            try write { db in
                try db.execute(sql: "UPDATE form_draft SET holder = NULL WHERE id = ? AND holder = ?",
                               arguments: [id.rawValue, holder])
            }
        }
    }

    public func keptDrafts() throws -> [FormDraft] {
        try read { db in
            try Data.fetchAll(db, sql: "SELECT content FROM form_draft ORDER BY id DESC").compactMap {
                FormDraft(encoded: Array($0))
            }
        }
    }

    /// The drafts no live session holds, the most recent first.
    static func freeDrafts(in db: Database) throws -> [DraftID] {
        var free: [DraftID] = []
        let rows = try Row.fetchCursor(db, sql: "SELECT id, holder FROM form_draft ORDER BY id DESC")
        while let row = try rows.next() {
            // A holder of another type than a session writes holds nothing.
            let holder = try? row.decode(String?.self, atIndex: 1)
            let id = try row.decode(Int64.self, atIndex: 0)
            if holder.map({ !DraftHolder.isAlive($0) }) ?? true { free.append(DraftID(rawValue: id)) }
        }
        return free
    }

    /// True when the store keeps any draft: the form's opening tries to take one only then.
    static func hasDrafts(in db: Database) throws -> Bool {
        try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM form_draft)") ?? false
    }

    /// Runs `body`, whose writes go through ``write(_:)``, with `synchronous = NORMAL`
    /// on the store's connection (set before, as SQLite requires outside a
    /// transaction, and `FULL` again after): its commits do not wait for the disk.
    /// Only for what may be lost to a power cut without losing anything of the user's
    /// caches: the draft, and the digests and patches worked out from stored fields.
    func withoutWaitingForTheDisk<T>(_ body: () throws -> T) throws -> T {
        try ensureAttached()
        do {
            try queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA synchronous = NORMAL") }
        } catch {
            throw StoreError(wrapping: error, path: path)
        }
        defer {
            // The pragma writes nothing; a store detached meanwhile has no connection
            // left to restore.
            try? queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA synchronous = FULL") }
        }
        return try body()
    }
}
