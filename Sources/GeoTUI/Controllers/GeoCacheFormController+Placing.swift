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
        textQuitMayDrop = statusBar.field.text
        mode = .placing(target)
        setNote(FormText.placingOpened)
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
                showError(FormText.notACoordinate(error), failed: .place)
                return setNote(FormText.notACoordinateNote)
            }
        }
        var placed = target.cache
        placed.coordinate = coordinate
        do {
            finish(try model.update(target, to: placed), done: coordinate.map(FormText.placed) ?? FormText.placeRemoved,
                   on: target.id, failed: .place, refused: FormText.nothingStoredRefused)
        } catch let error as GeoCacheValidationError {
            closePrompt(note: "")
            showError(FormText.cannotPlace(error), failed: .place)
        } catch CacheEditError.deletedElsewhere {
            closePrompt(note: FormText.deletedWhilePlacing(target.cache.title))
        } catch CacheEditError.changedElsewhere {
            closePrompt(note: FormText.changedWhilePlacing(target.cache.title))
        } catch {
            let hint = reopenHint(after: error)
            closePrompt(note: "")
            showError(FormText.couldNotPlace(error, hint: hint), failed: .place)
        }
    }
}
