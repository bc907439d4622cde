import Foundation

/// The person's own data and visits through the list: logged and set through its
/// ``WriteSession`` like every other write, read back into ``CacheList/own``, and
/// broadcast as ``CacheListChange/ownDataChanged(code:)``.
extension CacheList {
    /// The person's own data on the cache shown (empty when none, or nothing is shown).
    public var currentOwn: OwnData { current.map { ownData(of: $0.cache) } ?? OwnData() }

    /// Where the cache shown is for the person: its corrected place, else the listing's.
    public var currentPlace: Coordinate? { current.flatMap { ownData(of: $0.cache).place(of: $0.cache) } }

    /// The person's own data on `cache` (when found, the note, the corrected place):
    /// from ``own`` when it holds the whole, else read from the store for the cache shown
    /// and kept until another is asked for. Empty when none is kept, the cache has no
    /// code, or the read failed (the next read of the store says why).
    public func ownData(of cache: GeoCache) -> OwnData {
        readOwn(of: cache)
        return own.of(cache)
    }

    /// The person's visits to `cache`, newest first, as ``ownData(of:)`` reads them.
    public func visits(to cache: GeoCache) -> [Visit] {
        readOwn(of: cache)
        return own.visits(to: cache)
    }

    /// Whether ``own`` holds the person's data on every cache: for a store that does not
    /// read locally (a club store on its server), read in the opening's round trip; else
    /// it holds the shown cache's (``ownCode``) and ``ownFacts`` the rest.
    var ownIsWhole: Bool { !(openedStore?.readsLocally ?? true) }

    /// Reads the person's data on `cache` into ``own`` when it holds another's.
    private func readOwn(of cache: GeoCache) {
        guard !ownIsWhole, let code = cache.code, code != ownCode, let session else { return }
        guard let read = try? session.ownData(includingVisits: true, onlyCode: code) else { return }
        (own, ownCode) = (read, code)
    }

    /// The person's data as the list starts on `store`, `first` shown: the whole of it,
    /// or for a store that reads locally the whole of `first`'s and the facts of every
    /// cache, those unless `factsLater` (``ownIsPartial``: a form's first frame does
    /// not wait for them).
    func startOwn(on store: any CacheStore, first: StoredCache?, factsLater: Bool) throws {
        guard store.readsLocally else {
            own = try store.ownData(includingVisits: true)
            (ownFacts, ownCode, ownIsPartial) = (OwnData.Facts(own), nil, false)
            return
        }
        let code = first?.cache.code
        own = try code.map { try store.ownData(includingVisits: true, onlyCode: $0) } ?? OwnData.Book()
        ownCode = code
        ownFacts = factsLater ? OwnData.Facts() : try store.ownFacts()
        ownIsPartial = factsLater
    }

    /// Logs `visit` (validated): stored or kept here; a visit that finds the cache marks
    /// it found. Broadcasts ``CacheListChange/ownDataChanged(code:)`` when it was
    /// stored or kept, ``CacheListChange/queued(_:waiting:)`` too when kept.
    /// - Throws: ``FinderInputError``, and what the session throws.
    public func logVisit(_ visit: Visit) throws -> WriteResult<VisitsRecorded> {
        let result = try writeSession.recordVisits([visit])
        try afterFinderWrite(result, code: CacheCode.normalized(visit.code))
        return result
    }

    /// Keeps `data` as the person's own data on the cache with `code` (validated): the
    /// parts changed from `base`, what the caller read, over what is stored then.
    /// - Throws: ``OwnDataEditError`` when another session changed one of those parts
    ///   meanwhile (nothing kept), ``FinderInputError``, and what the session throws.
    public func setOwnData(_ data: OwnData, forCode code: String, from base: OwnData? = nil) throws -> WriteResult<OwnData> {
        let result = try writeSession.setOwnData(data, forCode: code, from: base)
        try afterFinderWrite(result, code: CacheCode.normalized(code))
        return result
    }

    /// Reads the facts of every cache (``ownFacts``) when the store's opening read only
    /// the first cache's data (``ownIsPartial``), as a form does after its first frame.
    /// Moves and filters call it first. Nothing once read.
    /// - Throws: what reading the store throws; the list then holds what it had, and
    ///   the next reading of the own data (after a write or another session's change)
    ///   reads the whole.
    public func completeOwnData() throws {
        guard ownIsPartial, !isOpening else { return }
        ownIsPartial = false
        if try reloadOwnData() { broadcast(.ownDataChanged(code: nil)) }
    }

    /// Reads the person's own data again: the whole, or the facts of every cache and
    /// the whole of the shown one's; true when what the list holds changed.
    @discardableResult
    func reloadOwnData() throws -> Bool {
        let before = (own, ownFacts)
        if ownIsWhole {
            own = try writeSession.ownData(knowing: own, includingVisits: true)
            (ownFacts, ownCode) = (OwnData.Facts(own), nil)
        } else {
            ownFacts = try writeSession.ownFacts(knowing: ownIsPartial ? nil : ownFacts)
            let code = current?.cache.code
            own = try code.map { try writeSession.ownData(includingVisits: true, onlyCode: $0) } ?? OwnData.Book()
            ownCode = code
        }
        ownIsPartial = false
        return before != (own, ownFacts)
    }

    private func afterFinderWrite<T>(_ result: WriteResult<T>, code: String?) throws {
        let factsBefore = ownFacts
        switch result {
        case .stored:
            try reloadOwnData()
            if ownFacts.correctsOtherPlaces(than: factsBefore) { forgetNearestRank() }
            broadcast(.ownDataChanged(code: code))
        case .kept(let change, let waiting):
            try reloadOwnData()
            if ownFacts.correctsOtherPlaces(than: factsBefore) { forgetNearestRank() }
            broadcast(.ownDataChanged(code: code))
            broadcast(.queued(change, waiting: waiting))
        case .lockHeld, .outcomeUnknown, .refused:
            break
        }
    }
}
