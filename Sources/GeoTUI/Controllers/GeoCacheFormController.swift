import GeoModel

/// The controller of the geocache form: the one object that knows both the model and
/// the widgets.
///
/// Its life follows the course's rules: it gets the model when it starts, wires its
/// widgets (delegates, target-action), observes the model, translates keys into
/// ``FormAction``s, repaints only the parts a model change affects, and at the end of
/// its life keeps the unsaved draft and releases its observer.
///
/// What the form is doing is one value, ``mode`` (``FormMode``); the key table
/// (``FormAction/keyMap``) says which actions work in each mode, ``perform(_:)``
/// refuses the others with one rule, and the help bar lists what works in the mode.
/// Editing, deleting and searching live in extensions of their own
/// (`GeoCacheFormController+Editing.swift`, `+Search.swift`).
public final class GeoCacheFormController: ScreenController {
    /// The parts of the screen that are repainted separately.
    enum Part: CaseIterable {
        case chrome, fields, buttons, pane, status, help, overlay
    }

    /// What the pane shows when it does not show the current cache.
    enum PaneMessage: Equatable {
        case error(String)
    }

    let model: CacheList
    let theme: Theme
    private let storeName: String
    let keyMap = FormAction.keyMap

    let fields: [(field: GeoCache.Field, label: Label, input: TextField)]
    let addButton = Button(title: "Add")
    let previousButton = Button(title: "Previous")
    let nextButton = Button(title: "Next")
    let pane = TextPane(title: "Cache")
    private let titleBar = Label()
    let statusLine = Label()
    private let statusNote = Label("", alignment: .right)
    private let helpBar: HelpBar
    let focus: FocusGroup

    /// The search query field, shown in the status row while a search is open.
    let searchField = TextField()
    let searchLabel = Label("Find:")
    /// What the form is doing: browsing, editing, searching or asking about a delete.
    var mode = FormMode.browsing {
        didSet { if mode.kind != oldValue.kind { modeDidChange() } }
    }

    /// Set when the store's file was deleted or replaced while the form was open:
    /// nothing is written until `F5` reopens it.
    var lostStore: StoreError?

    private var observation: ObservationToken?
    /// The draft as the store held it when this controller started; finishing writes
    /// the draft only when the fields differ from it (no disk sync on a plain quit).
    private var draftAtStart: [GeoCache.Field: String] = [:]
    private(set) var layout = FormLayout(size: Size(width: 0, height: 0))
    private var canvas = Canvas(size: Size(width: 0, height: 0))
    var dirty = Set(Part.allCases)
    var paneMessage: PaneMessage?

    /// Problems met while finishing (the draft could not be kept), for the caller to report
    /// once the terminal is restored.
    public private(set) var finishProblems: [String] = []

    /// Starts the controller's life: takes the model, builds and wires the widgets,
    /// restores the draft kept by the last run, and starts observing the model.
    ///
    /// Fields are drawn without attributes between brackets, and focus is shown by the
    /// reverse-video label and the cursor: typing then changes one plain cell, which is
    /// one byte on the wire.
    public init(model: CacheList, theme: Theme = .standard, storeName: String) {
        self.model = model
        var formTheme = theme
        formTheme.field = theme.normal
        formTheme.focusedField = theme.normal
        self.theme = formTheme
        self.storeName = storeName
        fields = GeoCache.Field.allCases.map { field in
            let input = TextField()
            input.theme = formTheme
            return (field, Label(field.label), input)
        }
        helpBar = HelpBar(items: keyMap.helpItems(in: mode.kind))
        focus = FocusGroup(fields.map(\.input) + [addButton, previousButton, nextButton])
        for button in [addButton, previousButton, nextButton] { button.theme = formTheme }
        searchField.theme = formTheme
        pane.theme = formTheme
        pane.horizontalPadding = 1
        helpBar.theme = formTheme
        titleBar.style = formTheme.title.adding(.reverse)
        statusLine.style = formTheme.normal
        searchLabel.style = formTheme.normal.adding(.bold)
        statusNote.style = formTheme.hint

        for entry in fields { entry.input.delegate = self }
        searchField.delegate = self
        focus.delegate = self
        addButton.addTarget(self, action: GeoCacheFormController.addPressed)
        previousButton.addTarget(self, action: GeoCacheFormController.previousPressed)
        nextButton.addTarget(self, action: GeoCacheFormController.nextPressed)
        observation = model.observe { [weak self] change in self?.modelDidChange(change) }
        setNote(storeName)
        restoreDraft()
        updateLabels()
        updatePane()
        updateStatus()
    }

