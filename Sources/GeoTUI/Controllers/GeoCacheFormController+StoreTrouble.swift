import GeoModel

/// What the form says when its store cannot be used: a file deleted or replaced under
/// it (``lostStore``: `F5` reopens), or a server that does not answer
/// (``serverAway``: the store connects again by itself).
extension GeoCacheFormController {
    /// When `error` says the store's file was deleted or replaced, remembers it and
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
        default:
            setNote(FormText.storeLost(storeName, replaced: false))
        }
        return true
    }

    /// The line that tells how to go on after `error`, when the store's file is gone.
    func reopenHint(after error: any Error) -> String {
        guard noteIfStoreLost(error) else { return "" }
        return FormText.reopenHint
    }

    /// Says in the status line what a store error from the idle check, a move or a
    /// reload means: the way on for a lost file, "retrying" for a server that is away,
    /// else `prefix` and the error.
    func noteStoreProblem(_ error: any Error, prefix: String) {
        if noteIfStoreLost(error) { return }
        if let error = error as? StoreError, error.meansTheServerIsAway {
            serverAway = true
            setNote(FormText.serverAway)
            return
        }
        setNote(FormText.storeProblem(prefix, error))
    }
}
