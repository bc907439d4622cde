import Foundation

/// Delivering what waits on this machine: the one policy for the form and every
/// command (``deliverWaiting()``).
extension WriteSession {
    /// What one delivery did and what it leaves waiting.
    public struct DeliverySummary: Equatable, Sendable {
        /// What was delivered, in conflict, refused, held, and why it stopped.
        public var report: OutboxDelivery.Report
        /// How many changes still wait on this machine after it.
        public var waiting: Int
        /// Why this role may no longer make each change in conflict whose cache changed
        /// hands, by its number (``changedHands(_:)``).
        public var changedHands: [Int64: ChangeRefusal] = [:]
    }

    /// Whether this machine has an outbox for the club store: looking never makes one
    /// (a session on a club store that is never away leaves no file behind).
    public var hasOutbox: Bool {
        guard let files else { return false }
        if openedOutbox != nil { return true }
        // Anything but "no such file" (a directory that became a file, one that may not
        // be read) is an outbox to open, which then says why it cannot be used.
        var status = stat()
        return lstat(files.outboxPath, &status) == 0 || errno != ENOENT
    }

    /// The outbox, opened (and made) when first needed. One found damaged is set aside
    /// for a new one, and said (``setAsideNotice``).
    /// - Throws: ``StoreError`` when it cannot be made or read.
    public func outbox() throws -> Outbox {
        guard let files else { preconditionFailure("the outbox of a store that is not a club store") }
        if let openedOutbox { return openedOutbox }
        let opened = try Outbox(files: files)
        openedOutbox = opened
        if let setAside = opened.setAside { noteSetAside(setAside) }
        return opened
    }

    /// Runs `body` on the outbox. One found damaged by it (cut short or overwritten since
    /// this session opened it, say) is opened again, as at any opening: the file there
    /// checked and, damaged, set aside for a new outbox and said (``setAsideNotice``);
    /// `body` then runs once more on the outbox opened again. Another process that set it
    /// aside first leaves its new outbox, which is used.
    func onWholeOutbox<T>(_ body: (Outbox) throws -> T) throws -> T {
        let outbox = try self.outbox()
        do {
            return try body(outbox)
        } catch {
            guard FieldFileDamage.of(error) != nil else { throw error }
            openedOutbox = nil
            return try body(try self.outbox())
        }
    }

    /// The changes waiting on this machine that can be read, in delivery order (none
    /// without an outbox).
    public func waitingChanges() throws -> [QueuedChange] {
        guard hasOutbox else { return [] }
        return try outbox().changes()
    }

    /// The changes waiting on this machine whose rows cannot be read, in sequence order
    /// (none without an outbox): never delivered, given up with ``discardWaiting(_:waitingUpTo:)``.
    public func unreadableWaiting() throws -> [UnreadableChange] {
        guard hasOutbox else { return [] }
        return try outbox().unreadableChanges()
    }

    /// How many changes wait on this machine (none without an outbox).
    public func waitingCount() throws -> Int {
        guard hasOutbox else { return 0 }
        return try outbox().count()
    }

    /// Delivers the changes waiting on this machine to the club store, each in order and
    /// exactly once (``OutboxDelivery``); nil when there is nothing to deliver (a file,
    /// no outbox, an empty one) or the store shown is the copy.
    ///
    /// The policy, for every writer:
    /// - while another process delivers the same outbox, waits for it up to
    ///   ``deliveryWait`` and then delivers what is left, so that a change made after
    ///   the ones kept before it still comes after them;
    /// - when the connection breaks on the way, opens the store again once and goes on
    ///   (a reply lost after a COMMIT is settled now, by its identifier, rather than by
    ///   the next delivery); the session then writes to the store opened again;
    /// - a wait the store's owner gave up (its ``StoreInterruption``: ^Q, a signal, a key
    ///   typed meanwhile) ends the delivery there: nothing more is sent and no connection
    ///   is made again; the rest waits for the next delivery, which settles a change whose
    ///   reply was lost by its identifier (never sent twice, never lost);
    /// - a delivery stopped because the server cannot be reached makes the session keep
    ///   its writes here (``unreachable``); one stopped by another writer's lock does not;
    /// - what it stored is written into this machine's copy (`WriteSession+Copy.swift`).
    /// - Throws: ``StoreError`` when the outbox file cannot be read or written.
    public func deliverWaiting() throws -> DeliverySummary? {
        guard files != nil, !showsCopy, let store, hasOutbox else { return nil }
        let outbox = try self.outbox()
        guard try outbox.count() > 0 else { return nil }
        isDelivering = true
        defer { isDelivering = false }
        let sentAt = ContinuousClock.now
        // A cache handed to another member meanwhile, even unchanged, is a conflict to give up.
        let mayChange = { [self] (stored: StoredCache) in refusal(toChange: stored) == nil }
        let givenUpBefore = store.interruption?.givenUp
        var report = try OutboxDelivery.deliver(outbox, to: store, mayChange: mayChange)
        let deadline = ContinuousClock.now + deliveryWait
        while report.deliveringElsewhere, ContinuousClock.now < deadline {
            Thread.sleep(forTimeInterval: 0.1)
            report = try OutboxDelivery.deliver(outbox, to: store, mayChange: mayChange)
        }
        let givenUp = store.interruption.map { $0.givenUp != givenUpBefore } ?? false
        if !givenUp, let stoppedBy = report.stoppedBy, stoppedBy.meansTheServerIsAway, let again = try? reopened(store) {
            self.store = again
            var second = try OutboxDelivery.deliver(outbox, to: again, mayChange: mayChange)
            second.delivered = report.delivered + second.delivered
            second.finderDelivered = report.finderDelivered + second.finderDelivered
            report = second
        }
        if report.deliveredCount > 0, let delivered = self.store {
            patchCopy(copyPatches(delivered: report, from: delivered), sentAt: sentAt)
        }
        if let stoppedBy = report.stoppedBy, keepRule(stoppedBy) { unreachable = stoppedBy }
        // Whose each cache is now is read only from a server that answered the delivery.
        let away = report.stoppedBy?.meansTheServerCannotBeReached == true
        return DeliverySummary(report: report, waiting: try outbox.count(),
                               changedHands: away ? [:] : changedHands(among: report.conflicts))
    }

