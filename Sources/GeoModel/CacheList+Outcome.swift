/// Writes whose outcome is not known yet: the list keeps each one's ``WriteID`` so
/// that the same write sent again (a second ^S of the same text) carries the same
/// identifier and is never stored twice, and settles them as soon as the store
/// answers again (``checkForExternalChanges()``).
extension CacheList {
    /// One write of this list whose outcome the store could not tell.
    public struct PendingWrite: Equatable, Sendable {
        /// What the write does.
        public enum Action: Equatable, Sendable {
            /// Adds a cache (``CacheList/add(_:)``), as validated.
            case add(GeoCache)
            /// Writes `to` over `base` (``CacheList/update(_:to:)``).
            case update(base: StoredCache, to: GeoCache)
            /// Deletes the version `target` (``CacheList/delete(_:)``).
            case delete(StoredCache)
        }

        /// The identifier the write was sent with.
        public let id: WriteID
        /// What it does.
        public let action: Action

        /// The title of the cache the write is about, for messages.
        public var title: String {
            switch action {
            case .add(let cache), .update(_, let cache): cache.title
            case .delete(let target): target.cache.title
            }
        }
    }

    /// True while a write of this list has an outcome not known yet.
    public var hasUnsettledWrites: Bool { !unsettledWrites.isEmpty }

    /// Runs the write `action` through `body` with its identifier: the identifier of
    /// the same write still unsettled, else a new one. A write the store could not
    /// settle is kept for ``settleWrites()``; one whose outcome is known (done, or
    /// refused) is forgotten. A second attempt of an unsettled write that could not be
    /// sent at all (the server still away) stays unknown: the first may have been stored.
    func performWrite<T>(_ action: PendingWrite.Action, _ body: (WriteID) throws -> T) throws -> T {
        let earlier = unsettledWrites.first { $0.action == action }
        let write = earlier ?? PendingWrite(id: WriteID(), action: action)
        do {
            let value = try body(write.id)
            unsettledWrites.removeAll { $0.id == write.id }
            return value
        } catch let error as StoreError {
            switch error {
            case .outcomeUnknown:
                if earlier == nil { unsettledWrites.append(write) }
                throw error
            case .connectionLost(let server, let reason) where earlier != nil:
                throw StoreError.outcomeUnknown(server: server, reason: reason)
            default:
                unsettledWrites.removeAll { $0.id == write.id }
                throw error
            }
        } catch {
            unsettledWrites.removeAll { $0.id == write.id }
            throw error
        }
    }

    /// Asks the store what each unsettled write came to. A stored one updates the list
    /// as the write would have and broadcasts what it would have (``CacheListChange/added(_:position:count:)``,
    /// ``CacheListChange/updated(_:)``, ``CacheListChange/deleted(_:newCurrent:position:count:)``);
    /// then, stored or not, ``CacheListChange/writeSettled(_:stored:)``. One the server
    /// cannot settle yet stays, for the next check.
    func settleWrites() throws {
        for write in unsettledWrites {
            let outcome: WriteOutcome
            do {
                outcome = try store.settleWrite(write.id)
            } catch StoreError.outcomeUnknown {
                continue
            }
            unsettledWrites.removeAll { $0.id == write.id }
            // The outcome is said even when re-reading the list after it fails.
            var rereading: (any Error)?
            if case .stored(let record) = outcome {
                do { try apply(write.action, record: record) } catch { rereading = error }
            }
            broadcast(.writeSettled(write, stored: outcome != .notStored))
            if let rereading { throw rereading }
        }
    }

    /// Updates the list for the stored write `action` as its reply would have, and
    /// broadcasts the same change.
    private func apply(_ action: PendingWrite.Action, record: WriteRecord) throws {
        switch action {
        case .add(var cache):
            cache.code = record.detail ?? cache.code
            let stored = StoredCache(id: record.cacheID ?? CacheID(rawValue: 0), cache: cache)
            search = nil
            nearestRank = nil
            current = stored
            try refresh()
            broadcast(.added(stored, position: position ?? count, count: count))
        case .update(let base, let cache):
            var written = cache
            written.code = base.cache.code
            try refresh()
            broadcast(.updated(StoredCache(id: base.id, cache: written)))
        case .delete(let target):
            try refresh()
            broadcast(.deleted(target.id, newCurrent: current, position: position, count: count))
        }
    }
}
