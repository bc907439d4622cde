import Glibc

/// A read-only, bordered pane of word-wrapped text that can scroll.
///
/// The owner supplies ``text``, or paragraphs (``setParagraphs(_:keepingScroll:)``), and
/// may give it an error ``style``; the pane wraps it to its inner width with
/// ``TextWrapping``, a line at a time and only as far as it shows, and keeps where
/// each line starts until the text or the width changes: showing or paging through a
/// text of many megabytes costs the lines shown, not the text's length. When the text
/// is longer than the pane, the border shows it: `▲` at the top
/// right while lines are hidden above, `▼ more` at the bottom right while lines are
/// hidden below, and the visible range at the bottom left (`1-4/9`; `1-4/…` while a
/// text over ``wrappedWholeBytes`` is not wrapped to its end).
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
        get { shownText }
        set {
            guard paragraphs != nil || !Self.sameBytes(newValue, shownText) else { return }
            show(newValue, paragraphs: nil)
        }
    }

    /// The text shown, as ``text`` or ``setParagraphs(_:keepingScroll:)`` set it.
    private var shownText: String
    /// Where each paragraph is in the text, in UTF-8 bytes, or nil when the text was set
    /// as ``text`` (every line break then starts a paragraph).
    private var paragraphs: [Range<Int>]?

    /// Shows `paragraphs` one under the other (``text`` is them joined by line breaks):
    /// each starts at the left, and a line after a line break of its own starts at
    /// ``hangingIndent``, as the lines it wraps onto do, so "Label:  value" keeps every
    /// line of its value in one column. Costs a copy of the text (none when it is what
    /// is shown), not a walk through it. Without `keepingScroll`, a different text is
    /// shown from its start.
    public func setParagraphs(_ paragraphs: [String], keepingScroll: Bool = false) {
        guard !shows(paragraphs) else { return }
        var ranges: [Range<Int>] = []
        var joined = ""
        joined.reserveCapacity(paragraphs.reduce(0) { $0 + $1.utf8.count + 3 })
        for paragraph in paragraphs {
            if !ranges.isEmpty {
                // A carriage return and a line feed would make one break: a paragraph ending
                // in a carriage return is followed by a paragraph separator instead.
                joined += joined.utf8.last == 0x0D ? "\u{2029}" : "\n"
            }
            let start = joined.utf8.count
            joined += paragraph
            ranges.append(start..<joined.utf8.count)
        }
        let top = topLine
        show(joined, paragraphs: ranges)
        if keepingScroll { scroll(by: top) }
    }

    /// True when `paragraphs` are the paragraphs shown, compared as memory with the text.
    private func shows(_ paragraphs: [String]) -> Bool {
        guard let ranges = self.paragraphs, ranges.count == paragraphs.count else { return false }
        var shown = shownText
        return shown.withUTF8 { bytes in
            zip(paragraphs, ranges).allSatisfy { paragraph, range in
                var paragraph = paragraph
                return paragraph.utf8.count == range.count && paragraph.withUTF8 { own in
                    own.isEmpty || memcmp(own.baseAddress!, bytes.baseAddress! + range.lowerBound, own.count) == 0
                }
            }
        }
    }

    /// Shows `text`, laid out in `paragraphs` (nil: as ``text``), from the top.
    private func show(_ text: String, paragraphs: [Range<Int>]?) {
        shownText = text
        self.paragraphs = paragraphs
        wrapping = nil
        keptAnchor = nil
        topLine = 0
    }

    /// The index of the first wrapped line shown.
    public private(set) var topLine = 0

    /// The lines wrapped so far, as where each starts, for the width and indent they were
    /// wrapped to; `next` is where the line after them starts (nil once the whole text
    /// is wrapped). Lines are wrapped as they are first shown, so a pane on a text of
    /// many megabytes costs the lines it shows, and scrolling on costs the lines passed.
    private var wrapping: (width: Int, indent: Int, starts: [TextWrapping.Position], next: TextWrapping.Position?)?
    /// How many times the text has been wrapped from its start (so tests can see the cache work).
    private(set) var wrapCount = 0

    /// A text up to this many bytes is wrapped whole when first drawn, so the border can
    /// say how many lines it has; a longer one is wrapped as far as it is shown.
    public static let wrappedWholeBytes = 64 * 1024

    /// Creates a pane showing `text`.
    public init(text: String = "", title: String? = nil, frame: Rect = Rect(x: 0, y: 0, width: 0, height: 0)) {
        shownText = text
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
        didSet { if hangingIndent != oldValue { rewrapKeepingTheTop() } }
    }

    /// Whether a paragraph laid out as "Label:  value" (two spaces or more after its
    /// label) wraps onto lines under its value rather than at ``hangingIndent``, for a
    /// text that mixes such lines with prose.
    public var hangsUnderLabels = false {
        didSet { if hangsUnderLabels != oldValue { rewrapKeepingTheTop() } }
    }

    /// Blank columns kept between the border and the text on each side (when there is room).
    public var horizontalPadding = 0

    /// The whole text wrapped to the current inner width (wraps all of it: for a view
    /// of the lines, ``visibleLines`` costs only what is shown).
    public var lines: [String] {
        wrap(through: Int.max)
        return (0..<wrappedLineCount).map(line(at:))
    }

    /// The lines shown now, from ``topLine``.
    public var visibleLines: [String] {
        let height = max(0, contentFrame.height)
        wrap(through: 0)   // a new width first, which may move the top line
        wrap(through: topLine + height)
        return (topLine..<min(wrappedLineCount, topLine + height)).map(line(at:))
    }

    /// The number of wrapped lines, or nil while the text is not wrapped to its end yet.
    public var lineCount: Int? {
        wrap(through: 0)
        guard let wrapping, wrapping.next == nil else { return nil }
        return wrapping.starts.count
    }

    /// The lines wrapped so far.
    private var wrappedLineCount: Int { wrapping?.starts.count ?? 0 }

    /// Wraps on until line `index` is known or the text ends: each line once, for the
    /// current width (a new width or indent starts again from the top, and the line at
    /// the top is then the one holding the text that was at the top: a resize keeps the
    /// place in the text, not the line number).
    private func wrap(through index: Int) {
        let width = max(1, contentFrame.width)
        if wrapping == nil || wrapping?.width != width || wrapping?.indent != hangingIndent {
            if keptAnchor == nil, let old = wrapping, topLine > 0, topLine < old.starts.count {
                keptAnchor = old.starts[topLine].index
            }
            let anchor = keptAnchor
            wrapping = (width, hangingIndent, [], TextWrapping.Position(index: text.startIndex))
            wrapCount += 1
            if let anchor { keepAtTheTop(anchor, width: width) }
        }
        let target = text.utf8.count <= Self.wrappedWholeBytes ? Int.max : index
        guard var state = wrapping else { return }
        wrapping = nil   // keeps the array uniquely referenced while it grows
        while state.starts.count <= target, let start = state.next {
            state.starts.append(start)
            state.next = wrappedLine(from: start, width: width, indent: hangingIndent).next
        }
        wrapping = state
    }

    /// Where the text the reader scrolled to starts, once the lines were wrapped again (a
    /// new width or indent): kept until they scroll, so that resizes one after the other
    /// (narrower, then back) come back to it rather than drift to each top line's start.
    private var keptAnchor: String.Index?

    /// Drops the wrapped lines, keeping where the text at the top starts.
    private func rewrapKeepingTheTop() {
        if keptAnchor == nil, let old = wrapping, topLine > 0, topLine < old.starts.count {
            keptAnchor = old.starts[topLine].index
        }
        wrapping = nil
    }

    /// Wraps the lines up to the one holding `anchor` and makes it the top line.
    private func keepAtTheTop(_ anchor: String.Index, width: Int) {
        guard var state = wrapping else { return }
        wrapping = nil
        while let start = state.next, start.index <= anchor {
            state.starts.append(start)
            state.next = wrappedLine(from: start, width: width, indent: hangingIndent).next
        }
        wrapping = state
        topLine = max(0, state.starts.count - 1)
    }

    /// Wrapped line `index`, made again from where it starts (it is one line's work).
    private func line(at index: Int) -> String {
        guard let wrapping, index < wrapping.starts.count else { return "" }
        return wrappedLine(from: wrapping.starts[index], width: wrapping.width, indent: wrapping.indent).line
    }

    /// The line that starts at `start`, wrapped to `width` with `indent` as the hanging
    /// indent, which a line after a paragraph's own line break starts with too.
    private func wrappedLine(from start: TextWrapping.Position, width: Int,
                             indent: Int) -> (line: String, next: TextWrapping.Position?) {
        TextWrapping.line(of: text, from: start, width: width, hangingIndent: indent, underLabels: hangsUnderLabels,
                          leadingSpaces: startsAfterABreakInAParagraph(start) ? indent : 0)
    }

    /// True for a line that starts after a line break inside one of the paragraphs set
    /// by ``setParagraphs(_:keepingScroll:)`` (its offset looked for among their starts
    /// by bisection).
    private func startsAfterABreakInAParagraph(_ start: TextWrapping.Position) -> Bool {
        guard let paragraphs, !start.continuesParagraph else { return false }
        let offset = text.utf8.distance(from: text.startIndex, to: start.index)
        var (low, high) = (0, paragraphs.count)
        while low < high {
            let middle = (low + high) / 2
            if paragraphs[middle].lowerBound < offset { low = middle + 1 } else { high = middle }
        }
        return low == paragraphs.count || paragraphs[low].lowerBound != offset
    }

    /// The largest ``topLine`` that still fills the pane, as far as the lines are known:
    /// while the text is not wrapped to its end, a page beyond what is shown.
    private var maximumTopLine: Int {
        let height = max(0, contentFrame.height)
        wrap(through: 0)   // a new width first, which may move the top line further on
        wrap(through: topLine + 2 * height)
        return max(0, wrappedLineCount - height)
    }

    /// True while lines are hidden above the pane.
    public var canScrollUp: Bool { clampedTopLine > 0 }
    /// True while lines are hidden below the pane.
    public var canScrollDown: Bool { clampedTopLine < maximumTopLine }

    /// ``topLine`` within the lines there are; the lines are wrapped first, since wrapping
    /// for a new width moves the top line to the text that was at the top.
    private var clampedTopLine: Int {
        let maximum = maximumTopLine
        return min(max(0, topLine), maximum)
    }

    /// True when `a` and `b` hold the same bytes, compared as memory (a long text is
    /// set again at each repaint of its owner; comparing it as Unicode text would cost
    /// far more).
    private static func sameBytes(_ a: String, _ b: String) -> Bool {
        guard a.utf8.count == b.utf8.count else { return false }
        var a = a, b = b
        return a.withUTF8 { x in
            b.withUTF8 { y in x.count == 0 || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0 }
        }
    }

    // MARK: Scrolling

    /// Scrolls by `delta` lines (positive: towards the end), stopping at either end;
    /// costs the lines passed, not the text's length.
    public func scroll(by delta: Int) {
        let height = max(0, contentFrame.height)
        let target = max(0, clampedTopLine + delta)
        wrap(through: target + height)
        if delta != 0 { keptAnchor = nil }
        topLine = min(target, max(0, wrappedLineCount - height))
    }

    /// Shows the first line at the top.
    public func scrollToTop() {
        keptAnchor = nil
        topLine = 0
    }

    /// Sets `text`, a change of the text shown in place (a line revealed or hidden),
    /// keeping the first line shown where the reader had scrolled it, as far as the new
    /// text reaches; setting ``text`` itself shows the new text from its start.
    public func replaceTextKeepingScroll(_ text: String) {
        // The same text changes nothing (scrolled on by the top line again, it went down).
        guard paragraphs != nil || !Self.sameBytes(text, self.text) else { return }
        let top = topLine
        show(text, paragraphs: nil)
        scroll(by: top)
    }

    /// Where the text of the first line shown starts in ``text`` (the text's start
    /// while nothing is wrapped yet), for ``replaceText(_:showingAtTheTop:)``.
    public var topIndex: String.Index {
        if let keptAnchor { return keptAnchor }
        guard let wrapping, topLine < wrapping.starts.count else { return text.startIndex }
        return wrapping.starts[topLine].index
    }

    /// Sets `text`, the same text laid out anew (its line breaks elsewhere), showing at
    /// the top the line that holds `index` of it: the reader keeps their place.
    public func replaceText(_ text: String, showingAtTheTop index: String.Index) {
        self.text = text
        if index > text.startIndex, index <= text.endIndex { keptAnchor = index }
    }

    /// Shows the last line at the bottom: the only move that wraps the whole text
    /// (once; the lines' starts are kept).
    public func scrollToBottom() {
        keptAnchor = nil
        wrap(through: Int.max)
        topLine = max(0, wrappedLineCount - max(0, contentFrame.height))
    }

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
        for (row, line) in visibleLines.enumerated() {
            canvas.put(line, at: Point(x: content.x, y: content.y + row), style: style, clip: content)
        }
        if drawsBorder { drawBorder(into: &canvas) }
    }

    private func drawBorder(into canvas: inout Canvas) {
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
        // While the text is not wrapped to its end, its number of lines is not known yet.
        let count = lineCount
        if count.map({ $0 > height }) ?? true, height > 0 {
            let last = min(wrappedLineCount, topLine + height)
            let position = " \(topLine + 1)-\(last)/\(count.map(String.init) ?? "…") "
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
