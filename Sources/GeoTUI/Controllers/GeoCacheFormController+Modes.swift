import GeoModel

/// What follows the form's mode: the help bar's keys, the primary button, and which
/// field has the keyboard (the form's, or the status row's prompt).
extension GeoCacheFormController {
    /// The help bar lists what works in the mode, leaving out the changes the shown
    /// cache is not this role's to make.
    func updateHelpBar() {
        let prompt: FinderPrompt.Kind? = if case .recording(let prompt) = mode { prompt.kind } else { nil }
        let items = Self.helpItems(in: mode.kind, prompt: prompt, leavingOut: keysThatDoNothingNow(in: mode))
        guard items != helpBar.items else { return }
        helpBar.items = items
        dirty.insert(.help)
    }

    /// The actions the key table enables in `mode` that do nothing now, which neither
    /// the help bar nor the help overlay offers: the shown cache's changes when it is
    /// not this role's, or only the copy is shown; every write on a store that can only
    /// be read (``refusedAsReadOnly()``); what needs a shown cache when none is (an empty
    /// store, a filter that keeps none), and the moves on a store without caches; the
    /// kind of a visit for a note or a final; the next place in the navigation view of a
    /// cache with no waypoint to go to.
    func keysThatDoNothingNow(in mode: FormMode) -> [FormAction] {
        let refused = model.clubAway != nil || model.current.map(mayChange) == false
        var left: [FormAction] = refused ? [.editCache, .deleteCache, .placeCache] : []
        if model.current == nil, !model.isOpening, mode.editSession == nil {
            left += [.editCache, .deleteCache, .placeCache, .logVisit, .writeNote, .correctPlace, .navigate, .toggleHint]
            if model.count == 0, !model.isSearching {
                left += [.showNextCache, .showPreviousCache, .showFirstCache, .showLastCache, .showRandomCache]
            }
        }
        if isReadOnly {
            left += [.addCache, .editCache, .deleteCache, .placeCache, .takeNextDraft, .logVisit, .writeNote, .correctPlace]
        }
        switch mode.base {
        case .recording(let prompt) where !prompt.kind.isVisit: left += [.nextVisitType, .previousVisitType]
        case .navigating(let target) where target.places.count < 2: left.append(.nextNavigationTarget)
        default: break
        }
        return left
    }

    /// The help bar's hints in `kind`: the key table's, and where a prompt is open in
    /// the status row, Enter (which its field leaves to the form) and the Esc that
    /// leaves it right after F1, so that a narrow bar, which drops hints from its end,
    /// keeps them. `prompt` none gives the widest the kind shows, for the layout.
    static func helpItems(in kind: FormMode.Kind, prompt: FinderPrompt.Kind? = nil,
                          leavingOut left: [FormAction] = []) -> [HelpItem] {
        var items = FormAction.keyMap.helpItems(in: kind, leavingOut: left)
        if let enter = FormText.helpBarEnter(kind, prompt: prompt) {
            var first = [HelpItem(key: Key.enter.label, description: enter)]
            if let escape = items.firstIndex(where: { $0.key == Key.escape.label }) { first.append(items.remove(at: escape)) }
            let help = items.firstIndex { $0.key == Key.function(1).label }
            items.insert(contentsOf: first, at: help.map { $0 + 1 } ?? 0)
        }
        return items
    }

    /// After the mode changed: the help bar lists what works in the new mode, Add reads
    /// Save and saves while editing, and the search field or the form has the keyboard.
    func modeDidChange() {
        updateHelpBar()
        // Under the help overlay the form stays as its mode left it.
        let base = mode.base.kind
        primaryAction = base == .editing ? .saveEdit : .addCache
        addButton.title = base == .editing ? FormText.saveButton : FormText.addButton
        statusBar.showsField = [.searching, .placing, .recording, .filtering].contains(base)
        statusBar.fieldWidth = base == .recording ? .wide : .short
        statusBar.prompt = switch mode.base {
        case .placing: FormText.coordinatesPrompt
        case .recording(let prompt): FormText.finderPrompt(prompt.kind)
        case .filtering: FormText.filterPrompt
        default: FormText.searchPrompt
        }
        form.isFocused = ![.searching, .placing, .navigating, .recording, .filtering].contains(base)
        dirty.formUnion([.help, .form, .status, .pane])
    }
}
