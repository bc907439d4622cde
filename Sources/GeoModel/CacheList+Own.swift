import Foundation

/// The person's own data and visits through the list: logged and set through its
/// ``WriteSession`` like every other write, read back into ``CacheList/own``, and
/// broadcast as ``CacheListChange/ownDataChanged(code:)``.
extension CacheList {
    /// The person's own data on the cache shown (empty when none, or nothing is shown).
    public var currentOwn: OwnData { current.map { own.of($0.cache) } ?? OwnData() }

    /// Where the cache shown is for the person: its corrected place, else the listing's.
    public var currentPlace: Coordinate? { current.flatMap { own.place(of: $0.cache) } }

    /// Logs `visit` (validated): stored or kept here; a visit that finds the cache marks
    /// it found. Broadcasts ``CacheListChange/ownDataChanged(code:)`` when it was
    /// stored or kept, ``CacheListChange/queued(_:waiting:)`` too when kept.
    /// - Throws: ``FinderInputError``, and what the session throws.
    public func logVisit(_ visit: Visit) throws -> WriteResult<VisitsRecorded> {
        let result = try writeSession.recordVisits([visit])
        try afterFinderWrite(result, code: CacheCode.normalized(visit.code))
        return result
    }

    /// Keeps `data` as the person's own data on the cache with `code` (validated).
    /// - Throws: ``FinderInputError``, and what the session throws.
    public func setOwnData(_ data: OwnData, forCode code: String) throws -> WriteResult<OwnData> {
        let result = try writeSession.setOwnData(data, forCode: code)
        try afterFinderWrite(result, code: CacheCode.normalized(code))
        return result
    }

    /// Reads the whole of the person's own data and visits when the store's opening read
    /// only the first cache's (``ownIsPartial``), as a form does after its first frame;
    /// broadcasts ``CacheListChange/ownDataChanged(code:)`` when more came. Moves and
    /// filters call it first. Nothing once read.
    /// - Throws: what reading the store throws; the list then holds what it had, and
    ///   the next reading of the own data (after a write or another session's change)
    ///   reads the whole.
    public func completeOwnData() throws {
        guard ownIsPartial, !isOpening else { return }
        ownIsPartial = false
        if try reloadOwnData() { broadcast(.ownDataChanged(code: nil)) }
    }

    /// Reads the person's own data and visits again, the whole of them; true when they
    /// changed.
    @discardableResult
    func reloadOwnData() throws -> Bool {
        let read = try writeSession.ownData(knowing: own, includingVisits: true)
        ownIsPartial = false
        guard read != own else { return false }
        own = read
        return true
    }

    private func afterFinderWrite<T>(_ result: WriteResult<T>, code: String?) throws {
        switch result {
        case .stored:
            try reloadOwnData()
            broadcast(.ownDataChanged(code: code))
        case .kept(let change, let waiting):
            try reloadOwnData()
            broadcast(.ownDataChanged(code: code))
            broadcast(.queued(change, waiting: waiting))
        case .lockHeld, .outcomeUnknown, .refused:
            break
        }
    }
}