    /// Before a write is sent to the club store: delivers what waits here first
    /// (``deliverWaiting()``), so that the write never overtakes a change kept before it.
    /// Nil when nothing is left that could be delivered (a change in conflict or refused
    /// waits for the member, not for the server); else the write's result: kept behind
    /// them when the server cannot be reached or went away on the way (a kept change's
    /// reply lost: the write must not pass it), else what stopped them (a lock, the role
    /// refused), which would stop the write too.
    ///
    /// A change of a cache (`action`'s) whose kept change waits for the member (in
    /// conflict, refused, or held behind one) is refused (``ChangeWaitsForTheMember``):
    /// sent now, it would be overtaken later by the older one. The write that settles the
    /// conflict (``settlesWaiting``) is not.
    func writeBehindWaiting<T>(_ action: PendingWrite.Action, keep: (Outbox) throws -> KeptChange) throws -> WriteResult<T>? {
        guard files != nil, !showsCopy, let summary = try deliverWaiting() else { return nil }
        deliveredBeforeWrite?(summary)
        let report = summary.report
        switch action {
        case .update(let base, _), .delete(let base), .handOver(let base, _):
            // The one to settle is named: a change in conflict or refused before one held behind it.
            // Those held behind the change this write settles wait for it, and are then
            // delivered over what it stored (each checked against the server's version as ever).
            let settling = settlesWaiting
            if let code = base.cache.code,
               let waiting = (report.conflicts + report.refused).sorted(by: { $0.sequence < $1.sequence })
                .first(where: { $0.code == code && $0.sequence != settling })
                ?? (settling == nil ? report.held.first(where: { $0.code == code }) : nil) {
                throw ChangeWaitsForTheMember(sequence: waiting.sequence, code: code, title: waiting.title)
            }
        default: break
        }
        guard let stopped = report.stoppedBy else { return nil }
        if keepsWritesHere { return try kept(keep) }
        switch stopped {
        case .locked(_, let holder): return .lockHeld(holder: holder)
        case _ where stopped.meansTheServerRefusedTheWrite: return .refused(stopped)
        case _ where stopped.meansTheServerIsAway:
            unreachable = stopped
            return try kept(keep)
        default: throw stopped
        }
    }

    /// `store` opened again (its connection broke, or its file was replaced: F5), with
    /// the waits its owner gave it (its interruption, lock wait, reply wait and lock notice).
    func reopened(_ store: any CacheStore) throws -> any CacheStore {
        let again = try store.reopened()
        again.lockWaitNotice = store.lockWaitNotice
        again.interruption = store.interruption
        again.lockWait = store.lockWait
        again.replyWait = store.replyWait
        return again
    }

    /// Gives up the waiting change `sequence` (its conflict or refusal settled by the
    /// member: written over, taken, or dropped), after any delivery in progress, which it
    /// waits for (``Outbox/discard(_:waitingUpTo:settling:)``): given up, it is never delivered.
    /// - Throws: ``OutboxError/noSuchChange(_:)`` (also for one that delivery delivered
    ///   meanwhile), or what the outbox's file met.
    ///
    /// With `waitingUpTo` (a form's), a delivery still in progress after that long leaves
    /// the change waiting and throws ``OutboxError/deliveringElsewhere(_:)``.
    ///
    /// A change whose reply was lost (``QueuedChange/mayBeStored``) is first looked up on
    /// the club store by its identifier: stored, it is settled as delivered and
    /// ``OutboxError/storedMeanwhile(_:)`` is thrown; while the server cannot be asked (or
    /// only the copy is shown), it stays and ``OutboxError/outcomeNotKnown(_:)`` is thrown.
    public func discardWaiting(_ sequence: Int64, waitingUpTo wait: Duration? = nil) throws {
        let server = showsCopy ? nil : store
        try outbox().discard(sequence, waitingUpTo: wait, settling: server.map { store in
            { try store.settleWrite($0) }
        })
    }
}

/// A change of a cache refused while a change of it kept on this machine waits for the
/// member (in conflict, refused, or held behind one): settled first, or it would come
/// after this one and write the older text over it.
public struct ChangeWaitsForTheMember: Error, Equatable, Sendable, CustomStringConvertible {
    /// The kept change's number in the outbox.
    public let sequence: Int64
    /// The cache's code.
    public let code: String
    /// Its title, as the kept change has it.
    public let title: String

    /// One sentence for standard error or the form's pane.
    public var description: String {
        "change \(sequence), of \(MessageValue.name(code)) “\(MessageValue.shown(title))”, kept on this machine, "
            + "waits for you (in conflict, refused, or held behind one): settle it first (geocache-tui sync --status shows it; sync --overwrite \(sequence) or sync --discard "
            + "\(sequence)), then make this change; nothing was stored"
    }
}
