import CNcurses
import CSystem
import Glibc

/// The terminal put back when the process dies of a signal the form does not handle
/// (SIGQUIT or SIGUSR1 from outside, a crash): the shell gets its modes back, leaves the
/// alternate screen and sees the cursor, rather than a raw terminal with the form still
/// on it (the C handler: `terminal_rescue.h`). Armed while the form is full screen.
extension Terminal {
    /// Arms the rescue with what leaves full-screen mode on this terminal: bracketed
    /// paste, mouse reports and the keypad's application mode off, attributes reset, the cursor shown, the alternate
    /// screen left (or the screen cleared, without one). Nothing when the output is no
    /// terminal (a headless screen).
    func armRescue() {
        guard var modes = shellModes, !isClosed else { return }
        var leave = pasteModeOff ?? ""
        if cn_string_capability("kmous") != nil {
            // The reports ncurses may have asked for: presses, drags and SGR's encoding.
            leave += "\u{1B}[?1000l\u{1B}[?1002l\u{1B}[?1006l"
        }
        for name in ["rmkx", "sgr0", "cnorm", "rmcup"] {
            if let capability = cn_string_capability(name) { leave += Self.withoutPadding(String(cString: capability)) }
        }
        if let clearOnClose { leave += clearOnClose }
        let bytes = Array(leave.utf8)
        _ = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { sys_rescue_arm(outputDescriptor, $0.baseAddress, $0.count, &modes) }
        }
    }

    /// Disarms the rescue: the terminal is the shell's again. Called from this file, as
    /// ``armRescue()`` is: the C state is a `static` of the header, so each object file
    /// that calls into it has a copy of its own (a debug build compiles a file at a time),
    /// and disarming another file's copy would leave this one armed.
    func disarmRescue() {
        sys_rescue_disarm()
    }
}
