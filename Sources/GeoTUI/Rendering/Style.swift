/// One of the eight colours every colour terminal has.
public enum Color: Int, Hashable, Sendable, CaseIterable {
    case black = 0, red, green, yellow, blue, magenta, cyan, white
}

/// How a cell looks: colours (nil means the terminal's default) and attributes.
///
/// Styles are requests: the terminal layer drops colours on a monochrome terminal or
/// when `NO_COLOR` is set, and keeps the attributes, so focus shown by ``Attributes/reverse``
/// stays visible everywhere.
public struct Style: Hashable, Sendable {
    /// Text attributes that do not depend on colour.
    public struct Attributes: OptionSet, Hashable, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        public static let bold = Attributes(rawValue: 1 << 0)
        public static let reverse = Attributes(rawValue: 1 << 1)
        public static let underline = Attributes(rawValue: 1 << 2)
        public static let dim = Attributes(rawValue: 1 << 3)
    }

    public var foreground: Color?
    public var background: Color?
    public var attributes: Attributes

    public init(foreground: Color? = nil, background: Color? = nil, attributes: Attributes = []) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }

    /// The terminal's default look.
    public static let plain = Style()

    /// This style with `extra` attributes added.
    public func adding(_ extra: Attributes) -> Style {
        var copy = self
        copy.attributes.formUnion(extra)
        return copy
    }
}
