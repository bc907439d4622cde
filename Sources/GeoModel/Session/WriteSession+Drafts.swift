/// Where a form's drafts are written: the same decision as every other write.
extension WriteSession {
    /// Where a form's drafts are written now: the store; while the club store's copy is
    /// shown (it cannot be written), this machine's draft file (``LocalDrafts``,
    /// `drafts.sqlite`), whose drafts move to the club store once it answers.
    /// - Throws: ``StoreError`` when the draft file cannot be made or opened.
    public func draftStore() throws -> any CacheStore {
        guard showsCopy, let files else { return try readStore() }
        if let localDrafts { return localDrafts }
        let opened = try LocalDrafts(files: files).open()
        localDrafts = opened
        return opened
    }
}
