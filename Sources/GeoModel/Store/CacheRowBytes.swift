/// A whole stored cache as the store holds it, lent for the length of one call of
/// ``CacheStore/forEachCacheRow(_:)``: the four fields' and the code's UTF-8 bytes, the
/// place, and the listing's bytes in ``ListingEncoding``'s form. What `list --json`
/// and a JSON export write, read without making a String of each field or a
/// ``Listing`` of each cache (docs/performance.md).
///
/// As with ``CacheFieldBytes``, the bytes may not be UTF-8 (another program's SQL):
/// a writer checks them and writes what a String of them would hold.
public struct CacheRowBytes {
    /// The identifier and the four fields' bytes.
    public let fields: CacheFieldBytes
    /// The code's bytes, or nil for a cache without a code.
    public let code: UnsafeBufferPointer<UInt8>?
    /// The listing's place.
    public let coordinate: Coordinate?
    /// The listing's encoding (``ListingEncoding/encode(_:)``), or nil for none.
    public let listing: UnsafeRawBufferPointer?
    /// Whose the cache is and who changed it last, on a club store; nil elsewhere.
    public let club: ClubRecord?
    /// The listing's facts when a reading thread has found them already
    /// (``CacheRowBatch``, ``ListingEncoding/Facts/appendFound(of:to:)``); nil when the
    /// writer finds them (``ListingEncoding/withFacts(of:found:_:)``).
    var foundFacts: UnsafeBufferPointer<Int32>?

    public init(fields: CacheFieldBytes, code: UnsafeBufferPointer<UInt8>?, coordinate: Coordinate?,
                listing: UnsafeRawBufferPointer?, club: ClubRecord? = nil) {
        self.fields = fields
        self.code = code
        self.coordinate = coordinate
        self.listing = listing
        self.club = club
    }
}

extension GeoCache {
    /// Calls `body` with the cache lent as the bytes a store keeps of it (its listing
    /// encoded): how a cache read as Strings reaches the writers of ``CacheRowBytes``,
    /// so that both are written by the same code.
    public func withRowBytes<Result>(id: CacheID, club: ClubRecord? = nil,
                                     _ body: (CacheRowBytes) throws -> Result) rethrows -> Result {
        var (title, details, creator, reward) = (title, details, creator, reward)
        let encoded = ListingEncoding.encode(listing)
        return try title.withUTF8 { title in
            try details.withUTF8 { details in
                try creator.withUTF8 { creator in
                    try reward.withUTF8 { reward in
                        let fields = CacheFieldBytes(id: id, title: title, details: details, creator: creator, reward: reward)
                        return try Self.withOptionalUTF8(code) { code in
                            try Self.withOptionalBytes(encoded) { listing in
                                try body(CacheRowBytes(fields: fields, code: code, coordinate: coordinate, listing: listing,
                                                       club: club))
                            }
                        }
                    }
                }
            }
        }
    }

    private static func withOptionalUTF8<Result>(_ text: String?,
                                                 _ body: (UnsafeBufferPointer<UInt8>?) throws -> Result) rethrows -> Result {
        guard var text else { return try body(nil) }
        return try text.withUTF8 { try body($0) }
    }

    private static func withOptionalBytes<Result>(_ bytes: [UInt8]?,
                                                  _ body: (UnsafeRawBufferPointer?) throws -> Result) rethrows -> Result {
        guard let bytes else { return try body(nil) }
        return try bytes.withUnsafeBytes { try body($0) }
    }
}

extension CacheStore {
    /// ``forEachCache(_:)``'s caches, each lent as ``CacheRowBytes``: what a store that
    /// reads Strings anyway (the club's) does.
    public func forEachCacheRow(_ body: (CacheRowBytes) throws -> Void) throws {
        try forEachCache { stored in try stored.cache.withRowBytes(id: stored.id, club: stored.club, body) }
    }
}
