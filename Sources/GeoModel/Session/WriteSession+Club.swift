/// The club's rules in the write session: a change the server would refuse (another
/// member's cache, a club-owned one by hand, a hand-over by a member) is refused here
/// first, with whose the cache is, and nothing is sent or kept. The server enforces
/// the same rules (`PostgresStore+ClubRules.swift`); a change it refuses all the same
/// (the cache was handed over meanwhile) comes back as ``WriteResult/refused(_:)``.
extension WriteSession {
    /// Reads the role's standing under the club's rules again from the store read now
    /// (``CacheStore/readClubStandingAgain()``): nothing for a file or the copy.
    func readClubStandingAgain() throws {
        try readStore().readClubStandingAgain()
    }

    /// What this session's role may do on its store: nil for a store of one person's,
    /// or before the club store's first answer; while the copy is read, what the copy
    /// recorded when it was refreshed (``ClubCopy``).
    public var clubStanding: ClubStanding? {
        (try? readStore())?.clubStanding
    }

    /// Why this session's role may not edit or delete `stored`, or nil when it may.
    public func refusal(toChange stored: StoredCache) -> ChangeRefusal? {
        clubStanding?.refusal(toChange: stored.club)
    }

    /// Throws ``ChangeRefusal`` when `stored` is not this role's to change; a cache that
    /// is no longer stored (handed to another member, who deleted it) is no one's: it
    /// throws ``CacheEditError/deletedElsewhere(_:)``, as the store would to its owner.
    func refuseChange(of stored: StoredCache) throws {
        guard let refusal = refusal(toChange: stored) else { return }
        if case .success(nil) = Result(catching: { try readStore().cache(stored.id) }) {
            throw CacheEditError.deletedElsewhere(stored.id)
        }
        throw refusal
    }

    /// Hands `target`, the version the keeper read, to `owner`, when the store still
    /// holds exactly that version.
    /// - Throws: ``ChangeRefusal`` (not a keeper, not a member, a store of one
    ///   person's), ``NotKept/handOverWhileUnreachable(_:)``, ``CacheEditError``, and
    ///   the ``StoreError``s that are not outcomes.
    public func handOver(_ target: StoredCache, to owner: CacheOwner) throws -> WriteResult<StoredCache> {
        let away = { (error: StoreError?) in
            NotKept.handOverWhileUnreachable(error ?? .noCopy(server: self.location.description))
        }
        // A member's hand-over is refused as online, the copy recording the standing.
        if let refusal = clubStanding?.handOverRefusal { throw refusal }
        if keepsWritesHere { throw away(unreachable) }
        guard let standing = try readStore().clubStanding else { throw ChangeRefusal.noOwners }
        if let refusal = standing.handOverRefusal { throw refusal }
        return try perform(.handOver(target, to: owner), keep: { _ in throw away(self.unreachable) }) {
            try $0.handOver(target, to: owner, as: $1)
        }
    }
}

extension WriteSession {
    /// Changes `base` into `cache` and hands it to `owner` (when given and not its owner
    /// already): the hand-over first, so that one the rules or the server refuse, or that
    /// cannot be sent (``handOver(_:to:)``), leaves the change undone too, never half of
    /// it; then the change, from the version the hand-over left. `handedOver` is called
    /// with the cache once handed over, when a change follows: that change is a write
    /// of its own, which may be kept here or fail while the hand-over stays stored.
    public func update(_ base: StoredCache, to cache: GeoCache, handingOverTo owner: CacheOwner?,
                       handedOver: (StoredCache) -> Void = { _ in }) throws -> WriteResult<StoredCache> {
        var base = base
        if let owner, base.club?.owner != owner {
            // A change that would be refused (an empty field) is refused before anything is stored.
            if cache != base.cache { _ = try cache.validated() }
            let handed = try handOver(base, to: owner)
            guard case .stored(let stored) = handed else { return handed }
            base = stored
            if cache != base.cache { handedOver(stored) }
        }
        guard cache != base.cache else { return .stored(base) }
        return try update(base, to: cache)
    }
}

extension WriteSession {
    /// Sets up the club store's rules (`club init`): ``CacheStore/setUpClub()``.
    /// - Throws: ``ChangeRefusal/noOwners`` for a store of one person's,
    ///   ``StoreError/notPermitted(server:reason:)`` for a role that may not create roles.
    public func setUpClub() throws -> ClubSetUp {
        try readStore().setUpClub()
    }

    /// What to say once about the club's rules (``CacheStore/takeClubNote()``); nil
    /// while the club store is away or when there is nothing to say.
    public func takeClubNote() -> ClubNote? {
        guard !keepsWritesHere else { return nil }
        return try? readStore().takeClubNote()
    }
}
