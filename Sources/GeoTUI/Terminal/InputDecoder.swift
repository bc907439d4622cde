/// One unit of terminal input as the library hands it over: a character it did not
/// recognise as part of a key, or an event (a key, a mouse report, a resize) it did
/// decode.
enum InputUnit: Equatable, Sendable {
    case scalar(Unicode.Scalar)
    case event(InputEvent)

    /// A key the library decoded.
    static func key(_ key: Key) -> InputUnit { .event(.key(key)) }
}

/// Turns the input ncurses leaves undecoded into ``InputEvent`` values: Alt-prefixed keys,
/// CSI and SS3 sequences that the terminfo entry does not list (xterm's `ESC [ H`,
/// `ESC [1;5D`), SGR and X10 mouse reports, control characters, and bracketed paste.
///
/// A pure state machine: the caller feeds units as they arrive and tells it when the
/// input has paused (nothing more immediately available) or timed out (nothing for
/// ``pendingWait``). It then takes finished events with ``nextEvent()``.
///
/// ```swift
/// var decoder = InputDecoder()
/// for scalar in "\u{1B}[1;5D".unicodeScalars { decoder.feed(.scalar(scalar)) }
/// decoder.nextEvent()   // .key(.wordLeft)
/// ```
struct InputDecoder {
    /// How long the caller should let the decoder wait for more input before it calls
    /// ``inputTimedOut()``.
    enum PendingWait: Equatable {
        /// Nothing is half decoded: wait as long as the caller likes.
        case none
        /// An escape sequence is incomplete: wait a short escape delay.
        case sequence
        /// A bracketed paste has begun and not ended: wait for its end, but not forever.
        case paste
    }

    private enum State: Equatable {
        case ground
        case escape
        case csi(String)
        case ss3
        case x10Mouse([UInt32])
        case paste
    }

    /// The most characters a paste keeps; the rest of a larger one is dropped (but
    /// still read, so the terminal stays in step).
    static let pasteLimit = 4 << 20

    private var state = State.ground
    /// A character whose bytes are arriving (``feed(byte:)``).
    private var utf8 = UTF8Assembler()
    /// Scalars of a grapheme cluster that further input may still extend (a letter
    /// followed by a combining mark, an emoji followed by a modifier or a joiner).
    private var pendingCharacter = ""
    private var pasted = String.UnicodeScalarView()
    private var pastedCount = 0
    /// How much of the paste terminator `ESC [ 2 0 1 ~` has been seen.
    private var terminatorMatched = 0
    private var output: [InputEvent] = []
    /// Where the mouse button went down, until it comes up again.
    private var lastPress: Point?
    private var outputStart = 0

    private static let pasteTerminator: [Unicode.Scalar] = ["\u{1B}", "[", "2", "0", "1", "~"]

    /// True between a bracketed paste's start and its end.
    var isInPaste: Bool { state == .paste }

    /// How long to wait for more input before calling ``inputTimedOut()``.
    var pendingWait: PendingWait {
        switch state {
        case .ground, .escape: utf8.isPending ? .sequence : .none
        case .csi, .ss3, .x10Mouse: .sequence
        case .paste: .paste
        }
    }

    /// True when an event is ready for ``nextEvent()``.
    var hasEvent: Bool { outputStart < output.count }

    /// The next decoded event, oldest first.
    mutating func nextEvent() -> InputEvent? {
        guard outputStart < output.count else { return nil }
        let event = output[outputStart]
        outputStart += 1
        if outputStart == output.count {
            output.removeAll(keepingCapacity: true)
            outputStart = 0
        }
        return event
    }

    /// Takes one unit of input.
    mutating func feed(_ unit: InputUnit) {
        switch unit {
        case .scalar(let scalar):
            if let broken = utf8.flush() { feed(broken) }
            feed(scalar)
        case .event(let event):
            if let broken = utf8.flush() { feed(broken) }
            feed(event)
        }
    }

    /// Takes one byte of UTF-8 input, which may be part of a character (``UTF8Assembler``).
    mutating func feed(byte: UInt8) {
        let (broken, completed) = utf8.take(byte)
        if let broken { feed(broken) }
        if let completed { feed(completed) }
    }

    /// Nothing more is available right now: finishes what cannot continue.
    ///
    /// A lone ESC is an Esc key press here, because ncurses has already waited its
    /// escape delay before it handed the ESC over.
    mutating func inputPaused() {
        flushCharacter()
        if state == .escape {
            emit(.escape)
            state = .ground
        }
    }

    /// Nothing arrived for ``pendingWait``: gives up on an unfinished sequence, or
    /// ends a paste whose terminator never came with what it has.
    mutating func inputTimedOut() {
        if let broken = utf8.flush() { feed(broken) }
        flushCharacter()
        switch state {
        case .ground:
            break
        case .escape:
            emit(.escape)
        case .csi(let parameters):
            if parameters.isEmpty { emit(.alt("[")) }
        case .ss3:
            emit(.alt("O"))
        case .x10Mouse:
            break
        case .paste:
            for scalar in Self.pasteTerminator.prefix(terminatorMatched) { appendPasted(scalar) }
            finishPaste()
        }
        state = .ground
    }

