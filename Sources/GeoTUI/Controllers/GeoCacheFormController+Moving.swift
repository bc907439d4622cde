import GeoModel

/// Moving through the caches from the form: Next, Previous, First, Last and Random, each
/// putting the cache back in place of an error shown in the pane, and saying so where
/// there is nothing to move to.
extension GeoCacheFormController {
    /// Moves through the caches (or the matches, during a search).
    func move(_ body: (CacheList) -> Void) {
        dismissPaneError()
        body(model)
    }

    /// Next or Previous where there is nothing to move to (a single cache, or a filter
    /// that keeps one or none): the model broadcasts nothing, and the note says so, as
    /// Random's does.
    func moveOrSayThereIsNoOther(_ body: (CacheList) -> Void) {
        let heard = changesHeard
        move(body)
        guard changesHeard == heard else { return }
        setNote(model.current == nil ? FormText.noCacheShown : FormText.noOtherCache)
    }

    /// Shows the cache again in place of an error message.
    func dismissPaneError() {
        guard paneError != nil else { return }
        paneError = nil
        updatePane()
    }
}
