extension UInt8 {
    /// The byte with an ASCII capital letter made small ("A" to "a"); every other byte,
    /// UTF-8 ones included, unchanged. For ASCII this is all that search folding does
    /// (`SearchTextFoldingTests` checks every ASCII character against Foundation).
    @inline(__always)
    var asciiLowercased: UInt8 {
        self &- 0x41 < 26 ? self | 0x20 : self
    }
}

extension UInt8 {
    /// True for an ASCII digit, 0 to 9.
    @inline(__always)
    var isASCIIDigit: Bool {
        self &- 0x30 < 10
    }

    /// True for an ASCII hexadecimal digit, 0 to 9 and A to F in either case.
    @inline(__always)
    var isASCIIHexDigit: Bool {
        (self &- 0x30) < 10 || (self | 0x20) &- 0x61 < 6
    }

    /// True for an ASCII letter or digit.
    @inline(__always)
    var isASCIIAlphanumeric: Bool {
        (self &- 0x30) < 10 || (self | 0x20) &- 0x61 < 26
    }
}
