import CNcurses

/// What ncurses holds for each cell of the screen, read back for tests of the real
/// output path.
extension Terminal {
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
