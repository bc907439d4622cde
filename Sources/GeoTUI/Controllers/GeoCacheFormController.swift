import GeoModel

/// The controller of the geocache form: the one object that knows both the model and
/// the widgets.
///
/// Its life follows the course's rules: it gets the model when it starts, configures
/// its views (a generic ``Form``, a ``TextPane``, a ``StatusBar``, a ``HelpBar``) and
/// becomes their delegate, observes the model, translates keys into ``FormAction``s,
/// repaints only the views a model change affects, and at the end of its life keeps
/// the unsaved draft and releases its observer. The views lay themselves out and draw
/// themselves; the controller gives each its frame from ``FormLayout``.
///
/// What the form is doing is one value, ``mode`` (``FormMode``). One rule routes
/// everything a person asks for: a key, or a button's action, is looked up once in the
/// key table (``FormAction/keyMap``) with the mode, and comes out as an action to
/// perform, a refusal with the table's note, or input for the widget that has the
/// keyboard (``handle(_:)-(InputEvent)``, ``request(_:)``); `perform(_:)` then only does it. The
/// help bar lists what works in the mode, and every sentence shown comes from
/// ``FormText``. Editing, deleting, searching, the drafts and the answers to model
/// notifications live in extensions of their own (`GeoCacheFormController+Editing.swift`,
/// `+Search.swift`, `+Drafts.swift`, `+Notifications.swift`).
public final class GeoCacheFormController: ScreenController {
    /// The parts of the screen that are repainted separately: bits, not a `Set` of an
    /// enum, whose storage type the runtime would make on the way to the first frame by
    /// searching all the program's conformance records for the enum's `Hashable`.
    struct Parts: OptionSet {
        let rawValue: UInt8
        static let title = Parts(rawValue: 1 << 0)
        static let form = Parts(rawValue: 1 << 1)
        static let pane = Parts(rawValue: 1 << 2)
        static let status = Parts(rawValue: 1 << 3)
        static let help = Parts(rawValue: 1 << 4)
        static let overlay = Parts(rawValue: 1 << 5)
        static let all: Parts = [.title, .form, .pane, .status, .help, .overlay]
    }

    let model: CacheList
    /// Where you stand: a GPS receiver, a home position, or nothing.
    let position: PositionSource
    let theme: Theme
    /// The store's name, as the model gives it (while opening, as its location names it).
    var storeName: String { model.storeName }
    let keyMap = FormAction.keyMap

    /// The form: a field for each of the cache's fields, then Add, Previous and Next.
    let form: Form
    /// Each of the form's text fields with the cache field it holds.
    let fields: [(field: GeoCache.Field, input: TextField)]
    let addButton: Button
    let previousButton: Button
    let nextButton: Button
    let pane = TextPane(title: FormText.cachePaneTitle)
    /// The navigation view, drawn where the pane is while navigating.
    let navigationBox = TextPane(title: FormText.navigationTitle)
    let compass = CompassRose()
    /// The view's lines beside the rose, wrapped at whole words under their values
    /// (a narrow terminal loses no coordinate or reason to a cut).
    let navigationText: TextPane = {
        let text = TextPane()
        text.showsBorder = false
        text.hangingIndent = FormText.navigationValueColumn
        return text
    }()
    let titleBar = Label(FormText.appTitle)
    /// Where you stand, on the right of the title bar.
    let positionLabel = Label(alignment: .right)
    /// The position and the last note; the search field while searching.
    let statusBar = StatusBar(prompt: FormText.searchPrompt)
    let helpBar: HelpBar
    /// What the whole screen shows while it is smaller than ``FormLayout/minimumSize``.
    private let tooSmallNotice = Notice(FormText.terminalTooSmall(FormLayout.minimumSize))

    /// What the form is doing: browsing, editing, searching or asking about a delete.
    var mode = FormMode.browsing {
        didSet { if mode.kind != oldValue.kind { modeDidChange() } }
    }

    /// Set when the store's file was deleted or replaced while the form was open: nothing is written until `F5` reopens it.
    var lostStore: StoreError?
    /// True once the status line said that the club store's server is away, until it answers again; and the kept changes whose conflict the member left for `sync` (`Esc`), not opened again by later deliveries.
    var saidServerAway = false, conflictsLeftForSync: Set<Int64> = []

