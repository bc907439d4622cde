/// Where one record came from: its input and its place there.
public struct RecordLocation: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The input's name: a path, or `<stdin>`.
    public let source: String
    /// For JSON, the 0-based index of the element in the array.
    public let index: Int?
    /// For GPX, the code of the waypoint (its `<name>`), when it has one.
    public let code: String?
    /// Where the record starts in the input.
    public let position: TextPosition?

    /// Creates a location; give whichever parts are known.
    public init(source: String, index: Int? = nil, code: String? = nil, position: TextPosition? = nil) {
        self.source = source
        self.index = index
        self.code = code
        self.position = position
    }

    /// `caches.json: element 3 (line 20)` or `caches.gpx:40:3: waypoint GC12AB`.
    public var description: String {
        var text = source
        if let position { text += ":\(position)" }
        if let index { text += ": element \(index)" }
        if let code, !code.isEmpty { text += ": waypoint \(code)" }
        else if index == nil { text += ": waypoint" }
        return text
    }
}
