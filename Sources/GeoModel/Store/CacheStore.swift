/// A store of caches: the one boundary between the model and the database that keeps
/// the caches, whichever it is.
///
/// ``SQLiteStore`` keeps them in one SQLite file shared by the sessions of one host;
/// the PostgreSQL store keeps them on a server shared by many hosts. ``CacheList``,
/// the controller and the commands hold an `any CacheStore` and never ask which:
/// both give the same answers with the same rules (stored order is the order of
/// commits, identifiers only grow, the four fields round-trip any Unicode and NUL,
/// search folds case and diacritics with Swift's folding), and every error that
/// reaches the user is a ``StoreError`` worded for that store.
///
/// Every method that writes has committed durably when it returns. A store is used
/// from one thread.
public protocol CacheStore: AnyObject {
    /// The store for messages: the file's path, or the server and database (never a
    /// password).
    var name: String { get }
    /// A short name for a title bar: the file's name, or the database and its server.
    var shortName: String { get }

    /// What the role this session logged in as may do, on a club store whose standing
    /// was read (after its first statement); nil for a store of one person's.
    var clubStanding: ClubStanding? { get }
    /// Reads ``clubStanding`` again from the server (a role made a keeper since, or
    /// taken out of the keepers); nothing for a store without the club's rules.
    func readClubStandingAgain() throws
    /// Sets up a club store's rules (``PostgresStore/setUpClub()``); a store of one
    /// person's throws ``ChangeRefusal/noOwners``.
    func setUpClub() throws -> ClubSetUp
    /// What the program should say once about the club's rules, taken (it is not
    /// given again, in this session or, for ``ClubNote/rulesDoNotBind(role:roles:)``,
    /// any later one of the role); nil when there is nothing to say.
    func takeClubNote() throws -> ClubNote?

    // MARK: Reading

    /// The number of stored caches, in constant time.
    func count() throws -> Int
    /// The first cache in stored order, or nil when the store is empty.
    func first() throws -> StoredCache?
    /// What a form shows when it opens: the count and the first cache, read from one
    /// snapshot where the store can, and a draft taken for the form
    /// (``takeDraft(before:)``; none when it cannot be taken).
    func openingContents() throws -> StoreContents
    /// The last cache in stored order, or nil when the store is empty.
    func last() throws -> StoredCache?
    /// The cache stored right after the one with `id` (which need not exist any more).
    func cache(after id: CacheID) throws -> StoredCache?
    /// The cache stored right before the one with `id` (which need not exist any more).
    func cache(before id: CacheID) throws -> StoredCache?
    /// Calls `body` with the caches after `id` in stored order (before it, backwards, when
    /// not `forward`; from an end when nil) until it returns false, in one snapshot where
    /// the store can (`CacheStore+StoredOrder.swift`).
    func walkStoredOrder(from id: CacheID?, forward: Bool, _ body: (StoredCache) throws -> Bool) throws
    /// The cache with `id`, or nil when there is no such cache.
    func cache(_ id: CacheID) throws -> StoredCache?
    /// The cache at the 1-based `position` in stored order, or nil past the end.
    func cache(atPosition position: Int) throws -> StoredCache?
    /// The 1-based position of `id` in stored order: the number of caches stored up to
    /// and including it.
    func position(of id: CacheID) throws -> Int
    /// True when a cache identical in all four fields is stored.
    func contains(_ cache: GeoCache) throws -> Bool
    /// Calls `body` with every stored cache in stored order, inside one consistent snapshot.
    func forEachCache(_ body: (StoredCache) throws -> Void) throws
    /// Calls `body` with the four fields' bytes of every stored cache in stored order,
    /// inside one consistent snapshot; the bytes are lent for the call only.
    func forEachCacheFields(_ body: (CacheFieldBytes) throws -> Void) throws
    /// Calls `body` with every stored cache in stored order, lent as its stored bytes
    /// (``CacheRowBytes``), inside one consistent snapshot; the bytes are lent for the call only.
    func forEachCacheRow(_ body: (CacheRowBytes) throws -> Void) throws

    /// The cache stored under `code` (compared as ``CacheCode/normalized(_:)`` makes
    /// it), or nil when there is none.
    func cache(withCode code: String) throws -> StoredCache?

    // MARK: Nearest first

