/// The terminal's input as seen from inside a long call: the descriptors that become
/// readable when a key or a signal arrives, and a way to read what arrived without
/// losing it (the run loop still handles every event afterwards, in order).
///
/// The run loop gives it to its controller (``ScreenController/attach(_:)``), which may
/// hand a model something to watch while it waits (a store's round trip), so that ^Q,
/// a resize or SIGTERM cut the wait short.
public final class WaitingInput {
    /// The terminal's input and its signal pipe.
    public let descriptors: [Int32]
    private let readEvents: () -> [TerminalEvent]
    private let unanswered: () -> Bool
    private let showCanvas: (Canvas) -> Void

    /// Reads through `terminal` (``Terminal/readWaitingInput()``) and shows on it.
    public convenience init(_ terminal: Terminal) {
        self.init(descriptors: [terminal.inputDescriptor, terminal.signalReadDescriptor],
                  read: { [weak terminal] in terminal?.readWaitingInput() ?? [] },
                  unanswered: { [weak terminal] in terminal.map { !$0.readAhead.isEmpty } ?? false },
                  show: { [weak terminal] canvas in
                      guard let terminal, !terminal.isLeftToShell else { return }
                      terminal.present(canvas)
                  })
    }

    /// Watches `descriptors` and reads with `read` (a test's own source); `unanswered`
    /// says whether events read wait for the run loop; `show` puts a canvas on the screen.
    public init(descriptors: [Int32], read: @escaping () -> [TerminalEvent], unanswered: @escaping () -> Bool = { false },
                show: @escaping (Canvas) -> Void = { _ in }) {
        self.descriptors = descriptors
        readEvents = read
        self.unanswered = unanswered
        showCanvas = show
    }

    /// Shows `canvas` at once, from inside the long call (a note that it waits); nothing
    /// once the terminal is closed or left to the shell.
    public func show(_ canvas: Canvas) { showCanvas(canvas) }

    /// The events that arrived since the last look, never waiting; the run loop is
    /// handed them too, after the call that looked returns.
    public func read() -> [TerminalEvent] { readEvents() }

    /// Whether events read (by ``read()`` or before) still wait for the run loop to
    /// answer them.
    public var hasUnanswered: Bool { unanswered() }
}
