import CNcurses
import CSystem

/// Output: canvases copied to the screen cell by cell where they changed, and styles
/// turned into ncurses attributes and colour pairs.
extension Terminal {
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
            // ncurses' copy; the terminal gets the differences. What ncurses holds now
            // is blanks in the plain style, so only the cells that differ from a blank
            // canvas are written: a first paint skips every blank cell.
            werase(window)
            presented = Canvas(size: canvas.size)
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
            // The right half of a wide character: ncurses filled it with the left half
            // (a flag's second indicator was put there with the first). Only a right
            // half without its left half gets a blank of its own.
            if x == 0 || !isDoubleWidth(canvas[x - 1, y].character) {
                put(" ", attributes: attributes, pair: pair, x: x, y: y, cell: &cell)
            }
            return
        }
        let continued = x + 1 < canvas.size.width && canvas[x + 1, y].isContinuation
        put(character.displayed, attributes: attributes, pair: pair, x: x, y: y,
            wide: continued, cell: &cell)
    }

    /// True when drawing `character` fills two columns: ncurses gives it two, or it
    /// is a flag, whose second indicator ``put(_:attributes:pair:x:y:wide:cell:)``
    /// puts in the second.
    private func isDoubleWidth(_ character: Character?) -> Bool {
        guard let character, let first = character.displayed.unicodeScalars.first else { return false }
        return wcwidth(wchar_t(bitPattern: first.value)) == 2 || Self.secondRegionalIndicator(of: character) != nil
    }

    /// Puts one character at a cell: its first scalar and the zero-width ones after it.
    /// A character whose width ncurses sees differently from the canvas is replaced, so
    /// the columns after it never shift.
    private func put(_ character: Character, attributes: attr_t, pair: Int16, x: Int, y: Int,
                     wide: Bool = false, cell: inout cchar_t) {
        var (count, width): (Int, Int32)
        if let byte = character.printableASCIIByte {
            // Printable ASCII, most cells: one column, nothing to ask the C library.
            characterBuffer[0] = wchar_t(byte)
            (count, width) = (1, 1)
        } else {
            (count, width) = fillCharacterBuffer(with: character)
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
            // the C library counts as one. A flag's second regional indicator goes in
            // the second, so the terminal gets the pair side by side (drawn as the flag,
            // or as two letters, in two columns either way); otherwise it is blanked so
            // nothing stale shows.
            characterBuffer[0] = Self.secondRegionalIndicator(of: character) ?? 0x20
            characterBuffer[1] = 0
            cn_setcchar(&cell, characterBuffer, attributes, pair)
            mvwadd_wch(window, Int32(y), Int32(x + 1), &cell)
        }
    }

    /// The second scalar of a flag (two regional indicators, U+1F1E6 to U+1F1FF); nil
    /// for any other character.
    static func secondRegionalIndicator(of character: Character) -> wchar_t? {
        let scalars = character.unicodeScalars
        let indicators: ClosedRange<UInt32> = 0x1F1E6...0x1F1FF
        guard scalars.count == 2, let first = scalars.first, let second = scalars.last,
              indicators.contains(first.value), indicators.contains(second.value) else { return nil }
        return wchar_t(bitPattern: second.value)
    }

    /// Copies `character`'s first scalar and the zero-width ones after it (five at most,
    /// up to a zero-width joiner) into the character buffer; returns how many and the first one's `wcwidth`.
    private func fillCharacterBuffer(with character: Character) -> (count: Int, width: Int32) {
        var count = 0
        var width: Int32 = 0
        for scalar in character.unicodeScalars {
            let scalarWidth = wcwidth(wchar_t(bitPattern: scalar.value))
            if count == 0 {
                width = scalarWidth
            } else if scalarWidth != 0 || count == 5 || scalar.value == 0x200D {
                // A zero-width joiner ties the next scalar in, which is never sent
                // (it has a width): sent alone, it could tie in the next cell's.
                break
            }
            characterBuffer[count] = wchar_t(bitPattern: scalar.value)
            count += 1
        }
        return (count, width)
    }

    /// A style as ncurses attributes and a colour pair, defining the pair on first use.
    /// The corresponding ncurses call is `init_pair`.
    ///
    /// The styles met are kept in a short list, the last one looked at first: a form
    /// uses a dozen styles, neighbouring cells mostly share one, and a dictionary keyed
    /// by `Style` cost a hash per cell and, at its first use, a scan of every protocol
    /// conformance in the program by the Swift runtime (docs/performance.md, issue 11).
    private func resolved(_ style: Style) -> (attributes: attr_t, pair: Int16) {
        if lastStyleIndex < styleCache.count, styleCache[lastStyleIndex].style == style {
            return (styleCache[lastStyleIndex].attributes, styleCache[lastStyleIndex].pair)
        }
        if let index = styleCache.firstIndex(where: { $0.style == style }) {
            lastStyleIndex = index
            return (styleCache[index].attributes, styleCache[index].pair)
        }
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
        lastStyleIndex = styleCache.count
        styleCache.append((style, attributes, pair))
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
}