    /// Calls `body` with the caches in nearest-first order from `origin`, at most
    /// `limit` of them, each with its key.
    func forEachNearest(to origin: Coordinate, limit: Int?,
                        _ body: (StoredCache, NearestKey) throws -> Void) throws
    /// Calls `body` with the caches after the one whose key is `key` in nearest-first
    /// order from `origin` (from the nearest for nil), each with its key, until it
    /// returns false or none is left; going back (not `forward`), the caches before it,
    /// from the last for nil. One search and one snapshot for the whole walk: a filter
    /// reads on until a cache passes it at the cost of one step.
    func walkNearest(to origin: Coordinate, from key: NearestKey?, forward: Bool,
                     _ body: (StoredCache, NearestKey) throws -> Bool) throws

    // MARK: Searching

    /// Calls `body` with every cache whose title, details, creator or reward contains
    /// `text`, ignoring case and diacritics, in stored order; at most `limit` of them.
    func forEachMatch(of text: String, limit: Int?, _ body: (StoredCache) throws -> Void) throws
    /// The identifiers of the caches ``forEachMatch(of:limit:_:)`` gives, in stored order.
    func matchIDs(_ text: String) throws -> [CacheID]
    /// Calls `body` with every match of `text` in stored order and its 1-based position
    /// among all the stored caches (the extension gives a way every store can take).
    func forEachNumberedMatch(of text: String, _ body: (_ position: Int, _ stored: StoredCache) throws -> Void) throws

    // MARK: Writing

    // Every write carries a ``WriteID`` the caller made (``WriteSession`` makes one per
    // write; the extension's forms without one make a new one each time): each write is
    // one requirement. A store whose connection can break after a write was sent (the
    // PostgreSQL store) records the identifier in the write's own transaction: when the
    // reply is lost it looks the identifier up and returns what the write did, or throws
    // what is known (``StoreError/connectionLost(server:reason:)`` only when it was not
    // stored, ``StoreError/outcomeUnknown(server:reason:)`` when the server could not be
    // asked in time). The same identifier sent again never writes twice: the store
    // answers what the first write did. A store whose outcomes are always known (SQLite)
    // ignores the identifier.

    /// Validates `cache` and stores it after every other cache, as the write `write`;
    /// returns it with its new identity and the count right after the insert (its
    /// position: it is last). A cache without a code is given a new one
    /// (``CacheCode/draw(unlessTaken:)``); one whose code is stored already is refused
    /// with ``StoreError/codeInUse(path:code:)``.
    func append(_ cache: GeoCache, as write: WriteID) throws -> (stored: StoredCache, count: Int)
    /// Replaces every stored cache with `caches`, in order, in one transaction, as the
    /// write `write`.
    func saveCaches(_ caches: [GeoCache], as write: WriteID) throws
    /// Writes `cache` over `stored`, as the write `write`, only when the store still
    /// holds exactly `stored` (every field, the place and the listing); throws
    /// ``CacheEditError`` when another session changed or deleted it first. The code
    /// stays `stored`'s whatever `cache.code` says.
    @discardableResult
    func update(_ stored: StoredCache, to cache: GeoCache, as write: WriteID) throws -> StoredCache
    /// Deletes `stored`, as the write `write`, only when the store still holds exactly
    /// that version; returns the count after the delete, or throws ``CacheEditError``.
    @discardableResult
    func delete(_ stored: StoredCache, as write: WriteID) throws -> Int
    /// Hands `stored` to `owner`, as the write `write`, only when the store still holds
    /// exactly that version (a keeper's write on a club store); returns it as stored.
    /// Throws ``ChangeRefusal`` (``ChangeRefusal/notAMember(_:)`` for a role outside the
    /// club; ``ChangeRefusal/noOwners`` for a store of one person's) or ``CacheEditError``.
    @discardableResult
    func handOver(_ stored: StoredCache, to owner: CacheOwner, as write: WriteID) throws -> StoredCache
    /// Imports every cache read from `sources` in one transaction, as the write `write`
    /// (see ``SQLiteStore/importCaches(from:skipInvalid:existing:interruption:as:)`` for
    /// the rules).
    ///
    /// The code is a cache's identity: a record whose code is stored updates that
    /// cache when ``GeoCache/updated(byImporting:coverage:)`` changes it, or is skipped
    /// when `existing` is ``ExistingCaches/keep``; each stored cache named is counted
    /// once, updated when the import leaves it different, else unchanged.
    /// A record without a code is a duplicate when a cache identical in its four fields
    /// is stored, as before, and gets a new code otherwise.
    func importCaches(from sources: [ImportSource], skipInvalid: Bool, existing: ExistingCaches,
                      interruption: ImportInterruption?, as write: WriteID) throws -> ImportReport
    /// What the write `write` came to, once and for all: stored (with what it did) or
    /// not stored (and then it never will be: a late arrival of it is refused). Throws
    /// ``StoreError/outcomeUnknown(server:reason:)`` while the server cannot be asked.
    func settleWrite(_ write: WriteID) throws -> WriteOutcome

