extension Unicode.Scalar {
    /// True for the control characters (general category Cc): C0 (U+0000 to U+001F),
    /// DEL (U+007F) and C1 (U+0080 to U+009F). A field never takes them as typed text,
    /// and they are never sent to the terminal as they are.
    public var isControlCharacter: Bool {
        value < 0x20 || (0x7F..<0xA0).contains(value)
    }
}
