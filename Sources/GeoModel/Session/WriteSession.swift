import Foundation

/// The one way to write: every write of the form's list and of every command goes
/// through a session, which owns the store, and for a club store the ``Outbox`` and
/// the ``ClubCopy`` on this machine, and decides once whether a write is sent or kept
/// here.
///
/// The rules, each written once, here:
/// - **Send or keep** (``keepsWritesHere``, ``keepRule(_:)``): a write to a club store
///   whose server cannot be reached (it did not answer when the session opened, or
///   stopped answering since) is kept in the outbox; any other goes to the store. A
///   write sent whose reply was lost is never kept: kept, it could be stored twice.
/// - **What a write came to** (``WriteResult``): stored, kept here, held by another
///   writer's lock, outcome not known, refused by the server. Only what the caller
///   must show as it is (an empty field, another session's change) is thrown.
/// - **Writes of unknown outcome** (``unsettledWrites``): the same write sent again
///   carries the same ``WriteID``; a corrected Add first settles the one it corrects
///   (``add(_:)``); the rest are settled when the server answers (``settleWrites()``).
/// - **Delivery** (`WriteSession+Delivery.swift`): the outbox, in order, exactly once,
///   before any write sent after it; waiting for another process that is delivering it,
///   and opening the store again once after a connection broken on the way.
/// - **Reading while away** (`WriteSession+Away.swift`): the copy, and the cache a
///   change kept here makes of it.
/// - **The copy follows** (`WriteSession+Copy.swift`): what a write or a delivery stores
///   on the club store is written into this machine's copy, so that it is there to
///   start from once the server goes away.
///
/// ```swift
/// let session = try WriteSession.opening(.server(url))
/// switch try session.add(cache) {                  // what waited here goes first
/// case .stored: break                              // on the server
/// case .kept(_, let waiting): note(waiting)        // kept here: the server is away
/// default: break                                   // lock held, not known, refused
/// }
/// ```
///
/// Not thread-safe: one session per thread (the form's list owns one, each command one).
public final class WriteSession {
    /// Where the store is.
    public let location: StoreLocation
    /// A club store's files on this machine (its outbox, copy and drafts); nil for a file.
    public let files: FieldFiles?
    /// What reads and writes go to: the store, or, while a club store's server could
    /// not be reached when the session opened, this machine's copy (read-only: every
    /// write is kept in the outbox); nil for a command that found no copy.
    public internal(set) var store: (any CacheStore)?
    /// Why a club store's server cannot be reached now (it did not answer when the
    /// session opened, or stopped answering since); nil while it answers, and for a file.
    public internal(set) var unreachable: StoreError?
    /// True while ``store`` is this machine's copy (or nothing), not the club store.
    public private(set) var showsCopy: Bool
    /// Why the club store, tried again while the copy is shown, answered and refused this
    /// session (a role no longer a member, a schema that waits for the admin's upgrade):
    /// writes are then refused with it, never kept here as if it were away.
    public private(set) var clubRefusal: StoreError?
    /// The writes whose outcome the store could not tell yet, oldest first.
    public internal(set) var unsettledWrites: [PendingWrite] = []
    /// How long a delivery waits for another process that is delivering the same
    /// outbox (a command: ``commandDeliveryWait``); zero for a form, which tries again
    /// at its next check rather than hold its keys.
    public var deliveryWait: Duration = .zero

    /// How long a command waits for another process's delivery of the same outbox.
    public static let commandDeliveryWait: Duration = .seconds(15)

    /// Field mode's files this session found damaged and set aside
    /// (``FieldFileSetAside``), in the order found.
    public internal(set) var setAsideFiles: [FieldFileSetAside] = []
    /// Called once for each file set aside, as it is found: a command says so on standard error, a form's list broadcasts it.
    public var setAsideNotice: ((FieldFileSetAside) -> Void)?
    /// Called with what a delivery made before a write sent (``writeBehindWaiting(_:keep:)``) did.
    public var deliveredBeforeWrite: ((DeliverySummary) -> Void)?
    /// The kept change in conflict the next write settles (the form's save over the club's version).
    public var settlesWaiting: Int64?
    /// Writes what was stored on the club store into this machine's copy (``patchCopy(_:sentAt:)``):
    /// nil writes it at once (a command); a form's list hands it to its copy's thread.
    public var copyPatcher: ((CopyPatches) -> Void)?

