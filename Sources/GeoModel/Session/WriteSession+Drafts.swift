/// Where a form's drafts are written: the same decision as every other write.
extension WriteSession {
    /// Where a form's drafts are written now: the store; while the club store's copy is
    /// shown (it cannot be written), this machine's draft file (``LocalDrafts``,
    /// `drafts.sqlite`), whose drafts move to the club store once it answers.
    /// - Throws: ``StoreError`` when the draft file cannot be made or opened.
    public func draftStore() throws -> any CacheStore {
        guard showsCopy, files != nil else { return try readStore() }
        return try localDraftFile()
    }

    /// Keeps `draft`, the text of a form that quits, in this machine's draft file as a
    /// draft any form may take, when writing it to the club store failed with `error`
    /// because the server cannot be reached (a form with no copy to show stays on the club
    /// store while it is away). Returns whether it did: false for a file store, another
    /// error, or an empty draft (there is nothing to keep; the one held stays there).
    ///
    /// `write`, the identifier the failed write was sent with, is recorded beside the
    /// file as the move's write of this draft (``LocalDrafts``): a server that was only
    /// slow may commit that write after all, and the move then finds it in the ledger
    /// and stores the draft no second time.
    public func keepDraftOnThisMachine(_ draft: FormDraft, after error: any Error, sentAs write: WriteID? = nil) -> Bool {
        guard let files, !draft.isEmpty, (error as? StoreError)?.meansTheServerCannotBeReached == true,
              let file = try? localDraftFile(),
              let id = try? file.keepDraft(draft, in: nil, holding: false) else { return false }
        // Without the record the move sends it anew: kept twice at worst, never lost.
        if let write { try? LocalDrafts(files: files).record(write, of: id, digest: LocalDrafts.digest(of: draft)) }
        return true
    }

    /// Takes on `writes`, the writes of unknown outcome a restored draft carries
    /// (``FormDraft/pending``), as if this session had sent them: the same write sent
    /// again carries the same identifier (the store answers what the first did), a
    /// corrected Add settles the one it corrects first (``add(_:)``), and the rest are
    /// settled when the server answers (``settleWrites()``). One held already stays once.
    public func adopt(_ writes: [PendingWrite]) {
        for write in writes where !unsettledWrites.contains(where: { $0.id == write.id }) {
            unsettledWrites.append(write)
        }
    }

    /// Keeps in the outbox, for the next delivery, the writes of unknown outcome that no
    /// draft carries (deletes, visits and own data; a draft carries Adds and Saves,
    /// ``FormDraft/pending``), each under the identifier it was sent with: the delivery
    /// asks the store what a delete came to before sending it again, and the ledger
    /// answers visits and own data sent again, so each is done once and none is lost when
    /// the form ends before the server answered. A hand-over is not kept (only the server
    /// can allow it, then and there): it stays unsettled, for the caller to say so.
    /// Returns how many it kept; nothing for a file.
    /// - Throws: ``StoreError`` when the outbox cannot be written (the writes stay unsettled).
    @discardableResult
    public func keepUnsettledForDelivery() throws -> Int {
        guard files != nil else { return 0 }
        var kept = 0
        for write in unsettledWrites {
            switch write.action {
            case .delete(let target): try outbox().queueDelete(target.cache, sentAs: write.id)
            case .recordVisits(let visits): try outbox().queueVisits(visits, sentAs: write.id)
            case .setOwnData(let code, let data, let base, let overChanges):
                try outbox().queueOwnData(data, from: base, overChanges: overChanges, forCode: code, sentAs: write.id)
            case .add, .update, .handOver: continue
            }
            unsettledWrites.removeAll { $0.id == write.id }
            kept += 1
        }
        return kept
    }

    /// This machine's draft file, opened when first needed. One found damaged is set
    /// aside (``FieldFileSetAside``, said through ``setAsideNotice``: a draft it held is
    /// not restored) and a new one made in its place.
    private func localDraftFile() throws -> SQLiteStore {
        if let localDrafts { return localDrafts }
        guard let files else { throw StoreError.noCopy(server: location.description) }
        let drafts = LocalDrafts(files: files)
        let opened: SQLiteStore
        do {
            opened = try drafts.open()
        } catch {
            guard let damage = FieldFileDamage.of(error) else { throw error }
            if let setAside = try FieldFileSetAside.setAside(.drafts, at: drafts.path, because: damage.reason) {
                noteSetAside(setAside)
            }
            opened = try drafts.open()
        }
        localDrafts = opened
        return opened
    }
}
