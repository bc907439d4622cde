import Foundation
import GeoModel

/// Where you stand and what the form does with it: the title bar's position, the
/// pane's distance and hint, and nearest-first order.
extension GeoCacheFormController {
    /// The receiver's state changed: the title bar says so, nearest-first order is
    /// measured from the new origin (the last fix's place once it is lost, with no home),
    /// saying so when that is another kind of place, and the pane's distance follows it.
    func positionDidChange(_ change: PositionChange) {
        switch change {
        case .receiverChanged(_, let origin):
            updatePositionLabel()
            if let point = position.measuringPoint {
                model.moveOrigin(to: point.coordinate)
                if model.isNearestFirst, point.basis != nearestBasisSaid { sayNearestFirst(from: point.basis) }
            }
            if origin != paneOrigin { refreshPaneText() }
            if mode.base.kind == .navigating { updateNavigation() }
        }
    }

    /// Gives the title bar's right side what the position source says now.
    func updatePositionLabel() {
        positionLabel.text = FormText.position(position.status, check: position.fixCheck, receiver: position.receiver?.name,
                                               home: position.home)
        dirty.insert(.title)
    }

    /// The pane's paragraphs for `stored`: its fields and listing, its hint when asked for,
    /// how far it is from where you stand, and the person's visits to it.
    func paneText(for stored: StoredCache) -> [String] {
        let origin = position.origin
        paneOrigin = origin
        let own = model.ownData(of: stored.cache)
        let away = zip2(origin, own.place(of: stored.cache)).map { from, to in
            FormText.away(from.directionText(to: to), fromHome: !position.originIsFix)
        }
        return FormText.paneText(for: stored.cache, club: stored.club, own: own, visits: model.visits(to: stored.cache),
                                  showsHint: hintShownFor == stored.id, mayPlace: mayChange(stored), away: away, origin: origin,
                                  originIsHome: !position.originIsFix)
    }

    /// Gives the pane the shown cache's text again where it shows one, keeping its
    /// scroll position (the distance changed, or the hint was toggled).
    func refreshPaneText() {
        guard paneError == nil else { return }
        if let edit = mode.editSession {
            pane.setParagraphs(paneText(for: edit.base), keepingScroll: true)
        } else if let current = model.current {
            pane.setParagraphs(paneText(for: current), keepingScroll: true)
        } else {
            return
        }
        dirty.insert(.pane)
    }

    /// Shows the shown cache's hint and the logs its finders encrypted, or hides them again.
    func toggleHint() {
        guard let shown = mode.editSession?.base ?? model.current else { return setNote(FormText.noCacheShown) }
        let listing = shown.cache.listing
        let hasHint = !(listing.hint ?? "").isEmpty
        let hasEncrypted = listing.logs.contains { $0.isEncoded && !$0.text.isEmpty }
        guard hasHint || hasEncrypted else { return setNote(FormText.noHint, about: shown.id) }
        hintShownFor = hintShownFor == shown.id ? nil : shown.id
        refreshPaneText()
        let notes = !hasEncrypted ? (FormText.hintShown, FormText.hintHidden)
            : hasHint ? (FormText.spoilersShown, FormText.spoilersHidden)
            : (FormText.encryptedLogsShown, FormText.encryptedLogsHidden)
        setNote(hintShownFor == nil ? notes.1 : notes.0, about: shown.id)
    }

    /// Once another cache is shown: hides the hint again, and clears a note about the
    /// cache shown before ("This cache has no place to go to" would speak of this one).
    func forgetWhatWasShownIfMoved() {
        let shown = mode.editSession?.base.id ?? model.current?.id
        if hintShownFor != shown { hintShownFor = nil }
        if let noteAbout, noteAbout != shown { setNote("") }
        // A refusal of the shown cache as another's, said before a hand-over made it this role's.
        if let notYoursNote, statusBar.note == notYoursNote, let current = model.current,
           model.changeRefusal(for: current) == nil {
            setNote("")
        }
    }

    /// Switches Next and Previous between stored order and nearest first from where you
    /// stand; without a position, says how to give one.
    func toggleNearestFirst() {
        if model.isNearestFirst {
            model.browseInStoredOrder()
            setNote(FormText.storedOrder)
            return
        }
        guard let point = position.measuringPoint else {
            return setNote(position.isConfigured ? FormText.nearestNeedsFix : FormText.nearestNeedsPosition)
        }
        dismissPaneErrorForMove()
        model.browseNearestFirst(from: point.coordinate)
        sayNearestFirst(from: point.basis)
    }

    /// Says what nearest first measures from, and keeps what was said.
    private func sayNearestFirst(from basis: MeasuringPoint.Basis) {
        nearestBasisSaid = basis
        setNote(FormText.nearestFirst(basis, now: Date()))
    }

    /// Shows the cache again in place of an error message, as a move does.
    private func dismissPaneErrorForMove() {
        guard paneError != nil else { return }
        paneError = nil
        updatePane()
    }
}

/// Both values when both are there.
private func zip2<A, B>(_ a: A?, _ b: B?) -> (A, B)? {
    guard let a, let b else { return nil }
    return (a, b)
}
