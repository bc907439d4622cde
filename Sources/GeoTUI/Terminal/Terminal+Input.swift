import CNcurses
import CSystem
import Glibc

/// Input: the wait in `poll`, keys and mouse reports read from ncurses, and the signals
/// and resizes that arrive as events.
extension Terminal {
    /// Waits in `poll` (never busy-waiting) until a key, a signal, one of the `watched`
    /// descriptors becoming readable, or the timeout, and returns one event; `nil` waits
    /// for ever. A watched descriptor or the timeout ends the wait as ``TerminalEvent/tick``.
    /// The corresponding ncurses call is `wgetch`.
    ///
    /// Keys ncurses decodes from terminfo arrive through `wgetch`; ``InputDecoder``
    /// handles what it leaves: Alt-prefixed keys, xterm sequences the entry lacks, SGR
    /// mouse reports and bracketed paste, which arrives as one ``InputEvent/paste(_:)``.
    /// SIGHUP, SIGTERM and SIGINT arrive as ``TerminalEvent/signal(_:)``, a closed input
    /// as `.signal(.hangup)`, and SIGWINCH as ``InputEvent/resize`` with ``size`` updated.
    /// `watchedForWriting` end the wait when writable. Events read ahead by
    /// ``readWaitingInput()`` come first, in the order they arrived.
    public func nextEvent(timeout: Duration?, watching watched: [Int32] = [],
                          watchingForWriting writable: [Int32] = []) -> TerminalEvent {
        let clock = ContinuousClock()
        let deadline = timeout.map { clock.now.advanced(by: $0) }
        guard !isClosed else {
            _ = EventWait.wait(input: -1, signals: -1, watched: watched, watchedForWriting: writable, timeout: timeout)
            return .tick
        }
        set_term(screen)
        while true {
            if !readAhead.isEmpty { return readAhead.removeFirst() }
            if !pendingSignals.isEmpty { return .signal(pendingSignals.removeFirst()) }
            if let event = decoder.nextEvent() { return .input(event) }
            if !inputClosed {
                if readUnit() {
                    inputReported = false
                    emptyReadsAfterReadable = 0
                    continue
                }
                if inputReported {
                    inputReported = false
                    emptyReadsAfterReadable += 1
                    if inputHangingUp || emptyReadsAfterReadable >= Self.emptyReadLimit {
                        closeInput()
                        continue
                    }
                }
            }
            decoder.inputPaused()
            if decoder.hasEvent { continue }
            let pending = decoder.pendingWait
            let wait: Duration? = switch pending {
            case .none: deadline.map { clock.now.duration(to: $0) }
            case .sequence: Self.escapeDelay
            case .paste: Self.pasteIdleLimit
            }
            // While an escape sequence or a paste is incomplete, the wait is its own
            // short one: the watched descriptors wait until it is decoded.
            switch EventWait.wait(input: inputClosed ? -1 : inputDescriptor, signals: signalReadDescriptor,
                                  watched: pending == .none ? watched : [],
                                  watchedForWriting: pending == .none ? writable : [], timeout: wait) {
            case .input:
                inputReported = true
                continue
            case .inputHangingUp:
                inputReported = true
                inputHangingUp = true
                continue
            case .inputClosed:
                closeInput()
            case .signal:
                handleSignals()
            case .watched:
                return .tick
            case .timeout:
                if pending != .none {
                    decoder.inputTimedOut()
                } else {
                    return .tick
                }
            }
        }
    }

