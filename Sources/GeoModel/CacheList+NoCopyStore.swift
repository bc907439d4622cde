extension CacheList {
    /// What a form shows of a club store whose server cannot be reached when this
    /// machine holds no copy of it: no cache, and nothing written (an Add is kept in
    /// the ``Outbox`` instead, by the list). Its ``readOnlyReason`` says how to get a copy.
    final class NoCopyStore: CacheStore {
        let name: String
        let shortName: String

        /// An empty stand-in for the club store `name` names.
        init(name: String) {
            self.name = name
            shortName = name
        }

        /// Why nothing can be written or read here.
        var readOnlyReason: String? { Self.reason }

        /// The sentence a refused write carries.
        static let reason = "club store away; no copy on this machine: run geocache-tui sync while the server answers"

        private var refusal: StoreError { .readOnly(path: name, reason: Self.reason) }

        func count() throws -> Int { 0 }
        func first() throws -> StoredCache? { nil }
        func last() throws -> StoredCache? { nil }
        func cache(after id: CacheID) throws -> StoredCache? { nil }
        func cache(before id: CacheID) throws -> StoredCache? { nil }
        func cache(_ id: CacheID) throws -> StoredCache? { nil }
        func cache(atPosition position: Int) throws -> StoredCache? { nil }
        func position(of id: CacheID) throws -> Int { 0 }
        func contains(_ cache: GeoCache) throws -> Bool { false }
        func forEachCache(_ body: (StoredCache) throws -> Void) throws {}
        func cache(withCode code: String) throws -> StoredCache? { nil }
        func forEachNearest(to origin: Coordinate, limit: Int?,
                            _ body: (StoredCache, NearestKey) throws -> Void) throws {}
        func walkNearest(to origin: Coordinate, from key: NearestKey?, forward: Bool,
                         _ body: (StoredCache, NearestKey) throws -> Bool) throws {}
        func forEachMatch(of text: String, limit: Int?, _ body: (StoredCache) throws -> Void) throws {}
        func matchIDs(_ text: String) throws -> [CacheID] { [] }
        func forEachNumberedMatch(of text: String, _ body: (Int, StoredCache) throws -> Void) throws {}
        func append(_ cache: GeoCache, as write: WriteID) throws -> (stored: StoredCache, count: Int) { throw refusal }
        func saveCaches(_ caches: [GeoCache], as write: WriteID) throws { throw refusal }
        func update(_ stored: StoredCache, to cache: GeoCache, as write: WriteID) throws -> StoredCache { throw refusal }
        func delete(_ stored: StoredCache, as write: WriteID) throws -> Int { throw refusal }
        func importCaches(from sources: [ImportSource], skipInvalid: Bool, existing: ExistingCaches,
                          interruption: ImportInterruption?, as write: WriteID) throws -> ImportReport {
            throw refusal
        }
        func ownData() throws -> OwnData.Book { OwnData.Book() }
        func setOwnData(_ data: OwnData, forCode code: String, as write: WriteID) throws { throw refusal }
        func recordVisits(_ visits: [Visit], as write: WriteID) throws -> VisitsRecorded { throw refusal }
        func visits() throws -> [StoredVisit] { [] }
        func markVisitsExported(_ visits: [Visit], as write: WriteID) throws { throw refusal }
        func takeDraft(before id: DraftID?) throws -> TakenDraft? { nil }
        func keepDraft(_ draft: FormDraft, in id: DraftID?, holding: Bool, as write: WriteID) throws -> DraftID? { throw refusal }
        func releaseDraft(_ id: DraftID) throws {}
        func keptDrafts() throws -> [FormDraft] { [] }
        func hasChangedExternally() throws -> Bool { false }
        var changeDescriptor: Int32? { nil }
        var recheckDelay: Duration? { nil }
        func reopened() throws -> any CacheStore { self }
        var protectedPaths: [String] { [] }
    }
}
