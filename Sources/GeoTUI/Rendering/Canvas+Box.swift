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
        for x in left + 1..<right {
            put("─", at: Point(x: x, y: top), style: style)
            put("─", at: Point(x: x, y: bottom), style: style)
        }
        for y in top + 1..<bottom {
            put("│", at: Point(x: left, y: y), style: style)
            put("│", at: Point(x: right, y: y), style: style)
        }
    }
}
