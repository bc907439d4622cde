import GeoModel

/// What the form says when its store cannot be used: a file deleted, replaced or
/// overwritten under it (``lostStore``: `F5` reopens), or a server that does not answer
/// (the model's session notes it: the store connects again by itself).
extension GeoCacheFormController {
    /// When `error` says the store's file was deleted, replaced or overwritten, remembers it and
    /// says so in one line with the way on; returns whether it did.
    @discardableResult
    func noteIfStoreLost(_ error: any Error) -> Bool {
        guard let error = error as? StoreError, error.meansTheFileIsGone else { return false }
        lostStore = error
        switch error {
        case .sideFileLost(_, let sideFile):
            setNote(FormText.sideFileLost(sideFile.split(separator: "/").last.map(String.init) ?? sideFile))
        case .fileReplaced:
            setNote(FormText.storeLost(storeName, replaced: true))
        case .fileOverwritten:
            setNote(FormText.storeOverwritten(storeName))
        default:
            setNote(FormText.storeLost(storeName, replaced: false))
        }
        return true
    }

    /// F5: after a refused save, takes the version stored now into the fields; after
    /// the store's file was deleted or replaced, opens it again; otherwise re-reads the
    /// store, saying during an edit when its cache was changed meanwhile (one deleted
    /// since ends the edit, its text kept for an Add).
    func reload() {
        if mode.editSession?.conflict != nil { return takeStoredVersion() }
        do {
            if lostStore != nil {
                try model.reopen()
                lostStore = nil
                setNote(FormText.reopened(storeName))
            } else if readOnlyForWantOfRoom != nil {
                // Room may have been freed since: opened again, the store can be written.
                try model.reopen()
                noteOpenedStore()
                if readOnlyForWantOfRoom == nil { setNote(FormText.reopened(storeName)) }
            } else {
                // A delivery the reload makes says what it did ("Delivered 2 changes…"), or shows its conflict.
                setNote("")
                try model.reload()
                if mode.editSession?.conflict != nil { return }
                // During an edit, what became of its cache matters more than the reload:
                // one deleted since ends the edit as a Save would.
                if let editing = mode.editSession, noteWhatBecameOfTheEditedCache(editing, endingIfDeleted: true) { return }
                if statusBar.note.isEmpty { setNote(FormText.reloaded) }
            }
        } catch {
            noteStoreProblem(error, prefix: FormText.storeError)
        }
    }

    /// The line that tells how to go on after `error`, when the store's file is gone.
    func reopenHint(after error: any Error) -> String {
        guard noteIfStoreLost(error) else { return "" }
        return FormText.reopenHint
    }

    /// Says in the status line what a store error from the idle check, a move or a
    /// reload means: the way on for a lost file, "retrying" for a server that is away,
    /// another session's lock for a read that waited too long for one (the server
    /// answers: it is not away), else `prefix` and the error.
    func noteStoreProblem(_ error: any Error, prefix: String) {
        let error = model.roleRefusal(behind: error)
        if noteIfStoreLost(error) { return }
        if let error = error as? StoreError, error.meansTheServerIsAway {
            setNote(model.isClubStore ? FormText.serverAwayKeeping : FormText.serverAway)
            saidServerAway = true
            return
        }
        if case StoreError.locked(_, let holder)? = error as? StoreError {
            setNote(FormText.readHeldByLock(holder: holder))
            return
        }
        setNote(FormText.storeProblem(prefix, error))
    }
}

/// A store that can only be read (a read-only file, directory or file system): the
/// title bar and the status line say so, and what would write is refused with a note.
extension GeoCacheFormController {
    /// Says in the status line which store opened, and in the title bar and the status
    /// line that it is read-only when it is.
    /// A club store shown from this machine's copy says so, and how old the copy is.
    func noteOpenedStore() {
        let readOnly = isReadOnly
        let away = model.isOpening ? nil : model.clubAway
        let refused = away == nil ? nil : model.clubRefusal
        let title = refused != nil ? FormText.clubRefusedTitle
            : away != nil ? FormText.clubAwayTitle : readOnly ? FormText.readOnlyTitle : FormText.appTitle
        if titleBar.text != title {
            titleBar.text = title
            resize(to: layout.size)  // the position starts after the title
        }
        if let refused { return setNote(refused.meansAnotherClub ? FormText.anotherClub : FormText.clubRefusedNote) }
        if let away { return setNote(FormText.clubAway(away)) }
        if model.storeDamage != nil { return setNote(FormText.damagedStore(storeName)) }
        guard readOnly else { return setNote(storeName) }
        setNote(FormText.readOnlyStore(storeName, noRoom: readOnlyForWantOfRoom))
    }

    /// What the store lacked when it opened read-only for want of room (a full disk, the
    /// file size limit, inodes); nil otherwise.
    var readOnlyForWantOfRoom: StoreError.NoRoom? {
        model.isOpening ? nil : model.store.readOnlyReason.flatMap(StoreError.noRoom(inReadOnlyReason:))
    }

    /// True when the open store can only be read (false while it is still opening): a
    /// read-only file, or one its late integrity check found damaged.
    var isReadOnly: Bool {
        !model.isOpening && model.clubAway == nil && (model.store.readOnlyReason != nil || model.storeDamage != nil)
    }

    /// True, after saying so, when the store can only be read: an action that would
    /// write (or begin an edit) is then not performed.
    func refusedAsReadOnly() -> Bool {
        guard isReadOnly else { return false }
        setNote(model.storeDamage != nil ? FormText.damagedRefusal
                    : readOnlyForWantOfRoom.map(FormText.readOnlyRefusal(noRoom:)) ?? FormText.readOnlyRefusal)
        return true
    }

    /// The late integrity check found the store's file damaged (issue 39): the title bar
    /// says read-only, the pane says why in the words of an opening's refusal, and the
    /// form goes on reading; nothing is written into the file.
    func storeFoundDamaged(_ error: StoreError) {
        noteOpenedStore()
        updateHelpBar()
        showError(FormText.storeDamaged(error), failed: .storeCheck)
    }
}
