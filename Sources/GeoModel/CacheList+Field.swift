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
///   answers, at the cache shown, broadcasting ``CacheListChange/clubStoreBack(count:)``;
/// - shows the copy in place of the club store when its server stops answering while
///   it is shown (``CacheListChange/clubStoreAway(_:count:)``), and then tries it as above;
/// - keeps a write the form makes meanwhile in the ``Outbox`` (its ``WriteSession``
///   decides, and the write broadcasts ``CacheListChange/queued(_:waiting:)``);
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
        /// The live store being opened while the copy is shown, and when to try next.
        var retry: StoreOpening?
        var nextRetry = ContinuousClock.now
        /// The thread that refreshes the copy while the club store is shown.
        var refresher: CopyRefresher?
    }

    /// How often the server of a club store shown from its copy is tried again.
    public static let clubRetryInterval: Duration = .seconds(2)

    /// True for a club store (a server's URL) whose writes can wait on this machine.
    public var isClubStore: Bool { field != nil }

    /// Why the list shows this machine's copy (or nothing) in place of the club's
    /// caches; nil while it shows the club store itself.
    public var clubAway: ClubAway? { field?.away }

    /// Why the club store, tried while the copy is shown, refused this role or its
    /// schema (``WriteSession/clubRefusal``): writes are refused with it, not kept here.
    public var clubRefusal: StoreError? { session?.clubRefusal }

    /// True when a write is kept in the outbox rather than sent: the session's rule
    /// (``WriteSession/keepsWritesHere``).
    public var keepsWritesOnThisMachine: Bool { session?.keepsWritesHere ?? false }

    /// True while the server of the store shown (not the copy) stopped answering: the
    /// store connects again by itself.
    public var isServerUnreachable: Bool {
        guard let session else { return false }
        return session.unreachable != nil && !session.showsCopy
    }

    /// True while the changes kept on this machine are being delivered
    /// (``WriteSession/isDelivering``): the rest of a delivery whose wait is given up
    /// waits for its next try, so the owner may give waits up sooner then.
    public var isDeliveringKeptChanges: Bool { session?.isDelivering ?? false }

    /// How many changes wait in this machine's outbox (0 for a file store, when there
    /// is no outbox yet, or when it cannot be read).
    public var waitingChanges: Int {
        (try? session?.waitingCount()) ?? 0
    }

    /// The changes waiting in the outbox, in the order they are delivered.
    public func queuedChanges() throws -> [QueuedChange] {
        try session?.waitingChanges() ?? []
    }

    /// Drops the queued change `sequence`: its conflict was settled by the member (the
    /// form wrote over the club's version, or took it).
    /// - Throws: ``OutboxError/deliveringElsewhere(_:)`` when another process is still
    ///   delivering after ``settleWait``, and what the outbox's file met.
    public func discardQueued(_ sequence: Int64) throws {
        guard field != nil else { return }
        try writeSession.discardWaiting(sequence, waitingUpTo: Self.settleWait)
    }

    /// The longest the form's settling of a kept change waits for another process that
    /// is delivering (a `sync` stopped with ^Z holds its lock): then it says so, and the
    /// keys are the person's again.
    static let settleWait: Duration = .seconds(3)

    // MARK: - Delivery

    /// Delivers the outbox to the club store through the session
    /// (``WriteSession/deliverWaiting()``), then re-reads the store when something was
    /// stored, and broadcasts ``CacheListChange/outboxDelivered(_:waiting:)``. Does
    /// nothing (and broadcasts nothing) when the list shows the copy or nothing waits;
    /// throws what stopped a delivery that did nothing.
    public func deliverOutbox() throws {
        guard field != nil, let summary = try session?.deliverWaiting() else { return }
        let report = summary.report
        if let stopped = report.stoppedBy, report.deliveredCount == 0, report.conflicts.isEmpty, report.refusedCount == 0 {
            throw stopped
        }
        try show(summary)
    }

    /// What a delivery did, shown: the store re-read when something was stored, the
    /// person's own data when some of theirs was stored or refused (a refused change is
    /// no longer shown as theirs: the server's value is), and
    /// ``CacheListChange/outboxDelivered(_:waiting:)`` broadcast. Also for the delivery a
    /// write makes first (``WriteSession/deliveredBeforeWrite``), when it did anything.
    func show(_ summary: WriteSession.DeliverySummary) throws {
        let report = summary.report
        if !report.delivered.isEmpty { try refresh() }
        if !report.finderDelivered.isEmpty || !report.finderRefused.isEmpty { try reloadOwnData() }
        broadcast(.outboxDelivered(report, waiting: summary.waiting))
    }

    // MARK: - Away from the club store

    /// When `error` says that the club store shown stopped answering: shows this
    /// machine's copy in its place (``clubAway``), keeping the cache shown when the copy
    /// holds it, the search, the order and the filter, and broadcasts
    /// ``CacheListChange/clubStoreAway(_:count:)``; from then on writes are kept here and
    /// the server is tried as for a list opened on the copy. Returns whether it did.
    ///
    /// It does not when there is no copy (the list goes on showing the club store, its
    /// reads failing until the server answers, rather than an empty list), or while a
    /// write's outcome is unknown (only the club store can settle it). A copy found
    /// damaged is set aside and said (``CacheListChange/fileSetAside(_:)``).
    func showCopy(after error: any Error) -> Bool {
        guard var field, field.away == nil, !hasUnsettledWrites, let session,
              let error = error as? StoreError, error.meansTheServerCannotBeReached else { return false }
        let copy = ClubCopy(files: field.files)
        catchCopyUp(copy)
        let store: any CacheStore
        let refreshedAt: Date
        do {
            guard let date = try copy.refreshedAt() else { return false }
            (store, refreshedAt) = (try copy.open(), date)
        } catch let damaged as FieldFileSetAside {
            broadcast(.fileSetAside(damaged))
            return false
        } catch {
            return false
        }
        // The draft held on the server is free once its connection is gone; its text stays
        // there, and only a changed text is kept anew (on this machine, `+Drafts.swift`).
        // It is held again when the club store is shown again (``moveLocalDrafts(to:)``).
        let heldOnServer = draftState.held
        draftState = DraftState(kept: draftState.kept)
        draftState.heldOnServer = heldOnServer
        session.showCopy(store, because: error)
        field.away = .copy(refreshedAt: refreshedAt)
        field.nextRetry = ContinuousClock.now + Self.clubRetryInterval
        self.field = field
        updateCopyRefreshes()
        refreshInNewStore(count: (try? store.count()) ?? 0, first: try? store.first())
        _ = try? reloadOwnData()
        broadcast(.clubStoreAway(.copy(refreshedAt: refreshedAt), count: count))
        return true
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
                return clubStoreRetryFailed(error)
            }
            retry.finish()
            do {
                try field.files.checkClub(of: opened.store)
            } catch {
                // Another club database (or it went away meanwhile): the copy stays, the draft taken given back.
                if let draft = opened.contents.draft { try? opened.store.releaseDraft(draft.id) }
                return clubStoreRetryFailed(StoreError(wrapping: error, path: field.files.storeName))
            }
            takeOverClubStore(opened)
            try deliverOutbox()
            return
        }
        guard ContinuousClock.now >= field.nextRetry else { return }
        self.field?.retry = StoreOpening(.server(field.url), fieldFiles: nil)
    }

    /// A try of the club store while the copy is shown met `error`. Not reached, writes
    /// are kept here as before; answered with a refusal (the role is no longer a member,
    /// the schema waits for the admin's upgrade), writes meet that refusal instead of
    /// being kept as if the server were away. A change of the two is broadcast, once:
    /// ``CacheListChange/clubStoreRefused(_:)``, or ``CacheListChange/clubStoreAway(_:count:)``
    /// again after a refusal.
    private func clubStoreRetryFailed(_ error: StoreError) {
        guard let session, let away = field?.away, session.clubStoreTried(error) else { return }
        broadcast(session.clubRefusal.map { .clubStoreRefused($0) } ?? .clubStoreAway(away, count: count))
    }

    /// Shows the club store just opened in place of the copy, at the cache shown when the
    /// club store holds it (the copy keeps the club's identifiers), else the one after
    /// it, the search and the order kept; from its first cache when it cannot be re-read.
    private func takeOverClubStore(_ opened: StoreOpening.Opened) {
        // A draft the opening took is another form's: it stays kept for a form that opens.
        if let draft = opened.contents.draft { try? opened.store.releaseDraft(draft.id) }
        leaveLocalDrafts()
        replaceStore(with: opened.store)
        field?.away = nil
        refreshInNewStore(count: opened.contents.count, first: opened.contents.first)
        // The server's data, whole, in place of the copy's (`CacheList+Own.swift`).
        _ = try? reloadOwnData()
        updateCopyRefreshes()
        broadcast(.clubStoreBack(count: count))
    }

    /// After the copy took the club store's place or the club store the copy's: the place
    /// read again there (the copy keeps the club's identifiers), as another session's
    /// change is; when that read fails, the new store from `first` of `count`, no search.
    private func refreshInNewStore(count: @autoclosure () -> Int, first: @autoclosure () -> StoredCache?) {
        do {
            try refresh()
        } catch {
            search = nil
            start(count: count(), first: first())
        }
    }

    /// How soon the list wants ``checkForExternalChanges()`` while the copy is shown:
    /// soon while the server is being tried, else at the next try.
    var clubRetryDelay: Duration? {
        guard let field, field.away != nil else { return nil }
        if field.retry != nil { return .milliseconds(100) }
        return max(.milliseconds(10), field.nextRetry - ContinuousClock.now)
    }

    /// The server answered a check: writes are sent again, and a club store's list whose
    /// server had stopped answering delivers the outbox.
    func clubStoreAnswered() throws {
        guard session?.serverAnswered() == true, field != nil else { return }
        try deliverOutbox()
    }

    /// A club store that opened live delivers what earlier forms and commands kept on
    /// this machine; a failure is remembered for the next answer, never a reason not to start.
    func deliverAfterOpening() {
        updateCopyRefreshes()
        // Opened on the copy because another club database answered: writes meet that refusal.
        if field?.away != nil, let session, let answer = session.unreachable, session.clubStoreTried(answer) {
            broadcast(.clubStoreRefused(answer))
        }
        guard let field, field.away == nil else { return }
        do {
            try deliverOutbox()
        } catch {
            noteClubStoreProblem(error)
        }
    }

    /// Remembers that the server stopped answering, when `error` says so.
    func noteClubStoreProblem(_ error: any Error) {
        session?.noteStoreError(error)
    }
}