    // MARK: The person's own data and visits

    // What the person keeps apart from the listings (``OwnData``, ``Visit``): the SQLite
    // file's user's, or on a club store the role's that logged in (row-level security
    // keeps each member to their own). No import of caches changes them.

    /// The person's own data on every cache, by code, and with `includingVisits` their
    /// visits too, in the same read (what the form shows); ``ownData()`` leaves them out.
    /// With `onlyCode`, only what is kept on the cache with that code (normalized): the
    /// form's first frame.
    func ownData(includingVisits: Bool, onlyCode: String?) throws -> OwnData.Book
    /// Whether the person found each cache and where they corrected it
    /// (``OwnData/Facts``): what a form on a store that ``readsLocally`` holds of every
    /// cache, without notes, times or visits.
    func ownFacts() throws -> OwnData.Facts
    /// True when a read costs no round trip to a server (a file on this machine): a form
    /// then reads the person's data on a cache as it shows it, and holds only
    /// ``ownFacts()`` of the rest. False for a club store: its form reads the whole in
    /// the opening's round trip, and no key waits on another.
    var readsLocally: Bool { get }
    /// Keeps `data` as the person's own data on the cache with `code` (an empty one
    /// removes it), as the write `write`; the corrected place is then the cache's place
    /// in nearest-first order. With `base` (what the writer read and changed into
    /// `data`), only the parts changed from it are written, over the row as it is in the
    /// same transaction (``OwnData/changes(from:appliedTo:)``); a part another session
    /// changed meanwhile is replaced only with `overChanges`. Returns what is stored.
    /// - Throws: ``OwnDataEditError/changedElsewhere(code:parts:now:)`` (nothing
    ///   written), and the ``StoreError``s of a write.
    func setOwnData(_ data: OwnData, forCode code: String, from base: OwnData?, overChanges: Bool,
                    as write: WriteID) throws -> OwnData
    /// Records `visits` (each ``Visit/normalized``), in order, as the write `write`:
    /// a visit held already (its ``Visit/identity``) is counted, not added, and each
    /// cache a new visit finds is marked found (``OwnData/afterVisit(_:)``), or found
    /// earlier when it was found later (``VisitsRecorded/foundEarlier``).
    func recordVisits(_ visits: [Visit], as write: WriteID) throws -> VisitsRecorded
    /// Every visit of the person, in the order recorded.
    func visits() throws -> [StoredVisit]
    /// Marks `visits` (those the store holds, by ``Visit/identity``) exported, as the write `write`.
    func markVisitsExported(_ visits: [Visit], as write: WriteID) throws

    // MARK: Drafts

    // A store keeps any number of drafts (``FormDraft``), each one form's unsaved text,
    // per person: the SQLite file's user, or the PostgreSQL role that logged in. A
    // session holds the drafts it took or kept until it releases them or ends, and no
    // other session takes a draft a live session holds.

    /// Takes for this session the most recent draft of this person that no live session
    /// holds, among those kept before `id` (all of them when nil); nil when there is none.
    /// The answer says how many others are left for other forms to take.
    func takeDraft(before id: DraftID?) throws -> TakenDraft?
    /// Keeps `draft` in place of the draft `id` this session holds (a new draft when nil,
    /// or when the session no longer holds it: nothing is ever written over another
    /// session's draft), as the write `write`. An empty draft deletes it. With
    /// `holding`, the session goes on holding the draft (returned); without, it is left
    /// for any later session to take.
    @discardableResult
    func keepDraft(_ draft: FormDraft, in id: DraftID?, holding: Bool, as write: WriteID) throws -> DraftID?
    /// Leaves the draft `id` this session holds to any later session.
    func releaseDraft(_ id: DraftID) throws
    /// Every draft of this person, the most recent first, held or not (for tests and
    /// scripts; a form takes them with ``takeDraft(before:)``).
    func keptDrafts() throws -> [FormDraft]

    // MARK: Other sessions

