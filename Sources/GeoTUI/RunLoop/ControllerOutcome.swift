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
