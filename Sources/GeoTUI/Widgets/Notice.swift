/// A message that stands alone in its frame ("Terminal too small: need 60x20"):
/// wrapped at the frame's width, each line centred, the lines centred from top to bottom.
/// Lines that do not fit the frame's height are left out.
public final class Notice: Widget {
    /// Where the notice draws; everything else in the frame is cleared.
    public var frame: Rect
    /// Never set by a focus group: notices do not take focus.
    public var isFocused = false
    /// The message; it is wrapped at word boundaries to the frame's width.
    public var text: String
    /// The style of the message and of the rest of the frame.
    public var style: Style

    /// Creates a notice.
    public init(_ text: String = "", frame: Rect = Rect(x: 0, y: 0, width: 0, height: 0), style: Style = .plain) {
        self.text = text
        self.frame = frame
        self.style = style
    }

    /// Clears the frame and draws the wrapped, centred message.
    public func draw(into canvas: inout Canvas) {
        canvas.fill(frame, style: style)
        guard !frame.isEmpty else { return }
        let lines = TextWrapping.lines(text, width: frame.width)
        let top = frame.y + max(0, (frame.height - lines.count) / 2)
        for (row, line) in lines.enumerated() where top + row < frame.maxY {
            let x = frame.x + max(0, (frame.width - line.displayWidth) / 2)
            canvas.put(line, at: Point(x: x, y: top + row), style: style, clip: frame)
        }
    }
}
