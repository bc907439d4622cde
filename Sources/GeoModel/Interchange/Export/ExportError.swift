/// Why an export could not be written where it was asked to go; nothing was changed there.
public struct ExportError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The output path as given, or "standard output".
    public let path: String
    /// What is wrong, in a few words.
    public let reason: String

    /// Creates an error about the output `path`.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// `cannot write PATH: REASON`, the path's control characters escaped
    /// (``MessageValue/name(_:)``).
    public var description: String { "cannot write \(MessageValue.name(path)): \(reason)" }
}
