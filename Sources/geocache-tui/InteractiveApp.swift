import ArgumentParser
import CThreadPlacement
import Foundation
import GeoModel
import GeoTUI

/// Runs the full-screen form on the store at `location` until the user quits.
///
/// The store is opened on a second thread while this one checks and opens the
/// terminal: on two cores the two cost about the same, and the first paint waits for
/// the slower one instead of both (docs/performance.md, issue 11). A store that cannot
/// be opened is reported as before, with exit status 1, once the terminal is restored
/// (it was open for no longer than the store took to fail); a missing or unusable
/// terminal is a one-line error and exit status 2, with the terminal untouched. Then it
/// builds the model, wires the controller and runs the loop. The terminal is restored
/// before anything is printed.
func runInteractiveApp(location: StoreLocation) throws {
    // The locale is process-wide: set before the second thread starts, not beside it.
    TerminalLocale.ensureUTF8()
    let opening = StoreOpening(location)
    defer { opening.finish() }
    let opened = Result { () throws(TerminalError) -> Terminal in try Terminal.open() }
    let store: any CacheStore
    do {
        store = try opening.store()
    } catch {
        if case .success(let terminal) = opened { terminal.close() }
        throw CommandFailure.report(error)
    }
    let terminal: Terminal
    switch opened {
    case .success(let open):
        terminal = open
    case .failure(let error):
        StandardStreams.writeError("geocache-tui: \(error)\n")
        throw ExitCode(2)
    }
    let model: CacheList
    do {
        model = try CacheList(store: store)
    } catch {
        terminal.close()
        throw CommandFailure.report(error)
    }
    let controller = GeoCacheFormController(
        model: model,
        theme: terminal.supportsColor ? .standard : .monochrome,
        storeName: store.shortName)
    let status = Application(terminal: terminal, controller: controller).run()
    store.prepareForExit()
    for problem in controller.finishProblems {
        StandardStreams.writeError("geocache-tui: \(problem)\n")
    }
    if status != 0 { throw ExitCode(status) }
}

/// A store being opened on a thread of its own; ``store()`` waits for it.
///
/// The thread only opens the store and hands it over: the store is used from the
/// calling thread alone afterwards, the semaphore ordering the thread's work before
/// the caller's (a store is used from one thread at a time).
///
/// The thread starts on another CPU than the caller's (`geocache_start_elsewhere`):
/// Linux would put it on the caller's CPU, where it would wait for the terminal to be
/// opened before it ran, the idle CPU taking it over only at its next balancing tick.
/// Before the caller waits, the thread may run anywhere again, so a busy other CPU
/// never keeps it from running on the one the caller leaves idle.
private final class StoreOpening: @unchecked Sendable {
    private let location: StoreLocation
    private let done = DispatchSemaphore(value: 0)
    private var result: Result<any CacheStore, StoreError>?
    /// The thread, joined by ``finish()``; nil when none could be started (the store
    /// was then opened by the caller).
    private var thread: pthread_t?

    init(_ location: StoreLocation) {
        self.location = location
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        _ = geocache_start_elsewhere(&attributes)
        var started = pthread_t()
        let context = Unmanaged.passRetained(self).toOpaque()
        let status = pthread_create(&started, &attributes, { context in
            Unmanaged<StoreOpening>.fromOpaque(context!).takeRetainedValue().open()
            return nil
        }, context)
        if status == 0 {
            thread = started
        } else {
            Unmanaged<StoreOpening>.fromOpaque(context).release()
            open()
        }
    }

    private func open() {
        result = Result { () throws(StoreError) -> any CacheStore in try location.open() }
        done.signal()
    }

    func store() throws(StoreError) -> any CacheStore {
        if let thread { geocache_allow_every_cpu(thread) }
        done.wait()
        return try result!.get()
    }

    /// Waits for the thread to end (it has, or is about to: it ends right after handing
    /// the store over) and frees what it held.
    func finish() {
        guard let thread else { return }
        pthread_join(thread, nil)
        self.thread = nil
    }
}
