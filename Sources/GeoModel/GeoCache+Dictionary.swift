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
