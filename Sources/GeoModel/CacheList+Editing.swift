/// Editing and deleting a cache, bound to the version the caller read.
extension CacheList {
    /// Validates `cache` and stores it in place of `base`, the version of a cache
    /// the caller read (an editor keeps the version it started from): the cache keeps
    /// its identity and position. Broadcasts ``CacheListChange/updated(_:)``, or
    /// ``CacheListChange/queued(_:waiting:)`` when the session keeps it on this machine
    /// (``WriteSession``); a cache equal to `base` writes and broadcasts nothing (but
    /// throws `.deletedElsewhere` when the store no longer holds it). Any
    /// other outcome is returned, nothing broadcast.
    ///
    /// The write only happens if the store still holds exactly `base`: the
    /// comparison is with what the editor started from, not with what the list shows
    /// now (which follows other processes' changes). When another process changed or
    /// deleted the cache meanwhile, nothing is written: the list re-reads its state,
    /// broadcasts ``CacheListChange/storeChangedExternally(count:deletedShown:leftOutShown:)``,
    /// then throws. Writing over the newer version on purpose is a second call with
    /// the `newer` version the error carries as `base`. `sequence`: the kept change in
    /// conflict this save settles, which does not refuse it (``ChangeWaitsForTheMember``).
    ///
    /// - Throws: ``GeoCacheValidationError`` naming the empty fields (nothing
    ///   written or broadcast), ``CacheEditError`` (`.changedElsewhere`,
    ///   `.deletedElsewhere`), ``ChangeWaitsForTheMember``, ``StoreError``.
    @discardableResult
    public func update(_ base: StoredCache, to cache: GeoCache, settling sequence: Int64? = nil) throws -> WriteResult<StoredCache> {
        var valid = try cache.validated()
        // The store keeps the stored code whatever `cache` says (``CacheStore/update(_:to:)``).
        valid.code = base.cache.code
        guard valid != base.cache else {
            // Nothing to write, while the store still holds the cache: one deleted
            // meanwhile is said, as for a changed edit, so its text can be added anew.
            guard !keepsWritesOnThisMachine, (try? store.cache(base.id)) == .some(nil) else { return .stored(base) }
            try refreshAfterConflict()
            throw CacheEditError.deletedElsewhere(base.id)
        }
        let result: WriteResult<StoredCache>
        // A save over the club's version settles the kept change in conflict: it is not refused for it.
        writeSession.settlesWaiting = sequence
        defer { writeSession.settlesWaiting = nil }
        do {
            result = try writeSession.update(base, to: valid)
        } catch let conflict as CacheEditError {
            try refreshAfterConflict()
            throw conflict
        }
        switch result {
        case .stored(let updated):
            if current?.id == updated.id { current = updated }
            if updated.cache.coordinate != base.cache.coordinate { forgetNearestRank() }
            broadcast(.updated(updated))
        case .kept(let change, let waiting):
            broadcast(.queued(change, waiting: waiting))
        case .lockHeld, .outcomeUnknown, .refused:
            break
        }
        return result
    }

    /// ``update(_:to:settling:)`` of the current cache as the list holds it now.
    ///
    /// During a search the edited cache stays among the matches until the search
    /// runs again, even if it no longer matches.
    /// - Throws: ``CacheEditError/noCurrentCache`` when nothing is shown, else as
    ///   ``update(_:to:settling:)``.
    @discardableResult
    public func updateCurrent(_ cache: GeoCache) throws -> WriteResult<StoredCache> {
        guard let shown = current else { throw CacheEditError.noCurrentCache }
        return try update(shown, to: cache)
    }

    /// The version of the cache with `id` the store holds now, nil when it was
    /// deleted: for a view that keeps showing a cache the list has moved away from
    /// (the one being edited, the one a question names).
    public func storedVersion(of id: CacheID) throws -> StoredCache? {
        try store.cache(id)
    }

    /// Deletes `target`, the version of a cache the caller named (a confirmation
    /// names the cache it asked about), provided the store still holds exactly that
    /// version. When `target` is the current cache, the next one becomes current (the
    /// next match during a search), else the previous one, else none; otherwise the
    /// current cache stays. In nearest-first order the next and previous are the
    /// nearest-first ones. Broadcasts
    /// ``CacheListChange/deleted(_:newCurrent:position:count:)``. Kept on this machine
    /// (a club store that cannot be reached), it broadcasts
    /// ``CacheListChange/queued(_:waiting:)``; any other outcome is returned, nothing
    /// broadcast.
    ///
    /// When another process changed or deleted `target` since it was read, nothing is
    /// deleted (no other cache ever is), the list re-reads its state, broadcasts
    /// ``CacheListChange/storeChangedExternally(count:deletedShown:leftOutShown:)`` and throws.
    ///
    /// - Throws: ``CacheEditError`` (`.changedElsewhere`, `.deletedElsewhere`),
    ///   ``StoreError``.
    @discardableResult
    public func delete(_ target: StoredCache) throws -> WriteResult<Int> {
        let result: WriteResult<Int>
        do {
            result = try writeSession.delete(target)
        } catch let conflict as CacheEditError {
            try refreshAfterConflict()
            throw conflict
        }
        switch result {
        case .stored(let newCount):
            try showAfterDeleting(target, count: newCount)
        case .kept(let change, let waiting):
            broadcast(.queued(change, waiting: waiting))
        case .lockHeld, .outcomeUnknown, .refused:
            break
        }
        return result
    }

    /// After `target` was deleted, leaving `newCount` caches: the one shown next (see
    /// ``delete(_:)``), broadcast.
    private func showAfterDeleting(_ target: StoredCache, count newCount: Int) throws {
        count = newCount
        if target.id != current?.id {
            try refresh()
        } else if var search, let index = search.index {
            search.matches.remove(at: index)
            search.index = search.matches.isEmpty ? nil : min(index, search.matches.count - 1)
            self.search = search
            current = try search.index.flatMap { try store.cache(search.matches[$0]) }
            if current == nil, search.index != nil {
                // The match to show was deleted elsewhere meanwhile: run the search again.
                try refresh()
            }
            position = nil
        } else if case .nearest(let origin) = order {
            // The next one in nearest-first order takes its rank, else the one before it.
            let key = NearestKey(of: target, facts: ownFacts, from: origin)
            if let following = try store.nearestCache(to: origin, after: key) {
                current = following
            } else {
                current = try store.nearestCache(to: origin, before: key)
                nearestRank = nearestRank.map { max(1, $0 - 1) }
            }
            if current == nil { nearestRank = nil }
            position = nil
        } else if let following = try store.cache(after: target.id) {
            current = following
            position = min(position ?? 1, newCount)
        } else {
            current = try store.cache(before: target.id)
            position = current == nil ? nil : newCount
        }
        broadcast(.deleted(target.id, newCurrent: current, position: position, count: count))
    }

    /// ``delete(_:)`` of the current cache as the list holds it now.
    /// - Throws: ``CacheEditError/noCurrentCache`` when nothing is shown, else as
    ///   ``delete(_:)``.
    @discardableResult
    public func deleteCurrent() throws -> WriteResult<Int> {
        guard let shown = current else { throw CacheEditError.noCurrentCache }
        return try delete(shown)
    }

    /// After a refused edit: re-read and tell observers, so the screen moves on or
    /// shows the newer version.
    /// (The thrown ``CacheEditError`` says what happened to the cache, so the change
    /// carries no `deletedShown`.)
    private func refreshAfterConflict() throws {
        try refresh()
        broadcast(.storeChangedExternally(count: count))
    }
}
