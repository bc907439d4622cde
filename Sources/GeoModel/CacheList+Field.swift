import Foundation

/// Why a club store's list does not show the club's own caches: its server could not
/// be reached when the form opened, and it shows this machine's copy, or nothing.
public enum ClubAway: Equatable, Sendable {
    /// The copy (``ClubCopy``) refreshed at that date is shown, read-only.
    case copy(refreshedAt: Date)
    /// This machine holds no copy: the list is empty.
    case noCopy
}

/// Field mode (issue 28): a club store's writes kept on this machine while its server
/// cannot be reached, delivered in order when it answers, and the copy of the club's
/// caches shown meanwhile, refreshed while it answers.
///
/// The list of a club store (opened through ``StoreOpening`` with ``FieldFiles``):
/// - opened on the copy (``clubAway``) keeps trying the server
///   (``checkForExternalChanges()`` starts an opening on a thread of its own every
///   ``clubRetryInterval``, never waiting for it) and takes the live store over once it
///   answers, broadcasting ``CacheListChange/clubStoreBack(count:)``;
/// - keeps a write the form makes meanwhile in the ``Outbox`` (``queueAdd(_:)``,
///   broadcasting ``CacheListChange/queued(_:waiting:)``);
/// - delivers the outbox whenever the server answers again (``deliverOutbox()``,
///   ``CacheListChange/outboxDelivered(_:waiting:)``);
/// - refreshes the copy while it shows the club store, ``copyRefreshDelays`` apart, on a
///   thread with a connection of its own (errors are dropped: the copy stays as it was).
extension CacheList {
    /// What the list knows of its club store's field mode; nil for a file store.
    struct FieldState {
        let files: FieldFiles
        /// The club store's URL, for the retries and the copy's own connection.
        let url: String
        var away: ClubAway?
        /// The server stopped answering while the list showed it (the next answer delivers).
        var serverLost = false
        var outbox: Outbox?
        /// The live store being opened while the copy is shown, and when to try next.
        var retry: StoreOpening?
        var nextRetry = ContinuousClock.now
        /// The thread that refreshes the copy while the club store is shown.
        var refresher: CopyRefresher?
        /// The draft file on this machine, used while the copy is shown (`CacheList+Drafts.swift`).
        var drafts: SQLiteStore?
    }

    /// How often the server of a club store shown from its copy is tried again.
    public static let clubRetryInterval: Duration = .seconds(2)

    /// True for a club store (a server's URL) whose writes can wait on this machine.
    public var isClubStore: Bool { field != nil }

    /// Why the list shows this machine's copy (or nothing) in place of the club's
    /// caches; nil while it shows the club store itself.
    public var clubAway: ClubAway? { field?.away }

    /// True when a write should be kept in the outbox rather than sent: the list shows
    /// the copy, or the server stopped answering.
    public var keepsWritesOnThisMachine: Bool {
        guard let field else { return false }
        return field.away != nil || field.serverLost
    }

    /// How many changes wait in this machine's outbox (0 for a file store, when there
    /// is no outbox yet, or when it cannot be read).
    public var waitingChanges: Int {
        guard hasOutbox else { return 0 }
        return (try? outbox().count()) ?? 0
    }

    /// The changes waiting in the outbox, in the order they are delivered.
    public func queuedChanges() throws -> [QueuedChange] {
        guard hasOutbox else { return [] }
        return try outbox().changes()
    }

    /// Whether this machine has an outbox for the club store: looking never makes one
    /// (a form on a club store that is never away leaves no file behind).
    private var hasOutbox: Bool {
        guard let field else { return false }
        return field.outbox != nil || FileManager.default.fileExists(atPath: field.files.outboxPath)
    }

    /// This list's outbox, opened when first needed.
    private func outbox() throws -> Outbox {
        guard let field else { preconditionFailure("the outbox of a store that is not a club store") }
        if let outbox = field.outbox { return outbox }
        let opened = try Outbox(files: field.files)
        self.field?.outbox = opened
        return opened
    }

    // MARK: - Writes kept on this machine

    /// Validates `cache` and keeps its add in the outbox. Broadcasts
    /// ``CacheListChange/queued(_:waiting:)``.
    /// - Throws: ``GeoCacheValidationError`` (nothing kept), or what the outbox's file met.
    @discardableResult
    public func queueAdd(_ cache: GeoCache) throws -> QueuedChange {
        let change = try outbox().queueAdd(try cache.validated())
        broadcast(.queued(change, waiting: waitingChanges))
        return change
    }