    /// True when another session committed a change since the previous call or since
    /// opening; this store's own writes do not count.
    func hasChangedExternally() throws -> Bool
    /// A descriptor that becomes readable when another session may have changed the
    /// store, for a run loop to wait on in `poll()`; after it wakes, call
    /// ``hasChangedExternally()``, which reads what woke it. Nil when the store has none
    /// right now: then call ``hasChangedExternally()`` about once a second.
    var changeDescriptor: Int32? { get }
    /// How soon to call ``hasChangedExternally()`` again even when ``changeDescriptor``
    /// stays quiet, or nil for not until it wakes: set while another session's write
    /// was seen but its commit not yet, and while there is no descriptor.
    var recheckDelay: Duration? { get }
    /// The same store opened again: after a ``StoreError`` that says it must be.
    func reopened() throws -> any CacheStore
    /// Paths an export must never write over: the store's file and its side files
    /// (none for a server).
    var protectedPaths: [String] { get }
    /// Called once by a process about to exit, after its last use of the store (and
    /// before the store is released): the store may leave to the exit what the exit
    /// does anyway, so that quitting does not wait for it. Nothing for a server.
    func prepareForExit()
    /// Why the store can only be read (a read-only file, directory or file system), or
    /// nil when it can be written: every write then throws ``StoreError/readOnly(path:reason:)``.
    var readOnlyReason: String? { get }
    /// Starts the integrity check of a file the form opened before checking it, after
    /// its first frame (``SQLiteStore/beginIntegrityCheck()``); nothing for other stores.
    func beginIntegrityCheck()
    /// True while that check's verdict has not been taken.
    var isCheckingIntegrity: Bool { get }
    /// Readable once that check's verdict is in.
    var integrityCheckDescriptor: Int32? { get }
    /// That check's verdict, once, when it is in; nil meanwhile and when there is none.
    func takeIntegrityVerdict() -> StoreIntegrity?

    // MARK: Waiting on a server

    /// What may cut a wait for the store's server short (``StoreInterruption``); a
    /// store that waits on nothing outside the process ignores it.
    var interruption: StoreInterruption? { get set }
    /// How long, in seconds, a write waits for a lock another session holds before it throws
    /// ``StoreError/locked(path:holder:)``; ignored by a store without such locks.
    var lockWait: Double { get set }
    /// Called once by a write that has waited a moment for another session's lock and
    /// goes on waiting (a command says so on stderr).
    var lockWaitNotice: (() -> Void)? { get set }
    /// Whether ``changeDescriptor`` is to be waited on for writing (a connection being
    /// made) rather than for reading.
    var changeDescriptorAwaitsWriting: Bool { get }
    /// How long, in seconds, a write waits for its server's reply, and then again for
    /// its outcome to be settled on a connection made again, before it throws
    /// ``StoreError/outcomeUnknown(server:reason:)``; ignored by a store whose writes
    /// always end with a known outcome.
    var replyWait: Double { get set }
}

/// What an import does with a record whose code is stored already.
public enum ExistingCaches: Sendable, Equatable {
    /// Updates the stored cache to the file's version (`import`'s default).
    case update
    /// Leaves the stored cache as it is (`import --keep-existing`).
    case keep
}

/// The count, the first cache and a draft taken for the form: what a form shows when it opens.
public struct StoreContents: Sendable {
    public let count: Int
    public let first: StoredCache?
    /// The most recent draft no live session held, now held by the opening session.
    public let draft: TakenDraft?
}

extension CacheStore {
    /// ``forEachNearest(to:limit:_:)`` as one walk of ``walkNearest(to:from:forward:_:)``
    /// from the nearest, stopping after `limit` caches: what both stores do.
    public func forEachNearest(to origin: Coordinate, limit: Int?,
                               _ body: (StoredCache, NearestKey) throws -> Void) throws {
        var left = limit ?? .max
        guard left > 0 else { return }
        try walkNearest(to: origin, from: nil, forward: true) { stored, key in
            try body(stored, key)
            left -= 1
            return left > 0
        }
    }

    public func prepareForExit() {}

    /// A store checked before it opened (or never checked: a server) has no late check.
    public func beginIntegrityCheck() {}
    public var isCheckingIntegrity: Bool { false }
    public var integrityCheckDescriptor: Int32? { nil }
    public func takeIntegrityVerdict() -> StoreIntegrity? { nil }

    /// A store of one person's has no club.
    public var clubStanding: ClubStanding? { nil }
    public func readClubStandingAgain() throws {}

    /// A store of one person's has no club to set up.
    public func setUpClub() throws -> ClubSetUp { throw ChangeRefusal.noOwners }

    /// A store of one person's has no club to say anything about.
    public func takeClubNote() throws -> ClubNote? { nil }

