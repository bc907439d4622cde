import GeoModel

/// The controller of the geocache form: the one object that knows both the model and
/// the widgets.
///
/// Its life follows the course's rules: it gets the model when it starts, wires its
/// widgets (delegates, target-action), observes the model, translates keys into
/// ``FormAction``s, repaints only the parts a model change affects, and at the end of
/// its life keeps the unsaved draft and releases its observer.
public final class GeoCacheFormController: ScreenController {
    /// The parts of the screen that are repainted separately.
    enum Part: CaseIterable {
        case chrome, fields, buttons, pane, status, help
    }

    /// What the pane shows when it does not show the current cache.
    enum PaneMessage: Equatable {
        case error(String)
    }

    private let model: CacheList
    private let theme: Theme
    private let storeName: String
    private let keyMap = FormAction.keyMap

    let fields: [(field: GeoCache.Field, label: Label, input: TextField)]
    let addButton = Button(title: "Add")
    let nextButton = Button(title: "Next")
    let pane = TextPane(title: "Cache")
    private let titleBar = Label()
    private let statusLine = Label()
    private let statusNote = Label("", alignment: .right)
    private let helpBar: HelpBar
    let focus: FocusGroup

    private var observation: ObservationToken?
    private var layout = FormLayout(size: Size(width: 0, height: 0))
    private var canvas = Canvas(size: Size(width: 0, height: 0))
    private var dirty = Set(Part.allCases)
    private var paneMessage: PaneMessage?
    private var note = ""

    /// Problems met while finishing (the draft could not be kept), for the caller to report
    /// once the terminal is restored.
    public private(set) var finishProblems: [String] = []

    /// Starts the controller's life: takes the model, builds and wires the widgets,
    /// restores the draft kept by the last run, and starts observing the model.
    public init(model: CacheList, theme: Theme = .standard, storeName: String) {
        self.model = model
        self.theme = theme
        self.storeName = storeName
        fields = GeoCache.Field.allCases.map { field in
            let input = TextField()
            input.theme = theme
            return (field, Label(field.label), input)
        }
        helpBar = HelpBar(items: keyMap.helpItems)
        focus = FocusGroup(fields.map(\.input) + [addButton, nextButton])
        for part in [addButton, nextButton] { part.theme = theme }
        pane.theme = theme
        pane.horizontalPadding = 1
        helpBar.theme = theme
        titleBar.style = theme.title.adding(.reverse)
        statusLine.style = theme.normal.adding(.bold)
        statusNote.style = theme.hint

        for entry in fields { entry.input.delegate = self }
        focus.delegate = self
        addButton.addTarget(self, action: GeoCacheFormController.addPressed)
        nextButton.addTarget(self, action: GeoCacheFormController.nextPressed)
        observation = model.observe { [weak self] change in self?.modelDidChange(change) }
        setNote(storeName)
        restoreDraft()
        updatePane()
        updateStatus()
    }

    deinit { observation?.cancel() }

    // MARK: - Target-action and delegates

    /// The Add button's action.
    func addPressed() { perform(.addCache) }

    /// The Next button's action.
    func nextPressed() { perform(.showNextCache) }

    // MARK: - ScreenController

    public func resize(to size: Size) {
        layout = FormLayout(size: size, fieldCount: fields.count)
        canvas = Canvas(size: size)
        titleBar.frame = layout.titleBar
        for (index, entry) in fields.enumerated() {
            entry.label.frame = layout.labels[index]
            entry.input.frame = layout.fields[index]
        }
        var x = layout.buttonRow.x
        for button in [addButton, nextButton] {
            let width = min(button.preferredWidth, max(0, layout.buttonRow.maxX - x))
            button.frame = Rect(x: x, y: layout.buttonRow.y, width: width, height: 1)
            x += width + 2
        }
        pane.frame = layout.pane
        let noteWidth = max(0, layout.status.width / 2 - 1)
        statusLine.frame = Rect(x: 1, y: layout.status.y, width: max(0, layout.status.width - noteWidth - 2), height: 1)
        statusNote.frame = Rect(x: layout.status.maxX - noteWidth - 1, y: layout.status.y, width: noteWidth, height: 1)
        helpBar.frame = layout.help
        dirty = Set(Part.allCases)
    }

    public func handle(_ key: Key) -> ControllerOutcome {
        if case .mouse(let event) = key, pane.frame.contains(event.position) {
            if pane.handle(key) == .handled { dirty.insert(.pane) }
            return .proceed
        }
        if let action = keyMap.action(for: key) { return perform(action) }
        if focus.handle(key) == .handled { dirty.insert(.fields) }
        return .proceed
    }

