import Foundation

/// The identifier a client gives one write (an add, an edit, a delete, an import, a
/// replacement of every cache, a kept draft) before sending it: a random UUID.
///
/// The PostgreSQL store records it in the same transaction as the write, in its write
/// ledger, so that a write whose reply was lost (the connection broke after the
/// server may have committed) can be looked up and reported as it happened. Sending
/// the same write again with the same identifier never writes twice: the store
/// answers what the first one did. The SQLite store's outcomes are always known, and
/// it ignores the identifier.
public struct WriteID: Hashable, Sendable, CustomStringConvertible {
    /// The identifier's value.
    public let uuid: UUID

    /// A new identifier, never given before.
    public init() {
        uuid = UUID()
    }

    /// The identifier `uuid` (for tests and for a write sent again).
    public init(uuid: UUID) {
        self.uuid = uuid
    }

    /// The UUID in lower case, as PostgreSQL writes it.
    public var description: String { uuid.uuidString.lowercased() }
}

/// What kind of write a ledger row records.
public enum WriteKind: String, Sendable, Equatable {
    case append
    case update
    case delete
    case importing = "import"
    case replace
    case keepDraft = "keep-draft"
    case ownData = "own-data"
    case visits
    case visitsExported = "visits-exported"
}

/// What the ledger says a stored write did: what the caller needs to report it
/// again as the write would have reported it.
public struct WriteRecord: Equatable, Sendable {
    /// What kind of write it was.
    public let kind: WriteKind
    /// The cache it added, edited or deleted (nil for an import or a replacement).
    public let cacheID: CacheID?
    /// The number of caches right after it (an append, a delete, an import, a replacement).
    public let count: Int?
    /// The rest, by kind: an append's code, an import's counts, a kept draft's identifier.
    public let detail: String?

    public init(kind: WriteKind, cacheID: CacheID?, count: Int?, detail: String?) {
        self.kind = kind
        self.cacheID = cacheID
        self.count = count
        self.detail = detail
    }
}

/// The settled outcome of a write: stored (with what it did) or not stored. Either is
/// final: a write found not stored can never commit later.
public enum WriteOutcome: Equatable, Sendable {
    case stored(WriteRecord)
    case notStored
}
