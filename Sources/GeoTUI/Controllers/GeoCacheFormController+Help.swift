extension GeoCacheFormController {
    /// The help overlay's sections in `kind`: the key table's entries for the mode (but
    /// the actions `left` out) and what the Alt digits stand for,
    /// then, where a text field has the keyboard (the form's fields, or the prompt's),
    /// its keys, Enter first, less those the key table takes first: for an action, or
    /// to refuse as another mode's (`^F` finds while browsing, and while editing says
    /// how to finish the edit).
    static func helpSections(in kind: FormMode.Kind, leavingOut left: [FormAction] = []) -> [HelpSection] {
        let keyMap = FormAction.keyMap
        let altDigits = HelpEntry(keys: Key.alt("1").label + "…" + Key.alt("0").label, description: FormText.helpAltDigits)
        var sections = [HelpSection(title: FormText.helpKeysSection,
                                    entries: keyMap.helpEntries(in: kind, leavingOut: left) + [altDigits])]
        guard kind.hasTextField else { return sections }
        let enter = FormText.helpEnter(kind).map { HelpEntry(keys: Key.enter.label, description: $0) }
        let fieldKeys = [enter].compactMap(\.self) + TextField.editingKeys.compactMap { description in
            description.entry { keyMap.resolve($0, in: kind) == .pass }
        }
        sections.append(HelpSection(title: FormText.helpFieldSection(kind), entries: fieldKeys))
        return sections
    }

    /// Opens the help overlay over the current mode, listing that mode's keys.
    func openHelp() {
        let kind = mode.kind
        // As the help bar, leaving out what does nothing now (Tab in a note's prompt).
        let overlay = HelpOverlay(title: FormText.helpTitle(kind),
                                  sections: Self.helpSections(in: kind, leavingOut: keysThatDoNothingNow(in: mode)),
                                  footer: FormText.helpFooter(closing: keyMap.keys(for: .closeHelp).map(\.label)),
                                  frame: Rect(size: layout.size))
        overlay.theme = theme
        mode = .helping(overlay, underneath: mode)
        dirty.insert(.overlay)
    }

    /// Closes the help overlay: the mode underneath goes on, and the screen is drawn again.
    func closeHelp() {
        guard case .helping(_, let underneath) = mode else { return }
        mode = underneath
        dirty = .all
    }

    /// Ctrl-Z stopped nothing: the status line says so, rather than the screen only
    /// blinking.
    public func couldNotSuspend() {
        setNote(FormText.noJobControl)
    }
}
