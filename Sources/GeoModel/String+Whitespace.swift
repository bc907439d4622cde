extension String {
    /// The string without leading and trailing whitespace and newlines.
    func trimmingWhitespace() -> String {
        // Nearly every text read from a file starts and ends with a printable ASCII
        // character, which cannot be (or begin) whitespace: it is kept as it is,
        // without breaking it into characters.
        if let first = utf8.first, let last = utf8.last, first &- 0x21 < 0x5E, last &- 0x21 < 0x5E { return self }
        var scalars = Substring(self)
        while let first = scalars.first, first.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }

    /// The string with each line break a LF: a CRLF (Windows, a field-notes file) or a
    /// lone CR (classic Mac OS) made one, so that one text typed or pasted on any system
    /// reads the same.
    func unifyingLineBreaks() -> String {
        guard utf8.contains(13) else { return self }
        var result = String.UnicodeScalarView()
        var afterCR = false
        for scalar in unicodeScalars {
            defer { afterCR = scalar == "\r" }
            if scalar == "\n", afterCR { continue }
            result.append(scalar == "\r" ? "\n" : scalar)
        }
        return String(result)
    }
}

extension StringProtocol {
    /// Where `needle` first (or, `backwards`, last) occurs, compared byte by byte: for
    /// an ASCII needle the range Foundation's `range(of:)` finds, without making an
    /// `NSString` of the text (which cost an import more than reading the text).
    func byteRange(of needle: String, backwards: Bool = false) -> Range<String.Index>? {
        let text = Array(utf8), sought = Array(needle.utf8)
        guard !sought.isEmpty, text.count >= sought.count else { return nil }
        var start = backwards ? text.count - sought.count : 0
        while start >= 0, start <= text.count - sought.count {
            if text[start..<start + sought.count].elementsEqual(sought) {
                let lower = utf8.index(utf8.startIndex, offsetBy: start)
                return lower..<utf8.index(lower, offsetBy: sought.count)
            }
            start += backwards ? -1 : 1
        }
        return nil
    }
}
