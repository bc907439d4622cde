/// Naming a cache for a write while the club store cannot be reached: the copy holds
/// the club's caches under the server's identifiers and order, and a change kept here
/// makes the latest version of its cache.
extension WriteSession {
    /// How a command names the one cache it writes: by its 1-based position in stored
    /// order, its store identifier, or its code.
    public enum CacheName: Equatable, Sendable {
        /// The cache at this position in stored order (`list --numbered`).
        case position(Int)
        /// The cache with this identifier (`list --ids`).
        case id(CacheID)
        /// The cache with this code (`list --codes`), compared as ``CacheCode/normalized(_:)`` makes it.
        case code(String)
    }

    /// Why a named cache is not there.
    public enum CacheNameError: Error, Equatable, Sendable, CustomStringConvertible {
        /// No cache has the code.
        case noCode(String)
        /// The store holds fewer caches than the position.
        case noPosition(Int, count: Int)
        /// No cache has the identifier.
        case noID(CacheID)
        /// The copy of the club store shown while its server is away lacks the cache
        /// that `missing` says is not there: it may be on the club store, added since.
        indirect case notInCopy(CacheNameError)

        /// One sentence for standard error.
        public var description: String {
            switch self {
            case .noCode(let code): "there is no cache with the code \(code)"
            case .noPosition(let position, let count): "there is no cache at position \(position): the store holds \(count)"
            case .noID(let id): "there is no cache with id \(id.rawValue)"
            case .notInCopy(let missing):
                "\(missing) in this machine's copy of the club store; one added there since the copy was "
                    + "made is named once the server answers (sync)"
            }
        }
    }

    /// The version of the cache `name` names that a write starts from: the store's;
    /// while writes are kept here, the latest a waiting change makes of it (an add or an
    /// edit kept here), else the copy's, under the server's identifier, with the club's
    /// record the copy keeps of it (whose it is: a change of one not this role's is refused).
    /// - Throws: ``CacheNameError`` when there is no such cache,
    ///   ``OutboxError/deletedAlready(_:title:)`` when a waiting change deletes it,
    ///   ``StoreError/noCopy(server:)`` when the cache is to be found in a copy this
    ///   machine does not hold.
    public func cache(named name: CacheName) throws -> StoredCache {
        let waiting = keepsWritesHere ? try waitingChanges() : []
        if case .code(let text) = name, let code = CacheCode.normalized(text),
           let latest = try Self.latest(of: code, in: waiting) {
            // The club's record of it stays the copy's (none for a cache added here: it is this role's).
            let known = try? readStore().cache(withCode: code)
            return StoredCache(id: known?.id ?? CacheID(rawValue: 0), cache: latest, club: known?.club)
        }
        let store = try readStore()
        let found: StoredCache?
        switch name {
        case .position(let position): found = try store.cache(atPosition: position)
        case .id(let id): found = try store.cache(id)
        case .code(let code): found = try store.cache(withCode: code)
        }
        guard let found else {
            let missing: CacheNameError = switch name {
            case .position(let position): .noPosition(position, count: try store.count())
            case .id(let id): .noID(id)
            case .code(let code): .noCode(CacheCode.normalized(code) ?? code)
            }
            throw showsCopy ? CacheNameError.notInCopy(missing) : missing
        }
        guard let code = found.cache.code, let latest = try Self.latest(of: code, in: waiting) else { return found }
        return StoredCache(id: found.id, cache: latest, club: found.club)
    }

    /// The cache `code` becomes by the changes waiting, nil when none is about it.
    /// - Throws: ``OutboxError/deletedAlready(_:title:)`` when the last of them deletes it.
    private static func latest(of code: String, in waiting: [QueuedChange]) throws -> GeoCache? {
        guard let last = waiting.last(where: { $0.code == code }) else { return nil }
        guard last.kind != .delete, let cache = last.cache else {
            throw OutboxError.deletedAlready(last.sequence, title: last.title)
        }
        return cache
    }
}
