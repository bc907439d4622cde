extension GeoCache: CustomStringConvertible {
    /// Every member on its own labelled line; a multi-line value continues indented
    /// under its label.
    ///
    /// ```
    /// Title:   Old Oak
    /// Details: Behind the tree
    /// Creator: ana
    /// Reward:  Travel bug
    /// ```
    public var description: String {
        let column = Self.descriptionValueColumn
        return Field.allCases.map { field in
            let label = field.label + ":" + String(repeating: " ", count: column - field.label.count - 1)
            let lines = self[field].split(separator: "\n", omittingEmptySubsequences: false)
            return label + lines.joined(separator: "\n" + String(repeating: " ", count: column))
        }.joined(separator: "\n")
    }

    /// The column where the values start in ``description`` (after "Details: "), so a
    /// view that wraps long values can indent their continuation lines to match.
    public static let descriptionValueColumn = 9
}
