/// One thing that happened while the program waited for the terminal.
public enum TerminalEvent: Equatable, Sendable {
    /// A key, mouse event, paste or resize.
    case input(InputEvent)
    /// A signal that asks the program to stop (hang-up, terminate, interrupt).
    case signal(TerminalSignal)
    /// The wait timed out, or a watched descriptor became readable: time for the
    /// application to look at what it watches.
    case tick
}

/// A signal delivered to the program while the terminal is open.
///
/// SIGWINCH is not among them: it arrives as ``InputEvent/resize``. Ctrl-C and Ctrl-Z typed
/// in the terminal arrive as keys (`.control("c")`, `.control("z")`), because the
/// terminal is in raw mode; these cases are signals sent by other processes, or a
/// hang-up when the connection drops.
public enum TerminalSignal: Equatable, Sendable {
    /// SIGHUP, or the terminal's input was closed: the user is gone.
    case hangup
    /// SIGTERM.
    case terminate
    /// SIGINT sent from outside (`kill -INT`).
    case interrupt
}

/// How a suspension (Ctrl-Z) ended: ``Terminal/suspend()``.
public enum Suspension: Equatable, Sendable {
    /// Stopped, then continued in the foreground (`fg`): full screen again.
    case continued
    /// Not stopped: nothing above the program could continue it (no shell with job
    /// control: `sh -c`, `script`), so the kernel dropped the stop. Full screen again.
    case notStopped
    /// Continued in the background with a signal to end: the terminal is the shell's.
    case ended(TerminalSignal)
}
