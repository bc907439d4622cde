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

    /// A move where there is nothing to move to: the model broadcasts nothing, and the
    /// note says so, as Random's does (``sayNothingToMoveTo(noOther:)``). Next and Previous
    /// that stay on the shown cache say so too, though they learned its rank. First and
    /// Last on the first or last cache say nothing: they are where they lead. A move the
    /// store failed (a server gone away) leaves the failure's note, which says why.
    func moveOrSayWhy(noOther: Bool = true, _ body: (CacheList) -> Void) {
        let (heard, failed) = (changesHeard, failuresHeard)
        let shown = model.isSearching ? nil : model.current?.id
        move(body)
        let stayed = noOther && shown != nil && model.current?.id == shown
        guard failuresHeard == failed, changesHeard == heard || stayed else { return }
        sayNothingToMoveTo(noOther: noOther)
    }

    /// Says why a move found nothing to move to: a search matched nothing, no cache is
    /// shown (a filter that keeps none), or, for Next, Previous and Random (`noOther`),
    /// there is no other match or cache (a single one).
    func sayNothingToMoveTo(noOther: Bool = true) {
        if model.isSearching, model.searchMatchCount == 0 { return setNote(FormText.noMatchToShow) }
        if model.current == nil { return setNote(FormText.noCacheShown) }
        if noOther { setNote(model.isSearching ? FormText.noOtherMatch : FormText.noOtherCache) }
    }

    /// Shows the cache again in place of an error message.
    func dismissPaneError() {
        guard paneError != nil else { return }
        paneError = nil
        updatePane()
    }
}
