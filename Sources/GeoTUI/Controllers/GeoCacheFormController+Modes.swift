import GeoModel

/// What follows the form's mode: the help bar's keys, the primary button, and which
/// field has the keyboard (the form's, or the status row's prompt).
extension GeoCacheFormController {
    /// The help bar lists what works in the mode, leaving out the changes the shown
    /// cache is not this role's to make.
    func updateHelpBar() {
        let notYours = model.current.flatMap(model.changeRefusal(for:)) != nil
        let items = keyMap.helpItems(in: mode.kind, leavingOut: notYours ? [.editCache, .deleteCache, .placeCache] : [])
        guard items != helpBar.items else { return }
        helpBar.items = items
        dirty.insert(.help)
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