    /// Keeps the edit of `base` (the version the form holds) to `cache` in the outbox;
    /// the stored code stays. Broadcasts ``CacheListChange/queued(_:waiting:)``.
    @discardableResult
    public func queueEdit(of base: StoredCache, to cache: GeoCache) throws -> QueuedChange {
        var valid = try cache.validated()
        valid.code = base.cache.code
        let change = try outbox().queueEdit(of: base.cache, to: valid)
        broadcast(.queued(change, waiting: waitingChanges))
        return change
    }

    /// Keeps the delete of `base` (the version the form holds) in the outbox.
    /// Broadcasts ``CacheListChange/queued(_:waiting:)``.
    @discardableResult
    public func queueDelete(_ base: StoredCache) throws -> QueuedChange {
        let change = try outbox().queueDelete(base.cache)
        broadcast(.queued(change, waiting: waitingChanges))
        return change
    }

    /// Drops the queued change `sequence`: its conflict was settled by the member (the
    /// form wrote over the club's version, or took it).
    public func discardQueued(_ sequence: Int64) throws {
        guard field != nil else { return }
        try outbox().discard(sequence)
    }

    // MARK: - Delivery

    /// Delivers the outbox to the club store, each change in order, exactly once, then
    /// re-reads the store when something was stored, and broadcasts
    /// ``CacheListChange/outboxDelivered(_:waiting:)``. Does nothing (and broadcasts
    /// nothing) when the list shows the copy or nothing waits.
    public func deliverOutbox() throws {
        guard let field, field.away == nil, waitingChanges > 0 else { return }
        let report = try OutboxDelivery.deliver(try outbox(), to: store)
        if let stopped = report.stoppedBy, report.delivered.isEmpty, report.conflicts.isEmpty {
            self.field?.serverLost = true
            throw stopped
        }
        if !report.delivered.isEmpty { try refresh() }
        broadcast(.outboxDelivered(report, waiting: waitingChanges))
    }

    // MARK: - Back to the club store

    /// While the copy is shown: takes the club store over when an opening started
    /// earlier found it answering (then broadcasts ``CacheListChange/clubStoreBack(count:)``
    /// and delivers the outbox), else starts another opening when one is due. Never waits.
    func retryClubStore() throws {
        guard var field, field.away != nil else { return }
        if let retry = field.retry {
            guard retry.isReady else { return }
            field.retry = nil
            field.nextRetry = ContinuousClock.now + Self.clubRetryInterval
            self.field = field
            let opened: StoreOpening.Opened
            do {
                opened = try retry.take()
            } catch {
                retry.finish()
                return
            }
            retry.finish()
            takeOverClubStore(opened)
            try deliverOutbox()
            return
        }
        guard ContinuousClock.now >= field.nextRetry else { return }
        self.field?.retry = StoreOpening(.server(field.url), fieldFiles: nil)
    }

    /// Shows the club store just opened in place of the copy, from its first cache.
    private func takeOverClubStore(_ opened: StoreOpening.Opened) {
        // A draft the opening took is another form's: it stays kept for a form that opens.
        if let draft = opened.contents.draft { try? opened.store.releaseDraft(draft.id) }
        leaveLocalDrafts()
        replaceStore(with: opened.store)
        field?.away = nil
        field?.serverLost = false
        search = nil
        start(count: opened.contents.count, first: opened.contents.first)
        updateCopyRefreshes()
        broadcast(.clubStoreBack(count: count))
    }

    /// How soon the list wants ``checkForExternalChanges()`` while the copy is shown:
    /// soon while the server is being tried, else at the next try.
    var clubRetryDelay: Duration? {
        guard let field, field.away != nil else { return nil }
        if field.retry != nil { return .milliseconds(100) }
        return max(.milliseconds(10), field.nextRetry - ContinuousClock.now)
    }

    /// The server answered a check: a list whose server had stopped answering delivers
    /// the outbox.
    func clubStoreAnswered() throws {
        guard let field, field.away == nil, field.serverLost else { return }
        self.field?.serverLost = false
        try deliverOutbox()
    }

    /// A club store that opened live delivers what earlier forms and commands kept on
    /// this machine; a failure is remembered for the next answer, never a reason not to start.
    func deliverAfterOpening() {
        updateCopyRefreshes()
        guard let field, field.away == nil else { return }
        do {
            try deliverOutbox()
        } catch {
            noteClubStoreProblem(error)
        }
    }

    /// Remembers that the server stopped answering, when `error` says so.
    func noteClubStoreProblem(_ error: any Error) {
        guard field != nil, let error = error as? StoreError, error.meansTheServerIsAway else { return }
        field?.serverLost = true
    }
}