    private var observation: ObservationToken?
    private var positionObservation: ObservationToken?
    /// The cache whose hint the pane shows; every other cache's hint stays hidden.
    var hintShownFor: CacheID?
    /// The cache the status line's note speaks of ("Hint shown", "Note kept"), if it
    /// speaks of one: the note goes once another cache is shown.
    var noteAbout: CacheID?
    /// The position the pane's distance was last measured from.
    var paneOrigin: Coordinate?
    /// What the last note on nearest first said it measures from.
    var nearestBasisSaid: MeasuringPoint.Basis?
    /// How many changes the model has broadcast (a move that heard none changed nothing), and failures.
    var changesHeard = 0, failuresHeard = 0
    /// The text of a finder's or place prompt that a quit key may drop without asking
    /// (``quitWouldLosePromptText(pressed:)``): what the prompt opened with (a note or a place
    /// already kept), or what a first quit key was refused for.
    var textQuitMayDrop: String?
    /// The note that refused a change of the shown cache as another's
    /// (``refusedAsNotYours()``): it goes once the cache may be changed (a hand-over).
    var notYoursNote: String?
    /// What the Add button does now: add while browsing, save while editing.
    var primaryAction = FormAction.addCache
    private(set) var layout = FormLayout(size: Size(width: 0, height: 0))
    private var canvas = Canvas(size: Size(width: 0, height: 0))
    var dirty = Parts.all
    /// The error the pane shows in place of the current cache, until the next move or `Esc`.
    var paneError: PaneError?

    /// After a question closed by itself: until when keys are dropped, and why (`+QuestionClosed`).
    var questionClosed: (until: ContinuousClock.Instant, reason: String)?
    /// The clock the form reads; a test sets its own.
    var now: () -> ContinuousClock.Instant = { ContinuousClock.now }

    /// Problems met while finishing (the draft could not be kept), for the caller to report
    /// once the terminal is restored.
    public internal(set) var finishProblems: [String] = []
    /// Why the store could not be opened, when the form quit for it: reported once the terminal is restored.
    public internal(set) var openingFailure: (any Error)?
    /// Keys, pastes and clicks that came while the store was being opened, handled once
    /// it is open (``takeOverOpenedStore()``).
    var typedWhileOpening: [InputEvent] = []
    /// The terminal's input, the start of quitting, a write waiting for a lock (`+Waiting`).
    var waits = Waits()

    /// Starts the controller's life: takes the model, builds and configures the views,
    /// restores the draft kept by the last run, and starts observing the model.
    ///
    /// The theme's form styles draw fields without attributes between brackets, with
    /// focus shown by the bold `>` marker beside the field and the cursor: typing then
    /// changes one plain cell, which is one byte on the wire.
    ///
    /// A model still opening its store (`CacheList.isOpening`) is shown as an empty form
    /// whose status line says so; the draft is restored, and the list shown, when the model
    /// broadcasts `CacheListChange.opened(count:draft:)`. Until then no key reaches the model.
    ///
    /// `position` says where you stand (a GPS receiver, a home position, or nothing):
    /// the title bar shows it, the pane measures the distance to the shown cache from it,
    /// an Add made with a fresh fix is stamped with it, and nearest-first order starts
    /// from it. The run loop waits on its receiver's descriptor through ``idleWake``.
    public init(model: CacheList, position: PositionSource = .none, theme: Theme = .standard) {
        self.model = model
        self.position = position
        self.theme = theme
        form = Form(fieldLabels: GeoCache.Field.allCases.map(\.label),
                    buttonTitles: [FormText.addButton, FormText.previousButton, FormText.nextButton])
        fields = zip(GeoCache.Field.allCases, form.fields).map { (field: $0, input: $1) }
        (addButton, previousButton, nextButton) = (form.buttons[0], form.buttons[1], form.buttons[2])
        // Add reads Save while editing: its frame fits both, so nothing moves.
        addButton.alternateTitles = [FormText.saveButton]
        helpBar = HelpBar(items: Self.helpItems(in: mode.kind))
        form.theme = theme
        pane.theme = theme
        pane.horizontalPadding = 1
        statusBar.theme = theme
        statusBar.leastNoteWidth = FormText.promptNoteWidth
        helpBar.theme = theme
        titleBar.style = theme.titleBar
        positionLabel.style = theme.titleBar
        titleBar.fitsWholeWords = true
        positionLabel.fitsWholeWords = true

        form.delegate = self
        // Each button carries its action, asked for by the same rule as a key's.
        addButton.addTarget(self) { controller in { controller.request(controller.primaryAction) } }
        previousButton.addTarget(self) { controller in { controller.request(.showPreviousCache) } }
        nextButton.addTarget(self) { controller in { controller.request(.showNextCache) } }
        observation = model.observe { [weak self] change in self?.modelDidChange(change) }
        positionObservation = position.observe { [weak self] change in self?.positionDidChange(change) }
        updatePositionLabel()
        noteOpenedStore()
        if !model.isOpening { restoreDraft(try? model.takeDraft()) }
        updatePane()
        updateStatus()
    }

