/// A ``Style`` as the terminal can show it: the attributes always, the colours only
/// where colour is on.
struct TerminalStyle: Hashable, Sendable {
    var attributes: Style.Attributes
    var foreground: Color?
    var background: Color?

    /// `style` on a terminal with or without colour. Without colour (a monochrome
    /// terminal, or `NO_COLOR`) the colours are dropped and the attributes kept, so
    /// whatever a theme marks with reverse video or bold stays visible.
    init(_ style: Style, colorEnabled: Bool) {
        attributes = style.attributes
        foreground = colorEnabled ? style.foreground : nil
        background = colorEnabled ? style.background : nil
    }

    /// True when the style needs a colour pair other than the terminal's default.
    var hasColor: Bool { foreground != nil || background != nil }
}

/// Numbers the foreground/background combinations as ncurses colour pairs, in the
/// order they are first used; pair 0 is the terminal's default colours.
///
/// The combinations are a list (pair N is at index N - 1), not a dictionary: there
/// are a handful, and a dictionary keyed by a type of its own costs the Swift runtime
/// a scan of every protocol conformance in the program at its first use.
struct ColorPairTable {
    /// The number of pairs the terminal supports (`COLOR_PAIRS`).
    let capacity: Int
    private var combinations: [ColorKey] = []

    struct ColorKey: Equatable {
        var foreground: Color?
        var background: Color?
    }

    init(capacity: Int) { self.capacity = capacity }

    /// The pair for a combination and whether it is new (and so must be defined
    /// with `init_pair`); nil when the terminal has run out of pairs.
    mutating func pair(foreground: Color?, background: Color?) -> (number: Int, isNew: Bool)? {
        if foreground == nil, background == nil { return (0, false) }
        let key = ColorKey(foreground: foreground, background: background)
        if let index = combinations.firstIndex(of: key) { return (index + 1, false) }
        let number = combinations.count + 1
        guard number < capacity else { return nil }
        combinations.append(key)
        return (number, true)
    }
}
