/// A value read from a file or a store, as a message repeats it: an import's refusal,
/// a field-notes line's problem, a damaged copy's value.
enum MessageValue {
    /// The most characters of a value that a message repeats.
    static let length = 40

    /// `value`'s first ``length`` characters (and `…` when there are more), every control
    /// character escaped as `list` escapes it (`\n`, `\u{1B}`), so that a message stays
    /// one line of plain text on the terminal whatever the file holds.
    static func shown(_ value: some StringProtocol) -> String {
        let head = value.prefix(length + 1)
        let cut = head.count > length
        return GeoCache.lineEscaped(String(cut ? head.prefix(length) : head)) + (cut ? "…" : "")
    }

    /// A name a message repeats (a file's path, an archive's entry), whole: every
    /// control character escaped as ``shown(_:)`` escapes it, but never cut, so that the
    /// file can be found by it.
    static func name(_ name: some StringProtocol) -> String {
        GeoCache.lineEscaped(String(name))
    }
}
