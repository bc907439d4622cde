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

    /// The hints that fit in the frame, row by row: each row takes the next hints that
    /// fit its width whole; what fits in no row is left out (the last hints first).
    public var rows: [ArraySlice<HelpItem>] {
        Self.layout(items, width: frame.width, maximumRows: max(0, frame.height))
    }

    /// The hints that fit in the frame, in order.
    public var visibleItems: ArraySlice<HelpItem> {
        items.prefix(rows.reduce(0) { $0 + $1.count })
    }

    /// How many rows of `width` the hints need to be shown whole (at least one).
    public func rowsNeeded(forWidth width: Int) -> Int {
        Self.rowsNeeded(for: items, width: width)
    }

    /// How many rows of `width` the hints `items` need to be shown whole (at least one),
    /// for laying out a bar whose hints change.
    public static func rowsNeeded(for items: [HelpItem], width: Int) -> Int {
        max(1, layout(items, width: width, maximumRows: items.count).count)
    }

    /// Splits `items` into rows of at most `width` columns, keeping their order.
    static func layout(_ items: [HelpItem], width: Int, maximumRows: Int) -> [ArraySlice<HelpItem>] {
        var rows: [ArraySlice<HelpItem>] = []
        var start = 0
        while start < items.count, rows.count < maximumRows {
            var used = 0
            var end = start
            while end < items.count {
                let needed = items[end].width + (end > start ? separatorWidth : 0)
                if used + needed > width { break }
                used += needed
                end += 1
            }
            if end == start { break }
            rows.append(items[start..<end])
            start = end
        }
        return rows
    }

    /// Clears the frame and draws the hints that fit, row by row.
    public func draw(into canvas: inout Canvas) {
        guard frame.width > 0, frame.height > 0 else { return }
        canvas.fill(frame, style: theme.hint)
        for (offset, items) in rows.enumerated() {
            let row = Rect(x: frame.x, y: frame.y + offset, width: frame.width, height: 1)
            var x = row.x
            for (index, item) in items.enumerated() {
                if index > 0 { x += Self.separatorWidth }
                x += canvas.put(item.key, at: Point(x: x, y: row.y), style: theme.hintKey, clip: row)
                x += 1
                x += canvas.put(item.description, at: Point(x: x, y: row.y), style: theme.hint, clip: row)
            }
        }
    }
}