    /// The outbox, opened when first needed.
    var openedOutbox: Outbox?
    /// The draft file on this machine (``LocalDrafts``), opened when a draft is first written while the copy is shown.
    var localDrafts: SQLiteStore?
    /// True while ``deliverWaiting()`` delivers: the owner's interruption may give its waits up sooner.
    public internal(set) var isDelivering = false

    /// A session on `store`, opened from `location`: the store itself, or for a club
    /// store whose server could not be reached (`unreachable`), this machine's copy or
    /// nil. `files` are a club store's files on this machine; without them (a file, or
    /// a server without field mode) no write is ever kept here.
    public init(store: (any CacheStore)?, location: StoreLocation, files: FieldFiles?,
                unreachable: StoreError? = nil) {
        self.location = location
        self.files = files
        self.store = store
        self.unreachable = files == nil ? nil : unreachable
        showsCopy = self.unreachable != nil
    }

    /// A session for one command: the store at `location` opened for it, or, when a
    /// club store's server cannot be reached, a session that keeps writes here and reads
    /// the copy (opened when first read). A command delivers what waits
    /// (``deliverWaiting()``) before its own write, so that it comes after them.
    ///
    /// A command that only reads or changes caches already stored opens with
    /// `creatingStore` false: where no file exists, it makes none
    /// (``StoreError/noStore(path:missingDirectory:)``).
    ///
    /// A club store is checked to be the club database this machine's files came from
    /// (``FieldFiles/checkClub(of:_:)``, as `clubCheck` says) before anything is delivered.
    ///
    /// - Throws: the ``StoreError`` opening met when it does not mean that the server
    ///   cannot be reached (a file that is not a store, a refused login, …), and
    ///   ``StoreError/anotherClub(server:kept:)``.
    public static func opening(_ location: StoreLocation, creatingStore: Bool = true,
                               clubCheck: FieldFiles.ClubCheck = .whenKept,
                               lockWaitNotice: (() -> Void)? = nil) throws -> WriteSession {
        let store: any CacheStore
        do {
            store = try location.open(for: .command, creatingFile: creatingStore)
        } catch {
            guard case .server = location, error.meansTheServerCannotBeReached else { throw error }
            let session = WriteSession(store: nil, location: location, files: files(of: location), unreachable: error)
            session.deliveryWait = commandDeliveryWait
            return session
        }
        store.lockWaitNotice = lockWaitNotice
        let fieldFiles = files(of: location)
        do {
            try fieldFiles?.checkClub(of: store, clubCheck)
        } catch let error as StoreError where error.meansTheServerCannotBeReached {
            let session = WriteSession(store: nil, location: location, files: fieldFiles, unreachable: error)
            session.deliveryWait = commandDeliveryWait
            return session
        }
        let session = WriteSession(store: store, location: location, files: fieldFiles)
        session.deliveryWait = commandDeliveryWait
        return session
    }

    /// A club store's files on this machine, from its URL; nil for a file.
    private static func files(of location: StoreLocation) -> FieldFiles? {
        guard case .server(let url) = location else { return nil }
        return FieldFiles(serverURL: url)
    }

    // MARK: - The rule

    /// True when a write is kept on this machine rather than sent: a club store whose
    /// server cannot be reached (``unreachable``), with no write of unknown outcome
    /// pending (sent again, it reuses its identifier; kept, it could be stored twice).
    public var keepsWritesHere: Bool {
        files != nil && unreachable != nil && clubRefusal == nil && unsettledWrites.isEmpty
    }

    /// Whether a write that failed with `error` is kept on this machine: the one rule
    /// for "send it or keep it here". Only a club store's, only when the server did not
    /// answer at all (``StoreError/meansTheServerCannotBeReached``), and never when the
    /// write may have been stored (``StoreError/outcomeUnknown(server:reason:)``).
    public func keepRule(_ error: StoreError) -> Bool {
        guard files != nil, error.meansTheServerCannotBeReached else { return false }
        if case .outcomeUnknown = error { return false }
        return true
    }

