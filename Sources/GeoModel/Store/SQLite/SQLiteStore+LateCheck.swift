import CSystem

/// A store file opened before its integrity check (the form's opening, issue 39): the
/// check runs after the first frame (``StoreFileLateCheck``), every write waits for its
/// verdict, and a damaged file refuses every write from then on with the error an
/// opening that checked first refuses it with (``StoreError/corrupt(path:reason:)``).
/// Damage it found in a file copied over the store meanwhile is no verdict.
extension SQLiteStore {
    /// Starts the check of a file opened unchecked, on a thread of its own; does nothing
    /// for a file that was as last recorded (or checked before opening).
    public func beginIntegrityCheck() {
        lateCheck?.start()
    }

    /// True from an unchecked opening until ``takeIntegrityVerdict()`` gave the verdict.
    public var isCheckingIntegrity: Bool { lateCheck != nil }

    /// Readable once the late check's verdict is in; nil when there is no check (or no
    /// descriptor: then ``takeIntegrityVerdict()`` waits for it).
    public var integrityCheckDescriptor: Int32? {
        guard let lateCheck, lateCheck.descriptor >= 0 else { return nil }
        return lateCheck.descriptor
    }

    /// The late check's verdict, once, when it is in (never waiting for it, unless the
    /// check has no descriptor to be waited on); nil while it runs and when there is none.
    public func takeIntegrityVerdict() -> StoreIntegrity? {
        guard let lateCheck, lateCheck.isDone || lateCheck.descriptor < 0 else { return nil }
        self.lateCheck = nil
        if lateCheck.wasStopped { return nil }
        if let found = lateCheck.wait(), !fileWasCopiedOver(since: lateCheck.mark) {
            foundDamage(found)
            return .damaged(found)
        }
        return damage.map(StoreIntegrity.damaged) ?? .sound
    }

    /// Before a write: waits for the late check's verdict, and throws the damage it
    /// found (now and at every later write).
    func settleIntegrityCheck() throws(StoreError) {
        if let damage { throw damage }
        guard let lateCheck, let found = lateCheck.wait(), !fileWasCopiedOver(since: lateCheck.mark) else { return }
        foundDamage(found)
        throw found
    }

    /// Whether another file was copied over the store in place (`cp`) since it opened,
    /// before or while the late check read it (``fileWasCopiedOver(_:since:path:)``,
    /// through the store's own descriptor): the damage the check found (of a file half
    /// copied, maybe) is then neither the store's nor the copy's, and no verdict. The
    /// store's own mark checks report the copy, at the next look
    /// (``hasChangedExternally()``) or write.
    private func fileWasCopiedOver(since mark: Int32?) -> Bool {
        Self.fileWasCopiedOver(queue, since: mark, path: path)
    }
}

extension SQLiteStore {
    /// Keeps `found`, the damage of the store's file, for every later write to throw,
    /// and keeps the log out of the file: the last connection to close copies the log
    /// into the file unless told not to (and the log may be one that does not fit it).
    /// The file's record goes (``StoreFile/CheckRecord/forget(_:)``), so no later
    /// session takes it for sound and writes into it.
    func foundDamage(_ found: StoreError) {
        damage = found
        StoreFile.CheckRecord.forget(identity)
        queue.inDatabase { db in
            if let connection = db.sqliteConnection { _ = geocache_sqlite_skip_checkpoint_on_close(connection) }
        }
    }
}

/// What the integrity check of a store file opened before it found
/// (``CacheStore/takeIntegrityVerdict()``).
public enum StoreIntegrity: Equatable, Sendable {
    /// SQLite's `quick_check` found nothing wrong.
    case sound
    /// The file is damaged: nothing is written into it; the error says why, in the words
    /// an opening that checks first refuses it with.
    case damaged(StoreError)
}
