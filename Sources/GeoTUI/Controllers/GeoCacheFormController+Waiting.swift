import GeoModel

/// What the form does while its store waits on a server: waiting is not being away.
///
/// - A round trip the server does not answer is cut short by ^Q, a resize or
///   SIGTERM/SIGINT/SIGHUP: the store watches the terminal's input through a
///   ``StoreInterruption`` the form gives it, which reads what was typed (the run loop
///   handles it afterwards, in order) and gives up only for those. Other keys wait
///   for the answer, except while kept changes are delivered: then any key waits at
///   most ``keyPatience`` for the server, and the rest of the delivery is left for its
///   next try (the model settles a change whose reply was lost by its identifier).
/// - Once quitting, a round trip (keeping the draft) waits at most ``quitPatience`` for
///   each answer: a server that answers keeps the draft, one that does not holds the
///   quit no longer than that.
/// - A write that finds another session's lock waits ``lockWait`` and then says
///   "Waiting for another session; Esc stops"; the form keeps answering keys and tries
///   the same action again every ``lockRetryInterval`` with the same text, until it
///   goes through, or Esc or a change of the text ends it (nothing is stored).
extension GeoCacheFormController {
    /// What the form remembers about its waits.
    struct Waits {
        /// The terminal's input, from the run loop.
        var input: WaitingInput?
        /// When the form began to quit (the quit key or a signal).
        var quitting: ContinuousClock.Instant?
        /// True once a wait was given up for ^Q, a signal or a resize the run loop has
        /// not answered yet: every further wait is given up at once until it has.
        var givenUpUnanswered = false
        /// The action waiting for another session's lock, the text it stores, and the mode
        /// it was asked for in (browsing for an Add, editing for a Save).
        var lockRetry: (action: FormAction, fields: [GeoCache.Field: String], mode: FormMode.Kind)?
    }

    /// How long a write waits for another session's lock before the form says so.
    static let lockWait: Double = 0.2
    /// How long a write waits for the server's reply, and then for its outcome on a
    /// connection made again, before the form says the outcome is not known yet (it is
    /// settled when the server answers): a reply on an ordinary path takes a tenth of that.
    static let replyWait: Double = 1.5
    /// How often a write that met a lock is tried again.
    static let lockRetryInterval: Duration = .milliseconds(300)
    /// How long a wait for the server's answer may last once the form is quitting.
    static let quitPatience: Duration = .milliseconds(80)
    /// How often a waiting round trip looks at the terminal even when nothing woke it.
    static let interruptionCheck: Duration = .milliseconds(20)
    /// How long a key waits for the server while kept changes are delivered.
    static let keyPatience: Duration = .milliseconds(200)

    /// Keeps the terminal's input, to give the store an interruption that reads it.
    public func attach(_ input: WaitingInput) {
        waits.input = input
        configureStoreWaits()
    }

    /// Gives the open store the form's lock wait and its interruption (once the store
    /// is open: called on attaching and when the opening is taken over).
    func configureStoreWaits() {
        guard !model.isOpening else { return }
        let store = model.store
        store.lockWait = Self.lockWait
        store.replyWait = Self.replyWait
        guard let input = waits.input else { return }
        store.interruption = StoreInterruption(descriptors: input.descriptors, checkInterval: Self.interruptionCheck) {
            [weak self] waited in self?.givesUpWaiting(input, waited: waited) ?? true
        }
    }

    /// Whether a round trip in progress is to be given up: when quitting and the server
    /// has been silent for ``quitPatience``, when what arrived asks to quit or resize,
    /// or, during a delivery of kept changes, when a key waits and the server has been
    /// silent for ``keyPatience``.
    ///
    /// Once one was given up for ^Q, a signal or a resize, so is every later one until the
    /// run loop has answered them (the rest of a delivery: a store opened again, a next
    /// change).
    private func givesUpWaiting(_ input: WaitingInput, waited: Duration) -> Bool {
        if waits.quitting != nil, waited >= Self.quitPatience { return true }
        let arrived = input.read()
        let unanswered = !arrived.isEmpty || input.hasUnanswered
        if !unanswered { waits.givenUpUnanswered = false }
        if waits.givenUpUnanswered || arrived.contains(where: endsAWait) {
            waits.givenUpUnanswered = true
            return true
        }
        return model.isDeliveringKeptChanges && waited >= Self.keyPatience && unanswered
    }

