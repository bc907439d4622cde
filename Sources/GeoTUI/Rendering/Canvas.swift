/// One cell of a ``Canvas``: a grapheme cluster and its style.
///
/// A character two columns wide fills its cell and marks the next one as its
/// continuation, which holds no text of its own.
public struct Cell: Hashable, Sendable {
    /// The character drawn here; a space for a blank cell, empty for a continuation.
    public var character: Character?
    public var style: Style

    public init(_ character: Character = " ", style: Style = .plain) {
        self.character = character
        self.style = style
    }

    /// The right half of a wide character.
    public static func continuation(style: Style) -> Cell {
        var cell = Cell(" ", style: style)
        cell.character = nil
        return cell
    }

    public static let blank = Cell()

    /// True for the right half of a wide character.
    public var isContinuation: Bool { character == nil }
}

/// An in-memory screen: a grid of cells that widgets draw into.
///
/// Widgets never talk to the terminal: they draw into a canvas, the terminal layer
/// copies what changed to ncurses, and tests compare a canvas with the text they
/// expect. Drawing is clipped to the canvas and to an optional clip rectangle, and
/// never leaves half of a wide character behind.
public struct Canvas: Sendable, Equatable {
    public private(set) var size: Size
    public private(set) var cells: [Cell]
    /// Where the terminal's cursor should be shown, or nil to hide it.
    public var cursor: Point?

    public init(size: Size) {
        self.size = Size(width: max(0, size.width), height: max(0, size.height))
        cells = Array(repeating: .blank, count: self.size.width * self.size.height)
    }

    /// The whole canvas as a rectangle.
    public var bounds: Rect { Rect(size: size) }

    public subscript(x: Int, y: Int) -> Cell {
        get { cells[y * size.width + x] }
        set { cells[y * size.width + x] = newValue }
    }

    /// Blanks every cell and hides the cursor.
    public mutating func clear() {
        for i in cells.indices { cells[i] = .blank }
        cursor = nil
    }

    /// Fills `rect` (clipped) with `character` in `style`.
    public mutating func fill(_ rect: Rect, with character: Character = " ", style: Style = .plain) {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        if DisplayWidth.of(character) == 1 {
            // One column (measured once, not per cell): only a wide character cut by
            // either edge needs its other half blanked, as `put` would do cell by cell.
            let cell = Cell(character, style: style)
            for y in area.y..<area.maxY {
                breakWideCharacter(at: area.x, y: y)
                breakWideCharacter(at: area.maxX - 1, y: y)
                for x in area.x..<area.maxX { self[x, y] = cell }
            }
            return
        }
        for y in area.y..<area.maxY {
            for x in area.x..<area.maxX { put(character, x: x, y: y, style: style, clip: area) }
        }
    }

    /// Draws `text` on one line from `point`, clipped to `clip` and to the canvas.
    ///
    /// Control characters are drawn as visible symbols. A wide character that would be
    /// cut by the right edge is drawn as a space instead.
    /// - Returns: the number of columns the text advanced, clipped or not.
    @discardableResult
    public mutating func put(_ text: some StringProtocol, at point: Point, style: Style = .plain,
                             clip: Rect? = nil) -> Int {
        let area = (clip ?? bounds).intersection(bounds)
        var x = point.x
        if text.utf8.allSatisfy(\.isPrintableASCII) {
            // Printable ASCII, most text: a cell a byte, shown as itself, without breaking
            // the text into grapheme clusters.
            for byte in text.utf8 {
                if x >= area.maxX { break }
                put(Character(Unicode.Scalar(byte)), width: 1, x: x, y: point.y, style: style, clip: area)
                x += 1
            }
            return text.utf8.count
        }
        for character in text {
            // Printable ASCII, most text: shown as itself, one column.
            let isPlainASCII = character.printableASCIIByte != nil
            let shown = isPlainASCII ? character : character.displayed
            if !isPlainASCII, let pieces = DisplayWidth.pieces(of: shown) {
                // A syllable of several spacing scalars: each in cells of its own, as the terminal draws it
                // (split once here; its width is theirs together).
                for piece in pieces {
                    let pieceWidth = DisplayWidth.of(piece)
                    if x < area.maxX, pieceWidth > 0 { put(piece, width: pieceWidth, x: x, y: point.y, style: style, clip: area) }
                    x += pieceWidth
                }
                continue
            }
            let width = isPlainASCII ? 1 : DisplayWidth.of(shown)
            if x >= area.maxX { x += width; continue }
            if width > 0 { put(shown, width: width, x: x, y: point.y, style: style, clip: area) }
            x += width
        }
        return x - point.x
    }

    /// Draws one already-displayable character at a cell, keeping wide characters whole.
    private mutating func put(_ character: Character, x: Int, y: Int, style: Style, clip: Rect) {
        put(character, width: DisplayWidth.of(character), x: x, y: y, style: style, clip: clip)
    }

    /// Draws one already-displayable character `width` columns wide at a cell.
    private mutating func put(_ character: Character, width: Int, x: Int, y: Int, style: Style, clip: Rect) {
        guard y >= clip.y, y < clip.maxY, x >= clip.x, x < clip.maxX else { return }
        breakWideCharacter(at: x, y: y)
        if width == 2 {
            guard x + 1 < clip.maxX else {
                self[x, y] = Cell(" ", style: style)
                return
            }
            breakWideCharacter(at: x + 1, y: y)
            self[x, y] = Cell(character, style: style)
            self[x + 1, y] = .continuation(style: style)
        } else {
            self[x, y] = Cell(character, style: style)
        }
    }

    /// Before a cell is overwritten, blanks the other half of a wide character it is part of.
    ///
    /// The left half of a wide character is the cell before a continuation, so nothing
    /// is measured: overwriting most cells costs two reads.
    private mutating func breakWideCharacter(at x: Int, y: Int) {
        let cell = self[x, y]
        if cell.isContinuation, x > 0 {
            self[x - 1, y] = Cell(" ", style: self[x - 1, y].style)
            self[x, y] = Cell(" ", style: cell.style)
        } else if x + 1 < size.width, self[x + 1, y].isContinuation {
            self[x + 1, y] = Cell(" ", style: self[x + 1, y].style)
        }
    }

    /// Each row as text, continuation cells left out, trailing spaces kept.
    public var lines: [String] {
        (0..<size.height).map { y in
            var line = ""
            for x in 0..<size.width {
                if let c = self[x, y].character { line.append(c) }
            }
            return line
        }
    }

    /// The rows joined by newlines, each with trailing spaces removed: the form tests
    /// compare with multi-line string literals.
    public var text: String {
        lines.map { line in
            var s = Substring(line)
            while s.last == " " { s = s.dropLast() }
            return String(s)
        }.joined(separator: "\n")
    }

    /// The rows as text with `marker` in place of every character whose style has all of
    /// `attributes` (blank elsewhere): shows where focus or highlighting is.
    public func mask(_ attributes: Style.Attributes, marker: Character = "#") -> String {
        (0..<size.height).map { y in
            var line = ""
            for x in 0..<size.width where !self[x, y].isContinuation {
                line.append(self[x, y].style.attributes.isSuperset(of: attributes) ? marker : " ")
            }
            while line.last == " " { line.removeLast() }
            return line
        }.joined(separator: "\n")
    }
}
