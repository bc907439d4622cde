import CNcurses
import CSystem
import Glibc

/// Suspension: the terminal given back to the shell for Ctrl-Z and taken again after `fg`.
extension Terminal {
    /// Gives the terminal back to the shell and stops the process (as Ctrl-Z would in a
    /// cooked terminal); returns ``Suspension/continued`` after `fg`, back in full-screen
    /// mode with everything to be repainted by the next ``present(_:)``, or
    /// ``Suspension/notStopped``, the same, when nothing could have continued it. The
    /// corresponding ncurses call is `endwin`.
    ///
    /// Continued in the background (`bg`), it stops again: the shell has the terminal.
    /// Continued there with a signal to end (`kill %1` sends SIGTERM and SIGCONT, a shell
    /// that exits SIGHUP), it returns that signal and leaves the terminal to the shell as
    /// it is: nothing more is written to it (``isLeftToShell``), not even on closing.
    @discardableResult
    public func suspend() -> Suspension {
        guard !isClosed else { return .continued }
        set_term(screen)
        leaveFullScreen()
        // As on closing: a terminal without an alternate screen would keep the form above the shell.
        if let clearOnClose { writeDirectly(clearOnClose) }
        var stopped = true
        while true {
            guard sys_stop_until_continued() != 0 else {
                stopped = false
                break
            }
            let group = tcgetpgrp(outputDescriptor)
            if group < 0 || group == getpgrp() { break }
            // In the background: the signal sent with SIGCONT is on the signal pipe, or will
            // be in a moment (another thread may handle it). A resize needs nothing now.
            var signals = pollfd(fd: signalReadDescriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&signals, 1, 200)
            let ending = EventWait.drain(signalReadDescriptor).lazy.compactMap { byte -> TerminalSignal? in
                switch Int32(byte) {
                case SIGHUP: .hangup
                case SIGTERM: .terminate
                case SIGINT: .interrupt
                default: nil
                }
            }.first
            guard let ending else { continue }
            isLeftToShell = true
            return .ended(ending)
        }
        // Continued: the terminal may have changed size meanwhile.
        mousemask(mouseMask, nil)
        presented = nil
        clearok(cn_curscr(), true)
        // Hidden until the next present places it, as after open.
        curs_set(0)
        leaveok(window, true)
        doupdate()
        if let pasteModeOn { writeDirectly(pasteModeOn) }
        armRescue()
        followWindowSize()
        return stopped ? .continued : .notStopped
    }
}
