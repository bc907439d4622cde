/// A read-only, bordered pane of word-wrapped text that can scroll.
///
/// The owner supplies ``text`` (and may give it an error ``style``); the pane wraps it to
/// its inner width with ``TextWrapping`` and keeps the wrapped lines until the text or
/// the width changes, so repainting a long description costs no re-wrapping. When the
/// text is longer than the pane, the border shows it: `▲` at the top right while lines
/// are hidden above, `▼ more` at the bottom right while lines are hidden below, and the
/// visible range at the bottom left (`1-4/9`).
///
/// The pane does not take focus unless ``isFocusable`` is set; its owner forwards the keys
/// that scroll it (Page Up/Down always; Up, Down, Home and End while focused; the
/// mouse wheel over it).
public final class TextPane: Widget {
    /// Where the pane draws, border included.
    public var frame: Rect
    /// Set by the focus machinery when the pane is focusable.
    public var isFocused = false
    /// Whether the pane takes part in focus order; false by default.
    public var isFocusable = false
    /// True when ``isFocusable`` is set.
    public var canFocus: Bool { isFocusable }
    /// A title set into the top border, or nil.
    public var title: String?
    /// Whether the pane draws a border around the text.
    public var showsBorder = true
    /// The style of the text (the theme's error style for an error message, say).
    public var style: Style = .plain
    /// The styles of the border, title and markers.
    public var theme: Theme = .standard

    /// The text shown; setting a different text scrolls back to the top.
    public var text: String {
        didSet {
            guard text != oldValue else { return }
            wrapped = nil
            topLine = 0
        }
    }

    /// The index of the first wrapped line shown.
    public private(set) var topLine = 0

    /// The wrapped lines and the width they were wrapped to.
    private var wrapped: (width: Int, lines: [String])?
    /// How many times the text has been wrapped (so tests can see the cache work).
    private(set) var wrapCount = 0

    /// Creates a pane showing `text`.
    public init(text: String = "", title: String? = nil, frame: Rect = Rect(x: 0, y: 0, width: 0, height: 0)) {
        self.text = text
        self.title = title
        self.frame = frame
    }

    // MARK: Geometry

    /// Whether the frame is big enough to hold a border around at least one cell.
    private var drawsBorder: Bool { showsBorder && frame.width >= 3 && frame.height >= 3 }

    /// The area the text goes in.
    public var contentFrame: Rect {
        guard drawsBorder else { return frame }
        let inside = frame.insetBy(dx: 1, dy: 1)
        return inside.width > 2 * horizontalPadding + 1 ? inside.insetBy(dx: horizontalPadding, dy: 0) : inside
    }

    /// Columns by which the lines a long paragraph wraps onto are indented, so text
    /// laid out as "Label:  value" keeps its values in one column.
    public var hangingIndent = 0 {
        didSet { if hangingIndent != oldValue { wrapped = nil } }
    }

    /// Blank columns kept between the border and the text on each side (when there is room).
    public var horizontalPadding = 0

    /// The text wrapped to the current inner width.
    public var lines: [String] {
        let width = max(1, contentFrame.width)
        if let wrapped, wrapped.width == width { return wrapped.lines }
        let lines = TextWrapping.lines(text, width: width, hangingIndent: hangingIndent)
        wrapped = (width, lines)
        wrapCount += 1
        return lines
    }

    /// The largest ``topLine`` that still fills the pane.
    private var maximumTopLine: Int { max(0, lines.count - max(0, contentFrame.height)) }

    /// True while lines are hidden above the pane.
    public var canScrollUp: Bool { clampedTopLine > 0 }
    /// True while lines are hidden below the pane.
    public var canScrollDown: Bool { clampedTopLine < maximumTopLine }

    private var clampedTopLine: Int { min(max(0, topLine), maximumTopLine) }

    // MARK: Scrolling

    /// Scrolls by `delta` lines (positive: towards the end), stopping at either end.
    public func scroll(by delta: Int) {
        topLine = min(max(0, clampedTopLine + delta), maximumTopLine)
    }