    deinit { observation?.cancel() }

    // MARK: - Target-action

    /// The Add (or Save) button's action.
    func addPressed() { perform(.addCache) }

    /// The Previous button's action.
    func previousPressed() { perform(.showPreviousCache) }

    /// The Next button's action.
    func nextPressed() { perform(.showNextCache) }

    // MARK: - ScreenController

    public func resize(to size: Size) {
        // The help bar keeps the rows the longest mode needs, so nothing moves when the mode changes.
        let helpRows = FormMode.Kind.allCases.map {
            HelpBar.rowsNeeded(for: keyMap.helpItems(in: $0), width: size.width)
        }.max() ?? 1
        layout = FormLayout(size: size, fieldCount: fields.count, helpRows: helpRows)
        canvas = Canvas(size: size)
        titleBar.frame = layout.titleBar
        for (index, entry) in fields.enumerated() {
            entry.label.frame = layout.labels[index]
            entry.input.frame = layout.fields[index]
        }
        layOutButtons()
        pane.frame = layout.pane
        helpBar.frame = layout.help
        layOutStatusRow()
        mode.deleteQuestion?.dialog.frame = Rect(size: size)
        dirty = Set(Part.allCases)
    }

    /// Places the buttons left to right in their row, two columns apart (one when the
    /// row is narrow); a button that does not fit whole is not drawn (its keys still work).
    private func layOutButtons() {
        let buttons = [addButton, previousButton, nextButton]
        // Add reads Save while editing: its frame fits both, so nothing moves.
        let widths = buttons.map { $0 === addButton ? max($0.preferredWidth, "Save".displayWidth + 4) : $0.preferredWidth }
        let row = layout.buttonRow
        let gap = widths.reduce(0, +) + 2 * (buttons.count - 1) <= row.width ? 2 : 1
        var x = row.x
        for (button, width) in zip(buttons, widths) {
            let fits = x + width <= row.maxX
            button.frame = Rect(x: x, y: row.y, width: fits ? width : 0, height: 1)
            x += width + gap
        }
    }

    /// Turns a key into an action enabled in the current mode, or gives it to the
    /// widget that has the keyboard in that mode.
    ///
    /// While the delete question or the search field is open, a key whose binding is
    /// not enabled goes to it (Esc answers No, Tab moves between Yes and No); while the
    /// fields have the keyboard, a bound key is never typed: ``perform(_:)`` refuses it.
    public func handle(_ key: Key) -> ControllerOutcome {
        if layout.isTooSmall {
            // Nothing can be seen: only what neither commits nor destroys works.
            guard let action = keyMap.action(for: key), FormAction.hiddenActions.contains(action) else {
                return .proceed
            }
            return perform(action)
        }
        if let action = keyMap.action(for: key, in: mode.kind) { return perform(action) }
        switch mode {
        case .confirmingDelete(let question):
            if question.dialog.handle(key) == .handled { dirty.insert(.overlay) }
            return .proceed
        case .browsing, .editing, .searching:
            break
        }
        if case .mouse(let event) = key, pane.frame.contains(event.position) {
            if pane.handle(key) == .handled { dirty.insert(.pane) }
            return .proceed
        }
        if case .searching = mode { return handleSearchKey(key) }
        if let action = keyMap.action(for: key) { return perform(action) }
        if focus.handle(key) == .handled { dirty.insert(.fields) }
        return .proceed
    }

    public func idleTick() {
        do {
            try model.checkForExternalChanges()
        } catch {
            if !noteIfStoreLost(error) { setNote("Store unreachable: \(error)") }
        }
    }

    public func handle(_ signal: TerminalSignal) -> ControllerOutcome {
        .quit(status: 0)
    }

