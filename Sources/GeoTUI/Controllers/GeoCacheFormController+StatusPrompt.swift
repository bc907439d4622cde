import GeoModel

/// The one-line prompts in the status row (coordinates, a filter, the finder's visit,
/// note or final): the keys the key table leaves edit the field, Enter does the
/// prompt's work, and closing puts the form back, said in one place for all of them.
extension GeoCacheFormController {
    /// True, saying so, when a quit key would drop the text typed in a prompt that
    /// writes (a visit, a note, a final, coordinates): drafts keep the fields, not a
    /// prompt, so the first quit key is refused with a note, and the same key again with
    /// the text unchanged quits. The text the prompt opened with (a note or a place
    /// already kept) loses nothing, and quits at once. The note names the key `pressed`.
    ///
    /// The note must be seen: the help is closed for it (it covers the status row), and
    /// below the smallest size, where nothing but that is shown, the form quits at once,
    /// the text printed on standard error once the terminal is restored, as after a signal.
    func quitWouldLosePromptText(pressed key: Key?) -> Bool {
        switch mode.base {
        case .recording, .placing: break
        default: return false
        }
        let text = statusBar.field.text
        guard text.contains(where: { !$0.isWhitespace }), text != textQuitMayDrop else { return false }
        if layout.isTooSmall {
            if let lost = promptTextNotKept() { finishProblems.append(lost) }
            return false
        }
        if case .helping = mode { closeHelp() }
        textQuitMayDrop = text
        setNote(FormText.quitWouldLose(pressed: key))
        return true
    }

    /// What a prompt that writes (a visit, a note, a final, coordinates) holds that no
    /// write keeps: its text, when it is not blank and not what the prompt opened with
    /// (a note or a place already kept), with the prompt's label and the cache; nil
    /// otherwise. A signal that ends the form prints it after the terminal is restored.
    func promptTextNotKept() -> String? {
        let label: String, target: StoredCache, opened: String
        switch mode.base {
        case .recording(let prompt):
            label = FormText.finderPrompt(prompt.kind)
            target = prompt.target
            opened = switch prompt.kind {
            case .visit: ""
            case .note: prompt.startedFrom.note
            case .correctedPlace: prompt.startedFrom.corrected?.geocachingText ?? ""
            }
        case .placing(let cache):
            (label, target, opened) = (FormText.coordinatesPrompt, cache, cache.cache.coordinate?.geocachingText ?? "")
        default:
            return nil
        }
        let text = statusBar.field.text
        guard text.contains(where: { !$0.isWhitespace }), text != opened else { return nil }
        return FormText.promptNotKept(label: label, cache: target.cache, text: text)
    }

    /// Input the key table leaves while a prompt is open: Enter runs `enter`,
    /// everything else edits the text.
    func handlePromptInput(_ event: InputEvent, enter: () -> Void) -> ControllerOutcome {
        if event == .key(.enter) {
            enter()
            return .proceed
        }
        if statusBar.handle(event) == .handled { dirty.insert(.status) }
        // Text typed after a refused quit key is text that key did not see: the next one
        // is refused again, so the note that it quits goes.
        if FormText.saysQuitWouldLose(statusBar.note), statusBar.field.text != textQuitMayDrop { setNote("") }
        return .proceed
    }

    /// Closes the prompt, shows the cache again in place of a refusal, and says `note`
    /// (`about` a cache: gone once another is shown).
    func closePrompt(note: String, about cache: CacheID? = nil) {
        mode = .browsing
        statusBar.field.text = ""
        textQuitMayDrop = nil
        if paneError != nil {
            paneError = nil
            updatePane()
        }
        updateStatus()
        setNote(note, about: cache)
    }
}
