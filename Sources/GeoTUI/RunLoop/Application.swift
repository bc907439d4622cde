/// The run loop: waits for terminal events without busy-waiting, hands them to the
/// controller, and presents what the controller repainted.
public final class Application {
    private let terminal: Terminal
    private let controller: ScreenController
    private var isLaidOut = false

    public init(terminal: Terminal, controller: ScreenController) {
        self.terminal = terminal
        self.controller = controller
        controller.attach(WaitingInput(terminal))
    }

    /// Lays the screen out and shows it, before the loop reads any key: what the caller
    /// does next (the form waits for its store) happens with the screen already drawn.
    /// ``run()`` does it when nobody did.
    public func showFirstFrame() {
        controller.resize(to: terminal.size)
        isLaidOut = true
        presentIfNeeded()
    }

    /// Runs until the controller asks to quit; returns the exit status. The terminal is
    /// closed (restored), and then the controller finished, before this returns.
    public func run() -> Int32 {
        if !isLaidOut { controller.resize(to: terminal.size) }
        presentIfNeeded()
        var status: Int32 = 0
        loop: while true {
            let outcome: ControllerOutcome
            let wake = controller.idleWake
            switch terminal.nextEvent(timeout: wake.timeout, watching: wake.descriptors,
                                      watchingForWriting: wake.writableDescriptors) {
            case .input(.resize):
                controller.resize(to: terminal.size)
                terminal.invalidate()
                outcome = .proceed
            case .input(let event):
                outcome = controller.handle(event)
            case .tick:
                outcome = controller.idleTick()
            case .signal(let signal):
                outcome = controller.handle(signal)
            }
            switch outcome {
            case .proceed:
                break
            case .quit(let code):
                status = code
                break loop
            case .redraw:
                terminal.invalidate()
            case .suspend:
                switch terminal.suspend() {
                case .ended(let ending):
                    // Told to end while in the background: the draft kept, nothing drawn.
                    if case .quit(let code) = controller.handle(ending) { status = code }
                    break loop
                case .notStopped: controller.couldNotSuspend()
                case .continued: break
                }
                controller.resize(to: terminal.size)
                terminal.invalidate()
            }
            presentIfNeeded()
        }
        // The controller kept the draft while answering the quit key or the signal;
        // finishing writes only what is left (nothing, after a quit by key or signal).
        terminal.close()
        controller.finish()
        return status
    }

    private func presentIfNeeded() {
        if let canvas = controller.render() { terminal.present(canvas) }
    }
}