    public func render() -> Canvas? {
        guard !dirty.isEmpty else { return nil }
        defer { dirty.removeAll() }
        if layout.isTooSmall {
            drawTooSmall()
            return canvas
        }
        if dirty.contains(.chrome) { drawChrome() }
        if dirty.contains(.fields) { for entry in fields { entry.input.draw(into: &canvas) } }
        if dirty.contains(.buttons) {
            canvas.fill(layout.buttonRow)
            for button in [addButton, previousButton, nextButton] { button.draw(into: &canvas) }
        }
        if dirty.contains(.pane) { pane.draw(into: &canvas) }
        if dirty.contains(.status) { drawStatusRow() }
        if dirty.contains(.help) { helpBar.draw(into: &canvas) }
        switch mode {
        case .confirmingDelete(let question):
            question.dialog.draw(into: &canvas)
            canvas.cursor = nil
        case .searching:
            canvas.cursor = searchField.cursorPosition
        case .browsing, .editing:
            canvas.cursor = focus.cursorPosition
        }
        return canvas
    }

    /// Keeps the fields' text as a draft when they hold any, and releases the observer.
    public func finish() {
        let draft = currentFieldValues().filter { !$0.value.isEmpty }
        do {
            if draft != draftAtStart { try model.saveDraft(draft) }
        } catch {
            // Said after the terminal is restored, with the text itself: nothing is lost.
            let text = GeoCache.Field.allCases.compactMap { field in
                draft[field].map { "\n  \(field.label): \($0)" }
            }.joined()
            finishProblems.append("could not keep the unsaved fields as a draft: \(error) They held:\(text)")
        }
        observation?.cancel()
        observation = nil
    }

    // MARK: - App-level actions

    /// Performs `action` when the key table enables it in the current mode; refuses it
    /// otherwise (the one rule: while editing, the status line says how to finish the
    /// edit; in the other modes nothing happens).
    @discardableResult
    func perform(_ action: FormAction) -> ControllerOutcome {
        guard keyMap.isEnabled(action, in: mode.kind) else {
            if case .editing = mode {
                setNote("Finish the edit first: \(keyLabel(for: .addCache)) saves, \(keyLabel(for: .cancel)) cancels")
            }
            return .proceed
        }
        switch action {
        case .addCache:
            if case .editing = mode { saveEdit() } else { addCache() }
        case .showNextCache: move { $0.showNext() }
        case .showPreviousCache: move { $0.showPrevious() }
        case .showFirstCache: move { $0.showFirst() }
        case .showLastCache: move { $0.showLast() }
        case .showRandomCache: move { $0.showRandom() }
        case .editCache: beginEdit()
        case .deleteCache: confirmDelete()
        case .search: openSearch()
        case .reload: reload()
        case .focusNext: focus.focusNext()
        case .focusPrevious: focus.focusPrevious()
        case .scrollPaneUp:
            pane.pageUp()
            dirty.insert(.pane)
        case .scrollPaneDown:
            pane.pageDown()
            dirty.insert(.pane)
        case .cancel:
            switch mode {
            case .searching: closeSearch()
            case .editing: cancelEdit()
            case .browsing, .confirmingDelete: dismissPaneMessage()
            }
        case .redraw:
            dirty = Set(Part.allCases)
            return .redraw
        case .suspend:
            return .suspend
        case .quit:
            return .quit(status: 0)
        }
        return .proceed
    }

    private func addCache() {
        let cache = GeoCache(fields: currentFieldValues())
        do {
            try model.add(cache)
            clearFields()
            setNote("Added and saved")
        } catch let error as GeoCacheValidationError {
            show(error, doing: "add this cache")
        } catch {
            showError("Could not save the cache: \(error)\n\nYour text is still in the fields.\(reopenHint(after: error))")
        }
    }

    /// After a refused save, takes the version stored now into the fields; otherwise
    /// re-reads the store.
    /// After the store's file was deleted or replaced, opens it again.
    private func reload() {
        if mode.editSession?.conflict != nil { return takeStoredVersion() }
        do {
            if lostStore != nil {
                try model.reopen()
                lostStore = nil
                setNote("Reopened \(storeName)")
            } else {
                try model.reload()
                setNote("Reloaded")
            }
        } catch {
            if !noteIfStoreLost(error) { setNote("Store error: \(error)") }
        }
    }

