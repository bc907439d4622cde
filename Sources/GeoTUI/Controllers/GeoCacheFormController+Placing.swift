import GeoModel

/// The coordinates prompt: a one-line field in the status row, pre-filled with the
/// shown cache's coordinates; Enter stores what it reads (`none` or nothing removes
/// them) with the same compare-and-write as an edit.
extension GeoCacheFormController {
    /// Opens the coordinates field for the shown cache.
    func openPlacing() {
        guard let target = model.current else { return setNote(FormText.noCacheToPlace) }
        if refusedAsNotYours() { return }
        statusBar.field.text = target.cache.coordinate?.geocachingText ?? ""
        mode = .placing(target)
        setNote(FormText.placingOpened)
    }

    /// Input the key table leaves while the field is open: Enter stores, everything
    /// else edits the text.
    func handlePlacingInput(_ event: InputEvent) -> ControllerOutcome {
        if event == .key(.enter) {
            storePlace()
            return .proceed
        }
        if statusBar.handle(event) == .handled { dirty.insert(.status) }
        return .proceed
    }

    /// Reads the field and writes the coordinates over the version the prompt opened
    /// on; a text that is no coordinate is refused naming what is wrong, and the field
    /// stays open to correct it.
    func storePlace() {
        guard let target = mode.placingTarget else { return }
        let text = statusBar.field.text
        let trimmed = String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
        let coordinate: Coordinate?
        if trimmed.isEmpty || trimmed.lowercased() == "none" {
            coordinate = nil
        } else {
            do {
                coordinate = try Coordinate(parsing: trimmed)
            } catch {
                // The pane has room for the whole message; the field stays open to correct it.
                showError(FormText.notACoordinate(error))
                return setNote(FormText.notACoordinateNote)
            }
        }
        var placed = target.cache
        placed.coordinate = coordinate
        do {
            try model.update(target, to: placed)
            closePlacing(note: coordinate.map(FormText.placed) ?? FormText.placeRemoved)
        } catch let error as GeoCacheValidationError {
            closePlacing(note: "")
            showError(FormText.cannotPlace(error))
        } catch CacheEditError.deletedElsewhere {
            closePlacing(note: FormText.deletedWhilePlacing(target.cache.title))
        } catch CacheEditError.changedElsewhere {
            closePlacing(note: FormText.changedWhilePlacing(target.cache.title))
        } catch {
            let hint = reopenHint(after: error)
            closePlacing(note: "")
            showError(FormText.couldNotPlace(error, hint: hint))
        }
    }

    /// Closes the field, shows the cache again in place of a refusal, and says `note`.
    func closePlacing(note: String) {
        mode = .browsing
        statusBar.field.text = ""
        if paneError != nil {
            paneError = nil
            updatePane()
        }
        updateStatus()
        setNote(note)
    }
}
