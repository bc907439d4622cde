import GeoModel

/// The form while its store is being opened on another thread: the run loop runs, so
/// ^Q, a resize and SIGTERM are answered at once however long the store takes (a
/// first cache of 200 MB); what the user types meanwhile waits, as it waited in the
/// terminal before, and is handled in order once the store is open.
extension GeoCacheFormController {
    /// The most events kept while the store opens: a paste is one event, so this is
    /// far more than anyone types before a store opens, and memory stays bounded when
    /// something floods the terminal.
    static let typedWhileOpeningLimit = 4096

    /// Keeps `event` for when the store is open (the routing rule sends every event but
    /// the always-working actions here while it opens); events beyond
    /// ``typedWhileOpeningLimit`` are dropped, with a note.
    func keepForAfterOpening(_ event: InputEvent) {
        if typedWhileOpening.count < Self.typedWhileOpeningLimit {
            typedWhileOpening.append(event)
        } else {
            setNote(FormText.typedWhileOpeningDropped)
        }
    }

    /// Has the model read the whole of the person's own data once the first frame is
    /// shown (it read only the first cache's for it); a key handled first waits for it.
    func completeOwnData() {
        do {
            try model.completeOwnData()
        } catch {
            noteStoreProblem(error, prefix: FormText.storeError)
        }
    }

    /// Takes the store over when its opening is done, then handles what was typed
    /// meanwhile; quits with status 1 when the store could not be opened (the reason
    /// in ``openingFailure``, for after the terminal is restored).
    func takeOverOpenedStore() -> ControllerOutcome {
        do {
            guard try model.finishOpeningIfReady() else {
                noteTheOpeningsWait()
                return .proceed
            }
            if statusBar.note.hasPrefix(FormText.openingWaitsLead) { setNote("") }
            configureStoreWaits()
        } catch {
            openingFailure = error
            return .quit(status: 1)
        }
        let typed = typedWhileOpening
        typedWhileOpening = []
        var outcome = ControllerOutcome.proceed
        for event in typed {
            switch handle(event) {
            case .quit(let status): return .quit(status: status)
            case .proceed: break
            case let other: outcome = other
            }
        }
        return outcome
    }

    /// While the opening waits out another session's lock (an admin's `LOCK TABLE`),
    /// the note says so, and whose it is when the server can tell; ``idleWake`` looks
    /// every second while the store is being opened.
    private func noteTheOpeningsWait() {
        guard case .locked(_, let holder)? = model.openingWaitsForLock else { return }
        let note = FormText.openingWaitsForLock(holder: holder)
        if statusBar.note != note { setNote(note) }
    }
}