    // MARK: - Events decoded by the library

    private mutating func feed(_ event: InputEvent) {
        switch state {
        case .paste:
            // A resize must not wait for the paste to end; anything else the library
            // decoded inside pasted text is not a key press.
            if event == .resize { emit(event) }
        case .escape:
            // ESC before a decoded key is Alt (or Meta) with it: Alt-Left and
            // Alt-Right are word moves, as in readline.
            state = .ground
            switch event {
            case .key(.left): emit(.wordLeft)
            case .key(.right): emit(.wordRight)
            default: emit(event)
            }
        case .csi, .ss3, .x10Mouse:
            state = .ground
            emit(event)
        case .ground:
            flushCharacter()
            emit(event)
        }
    }

    // MARK: - Characters

    private mutating func feed(_ scalar: Unicode.Scalar) {
        switch state {
        case .ground:
            ground(scalar)
        case .escape:
            escape(scalar)
        case .csi(let parameters):
            csi(parameters, scalar)
        case .ss3:
            state = .ground
            ss3(scalar)
        case .x10Mouse(let bytes):
            x10Mouse(bytes, scalar)
        case .paste:
            paste(scalar)
        }
    }

    private mutating func ground(_ scalar: Unicode.Scalar) {
        if let key = Self.controlKey(scalar) {
            flushCharacter()
            emit(key)
            return
        }
        switch scalar.value {
        case 0x1B:
            flushCharacter()
            state = .escape
        case 0x80..<0xA0:
            // C1 controls are never typed; drop them.
            flushCharacter()
        default:
            if !pendingCharacter.isEmpty {
                var joined = pendingCharacter
                joined.unicodeScalars.append(scalar)
                if joined.count == 1 {
                    pendingCharacter = joined
                    return
                }
                flushCharacter()
            }
            pendingCharacter.unicodeScalars.append(scalar)
        }
    }

    /// The key for a C0 control character or DEL (ESC excluded), or nil.
    static func controlKey(_ scalar: Unicode.Scalar) -> Key? {
        switch scalar.value {
        case 0x0D, 0x0A: .enter
        case 0x09: .tab
        case 0x08, 0x7F: .backspace
        case 0x00: .control("@")
        case 0x01...0x1A: .control(Character(Unicode.Scalar(UInt8(scalar.value + 0x60))))
        case 0x1C...0x1F: .control(Character(Unicode.Scalar(UInt8(scalar.value + 0x40))))
        default: nil
        }
    }

    private mutating func escape(_ scalar: Unicode.Scalar) {
        switch scalar {
        case "[":
            state = .csi("")
        case "O":
            state = .ss3
        case "\u{1B}":
            emit(.escape)
        default:
            state = .ground
            if scalar.isControlCharacter {
                // Esc followed by a control key: two separate presses.
                emit(.escape)
                ground(scalar)
            } else {
                emit(.alt(Character(scalar)))
            }
        }
    }

    private mutating func csi(_ parameters: String, _ scalar: Unicode.Scalar) {
        switch scalar.value {
        case 0x20...0x3F:
            // Parameter and intermediate bytes; a sequence this long is not a key.
            if parameters.utf8.count < 32 {
                state = .csi(parameters + String(scalar))
            } else {
                state = .ground
            }
        case 0x40...0x7E:
            state = .ground
            finishCSI(parameters, final: Character(scalar))
        default:
            // Not part of a sequence: drop what was collected and start again.
            state = .ground
            ground(scalar)
        }
    }

    private mutating func finishCSI(_ parameters: String, final: Character) {
        if parameters.hasPrefix("<") {
            if final == "M" || final == "m" { sgrMouse(parameters.dropFirst(), pressed: final == "M") }
            return
        }
        let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        let first = numbers.first.flatMap { $0 } ?? 1
        let modifier = numbers.count > 1 ? (numbers[1] ?? 1) : 1
        // xterm's modifier parameter is 1 + (1 Shift, 2 Alt, 4 Ctrl).
        let wordMove = (modifier - 1) & (2 | 4) != 0
        if let key = Self.letterKey(final, wordMove: wordMove) {
            emit(key)
            return
        }
        switch final {
        case "Z": emit(.backTab)
        case "M" where parameters.isEmpty:
            state = .x10Mouse([])
        case "~":
            if first == 200 {
                state = .paste
                pasted = String.UnicodeScalarView()
                pastedCount = 0
                terminatorMatched = 0
            } else if let key = Self.tildeKey(first) {
                emit(key)
            }
        default:
            // Focus reports, device status answers and the like: not keys.
            break
        }
    }

