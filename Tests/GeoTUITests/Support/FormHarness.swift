import Foundation
import GeoModel
import GeoTestSupport
@testable import GeoTUI

/// A geocache form controller on a real model over a temporary store, driven by key
/// scripts and read back as a rendered screen.
final class FormHarness {
    let directory: URL
    let storeURL: URL
    private(set) var model: CacheList
    private(set) var controller: GeoCacheFormController
    private(set) var size: Size
    /// Where the form's user stands.
    let position: PositionSource
    /// The screen as the last render left it.
    private(set) var canvas: Canvas
    /// What the last key asked of the run loop.
    private(set) var lastOutcome: ControllerOutcome = .proceed

    /// The store being opened when the harness was made with `opening: true`, until
    /// ``finishOpening()``.
    private var opening: StoreOpening?

    /// A form on a store holding `caches` (and `draft`, kept from an earlier run). With
    /// `opening`, the model is still opening its store (``CacheList/init(opening:)``), as
    /// the app starts it, until ``finishOpening()``, on a copy put in place of the store
    /// (a file the program has not seen as it is, checked after the first frame).
    ///
    /// With `damaged` (and `opening`), the store's last page is zeroed before it opens: a
    /// file only the check that runs after the first frame finds damaged.
    init(width: Int = 80, height: Int = 24, caches: [GeoCache] = [], draft: [GeoCache.Field: String] = [:],
         opening: Bool = false, damaged: Bool = false, directory: URL? = nil,
         position: PositionSource = .none) throws {
        self.position = position
        self.directory = directory ?? FileManager.default.temporaryDirectory
            .appendingPathComponent("geocache-form-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: self.directory, withIntermediateDirectories: true)
        storeURL = self.directory.appendingPathComponent("caches.sqlite")
        let storeURL = storeURL
        func filledStore() throws -> SQLiteStore {
            let store = try SQLiteStore(url: storeURL)
            for cache in caches { try store.add(cache) }
            if !draft.isEmpty { try store.leaveDraft(FormDraft(fields: draft)) }
            return store
        }
        if opening {
            // Closed before it is damaged or opened again: closing moves what the
            // write-ahead log holds into the file, which would otherwise stand in for
            // (and, checkpointed later, write over) the zeroed page.
            try filledStore().prepareForExit()
            try CopiedStore.copyInPlace(storeURL)
            if damaged { try CopiedStore.zeroLastPage(of: storeURL) }
            let started = StoreOpening(.file(storeURL.path, createsDirectories: false))
            self.opening = started
            model = CacheList(opening: started)
        } else {
            model = try CacheList(store: try filledStore())
        }
        controller = GeoCacheFormController(model: model, position: position)
        size = Size(width: width, height: height)
        canvas = Canvas(size: size)
        controller.resize(to: size)
        redraw()
    }

    /// Ends this controller's life and starts a new one on the same store, as quitting
    /// and starting the app again would.
    func restart() throws {
        controller.finish()
        model = try CacheList(store: try SQLiteStore(url: storeURL))
        controller = GeoCacheFormController(model: model, position: position)
        controller.resize(to: size)
        canvas = Canvas(size: size)
        redraw()
    }

    /// Waits until the store is open, then lets the controller take it over through
    /// its idle tick, as the run loop does when the opening's descriptor becomes
    /// readable, rendering after it; rethrows what the opening met.
    func finishOpening() throws {
        if let opening {
            let opened = waitUntil(timeout: .seconds(30)) { opening.isReady }
            precondition(opened, "the store did not open within 30 s")
        }
        lastOutcome = controller.idleTick()
        if let failure = controller.openingFailure { throw failure }
        opening?.finish()
        opening = nil
        redraw()
    }

    /// Sends keys one by one, rendering after each as the run loop does.
    func press(_ keys: Key...) {
        for key in keys { send(.key(key)) }
    }

    /// Sends one input event (a mouse event, a paste), rendering after it as the run
    /// loop does.
    func send(_ event: InputEvent) {
        lastOutcome = controller.handle(event)
        redraw()
    }

    /// Types text one character at a time.
    func type(_ text: String) {
        for character in text { press(.character(character)) }
    }

    /// Lays the form out for a new size, as a resize event does.
    func resize(width: Int, height: Int) {
        size = Size(width: width, height: height)
        controller.resize(to: size)
        redraw()
    }

    /// Runs the idle tick that notices other processes' changes.
    func idle() {
        controller.idleTick()
        redraw()
    }

    /// Lets the position source read what its receiver has (the run loop does it when
    /// the receiver's descriptor is readable), rendering after it.
    func readPosition() {
        controller.idleTick()
        redraw()
    }

    /// The title row, right-trimmed.
    var title: String { row(0) }

    /// The text of each field, in form order.
    var fieldTexts: [String] { controller.fields.map(\.input.text) }

    /// The status row (position and note), right-trimmed.
    var status: String { row(controller.layout.status.y) }

    /// The help bar's rows joined by a newline, each right-trimmed.
    var help: String {
        let frame = controller.layout.help
        return (frame.y..<frame.maxY).map(row).joined(separator: "\n")
    }

    /// The rendered screen, rows right-trimmed.
    var screen: String { canvas.text }

    /// One row of the screen, right-trimmed.
    func row(_ y: Int) -> String {
        var line = canvas.lines[y]
        while line.last == " " { line.removeLast() }
        return line
    }

    /// Renders into the kept canvas when anything is dirty, as the run loop does.
    @discardableResult
    func redraw() -> Bool {
        guard let rendered = controller.render() else { return false }
        canvas = rendered
        return true
    }

    deinit {
        opening?.finish()
        try? FileManager.default.removeItem(at: directory)
    }
}

extension GeoCache {
    /// A valid cache whose fields all start with `name`.
    static func sample(_ name: String) -> GeoCache {
        GeoCache(title: name, details: "\(name) details", creator: "\(name) creator", reward: "\(name) reward")
    }
}
