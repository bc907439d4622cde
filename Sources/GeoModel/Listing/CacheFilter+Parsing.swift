/// A filter typed as one line of text, in the words of the command line's options and of
/// ``CacheFilter/summary``, which reads back to the same filter.
///
/// Conditions are separated by commas; the values of one condition by `or`. Case does
/// not matter, and a condition given twice for statuses, types or containers adds its
/// values:
///
/// | written | keeps |
/// | --- | --- |
/// | `found`, `not found` | the caches you found, or those you did not |
/// | `available`, `disabled or archived` (`status …`) | these statuses |
/// | `Multi-cache`, `Traditional Cache or Earthcache` | these types (geocaching.com's names) |
/// | `type Quiz or Moving` | types of any other name |
/// | `Micro or Small` (`container …` for any other name) | these containers |
/// | `D1-2.5`, `D3`, `difficulty 1-2` | difficulties in the range, both ends included |
/// | `T3-5`, `terrain 4` | terrains in the range |
/// | `within 5km` (`500m`, `2.5 km`, `3mi`, metres) | caches at most that far from `origin` |
///
/// ```swift
/// let filter = try CacheFilter(parsing: "not found, available, multi-cache, D1-2.5, T3-5, within 5km",
///                              origin: here)
/// filter.summary   // "not found, available, Multi-cache, D1-2.5, T3-5, within 5.00 km"
/// try CacheFilter(parsing: filter.summary, origin: here) == filter   // true
/// ```
extension CacheFilter {
    /// Reads `text`; an empty (or blank) text is a filter that keeps every cache.
    /// - Parameters:
    ///   - text: The conditions, commas between them, `or` between the values of one.
    ///   - origin: Where `within` measures from; nil when no place is known, and then
    ///     `within` is refused.
    /// - Throws: ``FilterParseError`` naming the condition or value that is not one.
    public init(parsing text: String, origin: Coordinate? = nil) throws(FilterParseError) {
        self.init()
        for part in text.split(separator: ",") {
            let words = part.split(whereSeparator: \.isWhitespace).map(String.init)
            guard let first = words.first?.lowercased() else { continue }
            let written = words.joined(separator: " ")
            let rest = words.dropFirst().joined(separator: " ")
            if ["found", "not found"].contains(written.lowercased()) {
                guard found == nil else { throw .repeated(written) }
                found = first == "found"
                continue
            }
            try Self.refuseFoundAlternatives(words, written: written)
            switch first {
            case "status":
                try addStatuses(Self.alternatives(words.dropFirst(), of: written))
            case "type":
                types = Self.adding(try Self.alternatives(words.dropFirst(), of: written), to: types, among: Self.knownTypes)
            case "container":
                containers = Self.adding(try Self.alternatives(words.dropFirst(), of: written), to: containers,
                                         among: Self.knownContainers)
            case "difficulty", "terrain":
                try setRange(first == "difficulty", to: rest, written: written)
            case "within":
                guard within == nil else { throw .repeated(written) }
                guard !rest.isEmpty else { throw .noValue(written) }
                let metres = try Self.metres(parsing: rest)
                guard let origin else { throw .noCentre(written) }
                within = Radius(center: origin, metres: metres)
            default:
                try addBare(words, written: written)
            }
        }
    }

    /// A condition without a leading keyword: a rating range (`D1-2.5`, `T3`), or values
    /// that are all statuses, all known types or all known containers.
    private mutating func addBare(_ words: [String], written: String) throws(FilterParseError) {
        let lowered = written.lowercased()
        if let letter = lowered.first, letter == "d" || letter == "t", lowered.dropFirst().first?.isNumber == true
            || (words.count > 1 && words[0].count == 1) {
            return try setRange(letter == "d", to: String(written.dropFirst()).trimmingWhitespace(), written: written)
        }
        let values = try Self.alternatives(words[...], of: written)
        if values.allSatisfy({ CacheStatus(rawValue: $0.lowercased()) != nil }) {
            return try addStatuses(values)
        }
        if values.allSatisfy({ Self.known($0, among: Self.knownTypes) != nil }) {
            types = Self.adding(values, to: types, among: Self.knownTypes)
            return
        }
        if values.allSatisfy({ Self.known($0, among: Self.knownContainers) != nil }) {
            containers = Self.adding(values, to: containers, among: Self.knownContainers)
            return
        }
        let unknown = values.first { value in
            CacheStatus(rawValue: value.lowercased()) == nil && Self.known(value, among: Self.knownTypes) == nil
                && Self.known(value, among: Self.knownContainers) == nil
        }
        throw unknown.map { .unknown($0) } ?? .mixed(written)
    }

    /// Refuses `or` joining found or not found to another value: with each other they
    /// keep every cache, with a value of another kind they are two conditions.
    private static func refuseFoundAlternatives(_ words: [String], written: String) throws(FilterParseError) {
        guard words.contains(where: { $0.lowercased() == "or" }),
              let values = try? alternatives(words[...], of: written) else { return }
        let founds = values.filter { ["found", "not found"].contains($0.lowercased()) }
        guard !founds.isEmpty else { return }
        throw founds.count == values.count ? .foundAlternatives(written) : .mixed(written)
    }