    /// A signal, a resize, or a key that quits in the current mode.
    func endsAWait(_ event: TerminalEvent) -> Bool {
        switch event {
        case .signal: return true
        case .input(.resize): return true
        case .input(.key(let key)):
            if case .perform(.quit) = keyMap.resolve(key.meant, in: mode.kind) { return true }
            return false
        default: return false
        }
    }

    /// Marks the start of quitting: round trips from now on wait at most ``quitPatience``.
    func beginQuitting() {
        if waits.quitting == nil { waits.quitting = now() }
    }

    /// The store's change descriptor (for writing while a connection is being made)
    /// and the GPS receiver's, and the soonest of the store's own delay for looking
    /// again, the receiver's wake-up time, the next try of a write waiting for a lock
    /// and the end of the keys' grace after a question closed by itself. While the
    /// store is being opened, the opening's own descriptor instead of the store's (or,
    /// without one, a look every 50 ms); then, while the store's file is checked after
    /// the first frame, the check's too.
    public var idleWake: IdleWake {
        let opening = model.isOpening
        let storeDescriptor = opening ? model.openingDescriptor : model.changeDescriptor
        let forWriting = !opening && model.store.changeDescriptorAwaitsWriting
        let check = opening ? nil : model.integrityDescriptor
        let descriptors = [forWriting ? nil : storeDescriptor, check, position.descriptor].compactMap { $0 }
        // Without the opening's descriptor, a look every 50 ms; with it, one a second
        // all the same, to say when the opening waits out another session's lock.
        let polling: Duration? = opening ? (model.openingDescriptor == nil ? .milliseconds(50) : .seconds(1)) : nil
        let retry = waits.lockRetry == nil ? nil : Self.lockRetryInterval
        // The own data the first frame did without is read as soon as it is shown.
        let ownData: Duration? = !opening && model.ownIsPartial ? .zero : nil
        // The note that a key was ignored goes when keys are answered again.
        let graceEnd = questionClosed.map { max(.zero, $0.until - now()) }
        let timeouts = [opening ? polling : model.recheckDelay, position.wakeAfter, retry, ownData, graceEnd].compactMap { $0 }
        return IdleWake(descriptors: descriptors, writableDescriptors: forWriting ? [storeDescriptor].compactMap { $0 } : [],
                        timeout: timeouts.min())
    }

    // MARK: - Another session's lock

    /// After `action` met another session's lock: keeps the text it was storing, says
    /// the form is waiting (naming the holder when known), and tries again on the
    /// idle tick.
    func waitForLock(retrying action: FormAction, holder: String?) {
        waits.lockRetry = (action, currentFieldValues(), mode.kind)
        setNote(FormText.waitingForLock(holder: holder))
    }

    /// Tries the write that waits for a lock again, with the same text; when the text
    /// changed meanwhile, stops and says nothing was stored. While another mode is open
    /// over the form (the help, a prompt, the navigation view) it goes on waiting, and
    /// tries again once the form is back in the mode it was asked for in.
    func retryAfterLock() {
        guard let retry = waits.lockRetry, retry.mode == mode.kind else { return }
        waits.lockRetry = nil
        guard currentFieldValues() == retry.fields else {
            setNote(FormText.lockWaitAbandoned)
            return
        }
        request(retry.action)
    }

    /// Esc while a write waits for a lock (the routing rule's
    /// ``FormRoute/stopWaitingForLock``): stops trying; nothing is stored.
    func stopWaitingForLock() {
        waits.lockRetry = nil
        setNote(FormText.lockWaitAbandoned)
    }
}
