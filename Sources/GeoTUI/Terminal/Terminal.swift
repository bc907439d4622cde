import CNcurses
import CSystem
import Foundation
import Glibc

/// The full-screen terminal: the one place in GeoTUI that calls ncurses.
///
/// It checks the terminal before touching it, puts it into raw full-screen mode,
/// copies ``Canvas`` contents to the screen writing only what changed, and turns
/// input, signals and resizes into ``TerminalEvent`` values. Everything else in the
/// program sees only canvases, keys and events.
///
/// ```swift
/// let terminal = try Terminal.open()
/// defer { terminal.close() }
/// var canvas = Canvas(size: terminal.size)
/// canvas.put("Hello", at: Point(x: 0, y: 0))
/// terminal.present(canvas)
/// while case .key(let key) = terminal.nextEvent(timeout: .seconds(1)), key != .control("q") {}
/// ```
///
/// ncurses keeps its state in process globals: use one terminal at a time, from one thread.
///
/// This file opens and closes it; the rest is in `Terminal+Output.swift` (presenting),
/// `Terminal+Input.swift` (events), `Terminal+Suspend.swift` (Ctrl-Z) and
/// `Terminal+ScreenReadBack.swift` (what tests read back).
public final class Terminal {
    /// The screen's size in cells, updated when a ``InputEvent/resize`` is delivered. The
    /// corresponding ncurses calls are `getmaxx` and `getmaxy`.
    public internal(set) var size: Size
    /// True when styles are shown in colour: the terminal has colours and `NO_COLOR`
    /// is not set. The corresponding ncurses call is `has_colors`.
    public let supportsColor: Bool

    // The members below are internal, not private, only so that the extensions in
    // Terminal+Output, +Input, +Suspend and +ScreenReadBack can reach them.

    let screen: OpaquePointer
    let window: UnsafeMutablePointer<WINDOW>
    /// A pad that only reads keys: reading from `stdscr` itself would make ncurses
    /// refresh it first whenever it was touched (after a resize, say).
    let inputPad: UnsafeMutablePointer<WINDOW>
    private let inputFile: UnsafeMutablePointer<FILE>
    private let outputFile: UnsafeMutablePointer<FILE>
    let inputDescriptor: Int32
    let outputDescriptor: Int32
    let signalReadDescriptor: Int32
    private let signalWriteDescriptor: Int32
    /// ncurses' key codes and the keys they are, a later entry overriding an earlier one.
    let keyCodes: [(code: Int32, key: Key)]
    let mouseMask: mmask_t
    let pasteModeOn: String?
    let pasteModeOff: String?
    /// What clears the screen on closing and on suspending, for a terminal without an
    /// alternate screen (no `smcup`: vt100, the Linux console), where the form would stay
    /// on it after quitting or above the shell's prompt after Ctrl-Z; nil where leaving
    /// the alternate screen puts back what was there.
    let clearOnClose: String?
    let usesDefaultColors: Bool
    var isClosed = false
    /// Set when the program was told to end while suspended in the background: the shell
    /// has the terminal, and nothing more is written to it (``suspend()``).
    var isLeftToShell = false
    /// The terminal's modes before ncurses started: what a signal the form does not
    /// handle puts back before the process dies (`Terminal+Rescue.swift`); nil when the
    /// output is no terminal.
    var shellModes: termios?

    // Input (Terminal+Input.swift).
    var decoder = InputDecoder()
    var pendingSignals: [TerminalSignal] = []
    /// Events ``readWaitingInput()`` read while the program was busy, handed out first.
    var readAhead: [TerminalEvent] = []
    var inputClosed = false
    /// Set when `poll` said the input was readable and nothing has been read since.
    var inputReported = false
    /// Set when `poll` reported a hang-up with bytes still waiting.
    var inputHangingUp = false
    /// Reads in a row that found nothing although `poll` had just said the input was
    /// readable: end of file, read again and again (a regular file, or a terminal
    /// whose other side closed).
    var emptyReadsAfterReadable = 0
    /// Empty reads after a readable `poll` that mean the input has ended. More than one,
    /// because ncurses may consume the start of a key's sequence and return nothing; a
    /// byte that completes it resets the count.
    static let emptyReadLimit = 16
    /// How long an unfinished escape sequence may wait for its next byte.
    static let escapeDelay: Duration = .milliseconds(25)
    /// How long a bracketed paste may pause before it is taken as ended.
    static let pasteIdleLimit: Duration = .seconds(1)

