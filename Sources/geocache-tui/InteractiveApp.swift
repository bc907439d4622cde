import ArgumentParser
import GeoModel
import GeoTUI

/// Runs the full-screen form on `store` until the user quits.
///
/// Builds the model, checks and opens the terminal (a missing or unusable terminal is
/// a one-line error and exit status 2, with the terminal untouched), wires the
/// controller and runs the loop. The terminal is restored before anything is printed.
func runInteractiveApp(store: any CacheStore) throws {
    let model: CacheList
    do {
        model = try CacheList(store: store)
    } catch {
        throw CommandFailure.report(error)
    }
    let terminal: Terminal
    do {
        terminal = try Terminal.open()
    } catch {
        StandardStreams.writeError("geocache-tui: \(error)\n")
        throw ExitCode(2)
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
