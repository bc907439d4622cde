/// The copy follows what this machine stores: every write stored on the club store, and
/// every change a delivery stores there, is written into this machine's copy
/// (``ClubCopy/patch(_:)``), so that an edit made once the server has gone away starts
/// from the version this machine stored last, not from the copy's older one (which the
/// delivery would find in conflict with the member's own change).
///
/// What is written is what the store answered: a cache with its identifier and the
/// club's record, a deleted code, the person's data as stored, the visits. An import
/// is not written (a bulk write reaches the copy at its next refresh). A failure is
/// dropped, as a refresh's is: the copy stays as it was until the next refresh.
extension WriteSession {
    /// Writes `patches`, made by a write sent at `sentAt` and stored on the club store,
    /// into this machine's copy: through ``copyPatcher`` when set, else at once. Nothing
    /// for a file store, while the copy is shown, or when there is no copy.
    func patchCopy(_ patches: [CopyPatch], sentAt: ContinuousClock.Instant) {
        guard let files, !showsCopy, !patches.isEmpty else { return }
        let batch = CopyPatches(patches: patches, sentAt: sentAt)
        CopyPatchLog.shared.record(batch, path: files.copyPath)
        if let copyPatcher {
            copyPatcher(batch)
        } else {
            try? ClubCopy(files: files).patch(batch)
        }
    }

    /// What the delivery `report` stored, as patches of the copy, asked of `store` where
    /// the store decided it: an added cache's identifier and record, and the person's
    /// data once the parts changed were written over the server's.
    func copyPatches(delivered report: OutboxDelivery.Report, from store: any CacheStore) -> [CopyPatch] {
        var patches: [CopyPatch] = []
        for change in report.delivered {
            switch change.kind {
            case .add:
                if let stored = try? store.cache(withCode: change.code) { patches.append(.cache(stored)) }
            case .edit:
                if var cache = change.cache {
                    cache.code = change.code
                    patches.append(.edited(code: change.code, cache))
                }
            case .delete:
                patches.append(.deleted(code: change.code))
            }
        }
        for change in report.finderDelivered {
            switch change.kind {
            case .visits(let visits, _):
                patches.append(.visits(visits))
            case .own(let code, _):
                if let book = try? store.ownData(includingVisits: false, onlyCode: code) {
                    patches.append(.own(code: code, book.of(code: code)))
                }
            }
        }
        return patches
    }
}

extension PendingWrite.Action {
    /// What this write, stored with the answer `value`, changes in the club store's copy.
    func copyPatches(stored value: Any) -> [CopyPatch] {
        switch self {
        case .add: (value as? WriteSession.Added).map { [.cache($0.stored)] } ?? []
        case .update, .handOver: (value as? StoredCache).map { [.cache($0)] } ?? []
        case .delete(let target): target.cache.code.map { [.deleted(code: $0)] } ?? []
        case .recordVisits(let visits): [.visits(visits)]
        case .setOwnData(let code, let data, _, _): [.own(code: code, (value as? OwnData) ?? data)]
        }
    }
}
