import Foundation

/// What a club store keeps on this machine, as `sync` reads and settles it: the changes
/// waiting with their state, the copy, and the member's decisions on a change.
extension WriteSession {
    /// What waits on this machine for the club store, and the copy kept here: read
    /// from the local files alone, without the network.
    public struct FieldStatus: Equatable, Sendable {
        /// The changes waiting, in delivery order, each with its state
        /// (``QueuedChange/conflict``, ``QueuedChange/refusal``, ``QueuedChange/mayBeStored``).
        public let changes: [QueuedChange]
        /// The changes waiting whose rows cannot be read, in sequence order.
        public let unreadable: [UnreadableChange]
        /// The finder's changes waiting (visits, the member's own data), in delivery
        /// order, numbered apart from the changes to caches.
        public let finderChanges: [FinderChange]
        /// The finder's changes waiting whose rows cannot be read, in sequence order.
        public var unreadableFinderChanges: [UnreadableFinderChange] = []
        /// The copy, nil when this machine holds none.
        public let copy: CopySummary?
        /// The club store, as the files name it (never with a password).
        public let storeName: String
        /// Why this role may no longer make each change in conflict whose cache changed
        /// hands, by its number, as the copy has it (``changedHands(_:)``).
        public var changedHands: [Int64: ChangeRefusal] = [:]
    }

    /// This machine's copy of the club's caches, summed up.
    public struct CopySummary: Equatable, Sendable {
        /// How many caches it holds.
        public let count: Int
        /// When it was last refreshed.
        public let refreshedAt: Date
        /// The area it holds, nil for every cache.
        public let area: ClubCopy.Area?
    }

    /// What waits here and the copy's state (see ``FieldStatus``); nil for a file store.
    /// A damaged copy is set aside (and said: ``setAsideNotice``), and there is none.
    /// - Throws: ``StoreError`` when the outbox or the copy cannot be read.
    public func fieldStatus() throws -> FieldStatus? {
        guard let files else { return nil }
        let copy = ClubCopy(files: files)
        var summary: CopySummary?
        do {
            if let meta = try copy.readMeta() {
                summary = CopySummary(count: try copy.open().count(), refreshedAt: meta.refreshedAt, area: meta.area)
            }
        } catch let setAside as FieldFileSetAside {
            noteSetAside(setAside)
        } catch StoreError.noCopy {
            // Set aside by another process meanwhile: there is none.
        }
        let changes = try waitingChanges()
        var status = FieldStatus(changes: changes, unreadable: try unreadableWaiting(),
                                 finderChanges: try waitingFinderChanges(), copy: summary, storeName: files.storeName,
                                 changedHands: changedHands(among: changes))
        status.unreadableFinderChanges = try unreadableWaitingFinderChanges()
        return status
    }

    /// When this machine's copy of the club's caches was refreshed; nil without one (or
    /// for a file store), and when it was damaged: it is set aside (and said:
    /// ``setAsideNotice``).
    /// - Throws: ``StoreError`` when the copy cannot be read.
    public func copyRefreshedAt() throws -> Date? {
        guard let files else { return nil }
        do {
            return try ClubCopy(files: files).refreshedAt()
        } catch let setAside as FieldFileSetAside {
            noteSetAside(setAside)
            return nil
        }
    }

    /// Makes the waiting change `sequence`, in conflict, win over the server's version
    /// at the next delivery, merged onto it (``Outbox/overwrite(_:)``: the parts the
    /// member did not change keep the server's values).
    /// - Returns: true when that settled it at once (a delete of a cache deleted on the
    ///   server meanwhile: nothing is left to send).
    /// - Throws: ``OutboxError`` (``OutboxError/changedHands(_:_:)`` for a change whose
    ///   cache changed hands: the server's rules refuse it however it is merged), or what
    ///   the outbox's file met.
    @discardableResult
    public func overwriteWaiting(_ sequence: Int64) throws -> Bool {
        if let change = try waitingChanges().first(where: { $0.sequence == sequence }), let refusal = changedHands(change) {
            throw OutboxError.changedHands(sequence, refusal)
        }
        return try outbox().overwrite(sequence)
    }

    /// Why this role may no longer make `change`, an edit or delete kept here that met a
    /// changed cache, or nil: the cache changed hands meanwhile (a keeper gave it to
    /// another member, or to the club), and the club's rules refuse it from this role
    /// however it is merged. The owner is read again, from the club store or, while it
    /// is away, the copy: the outbox keeps the server's version without it.
    public func changedHands(_ change: QueuedChange) -> ChangeRefusal? {
        guard change.kind != .add, case .changed(let server)? = change.conflict else { return nil }
        let now = (try? readStore().cache(server.id)).flatMap { $0 } ?? server
        return refusal(toChange: now)
    }

    /// ``changedHands(_:)`` of each of `changes` whose cache changed hands, by its number.
    func changedHands(among changes: [QueuedChange]) -> [Int64: ChangeRefusal] {
        changes.reduce(into: [:]) { found, change in found[change.sequence] = changedHands(change) }
    }

    /// Replaces this machine's copy with the club store's caches (all, or those in
    /// `area`) while the server answers; returns how many it holds. A connection the
    /// server ended since the last write (a restart, a cut right after a delivery's
    /// commit) is opened again once, as a delivery does: the refresh only reads. A
    /// server that stopped answering makes later writes wait here, as any read does.
    /// - Throws: what reading the store or writing the copy met (the old copy stays).
    @discardableResult
    public func refreshCopy(area: ClubCopy.Area?) throws -> Int {
        guard let files else { return 0 }
        do {
            do {
                return try ClubCopy(files: files).refresh(from: try readStore(), area: area)
            } catch StoreError.connectionLost where !showsCopy {
                guard let store else { throw StoreError.noCopy(server: location.description) }
                let again = try reopened(store)
                self.store = again
                return try ClubCopy(files: files).refresh(from: again, area: area)
            }
        } catch {
            noteStoreError(error)
            throw error
        }
    }

    /// Replaces every stored cache with `caches`, in one write
    /// (``CacheStore/saveCaches(_:as:)``). Like an import, it is sent or refused, never
    /// kept on this machine.
    /// - Throws: ``NotKept/replaceWhileUnreachable(_:)`` when the club store cannot be
    ///   reached, else what the store met.
    public func replaceAll(with caches: [GeoCache]) throws {
        if let unreachable, files != nil { throw NotKept.replaceWhileUnreachable(unreachable) }
        do {
            try readStore().saveCaches(caches, as: WriteID())
        } catch {
            noteStoreError(error)
            throw error
        }
    }
}