    /// Notes what a read or a check of the store met: an error that means the server cannot
    /// be reached makes a club store's later writes wait here until it answers (``serverAnswered()``).
    public func noteStoreError(_ error: any Error) {
        guard case .server = location, let error = error as? StoreError, error.meansTheServerIsAway else { return }
        unreachable = error
    }

    /// The club store answered (a check, a read, a write): writes are sent again.
    /// Returns whether it had been unreachable while showing the club store.
    @discardableResult
    public func serverAnswered() -> Bool {
        guard unreachable != nil, !showsCopy else { return false }
        unreachable = nil
        return true
    }

    /// Reads go to `copy`, this machine's copy of the club store, in place of the club
    /// store, which stopped answering (`error`): writes are kept here until the club
    /// store is taken over again (``replaceStore(with:)``). Nothing for a file store.
    public func showCopy(_ copy: any CacheStore, because error: StoreError) {
        guard files != nil else { return }
        store = copy
        showsCopy = true
        unreachable = error
        clubRefusal = nil
    }

    /// While the copy is shown, the club store was tried again and met `error`: one that
    /// means it cannot be reached keeps writes here; any other is its answer, a refusal
    /// (``clubRefusal``) that writes meet until the club store is taken over again. Returns
    /// whether that changed what writes meet.
    @discardableResult
    public func clubStoreTried(_ error: StoreError) -> Bool {
        guard showsCopy else { return false }
        let refused = error.meansTheServerCannotBeReached ? nil : error
        guard refused != clubRefusal else { return false }
        clubRefusal = refused
        if refused == nil { unreachable = error }
        return true
    }

    /// Takes over `store`, the club store opened again after the copy was shown (or any
    /// store opened again): writes are sent from now on.
    public func replaceStore(with store: any CacheStore) {
        self.store = store
        showsCopy = false
        unreachable = nil
        clubRefusal = nil
    }

    /// The store, for reads and writes that need it; ``StoreError/noCopy(server:)`` for
    /// a command on a club store that cannot be reached when this machine holds no copy,
    /// or only a damaged one (set aside and said: ``setAsideNotice``).
    public func readStore() throws -> any CacheStore {
        if let store { return store }
        guard let files else { throw StoreError.noCopy(server: location.description) }
        let copy = ClubCopy(files: files)
        do {
            guard try copy.refreshedAt() != nil else { throw StoreError.noCopy(server: location.description) }
            let opened = try copy.open()
            store = opened
            return opened
        } catch let setAside as FieldFileSetAside {
            noteSetAside(setAside)
            throw StoreError.noCopy(server: location.description)
        }
    }

    /// Records `file`, just set aside, and says so through ``setAsideNotice``.
    func noteSetAside(_ file: FieldFileSetAside) {
        setAsideFiles.append(file)
        setAsideNotice?(file)
    }

    // MARK: - Writing

    /// Validates `cache` and adds it: stored after every other cache, or kept here.
    ///
    /// An Add made while an earlier Add of this session has an outcome not known yet
    /// is its correction (the form keeps the text in the fields, and the person fixes
    /// it before trying again): the earlier one is settled first; stored, it is updated
    /// to `cache`, so one cache ends with the corrected text; not stored, `cache` is
    /// added in its place; when the server still cannot tell, nothing is sent.
    /// - Throws: ``GeoCacheValidationError``; the ``StoreError``s that are not outcomes
    ///   (a file that went away, a damaged store); what keeping it here met.
    public func add(_ cache: GeoCache) throws -> WriteResult<Added> {
        let valid = try cache.validated()
        if let earlier = unsettledWrites.first(where: \.isAdd), earlier.action != .add(valid) {
            if let corrected = try correct(earlier, to: valid) { return corrected }
        }
        return try perform(.add(valid), keep: { .cache(try $0.queueAdd(valid)) }) { store, write in
            let (stored, count) = try store.append(valid, as: write)
            return Added(stored: stored, count: count)
        }
    }

