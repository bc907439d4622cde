/// Opening the store's file again after it was deleted, replaced or overwritten under
/// the list (F5 in the form).
extension CacheList {
    /// Opens the store's file again, as it is now: the file that replaced it, or a
    /// new empty store when it was deleted (see ``CacheStore/reopened()``). Any search
    /// ends, in stored order; the cache shown stays shown when the file there holds its
    /// code (the same file, moved away and back), else the first is shown, and a filter's
    /// count is taken again. The new store keeps the old one's waits
    /// (``WriteSession/reopened(_:)``). Broadcasts ``CacheListChange/reloaded(count:)``.
    ///
    /// For a store whose file was deleted, replaced or overwritten in place while
    /// open, which refuses everything with ``StoreError/fileDeleted(path:)``,
    /// ``StoreError/fileReplaced(path:)`` or ``StoreError/fileOverwritten(path:)`` until then.
    public func reopen() throws {
        // With the waits the list's owner gave the store (a form's 0.2 s lock wait, its
        // interruption): a reopened store must not wait out a lock for SQLite's 10 s.
        let reopened = try writeSession.reopened(store)
        writeSession.replaceStore(with: reopened)
        storeDamage = nil  // the file there now was checked as it opened
        // The draft held may be in the file there now (the same file, moved away and
        // back) or only in the one left behind: the next keep writes the fields whatever
        // they hold, deleting the draft held where it is.
        draftState.storeMayLackKept = true
        search = nil
        let shownCode = current?.cache.code
        let first = try reopened.first()
        try startOwn(on: reopened, first: first, factsLater: false)
        start(count: try reopened.count(), first: first)
        if let shownCode, let same = try reopened.cache(withCode: shownCode) {
            (current, position) = (same, try reopened.position(of: same.id))
        }
        try recountKept()
        broadcast(.reloaded(count: count))
    }
}
