/// Static text: a field's caption, a status line, a heading.
///
/// Each line of ``text`` takes one row of ``frame``, aligned as asked and clipped at
/// the frame's edges (a wide character that would be cut shows as a blank). Labels never
/// take the focus.
public final class Label: Widget {
    /// Where a line sits within the frame's width.
    public enum Alignment: Hashable, Sendable {
        case left, center, right
    }

    /// Where the label draws.
    public var frame: Rect
    /// Never set by a focus group: labels do not take focus.
    public var isFocused = false
    /// The text; "\n" starts the next row.
    public var text: String
    /// The style of the text.
    public var style: Style
    /// How each line is placed across the frame.
    public var alignment: Alignment
    /// When set, a line wider than the frame shows its first whole words and `…`
    /// (``TextFitting``) instead of being clipped at the frame's edge, mid-word.
    public var fitsWholeWords = false

    /// Creates a label.
    public init(_ text: String = "", frame: Rect = Rect(x: 0, y: 0, width: 0, height: 1),
                style: Style = .plain, alignment: Alignment = .left) {
        self.text = text
        self.frame = frame
        self.style = style
        self.alignment = alignment
    }

    /// The width of the widest line, for laying the label out.
    public var preferredWidth: Int {
        text.split(separator: "\n", omittingEmptySubsequences: false).map(\.displayWidth).max() ?? 0
    }

    /// Draws the lines of ``text``, one per row of ``frame``.
    public func draw(into canvas: inout Canvas) {
        guard !frame.isEmpty else { return }
        let rows = text.split(omittingEmptySubsequences: false) { $0.isNewline }
        for (row, whole) in rows.prefix(frame.height).enumerated() {
            let line = fitsWholeWords ? Substring(TextFitting.fitted(String(whole), width: frame.width)) : whole
            let y = frame.y + row
            let lineRect = Rect(x: frame.x, y: y, width: frame.width, height: 1)
            let spare = max(0, frame.width - line.displayWidth)
            let offset: Int
            switch alignment {
            case .left: offset = 0
            case .center: offset = spare / 2
            case .right: offset = spare
            }
            canvas.fill(lineRect, style: style)
            canvas.put(line, at: Point(x: frame.x + offset, y: y), style: style, clip: lineRect)
        }
    }
}
