import Foundation
import GeoModel

/// The navigation view: in place of the pane, a compass rose whose arrow points at the
/// shown cache (or one of its waypoints) and the distance, bearing, accuracy and the
/// fix's age beside it. It changes when gpsd reports (``positionDidChange(_:)``) and
/// at no other time.
extension GeoCacheFormController {
    /// Opens the view for the shown cache; says why not when it has no place.
    func openNavigation() {
        guard let shown = model.current else { return setNote(FormText.noCacheToNavigateTo) }
        guard let target = NavigationTarget(shown, final: model.ownData(of: shown.cache).corrected) else {
            return setNote(FormText.nothingToNavigateTo, about: shown.id)
        }
        mode = .navigating(target)
        updateNavigation()
    }

    /// Leads to the cache's next place.
    func nextNavigationTarget() {
        guard case .navigating(var target) = mode else { return }
        target.advance()
        mode = .navigating(target)
        updateNavigation()
    }

    /// After a change to the store or the person's data (another session's, or the copy
    /// taking the club store's place): the view leads to the cache's places as they are
    /// now (its place moved, a final set), to the same one where it still is; a cache
    /// deleted meanwhile, or left without a place, closes the view, saying so.
    func refreshNavigationTarget() {
        guard case .navigating(let target) = mode else { return forgetNoPlaceNoteOncePlaced() }
        switch Result(catching: { try model.storedVersion(of: target.cacheID) }) {
        case .success(nil):
            closeNavigation()
            setNote(FormText.deletedElsewhere(target.title))
        case .success(let stored?):
            guard let now = NavigationTarget(stored, final: model.ownData(of: stored.cache).corrected) else {
                closeNavigation()
                return setNote(FormText.nothingToNavigateTo, about: stored.id)
            }
            guard now.places != target.places else { return }
            mode = .navigating(now.leading(like: target))
            updateNavigation()
        case .failure:
            break   // Unreadable now: the view leads on to what it knew.
        }
    }

    /// Drops "This cache has no place to go to" once another session has given the
    /// shown cache a place or a final: the note would no longer be true.
    private func forgetNoPlaceNoteOncePlaced() {
        guard statusBar.note == FormText.nothingToNavigateTo, let current = model.current, noteAbout == current.id,
              NavigationTarget(current, final: model.ownData(of: current.cache).corrected) != nil else { return }
        setNote("")
    }

    /// Back to the form, the pane as it was; the view's refusal of a key ("Esc goes back
    /// to the form first") goes with the view, of which it spoke.
    func closeNavigation() {
        mode = .browsing
        dirty.insert(.pane)
        if statusBar.note == FormAction.keyMap.refusalNotes[.navigating] { setNote("") }
    }

    /// Gives the rose and the text what the receiver says now.
    func updateNavigation() {
        guard case .navigating(let target) = mode.base else { return }
        let status = position.status
        var pointer: Double?
        var north = 0.0
        if case .fix(let fix, _)? = status, position.fixCheck?.coordinate != nil {
            let guidance = Guidance(from: fix, to: target.place.coordinate, now: Date())
            // Within the fix's accuracy the direction is noise: no arrow, as the text says.
            pointer = guidance.isWithinAccuracy ? nil : guidance.pointer
            north = guidance.north
        }
        compass.pointer = pointer
        compass.marks = CompassRose.cardinalMarks(north: north)
        dirty.insert(.pane)
    }

