import CNcurses
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
public final class Terminal {
    /// The screen's size in cells, updated when a ``Key/resize`` is delivered. The
    /// corresponding ncurses calls are `getmaxx` and `getmaxy`.
    public private(set) var size: Size
    /// True when styles are shown in colour: the terminal has colours and `NO_COLOR`
    /// is not set. The corresponding ncurses call is `has_colors`.
    public let supportsColor: Bool

    private let screen: OpaquePointer
    private let window: UnsafeMutablePointer<WINDOW>
    /// A pad that only reads keys: reading from `stdscr` itself would make ncurses
    /// refresh it first whenever it was touched (after a resize, say).
    private let inputPad: UnsafeMutablePointer<WINDOW>
    private let inputFile: UnsafeMutablePointer<FILE>
    private let outputFile: UnsafeMutablePointer<FILE>
    private let inputDescriptor: Int32
    private let outputDescriptor: Int32
    private let signalReadDescriptor: Int32
    private let signalWriteDescriptor: Int32
    private let keyCodes: [Int32: Key]
    private let mouseMask: mmask_t
    private let pasteModeOn: String?
    private let pasteModeOff: String?
    private let usesDefaultColors: Bool

    private var decoder = InputDecoder()
    private var pendingSignals: [TerminalSignal] = []
    private var inputClosed = false
    /// Set when `poll` said the input was readable and nothing has been read since.
    private var inputReported = false
    /// Set when `poll` reported a hang-up with bytes still waiting.
    private var inputHangingUp = false
    /// Reads in a row that found nothing although `poll` had just said the input was
    /// readable: end of file, read again and again (a regular file, or a terminal
    /// whose other side closed).
    private var emptyReadsAfterReadable = 0
    /// Empty reads after a readable `poll` that mean the input has ended. More than one,
    /// because ncurses may consume part of a character and return nothing; a byte that
    /// completes it resets the count.
    static let emptyReadLimit = 16
    private var presented: Canvas?
    private var cursorVisible = false
    private var styleCache: [Style: (attributes: attr_t, pair: Int16)] = [:]
    private var colorPairs: ColorPairTable
    private var characterBuffer = UnsafeMutablePointer<wchar_t>.allocate(capacity: 8)
    private var isClosed = false

    /// How long an unfinished escape sequence may wait for its next byte.
    static let escapeDelay: Duration = .milliseconds(25)
    /// How long a bracketed paste may pause before it is taken as ended.
    static let pasteIdleLimit: Duration = .seconds(1)

    // MARK: - Opening

