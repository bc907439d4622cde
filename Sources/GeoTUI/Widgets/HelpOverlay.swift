/// One line of a help screen: the keys, as written for people, and what they do.
public struct HelpEntry: Hashable, Sendable {
    /// The keys, e.g. "^S, F2".
    public var keys: String
    /// What they do.
    public var description: String

    public init(keys: String, description: String) {
        self.keys = keys
        self.description = description
    }
}

/// A titled group of help entries.
public struct HelpSection: Hashable, Sendable {
    public var title: String
    public var entries: [HelpEntry]

    public init(title: String, entries: [HelpEntry]) {
        self.title = title
        self.entries = entries
    }
}

/// A scrollable help screen over whatever is under it: a bordered box, centred in its
/// frame, listing sections of keys and what they do.
///
/// The owner supplies the sections (and a closing hint, if it wants one); the overlay
/// lays them out in two columns, keys on the left, descriptions wrapped beside them,
/// and scrolls with the arrows, Page Up/Down, Home, End and the mouse wheel, which it
/// takes. Every other key is left to the owner, which also decides what closes it.
/// It knows nothing of what the keys mean.
public final class HelpOverlay: Widget {
    /// The area the box is centred in (usually the whole screen).
    public var frame: Rect { didSet { layOut() } }
    public var isFocused = true
    /// The title in the top border.
    public var title: String { didSet { pane.title = title } }
    /// The sections, in order.
    public var sections: [HelpSection] { didSet { refreshText() } }
    /// A line after the sections (how to close the overlay).
    public var footer: String? { didSet { refreshText() } }
    public var theme: Theme = .standard { didSet { pane.theme = theme } }

    private let pane = TextPane()
    /// The text with nothing wrapped, which the box's width is measured on.
    private var fullText = ""

    public init(title: String, sections: [HelpSection], footer: String? = nil,
                frame: Rect = Rect(x: 0, y: 0, width: 0, height: 0)) {
        self.title = title
        self.sections = sections
        self.footer = footer
        self.frame = frame
        pane.title = title
        pane.isFocusable = true
        pane.isFocused = true
        pane.horizontalPadding = 1
        refreshText()
    }

    private func refreshText() {
        fullText = Self.text(of: sections, footer: footer)
        pane.hangingIndent = Self.keyColumnWidth(of: sections) + Self.gap
        layOut()
    }

    /// Columns between the keys and their description.
    static let gap = 2
    /// The widest a box gets, border included.
    public static let maximumWidth = 78

    /// The box: as wide as the longest line needs (up to ``maximumWidth``) and as high
    /// as the lines, centred, keeping one cell of the screen around it when it can.
    public var boxFrame: Rect {
        let room = frame.width > 24 ? frame.insetBy(dx: 1, dy: frame.height > 10 ? 1 : 0) : frame
        let widest = fullText.split(separator: "\n", omittingEmptySubsequences: false)
            .map { String($0).displayWidth }.max() ?? 0
        let width = min(room.width, Self.maximumWidth, widest + 4)
        pane.frame = Rect(x: 0, y: 0, width: width, height: room.height)
        // Headings and the footer wrap to the box themselves: the pane's hanging indent
        // is the key column's, for the descriptions. The same text keeps the scroll; a
        // text laid out anew for another width keeps the words at the top.
        let laidOut = Self.text(of: sections, footer: footer, plainWidth: width - 2 - 2 * pane.horizontalPadding)
        if laidOut != pane.text {
            let place = Self.wordCharacters(in: pane.text[..<pane.topIndex])
            pane.replaceText(laidOut, showingAtTheTop: Self.index(afterWordCharacters: place, in: laidOut))
        }
        let height = min(room.height, pane.lines.count + 2)
        return Rect(x: room.x + (room.width - width) / 2, y: room.y + (room.height - height) / 2,
                    width: width, height: height)
    }

    /// The first line shown, counted from 0 (for tests and the owner).
    public var topLine: Int { pane.topLine }
    /// Whether there is more below the last line shown.
    public var canScrollDown: Bool { pane.canScrollDown }

    private func layOut() {
        pane.frame = boxFrame
    }

    /// Scrolls for the arrows, Page Up/Down, Home, End and the wheel; ignores the rest.
    public func handle(_ event: InputEvent) -> KeyResult {
        layOut()
        switch event {
        case .key(.up), .key(.down), .key(.home), .key(.end), .key(.pageUp), .key(.pageDown):
            return pane.handle(event)
        case .mouse:
            // Modal: the wheel over the box scrolls it, and nothing reaches what is under it.
            _ = pane.handle(event)
            return .handled
        default:
            return .ignored
        }
    }

    /// Clears the box and draws the border, the title and the visible lines.
    public func draw(into canvas: inout Canvas) {
        layOut()
        pane.draw(into: &canvas)
    }

    /// The text of the sections: a title line, then "KEYS  DESCRIPTION" lines with the
    /// descriptions in one column, a blank line between sections.
    ///
    /// Headings and the footer are wrapped to `plainWidth` columns here when given (a
    /// line of their own each, so that the key column's indent is not theirs).
    static func text(of sections: [HelpSection], footer: String?, plainWidth: Int? = nil) -> String {
        let column = keyColumnWidth(of: sections)
        func plain(_ text: String) -> String {
            guard let plainWidth, plainWidth > 0 else { return text }
            return TextWrapping.lines(text, width: plainWidth).joined(separator: "\n")
        }
        var blocks = sections.map { section in
            ([plain(section.title)] + section.entries.map { entry in
                entry.keys + String(repeating: " ", count: column - entry.keys.displayWidth + gap) + entry.description
            }).joined(separator: "\n")
        }
        if let footer { blocks.append(plain(footer)) }
        return blocks.joined(separator: "\n\n")
    }

    /// How many characters of `text` are not spaces or line breaks: a place in the help
    /// that wrapping its headings otherwise does not move.
    private static func wordCharacters(in text: Substring) -> Int {
        text.reduce(0) { $1.isWhitespace ? $0 : $0 + 1 }
    }

    /// The index in `text` of its first character after `count` word characters.
    private static func index(afterWordCharacters count: Int, in text: String) -> String.Index {
        var seen = 0
        var index = text.startIndex
        while index < text.endIndex, seen < count || text[index].isWhitespace {
            if !text[index].isWhitespace { seen += 1 }
            index = text.index(after: index)
        }
        return index
    }

    static func keyColumnWidth(of sections: [HelpSection]) -> Int {
        sections.flatMap(\.entries).map(\.keys.displayWidth).max() ?? 0
    }
}