    /// Validates `cache` and writes it over `base`, the version the writer read, when
    /// the store still holds exactly that version (``CacheStore/update(_:to:)``); the
    /// stored code stays. Kept here, it is delivered the same way.
    /// - Throws: ``GeoCacheValidationError``, ``CacheEditError``, ``OutboxError``, and
    ///   the ``StoreError``s that are not outcomes.
    public func update(_ base: StoredCache, to cache: GeoCache) throws -> WriteResult<StoredCache> {
        var valid = try cache.validated()
        valid.code = base.cache.code
        try refuseChange(of: base)
        return try perform(.update(base: base, to: valid), keep: { .cache(try $0.queueEdit(of: base.cache, to: valid)) }) {
            try $0.update(base, to: valid, as: $1)
        }
    }

    /// Deletes `target`, the version the writer read, when the store still holds
    /// exactly that version; the stored value is the count after the delete. Kept here,
    /// it is delivered the same way.
    /// - Throws: ``CacheEditError``, ``OutboxError``, and the ``StoreError``s that are
    ///   not outcomes.
    public func delete(_ target: StoredCache) throws -> WriteResult<Int> {
        try refuseChange(of: target)
        return try perform(.delete(target), keep: { .cache(try $0.queueDelete(target.cache)) }) { try $0.delete(target, as: $1) }
    }

    /// Makes `valid` the correction of the add `earlier`, whose outcome is not known:
    /// asks what became of it first. Stored, it is updated to `valid` (the result
    /// returned); not stored, or deleted since, nil: `valid` is to be added in its place.
    /// While the server cannot tell, or cannot be read, nothing is sent and the result is
    /// ``WriteResult/outcomeUnknown(_:)``: `earlier` stays unsettled until the correction
    /// is made, so that no later Add of this text can store a second cache.
    private func correct(_ earlier: PendingWrite, to valid: GeoCache) throws -> WriteResult<Added>? {
        if let waits: WriteResult<Added> = waitsForTheClubStore() { return waits }
        let stored: StoredCache?
        do {
            guard case .stored(let record) = try readStore().settleWrite(earlier.id), let id = record.cacheID else {
                unsettledWrites.removeAll { $0.id == earlier.id }
                return nil
            }
            stored = try readStore().cache(id)
        } catch let error as StoreError where error.meansTheServerCannotBeReached {
            noteStoreError(error)
            return .outcomeUnknown(.outcomeUnknown(server: location.description, reason: Self.correctionWaits))
        }
        guard let stored else {
            unsettledWrites.removeAll { $0.id == earlier.id }
            return nil
        }
        let result = try update(stored, to: valid)
        switch result {
        case .stored, .kept, .refused:
            unsettledWrites.removeAll { $0.id == earlier.id }
        case .lockHeld, .outcomeUnknown:
            break
        }
        return try result.map { Added(stored: $0, count: try readStore().count()) }
    }

    /// Why a correction was not sent: the server cannot say yet what the Add it corrects came to.
    static let correctionWaits = "the Add it corrects could not be looked up yet"

    /// What an add stored: the cache with its identity and code, and the count after it.
    public struct Added: Equatable, Sendable {
        /// The cache as stored.
        public let stored: StoredCache
        /// The number of caches right after it.
        public let count: Int
    }