    deinit {
        observation?.cancel()
        positionObservation?.cancel()
    }

    // MARK: - ScreenController

    public func resize(to size: Size) {
        // The help bar keeps the rows the longest mode needs, so nothing moves when the mode changes.
        let helpRows = FormMode.Kind.allCases.map {
            HelpBar.rowsNeeded(for: Self.helpItems(in: $0), width: size.width)
        }.max() ?? 1
        layout = FormLayout(size: size, formRows: form.preferredHeight, helpRows: helpRows)
        canvas = Canvas(size: size)
        titleBar.frame = layout.titleBar
        // The position takes the right of the title row, after the program's name.
        let nameWidth = titleBar.preferredWidth + 2
        positionLabel.frame = Rect(x: layout.titleBar.x + nameWidth, y: layout.titleBar.y,
                                   width: max(0, layout.titleBar.width - nameWidth - 1), height: 1)
        form.frame = layout.form
        pane.frame = layout.pane
        statusBar.frame = layout.status
        helpBar.frame = layout.help
        tooSmallNotice.frame = Rect(size: size)
        mode.deleteQuestion?.dialog.frame = Rect(size: size)
        if case .helping(let overlay, _) = mode { overlay.frame = Rect(size: size) }
        dirty = .all
    }

    /// Routes `event` by the one rule (``FormAction/route(_:in:under:)``): the key
    /// table with the mode and what limits the form now (a store still opening, a
    /// question just closed by itself, a write waiting for a lock, a terminal too
    /// small). An action is performed, a key of another mode refused with the table's
    /// note, and anything else goes to the widget that has the keyboard in the mode.
    ///
    /// While the delete question or the search field is open, a key the mode does not
    /// bind goes to it (Esc answers No, Tab moves between Yes and No).
    public func handle(_ event: InputEvent) -> ControllerOutcome {
        completeOwnData()
        switch FormAction.route(event, in: mode.kind, under: conditions()) {
        case .perform(.quit) where quitWouldLosePromptText(pressed: event.pressedKey): break
        case .perform(let action): return perform(action)
        case .refuse(let note): setNote(refusal(note))
        case .keepForLater: keepForAfterOpening(event)
        case .drop(let note): if let note { setNote(note) }
        case .stopWaitingForLock: stopWaitingForLock()
        case .toWidget: return passToWidget(event)
        }
        return .proceed
    }

    /// What limits the form now, besides its mode (a question's grace that ran out is
    /// forgotten here).
    func conditions() -> FormConditions {
        endQuestionGraceIfOver()
        return FormConditions(opening: model.isOpening, questionJustClosed: questionClosed?.reason,
                              waitingForLock: waits.lockRetry?.mode == mode.kind, tooSmall: layout.isTooSmall)
    }

    /// Gives `event` to the widget that has the keyboard in the mode: the delete
    /// question, the help, the pane (a mouse event over it), the search or coordinates
    /// field, else the form (`?` on a button opens the help).
    private func passToWidget(_ event: InputEvent) -> ControllerOutcome {
        switch mode {
        case .confirmingDelete(let question):
            if question.dialog.handle(event) == .handled { dirty.insert(.overlay) }
            return .proceed
        case .helping(let overlay, _):
            if overlay.handle(event) == .handled { dirty.insert(.overlay) }
            return .proceed
        case .navigating:
            // A letter has nowhere to go here: never lost in silence.
            if event.isText { setNote(FormAction.keyMap.refusalNotes[.navigating] ?? "") }
            return .proceed
        case .browsing, .editing, .searching, .placing, .recording, .filtering:
            break
        }
        if case .mouse(let mouse) = event, pane.frame.contains(mouse.position) {
            if pane.handle(event) == .handled { dirty.insert(.pane) }
            return .proceed
        }
        if case .searching = mode { return handleSearchInput(event) }
        if case .placing = mode { return handlePromptInput(event, enter: storePlace) }
        if case .recording = mode { return handlePromptInput(event, enter: recordPrompt) }
        if case .filtering = mode { return handlePromptInput(event, enter: setFilter) }
        // `?` opens the help too, where it cannot be text: when a button has the focus.
        if event == .key(.character("?")), !(form.focusedWidget is TextField) { return request(.showHelp) }
        if form.handle(event) == .handled {
            dirty.insert(.form)
        } else if event.isText, !(form.focusedWidget is TextField) {
            setNote(FormText.typedOnAButton)   // never lost in silence
        }
        return .proceed
    }

