/// What the controller wants the run loop to do after an event.
public enum ControllerOutcome: Equatable, Sendable {
    /// Keep going; repaint whatever became dirty.
    case proceed
    /// Stop the program (Ctrl-Q, F10, Ctrl-C or a signal) with this exit status.
    case quit(status: Int32)
    /// Repaint the whole screen from scratch (Ctrl-L).
    case redraw
    /// Give the terminal back to the shell until `fg` (Ctrl-Z).
    case suspend
}

/// What wakes an idle run loop besides keys and signals.
public struct IdleWake: Equatable, Sendable {
    /// Descriptors that become readable when something the controller shows may have
    /// changed (a store's change notifications).
    public var descriptors: [Int32]
    /// How long to sleep at most; nil sleeps until a key, a signal or a descriptor.
    public var timeout: Duration?

    public init(descriptors: [Int32] = [], timeout: Duration? = nil) {
        self.descriptors = descriptors
        self.timeout = timeout
    }
}

/// Something that turns terminal events into actions and draws the screen: the
/// contract between the run loop and a screen's controller.

public protocol ScreenController: AnyObject {
    /// Lays the screen out for `size` and marks everything for repainting.
    func resize(to size: Size)
    /// Handles one key, mouse event or paste (a resize comes as ``resize(to:)``).
    func handle(_ event: InputEvent) -> ControllerOutcome
    /// What may wake the loop while nobody types; asked before every wait.
    var idleWake: IdleWake { get }
    /// Called when one of ``IdleWake/descriptors`` became readable or its timeout passed
    /// (notices other processes' changes).
    func idleTick()
    /// Called for SIGHUP, SIGTERM and SIGINT: keep what must be kept, then stop.
    func handle(_ signal: TerminalSignal) -> ControllerOutcome
    /// Repaints what changed into the canvas; returns nil when nothing did.
    func render() -> Canvas?
    /// The end of the controller's life: saves state and releases its observers.
    func finish()
}

/// The run loop: waits for terminal events without busy-waiting, hands them to the
/// controller, and presents what the controller repainted.

public final class Application {
    private let terminal: Terminal
    private let controller: ScreenController
    private var isLaidOut = false

    public init(terminal: Terminal, controller: ScreenController) {
        self.terminal = terminal
        self.controller = controller
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
            switch terminal.nextEvent(timeout: wake.timeout, watching: wake.descriptors) {
            case .input(.resize):
                controller.resize(to: terminal.size)
                terminal.invalidate()
                outcome = .proceed
            case .input(let event):
                outcome = controller.handle(event)
            case .tick:
                controller.idleTick()
                outcome = .proceed
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
                terminal.suspend()
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