    /// Runs the write `action`: kept here when ``keepsWritesHere``, else sent through
    /// `send` with its identifier (the one of the same write still unsettled, else a
    /// new one), and what the store answered turned into a ``WriteResult``.
    func perform<T>(_ action: PendingWrite.Action, keep: (Outbox) throws -> KeptChange,
                    send: (any CacheStore, WriteID) throws -> T) throws -> WriteResult<T> {
        if let clubRefusal { return .refused(clubRefusal) }
        if keepsWritesHere { return try kept(keep) }
        if let waits: WriteResult<T> = waitsForTheClubStore() { return waits }
        if let behind: WriteResult<T> = try writeBehindWaiting(action, keep: keep) { return behind }
        let earlier = unsettledWrites.first { $0.action == action }
        let write = earlier ?? PendingWrite(id: WriteID(), action: action)
        let sentAt = ContinuousClock.now
        do {
            let value = try send(try readStore(), write.id)
            unsettledWrites.removeAll { $0.id == write.id }
            patchCopy(action.copyPatches(stored: value), sentAt: sentAt)
            return .stored(value)
        } catch let error as StoreError {
            switch error {
            case .outcomeUnknown:
                if earlier == nil { unsettledWrites.append(write) }
                return .outcomeUnknown(error)
            case .connectionLost(let server, let reason) where earlier != nil:
                // Not sent this time; the first try may still have been stored.
                return .outcomeUnknown(.outcomeUnknown(server: server, reason: reason))
            case .locked(_, let holder):
                return .lockHeld(holder: holder)
            case _ where keepRule(error):
                unreachable = error
                return try kept(keep)
            case _ where error.meansTheServerRefusedTheWrite:
                unsettledWrites.removeAll { $0.id == write.id }
                // A role refused its tables is told so, not that this change needs a right.
                return .refused(store.flatMap { error.roleRefusal(on: $0) } ?? error)
            default:
                noteStoreError(error)
                unsettledWrites.removeAll { $0.id == write.id }
                throw error
            }
        } catch {
            unsettledWrites.removeAll { $0.id == write.id }
            throw error
        }
    }

    /// Keeps a change in the outbox through `keep`; the result says how many wait.
    /// - Throws: ``GeoCacheValidationError`` and ``OutboxError`` as they are (nothing
    ///   kept: the change itself is refused), and ``OwnDataEditError`` (a part changed
    ///   meanwhile); any failure of the outbox's file as
    ///   ``NotKept/couldNotKeep(because:reason:)``. An outbox damaged since it was opened
    ///   is set aside and the change kept in a new one (``onWholeOutbox(_:)``).
    func kept<T>(_ keep: (Outbox) throws -> KeptChange) throws -> WriteResult<T> {
        do {
            let (change, waiting) = try onWholeOutbox { outbox in (try keep(outbox), try outbox.count()) }
            return .kept(change, waiting: waiting)
        } catch let error as GeoCacheValidationError {
            throw error
        } catch let error as OutboxError {
            throw error
        } catch let error as NotKept {
            throw error
        } catch let error as OwnDataEditError {
            throw error
        } catch {
            let why = unreachable ?? .noCopy(server: location.description)
            throw NotKept.couldNotKeep(because: why, reason: String(describing: error))
        }
    }

    /// While the copy is shown with a write of unknown outcome (one a restored draft
    /// carried, ``adopt(_:)``): nothing is sent or kept, and the result says the outcome is
    /// not known. The copy cannot tell what the write came to, and a write kept here
    /// could store the same text a second time once delivered. Nil otherwise.
    private func waitsForTheClubStore<T>() -> WriteResult<T>? {
        guard showsCopy, !unsettledWrites.isEmpty else { return nil }
        return .outcomeUnknown(.outcomeUnknown(server: location.description, reason: Self.earlierWriteWaits))
    }

    /// Why a write was not sent while the copy is shown: an earlier one's outcome is not known.
    static let earlierWriteWaits = "an earlier write's outcome can be looked up only once the server answers"

    /// What `write` came to, asked of the store: nil while it cannot tell (its server
    /// does not answer, or cannot be asked in time, or only the copy is shown).
    func settle(_ write: PendingWrite) throws -> WriteOutcome? {
        guard !showsCopy else { return nil }
        let outcome: WriteOutcome
        do {
            outcome = try readStore().settleWrite(write.id)
        } catch let error as StoreError where error.meansTheServerCannotBeReached {
            noteStoreError(error)
            return nil
        }
        unsettledWrites.removeAll { $0.id == write.id }
        return outcome
    }

    /// Asks the store what each unsettled write came to, oldest first; returns those
    /// it could tell, with their outcome (one the server cannot settle yet stays).
    public func settleWrites() throws -> [(write: PendingWrite, outcome: WriteOutcome)] {
        var settled: [(write: PendingWrite, outcome: WriteOutcome)] = []
        for write in unsettledWrites {
            if let outcome = try settle(write) { settled.append((write, outcome)) }
        }
        return settled
    }
}
