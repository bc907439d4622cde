extension CacheList {
    /// What a form shows of a club store whose server cannot be reached when this
    /// machine holds no copy of it: no cache, and nothing written (an Add is kept in
    /// the ``Outbox`` instead, by the list). Its ``readOnlyReason`` says how to get a copy.
    final class NoCopyStore: ReadOnlyCacheStore {
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

        var writeRefusal: StoreError { .readOnly(path: name, reason: Self.reason) }

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
        func ownData(includingVisits: Bool, onlyCode: String?) throws -> OwnData.Book { OwnData.Book() }
        func visits() throws -> [StoredVisit] { [] }
        func hasChangedExternally() throws -> Bool { false }
        var changeDescriptor: Int32? { nil }
        var recheckDelay: Duration? { nil }
        func reopened() throws -> any CacheStore { self }
        var protectedPaths: [String] { [] }
    }
}