    /// Lets the GPS receiver read what arrived (never waiting); takes the store over
    /// once its opening is done (quitting, status 1, when it failed: ``openingFailure``);
    /// then looks for other sessions' changes to the store.
    @discardableResult
    public func idleTick() -> ControllerOutcome {
        position.update()
        if model.isOpening { return takeOverOpenedStore() }
        completeOwnData()
        model.finishIntegrityCheckIfDone()
        endQuestionGraceIfOver()
        retryAfterLock()
        let noteBefore = statusBar.note
        let wasUnreachable = model.isServerUnreachable
        do {
            try model.checkForExternalChanges()
        } catch {
            // A server away is said once; a later note (a change kept here) stays while it is.
            let saidAlready = saidServerAway && (error as? StoreError)?.meansTheServerIsAway == true
            if !saidAlready { noteStoreProblem(error, prefix: FormText.storeError) }
            return .proceed
        }
        if !model.isServerUnreachable { saidServerAway = false }
        if wasUnreachable, !model.isServerUnreachable, model.clubAway == nil, statusBar.note == noteBefore {
            // (A delivery said more already.)
            setNote(FormText.storeReachableAgain)
        }
        return .proceed
    }

    /// Keeps the draft, then quits: a hang-up or a termination after this answer
    /// cannot lose what was typed. A prompt's text, which no draft keeps, is printed
    /// once the terminal is restored, and the form exits 1.
    public func handle(_ signal: TerminalSignal) -> ControllerOutcome {
        beginQuitting()
        keepDraft(sayingWaits: signal != .hangup)
        if let lost = promptTextNotKept() { finishProblems.append(lost) }
        return .quit(status: 0)
    }

    public func render() -> Canvas? {
        guard !dirty.isEmpty else { return nil }
        defer { dirty = [] }
        // Everything is drawn again: start from blank cells, so nothing that covered the
        // form (the delete question) stays where no view draws.
        if dirty == .all { canvas.clear() }
        if layout.isTooSmall {
            tooSmallNotice.draw(into: &canvas)
            canvas.cursor = nil
            return canvas
        }
        if dirty.contains(.title) {
            titleBar.draw(into: &canvas)
            positionLabel.draw(into: &canvas)
        }
        if dirty.contains(.form) { form.draw(into: &canvas) }
        if dirty.contains(.pane) { mode.base.kind == .navigating ? drawNavigation(into: &canvas) : pane.draw(into: &canvas) }
        if dirty.contains(.status) { statusBar.draw(into: &canvas) }
        if dirty.contains(.help) { helpBar.draw(into: &canvas) }
        switch mode {
        case .confirmingDelete(let question):
            question.dialog.draw(into: &canvas)
            canvas.cursor = nil
        case .helping(let overlay, _):
            overlay.draw(into: &canvas)
            canvas.cursor = nil
        case .searching, .placing, .recording, .filtering:
            canvas.cursor = statusBar.cursorPosition
        case .navigating:
            canvas.cursor = nil
        case .browsing, .editing:
            canvas.cursor = form.cursorPosition
        }
        return canvas
    }

    /// Keeps the fields' text as a draft when it is not kept yet (the quit key and the
    /// signals have kept it already), lets the copy of a club store take what was just
    /// stored (`CacheList.finishCopyWrites(within:)`), and releases the observer.
    public func finish() {
        keepDraft()
        model.finishCopyWrites()
        observation?.cancel()
        observation = nil
        positionObservation?.cancel()
        positionObservation = nil
    }