    /// Opens the terminal on standard input and output, after checking that they are a
    /// terminal that terminfo can drive; nothing is written before the checks pass.
    ///
    /// Then it sets a UTF-8 locale, starts ncurses (`newterm`) in raw mode without echo,
    /// with keypad decoding, a 25 ms escape delay, mouse clicks and wheel (SGR reports
    /// where terminfo knows them), bracketed paste, and colours when the terminal has
    /// them and `NO_COLOR` is not set. The corresponding ncurses call is `newterm`.
    public static func open(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(TerminalError) -> Terminal {
        let name = try TerminalRequirements.check(
            environment: environment,
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
                         colorRefused: TerminalRequirements.colorIsRefused(in: environment),
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
        guard cn_make_pipe(&ends, 0) == 0 else { throw .systemCallFailed("pipe", errno: errno) }
        // Room for a large paste written in one go (best effort; the default is 64 KiB).
        cn_grow_pipe(ends[1], 1 << 20)
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
        guard cn_make_pipe(&signalEnds, 1) == 0 else {
            let code = errno
            fclose(inputFile)
            fclose(outputFile)
            throw .systemCallFailed("pipe", errno: code)
        }
        // Installed before newterm, so ncurses leaves SIGINT, SIGTERM and SIGWINCH to us.
        cn_signals_install(signalEnds[1])
        guard let screen = newterm(name, outputFile, inputFile) else {
            cn_signals_restore()
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
        return Terminal(screen: screen, inputFile: inputFile, outputFile: outputFile,
                        signalEnds: (signalEnds[0], signalEnds[1]), colorRefused: colorRefused)
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

        raw()
        noecho()
        nonl()
        typeahead(-1)
        set_escdelay(Int32(Self.escapeDelay.components.attoseconds / 1_000_000_000_000_000))
        for target in [window, inputPad] {
            keypad(target, true)
            meta(target, true)
            intrflush(target, false)
        }
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
        pasteModeOn = cn_string_capability("BE").map { String(cString: $0) }
        pasteModeOff = cn_string_capability("BD").map { String(cString: $0) }
        curs_set(0)
        leaveok(window, true)
        size = Size(width: Int(getmaxx(window)), height: Int(getmaxy(window)))
        doupdate()
        if let pasteModeOn { writeDirectly(pasteModeOn) }
    }

    deinit {
        close()
        characterBuffer.deallocate()
    }

    /// ncurses key codes and what they mean, including the extended keys terminfo may
    /// define (Ctrl- and Alt-arrows). The corresponding ncurses call is `key_defined`.
    private static func makeKeyCodes() -> [Int32: Key] {
        var codes: [Int32: Key] = [
            KEY_UP: .up, KEY_DOWN: .down, KEY_LEFT: .left, KEY_RIGHT: .right,
            KEY_SR: .up, KEY_SF: .down, KEY_SLEFT: .left, KEY_SRIGHT: .right,
            KEY_HOME: .home, KEY_END: .end, KEY_SHOME: .home, KEY_SEND: .end,
            KEY_A1: .home, KEY_C1: .end, KEY_A3: .pageUp, KEY_C3: .pageDown,
            KEY_FIND: .home, KEY_SELECT: .end,
            KEY_PPAGE: .pageUp, KEY_NPAGE: .pageDown,
            KEY_DC: .delete, KEY_SDC: .delete, KEY_IC: .insert,
            KEY_BACKSPACE: .backspace, KEY_ENTER: .enter, KEY_BTAB: .backTab,
        ]
        for number in 1...12 { codes[cn_key_f(Int32(number))] = .function(number) }
        let extended: [(String, Key)] = [
            ("kLFT5", .wordLeft), ("kRIT5", .wordRight), ("kLFT3", .wordLeft), ("kRIT3", .wordRight),
            ("kUP5", .up), ("kDN5", .down), ("kUP3", .up), ("kDN3", .down),
            ("kHOM5", .home), ("kEND5", .end), ("kHOM3", .home), ("kEND3", .end),
            ("kDC5", .delete), ("kDC3", .delete),
        ]
        for (capability, key) in extended {
            guard let sequence = cn_string_capability(capability) else { continue }
            let code = key_defined(sequence)
            if code > 0 { codes[code] = key }
        }
        return codes
    }

    // MARK: - Output

    /// Copies `canvas` to the screen, writing only the cells that differ from the last
    /// presented canvas, places (or hides) the cursor and updates the terminal once.
    ///
    /// Colours are dropped when ``supportsColor`` is false; attributes are kept. The
    /// corresponding ncurses calls are `mvwadd_wch` and `doupdate`.
    public func present(_ canvas: Canvas) {
        guard !isClosed else { return }
        set_term(screen)
        if presented == nil || presented?.size != canvas.size {
            // Cells the canvas does not cover must not keep old text. This only changes
            // ncurses' copy; the terminal gets the differences.
            werase(window)
            presented = nil
        }
        var cell = cchar_t()
        for run in ScreenDiff.changedRuns(from: presented, to: canvas, within: size) {
            for x in run.columns {
                draw(canvas, x: x, y: run.y, into: &cell)
            }
        }
        if let cursor = canvas.cursor, cursor.x >= 0, cursor.y >= 0,
           cursor.x < min(size.width, canvas.size.width), cursor.y < min(size.height, canvas.size.height) {
            if !cursorVisible {
                curs_set(1)
                leaveok(window, false)
                cursorVisible = true
            }
            wmove(window, Int32(cursor.y), Int32(cursor.x))
        } else if cursorVisible {
            curs_set(0)
            leaveok(window, true)
            cursorVisible = false
        }
        wnoutrefresh(window)
        doupdate()
        presented = canvas
    }

    /// Writes one canvas cell into ncurses' copy of the screen.
    private func draw(_ canvas: Canvas, x: Int, y: Int, into cell: inout cchar_t) {
        let source = canvas[x, y]
        let (attributes, pair) = resolved(source.style)
        guard let character = source.character else {
            // The right half of a wide character: ncurses filled it with the left half.
            // Only a right half without its left half gets a blank of its own.
            if x == 0 || !isDoubleWidth(canvas[x - 1, y].character) {
                put(" ", attributes: attributes, pair: pair, x: x, y: y, cell: &cell)
            }
            return
        }
        let continued = x + 1 < canvas.size.width && canvas[x + 1, y].isContinuation
        put(character.displayed, attributes: attributes, pair: pair, x: x, y: y,
            wide: continued, cell: &cell)
    }

    /// True when ncurses will give `character` two columns.
    private func isDoubleWidth(_ character: Character?) -> Bool {
        guard let first = character?.displayed.unicodeScalars.first else { return false }
        return wcwidth(wchar_t(bitPattern: first.value)) == 2
    }

    /// Puts one character at a cell: its first scalar and the zero-width ones after it.
    /// A character whose width ncurses sees differently from the canvas is replaced, so
    /// the columns after it never shift.
    private func put(_ character: Character, attributes: attr_t, pair: Int16, x: Int, y: Int,
                     wide: Bool = false, cell: inout cchar_t) {
        var count = 0
        var width: Int32 = 0
        for scalar in character.unicodeScalars {
            let scalarWidth = wcwidth(wchar_t(bitPattern: scalar.value))
            if count == 0 {
                width = scalarWidth
            } else if scalarWidth != 0 || count == 5 {
                break
            }
            characterBuffer[count] = wchar_t(bitPattern: scalar.value)
            count += 1
        }
        if width < 1 || (width == 2 && !wide) {
            characterBuffer[0] = wchar_t(0xFFFD)
            count = 1
            width = 1
        }
        characterBuffer[count] = 0
        if cn_setcchar(&cell, characterBuffer, attributes, pair) != OK {
            characterBuffer[0] = wchar_t(0xFFFD)
            characterBuffer[1] = 0
            cn_setcchar(&cell, characterBuffer, attributes, pair)
            width = 1
        }
        mvwadd_wch(window, Int32(y), Int32(x), &cell)
        if wide && width == 1 {
            // The canvas keeps two columns (a flag, an emoji made wide by U+FE0F) that
            // the C library counts as one: blank the second so nothing stale shows.
            characterBuffer[0] = 0x20
            characterBuffer[1] = 0
            cn_setcchar(&cell, characterBuffer, attributes, pair)
            mvwadd_wch(window, Int32(y), Int32(x + 1), &cell)
        }
    }

    /// A style as ncurses attributes and a colour pair, defining the pair on first use.
    /// The corresponding ncurses call is `init_pair`.
    private func resolved(_ style: Style) -> (attributes: attr_t, pair: Int16) {
        if let known = styleCache[style] { return known }
        let shown = TerminalStyle(style, colorEnabled: supportsColor)
        var attributes = CN_A_NORMAL
        if shown.attributes.contains(.bold) { attributes |= CN_A_BOLD }
        if shown.attributes.contains(.reverse) { attributes |= CN_A_REVERSE }
        if shown.attributes.contains(.underline) { attributes |= CN_A_UNDERLINE }
        if shown.attributes.contains(.dim) { attributes |= CN_A_DIM }
        var pair: Int16 = 0
        if shown.hasColor, let (number, isNew) = colorPairs.pair(foreground: shown.foreground,
                                                                   background: shown.background) {
            pair = Int16(number)
            if isNew {
                let fallback = (foreground: Int16(COLOR_WHITE), background: Int16(COLOR_BLACK))
                let foreground = shown.foreground.map { Int16($0.rawValue) }
                    ?? (usesDefaultColors ? -1 : fallback.foreground)
                let background = shown.background.map { Int16($0.rawValue) }
                    ?? (usesDefaultColors ? -1 : fallback.background)
                init_pair(pair, foreground, background)
            }
        }
        styleCache[style] = (attributes, pair)
        return (attributes, pair)
    }

    /// Forgets what was presented, so the next ``present(_:)`` writes every cell and the
    /// terminal is cleared and repainted (after a resize or a return from suspension).
    /// The corresponding ncurses call is `clearok`.
    public func invalidate() {
        guard !isClosed else { return }
        set_term(screen)
        presented = nil
        clearok(cn_curscr(), true)
    }

    // MARK: - Input

    /// Waits in `poll` (never busy-waiting) until a key, a signal or the timeout, and
    /// returns one event; `nil` waits for ever. The corresponding ncurses call is `wget_wch`.
    ///
    /// Keys ncurses decodes from terminfo arrive through `wget_wch`; ``InputDecoder``
    /// handles what it leaves: Alt-prefixed keys, xterm sequences the entry lacks, SGR
    /// mouse reports and bracketed paste, which arrives as one ``Key/paste(_:)``.
    /// SIGHUP, SIGTERM and SIGINT arrive as ``TerminalEvent/signal(_:)``, a closed input
    /// as `.signal(.hangup)`, and SIGWINCH as ``Key/resize`` with ``size`` updated.
    public func nextEvent(timeout: Duration?) -> TerminalEvent {
        let clock = ContinuousClock()
        let deadline = timeout.map { clock.now.advanced(by: $0) }
        guard !isClosed else {
            _ = EventWait.wait(input: -1, signals: -1, timeout: timeout)
            return .tick
        }
        set_term(screen)
        while true {
            if !pendingSignals.isEmpty { return .signal(pendingSignals.removeFirst()) }
            if let key = decoder.nextKey() { return .key(key) }
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
            if decoder.hasKey { continue }
            let pending = decoder.pendingWait
            let wait: Duration? = switch pending {
            case .none: deadline.map { clock.now.duration(to: $0) }
            case .sequence: Self.escapeDelay
            case .paste: Self.pasteIdleLimit
            }
            switch EventWait.wait(input: inputClosed ? -1 : inputDescriptor, signals: signalReadDescriptor,
                                  timeout: wait) {
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
            case .timeout:
                if pending != .none {
                    decoder.inputTimedOut()
                } else {
                    return .tick
                }
            }
        }
    }

    /// Stops waiting on an input that has ended or failed and reports it, once, as a
    /// hang-up: from now on only signals and timeouts wake ``nextEvent(timeout:)``.
    private func closeInput() {
        guard !inputClosed else { return }
        inputClosed = true
        enqueue(.hangup)
    }

    /// Reads one character or key from ncurses without waiting; false when none is there.
    private func readUnit() -> Bool {
        var character: wint_t = 0
        switch wget_wch(inputPad, &character) {
        case OK:
            decoder.feed(.scalar(Unicode.Scalar(UInt32(character)) ?? "\u{FFFD}"))
            return true
        case KEY_CODE_YES:
            handleKeyCode(Int32(bitPattern: character))
            return true
        default:
            return false
        }
    }

    private func handleKeyCode(_ code: Int32) {
        switch code {
        case KEY_RESIZE:
            updateSize()
            decoder.feed(.key(.resize))
        case KEY_MOUSE:
            // One KEY_MOUSE stands for every report read in one go, and getmouse hands
            // them out newest first.
            var events: [MEVENT] = []
            var event = MEVENT()
            while events.count < 64, getmouse(&event) == OK { events.append(event) }
            for event in events.reversed() { mouse(event) }
        default:
            if let key = keyCodes[code] { decoder.feed(.key(key)) }
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
        decoder.feed(.key(.mouse(MouseEvent(position: position, kind: kind))))
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
    private func followWindowSize() {
        var rows: Int32 = 0
        var columns: Int32 = 0
        guard cn_window_size(outputDescriptor, &rows, &columns) == 0, rows > 0, columns > 0 else { return }
        if Int(rows) == size.height && Int(columns) == size.width {
            // Back to the same size, but the terminal may have reflowed the screen.
            decoder.feed(.key(.resize))
        } else {
            resizeterm(rows, columns)
        }
    }

    private func updateSize() {
        size = Size(width: Int(getmaxx(window)), height: Int(getmaxy(window)))
        presented = nil
    }

    /// Resizes the virtual screen of a headless terminal, as a window manager would a
    /// real one; the next ``nextEvent(timeout:)`` delivers ``Key/resize``. The
    /// corresponding ncurses call is `resizeterm`.
    public func resize(to newSize: Size) {
        guard !isClosed else { return }
        set_term(screen)
        resizeterm(Int32(max(1, newSize.height)), Int32(max(1, newSize.width)))
    }

    // MARK: - Suspend and close

    /// Gives the terminal back to the shell and stops the process (as Ctrl-Z would in a
    /// cooked terminal); returns after `fg`, back in full-screen mode with everything to
    /// be repainted by the next ``present(_:)``. The corresponding ncurses call is `endwin`.
    public func suspend() {
        guard !isClosed else { return }
        set_term(screen)
        leaveFullScreen()
        cn_stop_until_continued()
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

    /// Restores the terminal: bracketed paste and mouse reports off, cursor visible,
    /// ncurses ended and its screen freed, signal handling put back. Safe to call more
    /// than once and after a hang-up. The corresponding ncurses calls are `endwin` and
    /// `delscreen`.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        set_term(screen)
        leaveFullScreen()
        delwin(inputPad)
        delscreen(screen)
        fclose(outputFile)
        fclose(inputFile)
        cn_signals_restore()
        Glibc.close(signalReadDescriptor)
        Glibc.close(signalWriteDescriptor)
    }

    /// Turns off what the program turned on, then leaves curses mode (flushing output).
    private func leaveFullScreen() {
        mousemask(0, nil)
        curs_set(1)
        cursorVisible = false
        leaveok(window, true)
        endwin()
        if let pasteModeOff { writeDirectly(pasteModeOff) }
    }

    /// Writes a mode-setting sequence straight to the terminal, after what ncurses has
    /// written: `putp` would go to the process's standard output, not this screen's.
    private func writeDirectly(_ sequence: String) {
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

    // MARK: - Reading the screen back (tests)

    /// The text of row `y` as ncurses holds it, a wide character once (for tests).
    /// The corresponding ncurses call is `mvwin_wchnstr`.
    func screenRow(_ y: Int) -> String {
        set_term(screen)
        let width = Int(getmaxx(window))
        let cells = UnsafeMutablePointer<cchar_t>.allocate(capacity: width + 1)
        defer { cells.deallocate() }
        cells.initialize(repeating: cchar_t(), count: width + 1)
        let savedY = getcury(window), savedX = getcurx(window)
        let count = mvwin_wchnstr(window, Int32(y), 0, cells, Int32(width))
        wmove(window, savedY, savedX)
        guard count != ERR else { return "" }
        var row = ""
        var text = [wchar_t](repeating: 0, count: 8)
        var attributes: attr_t = 0
        var pair: Int16 = 0
        for index in 0..<width {
            guard cn_getcchar(cells + index, &text, &attributes, &pair) != ERR else { break }
            guard text[0] != 0 else { break }
            for value in text.prefix(while: { $0 != 0 }) {
                row.unicodeScalars.append(Unicode.Scalar(UInt32(bitPattern: value)) ?? "\u{FFFD}")
            }
        }
        return row
    }

    /// The whole screen as ncurses holds it, rows joined by newlines, trailing spaces
    /// removed (for tests).
    var screenText: String {
        (0..<size.height).map { y in
            var row = Substring(screenRow(y))
            while row.last == " " { row = row.dropLast() }
            return String(row)
        }.joined(separator: "\n")
    }

    /// The attributes and colour pair ncurses holds for the cell at `point` (for tests).
    /// The corresponding ncurses call is `mvwin_wch`.
    func cellLook(at point: Point) -> (attributes: Style.Attributes, colorPair: Int) {
        set_term(screen)
        var cell = cchar_t()
        let savedY = getcury(window), savedX = getcurx(window)
        mvwin_wch(window, Int32(point.y), Int32(point.x), &cell)
        wmove(window, savedY, savedX)
        var text = [wchar_t](repeating: 0, count: 8)
        var attributes: attr_t = 0
        var pair: Int16 = 0
        cn_getcchar(&cell, &text, &attributes, &pair)
        var shown: Style.Attributes = []
        if attributes & CN_A_BOLD != 0 { shown.insert(.bold) }
        if attributes & CN_A_REVERSE != 0 { shown.insert(.reverse) }
        if attributes & CN_A_UNDERLINE != 0 { shown.insert(.underline) }
        if attributes & CN_A_DIM != 0 { shown.insert(.dim) }
        return (shown, Int(pair))
    }

    /// Where ncurses' cursor is and whether it is shown (for tests).
    var cursorState: (position: Point, isVisible: Bool) {
        (Point(x: Int(getcurx(window)), y: Int(getcury(window))), cursorVisible)
    }
}