    private mutating func addStatuses(_ values: [String]) throws(FilterParseError) {
        var added = statuses ?? []
        for value in values {
            guard let status = CacheStatus(rawValue: value.lowercased()) else { throw .status(value) }
            added.insert(status)
        }
        statuses = added
    }

    private mutating func setRange(_ isDifficulty: Bool, to text: String, written: String) throws(FilterParseError) {
        guard (isDifficulty ? difficulty : terrain) == nil else { throw .repeated(written) }
        guard !text.isEmpty else { throw .noValue(written) }
        if text.split(whereSeparator: \.isWhitespace).contains(where: { $0.lowercased() == "or" }) {
            throw .ratingAlternatives(written)
        }
        let range = try RatingRange(parsing: text)
        if isDifficulty { difficulty = range } else { terrain = range }
    }

    /// The values of one condition: `words` split at each `or`, each rejoined with one
    /// space; a missing value (`type`, `Micro or`) is refused naming the condition.
    private static func alternatives(_ words: ArraySlice<String>, of written: String) throws(FilterParseError) -> [String] {
        var values: [String] = []
        var value: [String] = []
        for word in words {
            if word.lowercased() == "or" {
                guard !value.isEmpty else { throw .noValue(written) }
                values.append(value.joined(separator: " "))
                value = []
            } else {
                value.append(word)
            }
        }
        guard !value.isEmpty else { throw .noValue(written) }
        return values + [value.joined(separator: " ")]
    }

    /// `kept` and `values` after them, each known one spelled as `names` spell it, each
    /// once whatever its case.
    private static func adding(_ values: [String], to kept: [String]?, among names: [String]) -> [String] {
        var all = kept ?? []
        for value in values.map({ known($0, among: names) ?? $0 })
        where !all.contains(where: { $0.lowercased() == value.lowercased() }) {
            all.append(value)
        }
        return all
    }

    /// The name in `names` that is `value` in any case, nil when none is.
    private static func known(_ value: String, among names: [String]) -> String? {
        names.first { $0.lowercased() == value.lowercased() }
    }

    /// The cache types a filter names without `type`: geocaching.com's.
    static let knownTypes = [
        "Traditional Cache", "Multi-cache", "Unknown Cache", "Letterbox Hybrid", "Wherigo Cache", "Event Cache",
        "Mega-Event Cache", "Giga-Event Cache", "Cache In Trash Out Event", "Community Celebration Event",
        "Earthcache", "Virtual Cache", "Webcam Cache", "Lab Cache", "Project APE Cache",
        "Locationless (Reverse) Cache", "GPS Adventures Exhibit", "Geocaching HQ",
    ]

    /// The containers a filter names without `container`: geocaching.com's sizes.
    static let knownContainers = ["Micro", "Small", "Regular", "Large", "Other", "Virtual", "Not chosen"]

    /// Types or containers as the summary writes them: bare when every one is known,
    /// else after `keyword` (`type Quiz or Moving`), so the text reads back the same.
    static func namesText(_ values: [String], among names: [String], keyword: String) -> String {
        let text = values.joined(separator: " or ")
        return values.allSatisfy({ known($0, among: names) == $0 }) && !values.isEmpty ? text : keyword + " " + text
    }

    /// A distance as the summary writes it: as ``Coordinate/distanceText(metres:)``
    /// writes distances where that reads back the same ("5.00 km", "350 m"), else in
    /// metres exactly ("4828.032 m").
    static func distanceWords(_ metres: Double) -> String {
        let text = Coordinate.distanceText(metres: metres)
        if (try? Self.metres(parsing: text)) == metres { return text }
        // Miles as they were written ("3mi" is 4828.032 m), to a tenth.
        let tenths = (metres / 160.9344).rounded()
        if tenths > 0, tenths < 1e6 {
            let miles = tenths.truncatingRemainder(dividingBy: 10) == 0 ? "\(Int(tenths) / 10) mi"
                : "\(Int(tenths) / 10).\(Int(tenths) % 10) mi"
            if (try? Self.metres(parsing: miles)) == metres { return miles }
        }
        if metres == metres.rounded(), abs(metres) < 1e15 { return "\(Int(metres)) m" }
        return Self.writtenOut(metres) + " m"
    }

    /// `value` with its digits written out, as a distance is read back: Swift writes
    /// 0.00001 as "1e-05", whose exponent a distance may not have.
    private static func writtenOut(_ value: Double) -> String {
        let shortest = "\(value)"
        guard let e = shortest.firstIndex(where: { $0 == "e" }), let exponent = Int(shortest[shortest.index(after: e)...]),
              exponent < 0 else { return shortest }
        let mantissa = shortest[..<e]
        let whole = mantissa.prefix { $0 != "." }
        let digits = whole + mantissa.dropFirst(whole.count + 1)
        // The point moves left by the exponent's size: 1.5e-05 is 0.000015.
        return "0." + String(repeating: "0", count: -exponent - whole.count) + digits
    }
}
