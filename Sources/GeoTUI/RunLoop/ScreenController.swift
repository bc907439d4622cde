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
    /// (notices other processes' changes, takes over a store whose opening is done).
    func idleTick() -> ControllerOutcome
    /// Called for SIGHUP, SIGTERM and SIGINT: keep what must be kept, then stop.
    func handle(_ signal: TerminalSignal) -> ControllerOutcome
    /// Repaints what changed into the canvas; returns nil when nothing did.
    func render() -> Canvas?
    /// The end of the controller's life: saves state and releases its observers.
    func finish()
    /// Called once by the run loop before it starts: the terminal's input, for a
    /// controller whose model may wait a long time inside one call.
    func attach(_ input: WaitingInput)
    /// Called when a ``ControllerOutcome/suspend`` stopped nothing (no job control):
    /// the screen is full again, to be said why nothing happened.
    func couldNotSuspend()
}

extension ScreenController {
    /// A controller whose model never waits long ignores the input.
    public func attach(_ input: WaitingInput) {}

    /// A controller with nothing to say about it draws its screen again.
    public func couldNotSuspend() {}
}
