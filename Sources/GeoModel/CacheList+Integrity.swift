/// The integrity check of a store file opened before it was checked (issue 39): the form
/// shows the store at once, and the file is checked afterwards on a thread of its own
/// (``SQLiteStore/beginIntegrityCheck()``, started by ``CacheList/finishOpening()``).
///
/// Meanwhile everything is answered from the store; a write waits for the verdict.
/// The verdict is broadcast once, as ``CacheListChange/integrityChecked(_:)``: a damaged
/// file is then only read (``storeDamage``), each write refused with the
/// ``StoreError/corrupt(path:reason:)`` an opening that checked first would have refused
/// the file with, and nothing is written into it.
extension CacheList {
    /// True while the store's late check runs (or its verdict waits to be taken).
    public var isCheckingStore: Bool { openedStore?.isCheckingIntegrity ?? false }

    /// A descriptor that becomes readable when the late check's verdict is in: wait on
    /// it, then call ``finishIntegrityCheckIfDone()``. Nil when there is no check running.
    public var integrityDescriptor: Int32? { openedStore?.integrityCheckDescriptor }

    /// Takes the late check's verdict when it is in, without waiting for it, and
    /// broadcasts ``CacheListChange/integrityChecked(_:)``; does nothing while it runs
    /// and once the verdict was given.
    public func finishIntegrityCheckIfDone() {
        guard let verdict = openedStore?.takeIntegrityVerdict() else { return }
        if case .damaged(let error) = verdict { storeDamage = error }
        broadcast(.integrityChecked(verdict))
    }

    /// ``checkForExternalChanges()`` met `error`: a store file found damaged is the late
    /// check's verdict (``foundDamaged(_:)``), and the list only reads from then on;
    /// anything else is thrown, a club store's server away noted first; a club store
    /// that stopped answering is shown from this machine's copy instead, when there is one.
    func externalCheckFailed(_ error: any Error) throws {
        if let damage = error as? StoreError, damage.meansTheFileIsDamaged { return foundDamaged(damage) }
        noteClubStoreProblem(error)
        // A club store that stopped answering gives way to this machine's copy (`+Field.swift`).
        if showCopy(after: error) { return }
        throw error
    }

    /// A read found the store file damaged while it was open (another program wrote
    /// into it, or cut it short): the same verdict as the late check's, given once; the
    /// file is then only read, each write refused with `error`.
    func foundDamaged(_ error: StoreError) {
        guard storeDamage == nil else { return }
        storeDamage = error
        broadcast(.integrityChecked(.damaged(error)))
    }
}