    /// A store of one person's has no owners to hand a cache to.
    public func handOver(_ stored: StoredCache, to owner: CacheOwner, as write: WriteID) throws -> StoredCache {
        throw ChangeRefusal.noOwners
    }

    /// A store that waits on nothing outside the process takes no interruption.
    public var interruption: StoreInterruption? {
        get { nil }
        set {}
    }

    /// A store without other sessions' locks to wait for.
    public var lockWait: Double {
        get { 0 }
        set {}
    }

    /// A store without other sessions' locks to wait for.
    public var lockWaitNotice: (() -> Void)? {
        get { nil }
        set {}
    }

    /// A change descriptor is waited on for reading.
    public var changeDescriptorAwaitsWriting: Bool { false }

    /// A store whose writes always end with a known outcome.
    public var replyWait: Double {
        get { 0 }
        set {}
    }

    /// A server's store is never opened read-only.
    public var readOnlyReason: String? { nil }

    /// Two reads and a draft taken, one after the other.
    public func openingContents() throws -> StoreContents {
        StoreContents(count: try count(), first: try first(), draft: try? takeDraft(before: nil))
    }

    /// ``CacheStore/append(_:as:)`` as a new write.
    public func append(_ cache: GeoCache) throws -> (stored: StoredCache, count: Int) {
        try append(cache, as: WriteID())
    }

    /// ``CacheStore/update(_:to:as:)`` as a new write.
    @discardableResult
    public func update(_ stored: StoredCache, to cache: GeoCache) throws -> StoredCache {
        try update(stored, to: cache, as: WriteID())
    }

    /// ``CacheStore/delete(_:as:)`` as a new write.
    @discardableResult
    public func delete(_ stored: StoredCache) throws -> Int {
        try delete(stored, as: WriteID())
    }

    /// ``CacheStore/saveCaches(_:as:)`` as a new write.
    public func saveCaches(_ caches: [GeoCache]) throws {
        try saveCaches(caches, as: WriteID())
    }

    /// ``CacheStore/importCaches(from:skipInvalid:existing:interruption:as:)`` as a new write.
    public func importCaches(from sources: [ImportSource], skipInvalid: Bool, existing: ExistingCaches,
                             interruption: ImportInterruption?) throws -> ImportReport {
        try importCaches(from: sources, skipInvalid: skipInvalid, existing: existing, interruption: interruption,
                         as: WriteID())
    }

    /// ``CacheStore/keepDraft(_:in:holding:as:)`` as a new write.
    @discardableResult
    public func keepDraft(_ draft: FormDraft, in id: DraftID?, holding: Bool) throws -> DraftID? {
        try keepDraft(draft, in: id, holding: holding, as: WriteID())
    }

    /// A store whose writes always end known never leaves one to settle: a write it
    /// did not report was not stored.
    public func settleWrite(_ write: WriteID) throws -> WriteOutcome {
        .notStored
    }

    /// Keeps `draft` as a new draft that any later session may take.
    public func leaveDraft(_ draft: FormDraft) throws {
        try keepDraft(draft, in: nil, holding: false)
    }

    /// Validates `cache` and stores it after every other cache.
    @discardableResult
    public func add(_ cache: GeoCache) throws -> StoredCache {
        try append(cache).stored
    }

    /// True when no cache is stored.
    public var isEmpty: Bool {
        get throws { try count() == 0 }
    }

    /// Every stored cache, in stored order: the lab's `loadCachesFromDefaults()`.
    /// It holds the whole store in memory; prefer ``forEachCache(_:)`` for large stores.
    public func loadCaches() throws -> [GeoCache] {
        var caches: [GeoCache] = []
        try forEachCache { caches.append($0.cache) }
        return caches
    }

    /// ``CacheStore/importCaches(from:skipInvalid:existing:interruption:as:)`` as a new write, with its usual options.
    public func importCaches(from sources: [ImportSource], skipInvalid: Bool = false,
                             existing: ExistingCaches = .update) throws -> ImportReport {
        try importCaches(from: sources, skipInvalid: skipInvalid, existing: existing, interruption: nil)
    }

    /// Imports one source; see ``CacheStore/importCaches(from:skipInvalid:existing:interruption:as:)``.
    public func importCaches(from source: ImportSource, skipInvalid: Bool = false,
                             existing: ExistingCaches = .update,
                             interruption: ImportInterruption? = nil) throws -> ImportReport {
        try importCaches(from: [source], skipInvalid: skipInvalid, existing: existing, interruption: interruption)
    }
}