    /// When `error` says the store's file was deleted or replaced, remembers it and
    /// says so in one line with the way on; returns whether it did.
    @discardableResult
    func noteIfStoreLost(_ error: any Error) -> Bool {
        guard let error = error as? StoreError, error.meansTheFileIsGone else { return false }
        lostStore = error
        let what = if case .fileReplaced = error { "replaced" } else { "deleted" }
        setNote("\(storeName) was \(what): nothing written. \(keyLabel(for: .reload)) reopens")
        return true
    }

    /// The line that tells how to go on after `error`, when the store's file is gone.
    func reopenHint(after error: any Error) -> String {
        guard noteIfStoreLost(error) else { return "" }
        return " Press \(keyLabel(for: .reload)) to reopen the store, then \(keyLabel(for: .addCache)) again."
    }

    /// Moves through the caches (or the matches, during a search).
    private func move(_ body: (CacheList) -> Void) {
        dismissPaneMessage()
        body(model)
    }

    /// Shows the cache again in place of an error message.
    private func dismissPaneMessage() {
        guard paneMessage != nil else { return }
        paneMessage = nil
        updatePane()
    }

    // MARK: - Model notifications

    /// Repaints just what a change affects: the pane and the status line.
    private func modelDidChange(_ change: CacheListChange) {
        switch change {
        case .added, .currentMoved, .matchMoved, .updated, .deleted, .searchBegan, .searchEnded, .reloaded:
            paneMessage = nil
            updatePane()
            updateStatus()
        case .storeChangedExternally(_, let deletedShown):
            updateStatus()
            if paneMessage == nil { updatePane() }
            storeDidChangeElsewhere(deletedShown: deletedShown)
        case .failed(let error):
            if !noteIfStoreLost(error) { setNote("Store error: \(error)") }
        }
    }

    func updatePane() {
        pane.hangingIndent = 0
        switch paneMessage {
        case .error(let text):
            pane.title = mode.editSession == nil ? "Not added" : "Not saved"
            pane.style = theme.error
            pane.text = text
        case nil:
            pane.style = theme.normal
            pane.title = mode.editSession != nil ? "Editing" : model.isSearching ? "Match" : "Cache"
            if let edit = mode.editSession {
                // The edit's own cache stays named until the edit ends.
                pane.hangingIndent = GeoCache.descriptionValueColumn
                pane.text = edit.base.cache.description
            } else if let description = model.currentDescription {
                pane.hangingIndent = GeoCache.descriptionValueColumn
                pane.text = description
            } else if model.isSearching {
                pane.text = "No cache matches \u{201C}\(model.searchQuery ?? "")\u{201D}.\n\nEdit the search and press Enter, or press \(keyLabel(for: .cancel)) to leave the search."
            } else {
                pane.text = "No caches yet.\n\nFill in Title, Details, Creator and Reward, then press \(keyLabel(for: .addCache)) or choose Add."
            }
        }
        pane.scrollToTop()
        dirty.insert(.pane)
    }

    func updateStatus() {
        if model.isSearching {
            statusLine.text = model.positionText
        } else {
            statusLine.text = model.isEmpty ? "No caches yet" : "Cache \(model.positionText)"
        }
        layOutStatusRow()
        dirty.insert(.status)
    }

    func setNote(_ text: String) {
        statusNote.text = text
        dirty.insert(.status)
    }

    /// Shows a validation error naming the empty fields and focuses the first of them.
    func show(_ error: GeoCacheValidationError, doing what: String) {
        showError("Cannot \(what): \(error).\n\nFill in every field, then press \(keyLabel(for: .addCache)) again.")
        if let first = error.missingFields.first, let entry = fields.first(where: { $0.field == first }) {
            focus.focus(entry.input)
        }
    }

    func showError(_ text: String) {
        paneMessage = .error(text)
        updatePane()
    }

    // MARK: - Drawing

