/// One write of a ``WriteSession`` whose outcome the store could not tell: the session
/// keeps its ``WriteID`` so that the same write sent again (a second ^S of the same
/// text) carries the same identifier and is never stored twice, and settles it as soon
/// as the store answers again.
public struct PendingWrite: Equatable, Sendable {
    /// What the write does.
    public enum Action: Equatable, Sendable {
        /// Adds a cache, as validated.
        case add(GeoCache)
        /// Writes `to` over `base`.
        case update(base: StoredCache, to: GeoCache)
        /// Deletes the version `target`.
        case delete(StoredCache)
        /// Hands the version `target` to `owner` (a keeper's write on a club store).
        case handOver(StoredCache, to: CacheOwner)
        /// Records the finder's visits.
        case recordVisits([Visit])
        /// Keeps the person's own data on the cache `code`: the parts changed from
        /// `from`, what was read (nil: written whole), over another session's change of
        /// them only with `overChanges` (``WriteSession/setOwnData(_:forCode:from:overChanges:)``).
        case setOwnData(code: String, OwnData, from: OwnData?, overChanges: Bool)
    }

    /// The identifier the write was sent with.
    public let id: WriteID
    /// What it does.
    public let action: Action

    /// A write sent with `id`.
    public init(id: WriteID, action: Action) {
        self.id = id
        self.action = action
    }

    /// The title of the cache the write is about, for messages.
    public var title: String {
        switch action {
        case .add(let cache), .update(_, let cache): cache.title
        case .delete(let target), .handOver(let target, _): target.cache.title
        case .recordVisits(let visits): visits.map(\.code).joined(separator: ", ")
        case .setOwnData(let code, _, _, _): code
        }
    }

    /// True for an add.
    var isAdd: Bool {
        if case .add = action { return true }
        return false
    }

    /// True for an add or an update: a write of the form's fields, which a draft carries.
    var isAddOrUpdate: Bool {
        switch action {
        case .add, .update: true
        default: false
        }
    }
}
