/// Keys and what they do, as a widget describes its own keys for a help screen.
public struct KeyDescription: Hashable, Sendable {
    /// The keys, the most usual first.
    public var keys: [Key]
    /// What they do.
    public var description: String

    public init(keys: [Key], description: String) {
        self.keys = keys
        self.description = description
    }

    /// The help screen's line for the keys that `isAvailable` keeps; nil when none is left
    /// (an owner drops the keys it takes for itself before they reach the widget).
    public func entry(keeping isAvailable: (Key) -> Bool = { _ in true }) -> HelpEntry? {
        let kept = keys.filter(isAvailable)
        guard !kept.isEmpty else { return nil }
        return HelpEntry(keys: kept.map(\.label).joined(separator: ", "), description: description)
    }
}