    public func idleTick() {
        do {
            try model.checkForExternalChanges()
        } catch {
            setNote("Store unreachable: \(error)")
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
        if dirty.contains(.chrome) {
            canvas.fill(layout.titleBar, style: titleBar.style)
            titleBar.text = " geocache-tui"
            titleBar.draw(into: &canvas)
            for entry in fields { entry.label.draw(into: &canvas) }
        }
        if dirty.contains(.fields) { for entry in fields { entry.input.draw(into: &canvas) } }
        if dirty.contains(.buttons) {
            canvas.fill(layout.buttonRow)
            addButton.draw(into: &canvas)
            nextButton.draw(into: &canvas)
        }
        if dirty.contains(.pane) { pane.draw(into: &canvas) }
        if dirty.contains(.status) {
            canvas.fill(layout.status)
            statusLine.draw(into: &canvas)
            statusNote.draw(into: &canvas)
        }
        if dirty.contains(.help) { helpBar.draw(into: &canvas) }
        canvas.cursor = focus.cursorPosition
        return canvas
    }

    /// Keeps the fields' text as a draft when they hold any, and releases the observer.
    public func finish() {
        let draft = currentFieldValues()
        do {
            try model.saveDraft(draft)
        } catch {
            finishProblems.append("could not keep the unsaved fields as a draft: \(error)")
        }
        observation?.cancel()
        observation = nil
    }

    // MARK: - App-level actions

    @discardableResult
    func perform(_ action: FormAction) -> ControllerOutcome {
        switch action {
        case .addCache: addCache()
        case .showNextCache: showNextCache()
        case .focusNext:
            focus.focusNext()
        case .focusPrevious:
            focus.focusPrevious()
        case .scrollPaneUp:
            pane.pageUp()
            dirty.insert(.pane)
        case .scrollPaneDown:
            pane.pageDown()
            dirty.insert(.pane)
        case .dismiss:
            if paneMessage != nil {
                paneMessage = nil
                updatePane()
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
            for entry in fields { entry.input.text = "" }
            focus.focus(fields[0].input)
            dirty.insert(.fields)
            setNote("Added and saved")
        } catch let error as GeoCacheValidationError {
            paneMessage = .error("Cannot add this cache: \(error).\n\nFill in every field, then press \(keyLabel(for: .addCache)) again.")
            if let first = error.missingFields.first, let entry = fields.first(where: { $0.field == first }) {
                focus.focus(entry.input)
            }
            updatePane()
        } catch {
            paneMessage = .error("Could not save the cache: \(error)\n\nYour text is still in the fields.")
            updatePane()
        }
    }

    private func showNextCache() {
        if paneMessage != nil {
            paneMessage = nil
            updatePane()
        }
        model.showNext()
    }

    // MARK: - Model notifications

    /// Repaints just what a change affects: the pane and the status line.
    private func modelDidChange(_ change: CacheListChange) {
        switch change {
        case .added, .currentMoved, .reloaded,
             .matchMoved, .updated, .deleted, .searchBegan, .searchEnded:   // model API of issue 6: redraw all for now
            paneMessage = nil
            updatePane()
            updateStatus()
        case .storeChangedExternally:
            updateStatus()
            if paneMessage == nil { updatePane() }
        case .failed(let error):
            setNote("Store error: \(error)")
        }
    }

    private func updatePane() {
        switch paneMessage {
        case .error(let text):
            pane.title = "Not added"
            pane.style = theme.error
            pane.text = text
        case nil:
            pane.style = theme.normal
            if let description = model.currentDescription {
                pane.title = "Cache"
                pane.text = description
            } else {
                pane.title = "Cache"
                pane.text = "No caches yet.\n\nFill in Title, Details, Creator and Reward, then press \(keyLabel(for: .addCache)) or choose Add."
            }
        }
        pane.scrollToTop()
        dirty.insert(.pane)
    }

    private func updateStatus() {
        statusLine.text = model.isEmpty ? "No caches yet" : "Cache \(model.positionText)"
        dirty.insert(.status)
    }

    private func setNote(_ text: String) {
        note = text
        statusNote.text = text
        dirty.insert(.status)
    }

    // MARK: - Helpers

    private func currentFieldValues() -> [GeoCache.Field: String] {
        Dictionary(uniqueKeysWithValues: fields.map { ($0.field, $0.input.text) })
    }

    private func restoreDraft() {
        guard let draft = try? model.loadDraft(), draft.values.contains(where: { !$0.isEmpty }) else { return }
        for entry in fields { entry.input.text = draft[entry.field] ?? "" }
        setNote("Draft restored")
    }

    private func keyLabel(for action: FormAction) -> String {
        keyMap.keys(for: action).first?.label ?? ""
    }

    private func drawTooSmall() {
        canvas.clear()
        let message = "Terminal too small: need \(FormLayout.minimumSize.width)x\(FormLayout.minimumSize.height)"
        let words = TextWrapping.lines(message, width: max(1, canvas.size.width))
        let top = max(0, (canvas.size.height - words.count) / 2)
        for (row, line) in words.enumerated() where top + row < canvas.size.height {
            let x = max(0, (canvas.size.width - line.displayWidth) / 2)
            canvas.put(line, at: Point(x: x, y: top + row))
        }
    }
}

extension GeoCacheFormController: TextFieldDelegate {
    public func textFieldDidChange(_ field: TextField) {
        dirty.insert(.fields)
    }
}

extension GeoCacheFormController: FocusGroupDelegate {
    public func focusGroup(_ group: FocusGroup, didMoveFocusFrom previous: (any Widget)?) {
        dirty.formUnion([.fields, .buttons])
    }
}