    /// The key a final letter names in both `ESC [ … X` and `ESC O X`: arrows (word
    /// moves when Ctrl or Alt is held), Home, End and F1 to F4.
    static func letterKey(_ final: Character, wordMove: Bool) -> Key? {
        switch final {
        case "A": .up
        case "B": .down
        case "C": wordMove ? .wordRight : .right
        case "D": wordMove ? .wordLeft : .left
        case "H": .home
        case "F": .end
        case "P": .function(1)
        case "Q": .function(2)
        case "R": .function(3)
        case "S": .function(4)
        default: nil
        }
    }

    /// The key for `ESC [ n ~`, as xterm, VT220 and the Linux console number them.
    static func tildeKey(_ number: Int) -> Key? {
        switch number {
        case 1, 7: .home
        case 2: .insert
        case 3: .delete
        case 4, 8: .end
        case 5: .pageUp
        case 6: .pageDown
        case 11...15: .function(number - 10)
        case 17...21: .function(number - 11)
        case 23, 24: .function(number - 12)
        default: nil
        }
    }

    private mutating func ss3(_ scalar: Unicode.Scalar) {
        if let key = Self.letterKey(Character(scalar), wordMove: false) {
            emit(key)
        } else if scalar == "M" {
            emit(.enter)
        }
    }

    /// `ESC [ < button ; column ; row M` (press) or `m` (release), both from 1.
    private mutating func sgrMouse(_ parameters: Substring, pressed: Bool) {
        let fields = parameters.split(separator: ";").compactMap { Int($0) }
        guard fields.count == 3 else { return }
        mouse(button: fields[0], x: fields[1] - 1, y: fields[2] - 1, pressed: pressed, isSGR: true)
    }

    /// `ESC [ M` then three bytes: button + 32, column + 33, row + 33.
    private mutating func x10Mouse(_ bytes: [UInt32], _ scalar: Unicode.Scalar) {
        let all = bytes + [scalar.value]
        guard all.count == 3 else {
            state = .x10Mouse(all)
            return
        }
        state = .ground
        let button = Int(all[0]) - 32
        mouse(button: button, x: Int(all[1]) - 33, y: Int(all[2]) - 33, pressed: button & 3 != 3,
              isSGR: false)
    }

    private mutating func mouse(button: Int, x: Int, y: Int, pressed: Bool, isSGR: Bool) {
        guard x >= 0, y >= 0, button & 32 == 0 else { return }  // motion reports are not events
        let position = Point(x: x, y: y)
        let plain = button & ~(4 | 8 | 16)  // Shift, Meta, Ctrl
        switch plain {
        case 64: emit(.mouse(MouseEvent(position: position, kind: .scrollUp)))
        case 65: emit(.mouse(MouseEvent(position: position, kind: .scrollDown)))
        case 0: emit(.mouse(MouseEvent(position: position, kind: pressed ? .press : .release)))
        case 3 where !isSGR: emit(.mouse(MouseEvent(position: position, kind: .release)))
        default: break
        }
    }

    // MARK: - Bracketed paste

    private mutating func paste(_ scalar: Unicode.Scalar) {
        let terminator = Self.pasteTerminator
        if scalar == terminator[terminatorMatched] {
            terminatorMatched += 1
            if terminatorMatched == terminator.count {
                finishPaste()
                state = .ground
            }
            return
        }
        // A false start: what matched so far was text after all.
        for earlier in terminator.prefix(terminatorMatched) { appendPasted(earlier) }
        terminatorMatched = 0
        if scalar == terminator[0] {
            terminatorMatched = 1
        } else {
            appendPasted(scalar)
        }
    }

    private mutating func appendPasted(_ scalar: Unicode.Scalar) {
        guard pastedCount < Self.pasteLimit else { return }
        pasted.append(scalar)
        pastedCount += 1
    }

    private mutating func finishPaste() {
        emit(.paste(String(pasted)))
        pasted = String.UnicodeScalarView()
        pastedCount = 0
        terminatorMatched = 0
    }

    // MARK: - Output

    private mutating func flushCharacter() {
        guard !pendingCharacter.isEmpty else { return }
        for character in pendingCharacter { emit(.character(character)) }
        pendingCharacter = ""
    }

    /// Queues a key.
    private mutating func emit(_ key: Key) { emit(.key(key)) }

    /// Queues an event. A button release where the button was pressed becomes a click:
    /// mouse reports come as presses and releases, and a click is what widgets act on.
    private mutating func emit(_ input: InputEvent) {
        guard case .mouse(var event) = input else {
            output.append(input)
            return
        }
        switch event.kind {
        case .press:
            lastPress = event.position
        case .release:
            if lastPress == event.position { event.kind = .click }
            lastPress = nil
        case .click, .scrollUp, .scrollDown:
            break
        }
        output.append(.mouse(event))
    }
}