    private func drawChrome() {
        canvas.fill(layout.titleBar, style: titleBar.style)
        titleBar.text = " geocache-tui"
        titleBar.draw(into: &canvas)
        for (index, entry) in fields.enumerated() {
            let row = layout.fields[index].y
            canvas.fill(Rect(x: 0, y: row, width: layout.bracketColumns.open, height: 1))
            entry.label.draw(into: &canvas)
            canvas.put("[", at: Point(x: layout.bracketColumns.open, y: row), style: theme.border)
            canvas.put("]", at: Point(x: layout.bracketColumns.close, y: row), style: theme.border)
        }
    }

    private func drawStatusRow() {
        canvas.fill(layout.status)
        if case .searching = mode {
            searchLabel.draw(into: &canvas)
            searchField.draw(into: &canvas)
        }
        statusLine.draw(into: &canvas)
        statusNote.draw(into: &canvas)
    }

    /// Places the status row's parts: the position (after the search field while a
    /// search is open) on the left, the note on the right.
    func layOutStatusRow() {
        let row = layout.status
        var x = row.x + 1
        if case .searching = mode {
            searchLabel.frame = Rect(x: x, y: row.y, width: 5, height: 1)
            let width = max(1, min(30, row.width / 2 - 8))
            searchField.frame = Rect(x: x + 6, y: row.y, width: width, height: 1)
            x += 6 + width + 2
        }
        let statusWidth = min(max(0, row.maxX - x), statusLine.text.displayWidth)
        statusLine.frame = Rect(x: x, y: row.y, width: statusWidth, height: 1)
        let noteX = x + statusWidth + 2
        statusNote.frame = Rect(x: noteX, y: row.y, width: max(0, row.maxX - 1 - noteX), height: 1)
    }

    private func drawTooSmall() {
        canvas.clear()
        let message = "Terminal too small: need \(FormLayout.minimumSize.width)x\(FormLayout.minimumSize.height)"
        let lines = TextWrapping.lines(message, width: max(1, canvas.size.width))
        let top = max(0, (canvas.size.height - lines.count) / 2)
        for (row, line) in lines.enumerated() where top + row < canvas.size.height {
            let x = max(0, (canvas.size.width - line.displayWidth) / 2)
            canvas.put(line, at: Point(x: x, y: top + row))
        }
    }

    /// Shows the focused field's label in reverse video (focus does not rely on colour).
    func updateLabels() {
        for entry in fields {
            entry.label.style = entry.input.isFocused && mode.kind != .searching
                ? theme.normal.adding([.reverse, .bold]) : theme.normal
        }
        dirty.insert(.chrome)
    }

    // MARK: - Modes

    /// After the mode changed: the help bar lists what works in the new mode, Add reads
    /// Save while editing, and the focused label shows whether the fields have the keyboard.
    private func modeDidChange() {
        helpBar.items = keyMap.helpItems(in: mode.kind)
        addButton.title = mode.kind == .editing ? "Save" : "Add"
        updateLabels()
        dirty.formUnion([.help, .buttons])
    }

    // MARK: - Helpers

    func currentFieldValues() -> [GeoCache.Field: String] {
        Dictionary(uniqueKeysWithValues: fields.map { ($0.field, $0.input.text) })
    }

    func setFieldValues(_ values: [GeoCache.Field: String]) {
        for entry in fields { entry.input.text = values[entry.field] ?? "" }
        dirty.insert(.fields)
    }

    func clearFields() {
        setFieldValues([:])
        focus.focus(fields[0].input)
    }

    private func restoreDraft() {
        guard let draft = try? model.loadDraft() else { return }
        draftAtStart = draft.filter { !$0.value.isEmpty }
        guard !draftAtStart.isEmpty else { return }
        setFieldValues(draft)
        setNote("Draft restored")
    }

    func keyLabel(for action: FormAction) -> String {
        keyMap.keys(for: action).first?.label ?? ""
    }
}

extension GeoCacheFormController: TextFieldDelegate {
    public func textFieldDidChange(_ field: TextField) {
        dirty.insert(field === searchField ? .status : .fields)
    }
}

extension GeoCacheFormController: FocusGroupDelegate {
    public func focusGroup(_ group: FocusGroup, didMoveFocusFrom previous: (any Widget)?) {
        updateLabels()
        dirty.formUnion([.fields, .buttons])
    }
}
