import ArgumentParser
import GeoModel
import GeoTUI

/// Runs the full-screen form on the store at `location` until the user quits.
///
/// The store is opened on a second thread (``StoreOpening``) while this one opens the
/// terminal (a store file not there yet: once it is open), builds the model and the
/// controller and paints the form; the list is then
/// taken over and shown, so the first paint waits for the slower of the two instead of
/// both (docs/performance.md, issue 11). Keys typed meanwhile wait in the terminal.
/// A store file not seen as it is opens unchecked and is checked after the first frame
/// (``CacheList/finishIntegrityCheckIfDone()``): one found damaged is reported on
/// quitting with status 1, as a refusal to open it is. A store that cannot be opened is
/// reported as before, with exit status 1, once the
/// terminal is restored (the form showed "Opening…" for as long as the store took to
/// fail); a missing or unusable terminal is a one-line error and exit status 2, with the
/// terminal untouched. The terminal is restored before anything is printed.
///
/// `position` gives where you stand (`--gps`, `--home`); nil, for the command line
/// `QuickStart` takes without the parser, means `$GEOCACHE_HOME` alone. A bad
/// `$GEOCACHE_HOME` is a usage error, before the terminal is touched.
func runInteractiveApp(location: StoreLocation, position: PositionOptions? = nil) throws {
    let source: PositionSource
    do {
        if let position {
            source = try position.source()
        } else {
            source = PositionSource(home: try PositionOptions.environmentHome())
        }
    } catch {
        throw ValidationError(error.description)
    }
    // The locale is process-wide: set before the second thread starts, not beside it.
    TerminalLocale.ensureUTF8()
    // A store file not there yet is made only once the terminal is known to work: a form
    // that cannot start makes nothing (StoreOpening.wouldMakeAFile).
    let early = StoreOpening.wouldMakeAFile(location) ? nil : StoreOpening(location)
    let terminal: Terminal
    do {
        terminal = try Terminal.open()
    } catch {
        // A store that cannot be opened is the error to report first, as when the
        // terminal is usable.
        if let early {
            defer { early.finish() }
            do {
                _ = try early.wait()
            } catch let storeError {
                throw CommandFailure.report(storeError)
            }
        }
        StandardStreams.writeError("geocache-tui: \(error)\n")
        throw ExitCode(2)
    }
    let opening = early ?? StoreOpening(location)
    defer { opening.finish() }
    let model = CacheList(opening: opening)
    let controller = GeoCacheFormController(model: model, position: source,
                                            theme: terminal.supportsColor ? .standard : .monochrome)
    let application = Application(terminal: terminal, controller: controller)
    application.showFirstFrame()
    // The run loop takes the store over when its opening is done (the controller's
    // idle tick), so ^Q, a resize or SIGTERM is answered while a huge first cache is
    // still being read.
    let status = application.run()
    if let failure = controller.openingFailure { throw CommandFailure.report(failure) }
    // A verdict a write on the way out waited for (the draft kept at quitting).
    if !model.isOpening { model.finishIntegrityCheckIfDone() }
    // A check still running is stopped: the file stays unrecorded, checked next time.
    if !model.isOpening { model.store.prepareForExit() }
    for problem in controller.finishProblems {
        StandardStreams.writeError("geocache-tui: \(problem)\n")
    }
    // A store its late check found damaged ends as the refusal of a checked opening does.
    if let damage = model.storeDamage { throw CommandFailure.report(damage) }
    if status != 0 { throw ExitCode(status) }
    // Text that could not be kept (said above, whole) is no normal end.
    if !controller.finishProblems.isEmpty { throw ExitCode.failure }
}