    /// Reads, without waiting, every key and signal that has arrived, keeps them for
    /// ``nextEvent(timeout:watching:watchingForWriting:)`` (which hands them out first, in
    /// order) and returns them: for a caller blocked elsewhere (a round trip to a
    /// server) that must know whether the person asked to quit. An incomplete escape
    /// sequence stays in the decoder until the next wait completes it. A terminal left to
    /// the shell (``suspend()``) gives signals alone: a read from the background would
    /// stop the process (SIGTTIN).
    public func readWaitingInput() -> [TerminalEvent] {
        guard !isClosed else { return [] }
        set_term(screen)
        var signalPipe = pollfd(fd: signalReadDescriptor, events: Int16(POLLIN), revents: 0)
        if poll(&signalPipe, 1, 0) > 0 { handleSignals() }
        if !inputClosed, !isLeftToShell {
            var readAny = false
            while readUnit() { readAny = true }
            var input = pollfd(fd: inputDescriptor, events: Int16(POLLIN), revents: 0)
            if !readAny, poll(&input, 1, 0) > 0 {
                // Readable with nothing to read: the terminal has hung up.
                let state = EventWait.classify(revents: input.revents)
                if state == .inputClosed || state == .inputHangingUp { closeInput() }
            }
        }
        var arrived = pendingSignals.map { TerminalEvent.signal($0) }
        pendingSignals.removeAll()
        while let event = decoder.nextEvent() { arrived.append(.input(event)) }
        readAhead.append(contentsOf: arrived)
        return arrived
    }

    /// Stops waiting on an input that has ended or failed and reports it, once, as a
    /// hang-up: from now on only signals and timeouts wake ``nextEvent(timeout:)``.
    private func closeInput() {
        guard !inputClosed else { return }
        inputClosed = true
        enqueue(.hangup)
    }

    /// Reads one byte or key from ncurses without waiting; false when none is there. The
    /// decoder puts characters together from the bytes (``UTF8Assembler``).
    private func readUnit() -> Bool {
        let unit = wgetch(inputPad)
        if unit == ERR { return false }
        if unit >= KEY_MIN {
            handleKeyCode(unit)
        } else {
            decoder.feed(byte: UInt8(truncatingIfNeeded: unit))
        }
        return true
    }

    private func handleKeyCode(_ code: Int32) {
        switch code {
        case KEY_RESIZE:
            updateSize()
            decoder.feed(.event(.resize))
        case KEY_MOUSE:
            // One KEY_MOUSE stands for every report read in one go, and getmouse hands
            // them out newest first.
            var events: [MEVENT] = []
            var event = MEVENT()
            while events.count < 64, getmouse(&event) == OK { events.append(event) }
            for event in events.reversed() { mouse(event) }
        default:
            if decoder.isInPaste {
                feedBoundSequence(of: code)
            } else if let key = keyCodes.last(where: { $0.code == code })?.key {
                decoder.feed(.key(key))
            }
        }
    }

    /// Inside a bracketed paste, a sequence ncurses decoded as a key (`ESC O P` as F1) is
    /// text that was pasted: the bytes the terminal description binds to that key go to
    /// the decoder as the paste's own.
    private func feedBoundSequence(of code: Int32) {
        guard let bound = keybound(code, 0) else { return }
        defer { free(bound) }
        var next = bound
        while next.pointee != 0 {
            decoder.feed(byte: UInt8(bitPattern: next.pointee))
            next += 1
        }
    }

    /// Feeds one ncurses mouse event to the decoder as a ``MouseEvent``.
    private func mouse(_ event: MEVENT) {
        let position = Point(x: Int(event.x), y: Int(event.y))
        let state = event.bstate
        let kind: MouseEvent.Kind
        if state & CN_BUTTON1_PRESSED != 0 {
            kind = .press
        } else if state & CN_BUTTON1_RELEASED != 0 {
            kind = .release
        } else if state & (CN_BUTTON1_CLICKED | CN_BUTTON1_DOUBLE_CLICKED | CN_BUTTON1_TRIPLE_CLICKED) != 0 {
            kind = .click
        } else if state & CN_BUTTON4_PRESSED != 0 {
            kind = .scrollUp
        } else if state & CN_BUTTON5_PRESSED != 0 {
            kind = .scrollDown
        } else {
            return
        }
        decoder.feed(.event(.mouse(MouseEvent(position: position, kind: kind))))
    }

    /// Reads the signal pipe: stop signals are queued as events, SIGWINCH resizes.
    private func handleSignals() {
        for byte in EventWait.drain(signalReadDescriptor) {
            switch Int32(byte) {
            case SIGHUP: enqueue(.hangup)
            case SIGTERM: enqueue(.terminate)
            case SIGINT: enqueue(.interrupt)
            case SIGWINCH: followWindowSize()
            default: break
            }
        }
    }

