import CNcurses
import CSystem

/// Suspension: the terminal given back to the shell for Ctrl-Z and taken again after `fg`.
extension Terminal {
    /// Gives the terminal back to the shell and stops the process (as Ctrl-Z would in a
    /// cooked terminal); returns after `fg`, back in full-screen mode with everything to
    /// be repainted by the next ``present(_:)``. The corresponding ncurses call is `endwin`.
    public func suspend() {
        guard !isClosed else { return }
        set_term(screen)
        leaveFullScreen()
        // As on closing: a terminal without an alternate screen would keep the form above the shell.
        if let clearOnClose { writeDirectly(clearOnClose) }
        sys_stop_until_continued()
        // Continued: the terminal may have changed size meanwhile.
        mousemask(mouseMask, nil)
        presented = nil
        clearok(cn_curscr(), true)
        // Hidden until the next present places it, as after open.
        curs_set(0)
        leaveok(window, true)
        doupdate()
        if let pasteModeOn { writeDirectly(pasteModeOn) }
        followWindowSize()
    }
}