    // Output (Terminal+Output.swift).
    var presented: Canvas?
    var cursorVisible = false
    /// The styles met so far, as ncurses attributes and colour pairs: a short list,
    /// not a dictionary (see `Terminal+Output.swift`, `resolved`).
    var styleCache: [(style: Style, attributes: attr_t, pair: Int16)] = []
    /// The index in `styleCache` of the style resolved last: neighbouring cells
    /// mostly share one.
    var lastStyleIndex = 0
    var colorPairs: ColorPairTable
    var characterBuffer = UnsafeMutablePointer<wchar_t>.allocate(capacity: 8)

    // MARK: - Opening

    /// Opens the terminal on standard input and output, after checking that they are a
    /// terminal that terminfo can drive; nothing is written before the checks pass.
    ///
    /// Then it sets a UTF-8 locale, starts ncurses (`newterm`) in raw mode without echo,
    /// with keypad decoding, a 25 ms escape delay, mouse clicks and wheel (SGR reports
    /// where terminfo knows them), bracketed paste, and colours when the terminal has
    /// them and `NO_COLOR` is not set. The corresponding ncurses call is `newterm`.
    /// `TERM` and `NO_COLOR` come from `environment`, else from the process's own
    /// (``TerminalRequirements/processVariable(_:)``).
    public static func open(environment: [String: String]? = nil) throws(TerminalError) -> Terminal {
        let variable = { (name: String) in
            environment.map { $0[name] } ?? TerminalRequirements.processVariable(name)
        }
        let name = try TerminalRequirements.check(
            term: variable("TERM"),
            inputIsTerminal: isatty(STDIN_FILENO) == 1,
            outputIsTerminal: isatty(STDOUT_FILENO) == 1,
            probe: { probeTerminfo($0, descriptor: STDOUT_FILENO) })
        TerminalLocale.ensureUTF8()
        let input = fcntl(STDIN_FILENO, F_DUPFD_CLOEXEC, 3)
        guard input >= 0 else { throw .systemCallFailed("dup", errno: errno) }
        let output = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3)
        guard output >= 0 else {
            Glibc.close(input)
            throw .systemCallFailed("dup", errno: errno)
        }
        guard let inputFile = fdopen(input, "r"), let outputFile = fdopen(output, "w") else {
            let code = errno
            Glibc.close(input)
            Glibc.close(output)
            throw .systemCallFailed("fdopen", errno: code)
        }
        return try start(name: name, inputFile: inputFile, outputFile: outputFile,
                         colorRefused: TerminalRequirements.colorIsRefused(noColor: variable("NO_COLOR")),
                         size: nil)
    }

    /// Opens a terminal with no real terminal behind it, for tests: ncurses writes its
    /// output to `outputPath` and reads its input from a pipe whose write end is returned.
    ///
    /// Write bytes to `input` as a terminal would send them (escape sequences must match
    /// the terminfo entry of `termName`); close it when done. The corresponding ncurses
    /// call is `newterm`.
    public static func headless(
        termName: String = "xterm-256color",
        size: Size = Size(width: 80, height: 24),
        outputPath: String = "/dev/null",
        environment: [String: String] = [:]
    ) throws(TerminalError) -> (terminal: Terminal, input: Int32) {
        var ends: [Int32] = [-1, -1]
        guard sys_make_pipe(&ends, 0) == 0 else { throw .systemCallFailed("pipe", errno: errno) }
        // Room for a large paste written in one go (best effort; the default is 64 KiB).
        sys_grow_pipe(ends[1], 1 << 20)
        do {
            let terminal = try headless(reading: ends[0], termName: termName, size: size,
                                        outputPath: outputPath, environment: environment)
            return (terminal, ends[1])
        } catch {
            Glibc.close(ends[1])
            throw error
        }
    }

    /// Opens a terminal with no real terminal behind it that reads its input from
    /// `descriptor` (a pipe, a pseudo-terminal, a file), which it takes over and closes.
    /// For tests of inputs that end or fail in different ways.
    static func headless(
        reading descriptor: Int32,
        termName: String = "xterm-256color",
        size: Size = Size(width: 80, height: 24),
        outputPath: String = "/dev/null",
        environment: [String: String] = [:]
    ) throws(TerminalError) -> Terminal {
        guard let outputFile = fopen(outputPath, "w") else {
            let code = errno
            Glibc.close(descriptor)
            throw .systemCallFailed("fopen \(outputPath)", errno: code)
        }
        let outputDescriptor = fileno(outputFile)
        let probed: String
        do {
            probed = try TerminalRequirements.check(
                environment: ["TERM": termName], inputIsTerminal: true, outputIsTerminal: true,
                probe: { probeTerminfo($0, descriptor: outputDescriptor) })
        } catch {
            fclose(outputFile)
            Glibc.close(descriptor)
            throw error
        }
        TerminalLocale.ensureUTF8()
        guard let inputFile = fdopen(descriptor, "r") else {
            let code = errno
            fclose(outputFile)
            Glibc.close(descriptor)
            throw .systemCallFailed("fdopen", errno: code)
        }
        return try start(name: probed, inputFile: inputFile, outputFile: outputFile,
                         colorRefused: TerminalRequirements.colorIsRefused(in: environment),
                         size: size)
    }

    /// Looks `name` up in terminfo without writing to any terminal. The corresponding
    /// ncurses call is `setupterm`.
    static func probeTerminfo(_ name: String, descriptor: Int32) -> TerminfoProbe {
        switch Int(cn_probe_terminal(name, descriptor)) {
        case CN_PROBE_USABLE: .usable
        case CN_PROBE_NO_DATABASE: .noDatabase
        case CN_PROBE_NO_CURSOR_ADDRESSING: .noCursorAddressing
        case CN_PROBE_HARDCOPY: .hardcopy
        default: .unknown
        }
    }

    /// Starts ncurses on two open files; closes them if it cannot.
    private static func start(
        name: String, inputFile: UnsafeMutablePointer<FILE>, outputFile: UnsafeMutablePointer<FILE>,
        colorRefused: Bool, size requested: Size?
    ) throws(TerminalError) -> Terminal {
        var signalEnds: [Int32] = [-1, -1]
        guard sys_make_pipe(&signalEnds, 1) == 0 else {
            let code = errno
            fclose(inputFile)
            fclose(outputFile)
            throw .systemCallFailed("pipe", errno: code)
        }
        var modes = termios()
        let shellModes = tcgetattr(fileno(outputFile), &modes) == 0 ? modes : nil
        // Installed before newterm, so ncurses leaves SIGINT, SIGTERM and SIGWINCH to us.
        sys_signals_install(signalEnds[1])
        // The terminal's own size, not LINES and COLUMNS a shell exported for another.
        use_tioctl(true)
        guard let screen = newterm(name, outputFile, inputFile) else {
            sys_signals_restore()
            Glibc.close(signalEnds[0])
            Glibc.close(signalEnds[1])
            fclose(inputFile)
            fclose(outputFile)
            throw .startFailed(name)
        }
        set_term(screen)
        if let requested {
            // Headless: no terminal to ask; resize_term, unlike resizeterm, queues no KEY_RESIZE.
            resize_term(Int32(max(1, requested.height)), Int32(max(1, requested.width)))
        }
        let terminal = Terminal(screen: screen, inputFile: inputFile, outputFile: outputFile,
                                signalEnds: (signalEnds[0], signalEnds[1]), colorRefused: colorRefused)
        terminal.shellModes = shellModes
        terminal.armRescue()
        return terminal
    }

    private init(screen: OpaquePointer, inputFile: UnsafeMutablePointer<FILE>,
                 outputFile: UnsafeMutablePointer<FILE>, signalEnds: (Int32, Int32), colorRefused: Bool) {
        self.screen = screen
        self.inputFile = inputFile
        self.outputFile = outputFile
        inputDescriptor = fileno(inputFile)
        outputDescriptor = fileno(outputFile)
        signalReadDescriptor = signalEnds.0
        signalWriteDescriptor = signalEnds.1
        window = cn_stdscr()
        inputPad = newpad(1, 1)

        // Until endwin() has been called once, ncurses writes its output after every
        // cursor movement (it cannot tell a curses program from a low-level terminfo
        // one yet): every update went out in one write per jump of the cursor, each a
        // round trip through the pseudo-terminal or an SSH packet (docs/performance.md
        // has the counts). Leaving curses mode at once and coming back (the doupdate:
        // the alternate screen again, cleared) makes every later update one write.
        // Done before colours are started, so coming back does not reset the
        // terminal's palette (orig_colors). The modes are set first: the doupdate
        // restores them before its first byte, so no key can arrive before the
        // terminal is raw (a ^Q sent on seeing that byte was taken by the line
        // discipline as XON, and the form never saw it).
        raw()
        noecho()
        nonl()
        endwin()
        doupdate()
        typeahead(-1)
        set_escdelay(Int32(Self.escapeDelay.components.attoseconds / 1_000_000_000_000_000))
        // Keys are read from the input pad only, so only it asks for the keypad's codes;
        // each keypad() sends its sequence in a write of its own (a flush per call),
        // and the same sequence twice was one more round trip before the first paint.
        keypad(inputPad, true)
        meta(inputPad, true)
        intrflush(window, false)
        intrflush(inputPad, false)
        wtimeout(inputPad, 0)

        if has_colors() && !colorRefused {
            start_color()
            usesDefaultColors = use_default_colors() == OK
            supportsColor = true
        } else {
            usesDefaultColors = false
            supportsColor = false
        }
        colorPairs = ColorPairTable(capacity: supportsColor ? Int(cn_color_pairs()) : 0)

        mouseMask = CN_BUTTON1_PRESSED | CN_BUTTON1_RELEASED | CN_BUTTON4_PRESSED | CN_BUTTON5_PRESSED
        mousemask(mouseMask, nil)
        // No waiting for a release or a second click: presses and releases arrive as
        // they happen, and InputDecoder turns a release where the press was into a click.
        mouseinterval(0)

        keyCodes = Self.makeKeyCodes()
        // Where terminfo has no entry (screen, linux, vt100), xterm's: a terminal without
        // the mode ignores it, as it does from bash's readline, and one inside tmux gets
        // pasted text bracketed, its line breaks no Enter (no Add pressed by a paste).
        pasteModeOn = cn_string_capability("BE").map { String(cString: $0) } ?? "\u{1B}[?2004h"
        pasteModeOff = cn_string_capability("BD").map { String(cString: $0) } ?? "\u{1B}[?2004l"
        clearOnClose = cn_string_capability("smcup") != nil ? nil
            : cn_string_capability("clear").map { Self.withoutPadding(String(cString: $0)) }
        // Shown from the start: the form's first frame has the cursor in its first field,
        // so that present sends no cursor change of its own (each curs_set is a write of
        // its own, before the frame's). A frame without a cursor hides it.
        curs_set(1)
        leaveok(window, false)
        cursorVisible = true
        size = Size(width: Int(getmaxx(window)), height: Int(getmaxy(window)))
        // No further doupdate here: the first present draws the frame in one update.
        if let pasteModeOn { writeDirectly(pasteModeOn) }
    }

    deinit {
        close()
        characterBuffer.deallocate()
    }

    // MARK: - Closing

    /// Restores the terminal: bracketed paste and mouse reports off, cursor visible,
    /// ncurses ended and its screen freed, signal handling put back. Safe to call more
    /// than once and after a hang-up. The corresponding ncurses calls are `endwin` and
    /// `delscreen`.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        set_term(screen)
        if !isLeftToShell {
            leaveFullScreen()
            if let clearOnClose { writeDirectly(clearOnClose) }
        }
        delwin(inputPad)
        delscreen(screen)
        fclose(outputFile)
        fclose(inputFile)
        sys_signals_restore()
        Glibc.close(signalReadDescriptor)
        Glibc.close(signalWriteDescriptor)
    }

    /// Turns off what the program turned on, then leaves curses mode (flushing output).
    func leaveFullScreen() {
        disarmRescue()
        mousemask(0, nil)
        curs_set(1)
        cursorVisible = false
        leaveok(window, true)
        endwin()
        if let pasteModeOff { writeDirectly(pasteModeOff) }
    }

    /// `capability` without its padding delays (`$<50>`): they ask `tputs` to wait, and
    /// written directly they would be shown as text. The regular expression only where
    /// there is one: the rescue's sequences are made on the way to the first frame, and
    /// xterm's have none.
    static func withoutPadding(_ capability: String) -> String {
        guard capability.utf8.contains(UInt8(ascii: "<")) else { return capability }
        return capability.replacingOccurrences(of: #"\$<[0-9.]*[*/]*>"#, with: "", options: .regularExpression)
    }

    /// Writes a mode-setting sequence straight to the terminal, after what ncurses has
    /// written: `putp` would go to the process's standard output, not this screen's.
    func writeDirectly(_ sequence: String) {
        fflush(outputFile)
        let bytes = Array(sequence.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(outputDescriptor, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }  // a hung-up terminal: nothing to restore
            offset += written
        }
    }
}