    /// Shows the first line at the top.
    public func scrollToTop() { topLine = 0 }

    /// Shows the last line at the bottom.
    public func scrollToBottom() { topLine = maximumTopLine }

    /// Scrolls back one pane height, less one line kept for context.
    public func pageUp() { scroll(by: -max(1, contentFrame.height - 1)) }

    /// Scrolls on one pane height, less one line kept for context.
    public func pageDown() { scroll(by: max(1, contentFrame.height - 1)) }

    /// Scrolls for Page Up/Down, for Up/Down/Home/End while focused, and for the mouse
    /// wheel over the pane; leaves every other key to the owner.
    public func handle(_ event: InputEvent) -> KeyResult {
        switch event {
        case .key(.pageUp): pageUp()
        case .key(.pageDown): pageDown()
        case .key(.up) where isFocused: scroll(by: -1)
        case .key(.down) where isFocused: scroll(by: 1)
        case .key(.home) where isFocused: scrollToTop()
        case .key(.end) where isFocused: scrollToBottom()
        case .mouse(let mouse) where frame.contains(mouse.position):
            switch mouse.kind {
            case .scrollUp: scroll(by: -3)
            case .scrollDown: scroll(by: 3)
            case .press, .click, .release: return isFocusable ? .handled : .ignored
            }
        default:
            return .ignored
        }
        return .handled
    }

    // MARK: Drawing

    /// Clears the frame and draws the border, the title, the visible lines and the markers.
    public func draw(into canvas: inout Canvas) {
        guard !frame.isEmpty else { return }
        canvas.fill(frame)
        topLine = clampedTopLine
        let content = contentFrame
        let lines = self.lines
        for row in 0..<max(0, content.height) where topLine + row < lines.count {
            canvas.put(lines[topLine + row], at: Point(x: content.x, y: content.y + row),
                       style: style, clip: content)
        }
        if drawsBorder { drawBorder(into: &canvas, lineCount: lines.count) }
    }

    private func drawBorder(into canvas: inout Canvas, lineCount: Int) {
        let border = theme.border
        let (left, right, top, bottom) = (frame.x, frame.maxX - 1, frame.y, frame.maxY - 1)
        let inner = Rect(x: left + 1, y: top, width: frame.width - 2, height: frame.height)
        canvas.drawBox(frame, style: border)

        // Markers first, on the right; the title and the position take what room is left.
        var topRoom = inner.width
        if canScrollUp, inner.width >= 3 {
            canvas.put(" ▲ ", at: Point(x: right - 3, y: top), style: theme.scrollMarker, clip: inner)
            topRoom -= 4
        }
        if let title, !title.isEmpty, topRoom >= 3 {
            let titleRect = Rect(x: left + 1, y: top, width: topRoom, height: 1)
            let shown = clippedWithEllipsis(" \(title) ", to: topRoom)
            canvas.put(shown, at: titleRect.origin, style: theme.title, clip: titleRect)
        }

        var bottomRoom = inner.width
        if canScrollDown {
            let more = inner.width >= 8 ? " ▼ more " : " ▼ "
            if more.count <= inner.width {
                canvas.put(more, at: Point(x: right - more.count, y: bottom), style: theme.scrollMarker, clip: inner)
                bottomRoom -= more.count + 1
            }
        }
        let height = contentFrame.height
        if lineCount > height, height > 0 {
            let last = min(lineCount, topLine + height)
            let position = " \(topLine + 1)-\(last)/\(lineCount) "
            if position.count <= bottomRoom - 1 {
                canvas.put(position, at: Point(x: left + 1, y: bottom), style: border, clip: inner)
            }
        }
    }

    /// `text` cut to `width` columns, ending in "…" when it was cut.
    private func clippedWithEllipsis(_ text: String, to width: Int) -> String {
        guard text.displayWidth > width else { return text }
        var result = ""
        var used = 0
        for c in text {
            let w = c.displayWidth
            if used + w > width - 2 { break }
            result.append(c)
            used += w
        }
        return result + "… "
    }
}
