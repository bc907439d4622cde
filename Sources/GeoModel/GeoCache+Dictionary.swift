extension GeoCache {
    /// Creates a cache from the lab's dictionary form, or `nil` when any of the keys
    /// `title`, `details`, `creator` and `reward` is missing.
    ///
    /// Extra keys are ignored; values are taken exactly as they are, empty or not.
    public init?(fromDictionary dict: [String: String]) {
        guard let title = dict[Field.title.key],
              let details = dict[Field.details.key],
              let creator = dict[Field.creator.key],
              let reward = dict[Field.reward.key]
        else { return nil }
        self.init(title: title, details: details, creator: creator, reward: reward)
    }

    /// The lab's dictionary form: one entry per field, keyed by ``Field/key``.
    ///
    /// `GeoCache(fromDictionary: cache.dictionary) == cache` for every cache.
    public var dictionary: [String: String] {
        Dictionary(uniqueKeysWithValues: Field.allCases.map { ($0.key, self[$0]) })
    }
}

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