    private func enqueue(_ signal: TerminalSignal) {
        if !pendingSignals.contains(signal) { pendingSignals.append(signal) }
    }

    /// Asks the kernel for the terminal's size and resizes ncurses to it, which queues
    /// a `KEY_RESIZE`. The corresponding ncurses call is `resizeterm`.
    func followWindowSize() {
        var rows: Int32 = 0
        var columns: Int32 = 0
        guard sys_window_size(outputDescriptor, &rows, &columns) == 0, rows > 0, columns > 0 else { return }
        if Int(rows) == size.height && Int(columns) == size.width {
            // Back to the same size, but the terminal may have reflowed the screen.
            decoder.feed(.event(.resize))
        } else {
            resizeterm(rows, columns)
        }
    }

    private func updateSize() {
        size = Size(width: Int(getmaxx(window)), height: Int(getmaxy(window)))
        presented = nil
    }

    /// Resizes the virtual screen of a headless terminal, as a window manager would a
    /// real one; the next ``nextEvent(timeout:watching:watchingForWriting:)`` delivers ``InputEvent/resize``. The
    /// corresponding ncurses call is `resizeterm`.
    public func resize(to newSize: Size) {
        guard !isClosed else { return }
        set_term(screen)
        resizeterm(Int32(max(1, newSize.height)), Int32(max(1, newSize.width)))
    }

    /// ncurses key codes and what they mean, including the extended keys terminfo may
    /// define (Ctrl- and Alt-arrows). The corresponding ncurses call is `key_defined`.
    static func makeKeyCodes() -> [(code: Int32, key: Key)] {
        // A list, searched from its end (a later entry wins), not a dictionary: a
        // dictionary keyed by a new type costs the Swift runtime a scan of every
        // protocol conformance in the program at its first use, and this table has
        // a few dozen entries, looked up only for keys that ncurses decoded
        // (docs/performance.md, issue 11).
        var codes: [(code: Int32, key: Key)] = [
            (KEY_UP, .up), (KEY_DOWN, .down), (KEY_LEFT, .left), (KEY_RIGHT, .right),
            (KEY_SR, .up), (KEY_SF, .down), (KEY_SLEFT, .left), (KEY_SRIGHT, .right),
            (KEY_HOME, .home), (KEY_END, .end), (KEY_SHOME, .home), (KEY_SEND, .end),
            (KEY_A1, .home), (KEY_C1, .end), (KEY_A3, .pageUp), (KEY_C3, .pageDown),
            (KEY_FIND, .home), (KEY_SELECT, .end),
            (KEY_PPAGE, .pageUp), (KEY_NPAGE, .pageDown),
            (KEY_DC, .delete), (KEY_SDC, .delete), (KEY_IC, .insert),
            (KEY_BACKSPACE, .backspace), (KEY_ENTER, .enter), (KEY_BTAB, .backTab),
            // A terminal whose entry names Ctrl-Z its suspend key (`kspd`: the Linux
            // console) has ncurses decode it so: it is Ctrl-Z all the same.
            (KEY_SUSPEND, .control("z")),
        ]
        for number in 1...12 { codes.append((cn_key_f(Int32(number)), .function(number))) }
        let extended: [(String, Key)] = [
            ("kLFT5", .wordLeft), ("kRIT5", .wordRight), ("kLFT3", .wordLeft), ("kRIT3", .wordRight),
            ("kUP5", .up), ("kDN5", .down), ("kUP3", .up), ("kDN3", .down),
            ("kHOM5", .home), ("kEND5", .end), ("kHOM3", .home), ("kEND3", .end),
            ("kDC5", .delete), ("kDC3", .delete),
        ]
        for (capability, key) in extended {
            guard let sequence = cn_string_capability(capability) else { continue }
            let code = key_defined(sequence)
            if code > 0 { codes.append((code, key)) }
        }
        return codes
    }
}