    /// Gives the view's text to ``navigationText``, laid out in `frame`, with the line
    /// naming where it leads as `order` puts it; beside the rose, when the lines then
    /// take more rows than the frame has (a long name), with that line last, so that
    /// only the name is cut. Without the rose the name takes one row, and a view too
    /// short leaves out the last lines whole (how sure the fix is, then the place, which
    /// takes the last row on one line where it fits: ``FormText/navigationPlaceRow(_:width:)``).
    /// - Returns: false when more than the name is cut: the frame is too short.
    @discardableResult
    private func showNavigationText(in frame: Rect, order: FormText.NavigationOrder) -> Bool {
        guard case .navigating(let target) = mode.base else { return true }
        navigationText.frame = frame
        func lines(_ order: FormText.NavigationOrder) -> [String] {
            FormText.navigationLines(to: target.place, status: position.status, lastFix: position.lastFix?.time,
                                     now: Date(), placeNumber: target.index + 1, placeCount: target.places.count,
                                     width: frame.width, order: order, home: position.home)
        }
        navigationText.text = lines(order).joined(separator: "\n")
        guard navigationText.canScrollDown else { return true }
        if order == .guidanceFirst {
            // The last lines go whole, never half of one (a place's latitude without its
            // longitude); a place that took two rows where one is left takes that one.
            let place = target.place.coordinate
            var shown = lines(order)
            while navigationText.canScrollDown, shown.count > 1 {
                let left = shown.removeLast()
                navigationText.text = shown.joined(separator: "\n")
                guard !navigationText.canScrollDown, left == FormText.navigationPlaceLine(place, width: frame.width),
                      let row = FormText.navigationPlaceRow(place, width: frame.width) else { continue }
                navigationText.text = (shown + [row]).joined(separator: "\n")
                if navigationText.canScrollDown { navigationText.text = shown.joined(separator: "\n") }
            }
            return false
        }
        let nameLast = lines(.nameLast)
        navigationText.text = nameLast.dropLast().joined(separator: "\n")
        let fits = !navigationText.canScrollDown
        navigationText.text = nameLast.joined(separator: "\n")
        return fits
    }

    /// The columns the text beside the rose is given where the terminal allows: a
    /// place's coordinates on one line after the values' column.
    static let textWidthBesideRose = FormText.navigationValueColumn + 28

    /// The fewest columns the text beside the rose is given: a place's longitude after
    /// the values' column, so that no half of a coordinate is cut.
    static let leastTextWidthBesideRose = FormText.navigationValueColumn + 14

    /// Whether `width` columns beside the rose hold the line naming where the view
    /// leads, its place's number and label whole
    /// (``FormText/navigationGoingLineFits(to:placeNumber:placeCount:width:)``).
    private func goingLineFits(_ width: Int) -> Bool {
        guard case .navigating(let target) = mode.base else { return true }
        return FormText.navigationGoingLineFits(to: target.place, placeNumber: target.index + 1,
                                                placeCount: target.places.count, width: width)
    }

    /// Draws the view where the pane is: a box, the rose at its left, the text beside it.
    /// The rose is at most 11 rows, and smaller (down to 7) where the text would
    /// otherwise get fewer than ``textWidthBesideRose`` columns. The text goes alone,
    /// the distance and bearing first, where a rose that shows a direction (7 rows)
    /// does not fit, would leave the text fewer than ``leastTextWidthBesideRose``
    /// columns or too narrow a row for the line naming where it leads (its place's
    /// number and "(your final)" whole), or would leave it too few rows for its lines:
    /// only a long name is cut.
    func drawNavigation(into canvas: inout Canvas) {
        let frame = pane.frame
        navigationBox.frame = frame
        navigationBox.draw(into: &canvas)
        let inside = Rect(x: frame.x + 1, y: frame.y + 1, width: max(0, frame.width - 2), height: max(0, frame.height - 2))
        // A blank column inside the box on either side: the rose or the text starts one in, and
        // the text ends one before the right border, where it wraps; the rose's own frame
        // ends in a blank column, one more is left before the text.
        let roomyRose = (inside.width - Self.textWidthBesideRose - 3) / 2
        let roseHeight = min(inside.height, 11, max(7, roomyRose))
        let roseWidth = min(inside.width / 2, roseHeight * 2 + 1)
        let besideRose = Rect(x: inside.x + roseWidth + 2, y: inside.y,
                              width: max(0, inside.width - roseWidth - 3), height: inside.height)
        if inside.height >= 7, besideRose.width >= Self.leastTextWidthBesideRose,
           goingLineFits(besideRose.width), showNavigationText(in: besideRose, order: .nameFirst) {
            compass.frame = Rect(x: inside.x + 1, y: inside.y, width: roseWidth, height: roseHeight)
            compass.draw(into: &canvas)
            return navigationText.draw(into: &canvas)
        }
        showNavigationText(in: Rect(x: inside.x + 1, y: inside.y, width: max(0, inside.width - 2), height: inside.height),
                           order: .guidanceFirst)
        navigationText.draw(into: &canvas)
    }
}
