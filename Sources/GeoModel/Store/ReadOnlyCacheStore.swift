/// A store that can only be read: every write throws ``writeRefusal``, and no draft is
/// ever kept in it. The club store's copy on this machine (``ClubCopyStore``) and the
/// stand-in for a club store with no copy (``CacheList/NoCopyStore``) are such stores;
/// the write session keeps what they refuse in the outbox. A write ``CacheStore`` gains
/// is refused by both here, in one place.
protocol ReadOnlyCacheStore: CacheStore {
    /// What every write throws: ``StoreError/readOnly(path:reason:)``, with the reason
    /// the form's status line shows.
    var writeRefusal: StoreError { get }
}

extension ReadOnlyCacheStore {
    func append(_ cache: GeoCache, as write: WriteID) throws -> (stored: StoredCache, count: Int) { throw writeRefusal }
    func saveCaches(_ caches: [GeoCache], as write: WriteID) throws { throw writeRefusal }
    func update(_ stored: StoredCache, to cache: GeoCache, as write: WriteID) throws -> StoredCache { throw writeRefusal }
    func delete(_ stored: StoredCache, as write: WriteID) throws -> Int { throw writeRefusal }
    func importCaches(from sources: [ImportSource], skipInvalid: Bool, existing: ExistingCaches,
                      interruption: ImportInterruption?, as write: WriteID) throws -> ImportReport {
        throw writeRefusal
    }
    func setOwnData(_ data: OwnData, forCode code: String, from base: OwnData?, overChanges: Bool,
                    as write: WriteID) throws -> OwnData {
        throw writeRefusal
    }
    func recordVisits(_ visits: [Visit], as write: WriteID) throws -> VisitsRecorded { throw writeRefusal }
    func markVisitsExported(_ visits: [Visit], as write: WriteID) throws { throw writeRefusal }
    func keepDraft(_ draft: FormDraft, in id: DraftID?, holding: Bool, as write: WriteID) throws -> DraftID? {
        throw writeRefusal
    }

    /// No draft is kept here, so there is none to take, release or list.
    func takeDraft(before id: DraftID?) throws -> TakenDraft? { nil }
    func releaseDraft(_ id: DraftID) throws {}
    func keptDrafts() throws -> [FormDraft] { [] }
}
