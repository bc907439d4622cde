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
    public func keepDraftOnThisMachine(_ draft: FormDraft, after error: any Error) -> Bool {
        guard files != nil, !draft.isEmpty, (error as? StoreError)?.meansTheServerCannotBeReached == true,
              let file = try? localDraftFile() else { return false }
        return (try? file.keepDraft(draft, in: nil, holding: false)) != nil
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

    /// This machine's draft file, opened when first needed.
    private func localDraftFile() throws -> SQLiteStore {
        if let localDrafts { return localDrafts }
        guard let files else { throw StoreError.noCopy(server: location.description) }
        let opened = try LocalDrafts(files: files).open()
        localDrafts = opened
        return opened
    }
}
