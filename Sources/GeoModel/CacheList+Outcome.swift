/// Writes whose outcome is not known yet: the list's ``WriteSession`` keeps each one's
/// ``WriteID`` so that the same write sent again (a second ^S of the same text) carries
/// the same identifier and is never stored twice, and the list settles them as soon as
/// the store answers again (``checkForExternalChanges()``), showing what they did.
extension CacheList {
    /// One write whose outcome the store could not tell (``GeoModel/PendingWrite``).
    public typealias PendingWrite = GeoModel.PendingWrite

    /// True while a write of this list has an outcome not known yet.
    public var hasUnsettledWrites: Bool { !unsettledWrites.isEmpty }

    /// Keeps the deletes, visits and own data of unknown outcome in the outbox for the
    /// next delivery, as the list's session ends (``WriteSession/keepUnsettledForDelivery()``);
    /// a hand-over stays in ``unsettledWrites``.
    /// - Throws: ``StoreError`` when the outbox cannot be written.
    public func keepUnsettledForDelivery() throws {
        try session?.keepUnsettledForDelivery()
    }

    /// Asks the store what each unsettled write came to. A stored one updates the list
    /// as the write would have and broadcasts what it would have (``CacheListChange/added(_:position:count:)``,
    /// ``CacheListChange/updated(_:)``, ``CacheListChange/deleted(_:newCurrent:position:count:)``);
    /// then, stored or not, ``CacheListChange/writeSettled(_:stored:)``. An Add settled
    /// as stored deletes the draft the list holds (``deleteDraftOfStoredAdd()``), as a
    /// stored Add's form does. One the server cannot settle yet stays, for the next check.
    func settleWrites() throws {
        for (write, outcome) in try writeSession.settleWrites() {
            // The outcome is said even when re-reading the list after it fails.
            var rereading: (any Error)?
            if case .stored(let record) = outcome {
                if write.isAdd { deleteDraftOfStoredAdd() }
                do { try apply(write.action, record: record) } catch { rereading = error }
            }
            broadcast(.writeSettled(write, stored: outcome != .notStored))
            if let rereading { throw rereading }
        }
    }

    /// Updates the list for the stored write `action` as its reply would have, and
    /// broadcasts the same change.
    private func apply(_ action: PendingWrite.Action, record: WriteRecord) throws {
        switch action {
        case .add(var cache):
            cache.code = record.detail ?? cache.code
            let stored = StoredCache(id: record.cacheID ?? CacheID(rawValue: 0), cache: cache)
            search = nil
            nearestRank = nil
            current = stored
            try refresh()
            broadcast(.added(stored, position: position ?? count, count: count))
        case .update(let base, let cache):
            var written = cache
            written.code = base.cache.code
            try refresh()
            broadcast(.updated(StoredCache(id: base.id, cache: written)))
        case .delete(let target):
            try refresh()
            broadcast(.deleted(target.id, newCurrent: current, position: position, count: count))
        case .handOver(let target, _):
            try refresh()
            if let now = try writeSession.readStore().cache(target.id) { broadcast(.updated(now)) }
        case .recordVisits(let visits):
            _ = try reloadOwnData()
            broadcast(.ownDataChanged(code: visits.count == 1 ? visits[0].code : nil))
        case .setOwnData(let code, _, _, _):
            _ = try reloadOwnData()
            broadcast(.ownDataChanged(code: code))
        }
    }
}
