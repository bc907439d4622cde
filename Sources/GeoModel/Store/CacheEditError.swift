/// Why an edit or a delete of a shown cache was refused.
///
/// The store compares the row with the version the caller holds, in the same
/// transaction as the write: a cache another process changed or deleted since it
/// was read is never overwritten or removed on the strength of stale data.
public enum CacheEditError: Error, Equatable, Sendable, CustomStringConvertible {
    /// There is no current cache to edit or delete (the list is empty, or a search
    /// has no match left).
    case noCurrentCache
    /// Another process changed the cache since it was read; `newer` is what is
    /// stored now. Nothing was written.
    case changedElsewhere(newer: StoredCache)
    /// Another process deleted the cache since it was read. Nothing was written.
    case deletedElsewhere(CacheID)

    /// One sentence for standard error, true of an edit and a delete alike (the form
    /// says its own, naming what it shows).
    public var description: String {
        switch self {
        case .noCurrentCache:
            "There is no cache to change."
        case .changedElsewhere(let newer):
            // Named by its code: the title may be what the other session changed.
            "The cache \(newer.cache.code.map { "\($0), now " } ?? "now ")\"\(newer.cache.title)\", was changed in another "
                + "session since it was read; nothing was written."
        case .deletedElsewhere:
            "The cache was deleted in another session since it was read; nothing was written."
        }
    }
}
