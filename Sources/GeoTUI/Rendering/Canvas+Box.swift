/// Box drawing: the single-line border that panes and dialogs draw around their area.
extension Canvas {
    /// Draws a single-line box along the edges of `rect` (at least 2 × 2), leaving its
    /// inside untouched.
    ///
    /// ```
    /// ┌──────┐
    /// │      │
    /// └──────┘
    /// ```
    public mutating func drawBox(_ rect: Rect, style: Style) {
        guard rect.width >= 2, rect.height >= 2 else { return }
        let (left, right, top, bottom) = (rect.x, rect.maxX - 1, rect.y, rect.maxY - 1)
        put("┌", at: Point(x: left, y: top), style: style)
        put("┐", at: Point(x: right, y: top), style: style)
        put("└", at: Point(x: left, y: bottom), style: style)
        put("┘", at: Point(x: right, y: bottom), style: style)
        // The lines as fills: their character is measured once, not once per cell.
        let inner = Rect(x: left + 1, y: top + 1, width: right - left - 1, height: bottom - top - 1)
        fill(Rect(x: inner.x, y: top, width: inner.width, height: 1), with: "─", style: style)
        fill(Rect(x: inner.x, y: bottom, width: inner.width, height: 1), with: "─", style: style)
        fill(Rect(x: left, y: inner.y, width: 1, height: inner.height), with: "│", style: style)
        fill(Rect(x: right, y: inner.y, width: 1, height: inner.height), with: "│", style: style)
    }
}
