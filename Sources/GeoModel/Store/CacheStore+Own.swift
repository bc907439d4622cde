/// What every store answers the same way of the person's own data: reads of the whole,
/// and a write of it whole.
extension CacheStore {
    /// The person's own data on every cache, by code, without their visits (what the
    /// commands and the exports read).
    public func ownData() throws -> OwnData.Book { try ownData(includingVisits: false, onlyCode: nil) }

    /// Keeps `data` whole as the person's own data on the cache with `code`
    /// (``CacheStore/setOwnData(_:forCode:from:overChanges:as:)`` with no base).
    public func setOwnData(_ data: OwnData, forCode code: String, as write: WriteID) throws {
        _ = try setOwnData(data, forCode: code, from: nil, overChanges: true, as: write)
    }

    /// The facts of ``ownData()``, read whole (a store that has a cheaper way says so).
    public func ownFacts() throws -> OwnData.Facts { OwnData.Facts(try ownData()) }

    /// A store on this machine, unless it says otherwise.
    public var readsLocally: Bool { true }

    /// The person's own data on every cache, and with `includingVisits` their visits.
    public func ownData(includingVisits: Bool) throws -> OwnData.Book {
        try ownData(includingVisits: includingVisits, onlyCode: nil)
    }
}
