/// A hidden treasure: the one record geocache-tui stores.
///
/// The four members are the lab's, all plain strings. A value is *valid* when every
/// field holds something other than whitespace; ``missingFields`` says which do not,
/// so a view can name them without knowing the rule.
///
/// ```swift
/// let cache = GeoCache(title: "Old Oak", details: "Behind the tree",
///                      creator: "ana", reward: "Travel bug")
/// cache.missingFields      // []
/// ```
public struct GeoCache: Equatable, Hashable, Sendable {
    /// A title for the geocache.
    public var title: String
    /// Additional details: where it is, what to look for.
    public var details: String
    /// The name of the person who hid it.
    public var creator: String
    /// What can be found at the cache.
    public var reward: String

    /// The cache's code (``CacheCode``): nil until a store gives it one, or the code of
    /// the file it was imported from. A stored cache always has one.
    public var code: String?
    /// Where the cache is (WGS84), when that is known.
    public var coordinate: Coordinate?
    /// What the listing says beyond the four fields: type, container, ratings, hint,
    /// long description, URL, placed date and logs.
    public var listing: Listing

    /// Creates a cache from its four fields, valid or not, and optionally its code,
    /// place and listing.
    public init(title: String, details: String, creator: String, reward: String,
                code: String? = nil, coordinate: Coordinate? = nil, listing: Listing = .empty) {
        self.title = title
        self.details = details
        self.creator = creator
        self.reward = reward
        self.code = code
        self.coordinate = coordinate
        self.listing = listing
    }

    /// True when the cache has nothing beyond the lab's four fields.
    public var hasOnlyLabFields: Bool { code == nil && coordinate == nil && listing.isEmpty }

    /// The cache with the four fields replaced by `fields` (a missing one becomes empty),
    /// keeping its code, place and listing: what an edit in the form makes.
    public func replacingFields(_ fields: [Field: String]) -> GeoCache {
        var edited = self
        for field in Field.allCases { edited[field] = fields[field] ?? "" }
        return edited
    }
}

extension GeoCache {
    /// One of the four fields of a cache, in the order the form shows them.
    public enum Field: String, CaseIterable, Codable, Sendable, Comparable {
        case title, details, creator, reward

        /// The field's name for people: "Title", "Details", "Creator", "Reward".
        public var label: String {
            switch self {
            case .title: "Title"
            case .details: "Details"
            case .creator: "Creator"
            case .reward: "Reward"
            }
        }

        /// The key under which ``GeoCache/dictionary`` stores this field.
        public var key: String { rawValue }

        public static func < (lhs: Field, rhs: Field) -> Bool {
            allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
        }
    }

    /// Creates a cache from a value for each field.
    public init(fields: [Field: String]) {
        self.init(title: fields[.title] ?? "", details: fields[.details] ?? "",
                  creator: fields[.creator] ?? "", reward: fields[.reward] ?? "")
    }

    /// The four fields whose values differ from `other`'s, in the form's order.
    public func fields(differingFrom other: GeoCache) -> [Field] {
        Field.allCases.filter { self[$0] != other[$0] }
    }

    /// Every field's value, by field.
    public var valuesByField: [Field: String] {
        Dictionary(uniqueKeysWithValues: Field.allCases.map { ($0, self[$0]) })
    }

    /// The value of one field.
    public subscript(field: Field) -> String {
        get {
            switch field {
            case .title: title
            case .details: details
            case .creator: creator
            case .reward: reward
            }
        }
        set {
            switch field {
            case .title: title = newValue
            case .details: details = newValue
            case .creator: creator = newValue
            case .reward: reward = newValue
            }
        }
    }

    /// The fields that are empty once whitespace is trimmed, in form order.
    ///
    /// This is the whole validity rule of geocache-tui; nothing else decides it.
    public var missingFields: [Field] {
        Field.allCases.filter { !Self.startsVisibly(self[$0]) && self[$0].allSatisfy(\.isWhitespace) }
    }

    /// Whether `text`'s first byte is ASCII other than a space or a control, so that
    /// its first character is not whitespace (a character is whitespace by its first
    /// scalar): the answer for nearly every field, without breaking it into characters
    /// (imports check every field of every cache).
    private static func startsVisibly(_ text: String) -> Bool {
        guard let first = text.utf8.first else { return false }
        return first > 0x20 && first < 0x7F
    }

    /// True when every field holds something other than whitespace.
    public var isValid: Bool { missingFields.isEmpty }

    /// Checks the validity rule and throws a ``GeoCacheValidationError`` naming every
    /// empty field when it does not hold.
    public func validated() throws(GeoCacheValidationError) -> GeoCache {
        let missing = missingFields
        guard missing.isEmpty else { throw GeoCacheValidationError(missingFields: missing) }
        return self
    }
}

/// The error for a cache with empty fields; its message names each of them.
public struct GeoCacheValidationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The empty fields, in form order.
    public let missingFields: [GeoCache.Field]

    public init(missingFields: [GeoCache.Field]) {
        self.missingFields = missingFields
    }

    /// "Title is empty", "Creator and Reward are empty", "Title, Details and Reward are empty".
    public var description: String {
        let names = missingFields.map(\.label)
        switch names.count {
        case 0: return "Nothing is empty"
        case 1: return "\(names[0]) is empty"
        default:
            return names.dropLast().joined(separator: ", ") + " and \(names.last!) are empty"
        }
    }
}