    // MARK: - App-level actions

    /// Asks for `action` the way a button or another widget does: by the same rule as
    /// a key (``KeyMap/resolve(action:in:)``), performed when the mode enables it,
    /// refused with the table's note where the mode has one, ignored otherwise.
    @discardableResult
    func request(_ action: FormAction) -> ControllerOutcome {
        switch FormAction.route(action: action, in: mode.kind, under: conditions()) {
        case .perform(let action): return perform(action)
        case .refuse(let note): setNote(refusal(note))
        default: break
        }
        return .proceed
    }

    /// The note for a refused key: the table's, except in a finder's prompt, whose own
    /// note says how to finish it (a visit is logged, a note or a final kept).
    private func refusal(_ note: String) -> String {
        mode.finderPrompt.map { FormText.finderPromptOpened($0.kind) } ?? note
    }

    /// Does `action`, which the key table enables in the current mode: each mode's
    /// actions are its own, so nothing here asks the mode again.
    private func perform(_ action: FormAction) -> ControllerOutcome {
        switch action {
        case .addCache, .saveEdit:
            waits.lockRetry = nil  // asked for again: this try replaces one waiting for a lock
            if action == .addCache, model.keepsWritesOnThisMachine { addCache() } else if !refusedAsReadOnly() {
                action == .addCache ? addCache() : saveEdit()
            }
        case .showNextCache: moveOrSayWhy { $0.showNext() }
        case .showPreviousCache: moveOrSayWhy { $0.showPrevious() }
        case .showFirstCache: moveOrSayWhy(noOther: false) { $0.showFirst() }
        case .showLastCache: moveOrSayWhy(noOther: false) { $0.showLast() }
        case .showRandomCache:
            if model.hasAnotherToShowAtRandom { move { $0.showRandom() } } else { sayNothingToMoveTo() }
        case .editCache: if !refusedAsNotYours(), !refusedOnCopy(), !refusedAsReadOnly() { beginEdit() }
        case .deleteCache: if !refusedAsNotYours(), !refusedOnCopy(), !refusedAsReadOnly() { confirmDelete() }
        case .search: openSearch()
        case .reload: reload()
        case .focusNext: form.focusNext()
        case .focusPrevious: form.focusPrevious()
        case .scrollPaneUp:
            pane.pageUp()
            dirty.insert(.pane)
        case .scrollPaneDown:
            pane.pageDown()
            dirty.insert(.pane)
        case .dismissError: dismissPaneError()
        case .cancelEdit: cancelEdit()
        case .closeSearch: closeSearch()
        case .redraw:
            dirty = .all
            return .redraw
        case .suspend:
            return .suspend
        case .quit:
            if quitWouldLosePromptText(pressed: nil) { break }
            beginQuitting()
            keepDraft()
            return .quit(status: 0)
        case .showHelp: openHelp()
        case .closeHelp: closeHelp()
        case .toggleHint: toggleHint()
        case .placeCache: if !refusedAsNotYours(), !refusedOnCopy(), !refusedAsReadOnly() { openPlacing() }
        case .cancelPlacing: closePrompt(note: FormText.placeUnchanged)
        case .toggleNearestFirst: toggleNearestFirst()
        case .takeNextDraft: if !refusedAsReadOnly() { takeNextDraft() }
        case .navigate: openNavigation()
        case .nextNavigationTarget: nextNavigationTarget()
        case .closeNavigation: closeNavigation()
        case .logVisit: openFinderPrompt(.visit(.foundIt))
        case .writeNote: openFinderPrompt(.note)
        case .correctPlace: openFinderPrompt(.correctedPlace)
        case .nextVisitType, .previousVisitType: cycleVisitType(forward: action == .nextVisitType)
        case .cancelRecording: closePrompt(note: FormText.nothingRecorded)
        case .filter: openFilter()
        case .cancelFilter: closePrompt(note: FormText.filterUnchanged)
        }
        return .proceed
    }

    /// Adds the fields as a new cache; with a fresh GPS fix that can be believed,
    /// stamped with where you stand.
    private func addCache() {
        var cache = GeoCache(fields: currentFieldValues())
        let stamp = position.fixCheck.flatMap { $0.coordinate == nil ? nil : $0 }
        cache.coordinate = stamp?.coordinate
        write(.add(stamp: stamp)) { try model.add(cache) }
    }
}
