/// Every key of the form, mode by mode, for a manual: the same lines the help overlay
/// shows (``GeoCacheFormController/helpSections(in:leavingOut:)``), plus the delete question's
/// keys, so a manual generated from it cannot drift from the program.
public enum FormKeyReference {
    /// The sections, titled by mode, in the order a reader meets the modes.
    public static var sections: [HelpSection] {
        let modes: [(FormMode.Kind, String)] = [
            (.browsing, "Browsing"), (.editing, "Editing a cache (F4)"), (.searching, "Searching (Ctrl-F)"),
            (.placing, "Setting coordinates (Ctrl-G)"), (.navigating, "Navigating (Alt-G)"),
            (.recording, "Logging a visit, a note or a final (Alt-L, Alt-N, Alt-C)"),
            (.filtering, "Choosing a filter (Alt-S)"),
        ]
        var sections: [HelpSection] = []
        for (kind, name) in modes {
            for section in GeoCacheFormController.helpSections(in: kind) {
                sections.append(HelpSection(title: "\(name): \(section.title)", entries: section.entries))
            }
        }
        sections.append(HelpSection(title: "The delete question (F8)",
                                    entries: Dialog.answerKeys.compactMap { $0.entry() }))
        sections.append(HelpSection(title: "The help overlay (F1)",
                                    entries: FormAction.keyMap.helpEntries(in: .helping)))
        return sections
    }
}
