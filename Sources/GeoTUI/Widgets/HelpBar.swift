/// One hint of a help bar: a key label and what the key does.
public struct HelpItem: Hashable, Sendable {
    /// The key as written for people, such as "^Q" or "F2".
    public var key: String
    /// What the key does, such as "Quit".
    public var description: String

    /// Creates a hint.
    public init(key: String, description: String) {
        self.key = key
        self.description = description
    }

    /// The columns the hint takes: the label, a space, the description.
    public var width: Int { key.displayWidth + 1 + description.displayWidth }
}

/// A one-line bar of key hints, like `^Q Quit  F2 Add  F3 Next`.
///
/// Hints come in priority order, most important first. The bar shows as many whole
/// hints as fit its width and drops the rest from the end: a hint is never cut in half.
/// Key labels are drawn in the theme's `hintKey` style, descriptions in `hint`.
public final class HelpBar: Widget {
    /// The columns between two hints.
    public static let separatorWidth = 2

    /// Where the bar draws; only the first row is used.
    public var frame: Rect
    /// Never set by a focus group: the bar does not take focus.
    public var isFocused = false
    /// The hints, most important first (``KeyMap/helpItems`` gives them from a key table).
    public var items: [HelpItem]
    /// The styles of key labels and descriptions.
    public var theme: Theme = .standard

    /// Creates a help bar.
    public init(items: [HelpItem] = [], frame: Rect = Rect(x: 0, y: 0, width: 0, height: 1)) {
        self.items = items
        self.frame = frame
    }

    /// The hints that fit in the frame's width: the longest prefix of ``items`` that does.
    public var visibleItems: ArraySlice<HelpItem> {
        var used = 0
        var count = 0
        for item in items {
            let needed = item.width + (count > 0 ? Self.separatorWidth : 0)
            if used + needed > frame.width { break }
            used += needed
            count += 1
        }
        return items.prefix(count)
    }

    /// Clears the first row of the frame and draws the hints that fit.
    public func draw(into canvas: inout Canvas) {
        guard frame.width > 0, frame.height > 0 else { return }
        let row = Rect(x: frame.x, y: frame.y, width: frame.width, height: 1)
        canvas.fill(row, style: theme.hint)
        var x = row.x
        for (index, item) in visibleItems.enumerated() {
            if index > 0 { x += Self.separatorWidth }
            x += canvas.put(item.key, at: Point(x: x, y: row.y), style: theme.hintKey, clip: row)
            x += 1
            x += canvas.put(item.description, at: Point(x: x, y: row.y), style: theme.hint, clip: row)
        }
    }
}
